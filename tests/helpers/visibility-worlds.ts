import fc from 'fast-check';
import { isAvailableTo as pureIsAvailableTo, type VisibilityMediator, type VisibilityRequest } from '../../src/common/domain/matching';
import { REQUEST_STATUSES, SUBSCRIPTION_TIERS, type RequestStatus, type SubscriptionTier } from '../../src/common/enums';

// Random small worlds of mediators, requests and acceptances, and what the pure rule (src/common/domain/matching.ts,
// RULES.md 5) says of them: the model behind requests/visibility.*.property.test.ts. The SQL test writes the worlds
// into a database and compares its answers with these; the pure test checks invariants of the rule on them.

export const MIN = 60_000;
export const NOW = new Date('2026-03-02T15:00:00Z');

// ---- generators ---------------------------------------------------------------------------------------------------

/** A word from a tiny vocabulary, in random case and with random surrounding spaces (the API trims; the rule must too). */
const spelled = (vocabulary: readonly string[]) =>
  fc
    .record({
      word: fc.constantFrom(...vocabulary),
      casing: fc.constantFrom('as-is', 'lower', 'upper', 'mixed'),
      lead: fc.constantFrom('', ' ', '  '),
      trail: fc.constantFrom('', ' ', '  '),
    })
    .map(({ word, casing, lead, trail }) => {
      const cased =
        casing === 'lower'
          ? word.toLowerCase()
          : casing === 'upper'
            ? word.toUpperCase()
            : casing === 'mixed'
              ? [...word].map((c, i) => (i % 2 ? c.toUpperCase() : c.toLowerCase())).join('')
              : word;
      return `${lead}${cased}${trail}`;
    });
const jurisdiction = spelled(['California', 'Texas']);
const caseType = spelled(['Family Law', 'Employment', 'Divorce']);

/** An offset in ms around a reference time, biased towards the edges (equal, ±1 ms) and the usual 5/20-minute marks. */
const offset = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(0, 0, -1, 1, -5 * MIN, 5 * MIN, -20 * MIN, 20 * MIN) },
  { weight: 1, arbitrary: fc.integer({ min: -60 * MIN, max: 60 * MIN }) },
);

/** Every status can occur, the two live ones (where the answer can be yes) more often. */
const status = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom<RequestStatus>('pending_mediators', 'awaiting_selection') },
  { weight: 1, arbitrary: fc.constantFrom(...REQUEST_STATUSES) },
);

interface GenMediator {
  tier: SubscriptionTier;
  jurisdiction: string;
  specializations: string[];
}
type AcceptanceState = 'pending' | 'selected' | 'rejected';
export interface GenAcceptance {
  mediator: number; // index into the world's mediators
  status: AcceptanceState;
  /** acceptedAt = (openToAllAt ?? NOW) + this */
  offsetFromOpen: number;
  /** What becomes of it in the world's second state: withdrawn (deleted), another state, or unchanged. */
  later: AcceptanceState | 'deleted' | 'same';
}
interface GenRequest {
  status: RequestStatus;
  jurisdiction: string;
  caseType: string;
  /** created_at = NOW - this many ms: few values, so that pages break inside ties (ordered by id then). */
  age: number;
  selectedMediator: number | null;
  openToAllAt: number | null; // offset from NOW
  openToFreeAt: number | null; // offset from NOW
  /** open_to_all_at in the world's second state (an offset from NOW, null, or unchanged). */
  laterOpenToAllAt: number | null | 'same';
  acceptances: GenAcceptance[];
}
export interface World {
  mediators: GenMediator[];
  requests: GenRequest[];
}

const mediatorArb: fc.Arbitrary<GenMediator> = fc.record({
  tier: fc.constantFrom(...SUBSCRIPTION_TIERS),
  jurisdiction,
  specializations: fc.array(caseType, { minLength: 0, maxLength: 3 }),
});

const requestArb = (mediatorCount: number): fc.Arbitrary<GenRequest> =>
  fc.record({
    status,
    jurisdiction,
    caseType,
    age: fc.constantFrom(0, 0, 1, 1000, 60_000),
    selectedMediator: fc.option(fc.integer({ min: 0, max: mediatorCount - 1 }), { nil: null }),
    openToAllAt: fc.option(offset, { nil: null, freq: 4 }),
    openToFreeAt: fc.option(offset, { nil: null, freq: 4 }),
    laterOpenToAllAt: fc.oneof({ weight: 4, arbitrary: fc.constant('same' as const) }, { weight: 1, arbitrary: fc.option(offset, { nil: null, freq: 4 }) }),
    // One acceptance per (request, mediator): the unique index mediator_acceptances_request_mediator_uq.
    acceptances: fc.uniqueArray(
      fc.record({
        mediator: fc.integer({ min: 0, max: mediatorCount - 1 }),
        status: fc.constantFrom('pending' as const, 'selected' as const, 'rejected' as const),
        offsetFromOpen: offset,
        later: fc.constantFrom('same' as const, 'same' as const, 'pending' as const, 'selected' as const, 'rejected' as const, 'deleted' as const),
      }),
      { selector: (a) => a.mediator, minLength: 0, maxLength: Math.min(4, mediatorCount) },
    ),
  });

export const worldArb: fc.Arbitrary<World> = fc
  .array(mediatorArb, { minLength: 1, maxLength: 5 })
  .chain((mediators) => fc.record({ mediators: fc.constant(mediators), requests: fc.array(requestArb(mediators.length), { minLength: 1, maxLength: 6 }) }));

// ---- the pure view of a world -------------------------------------------------------------------------------------

export const at = (ms: number | null) => (ms === null ? null : new Date(NOW.getTime() + ms));
export const acceptedAt = (r: GenRequest, a: GenAcceptance) =>
  new Date((r.openToAllAt === null ? NOW.getTime() : NOW.getTime() + r.openToAllAt) + a.offsetFromOpen);
export const createdAt = (r: GenRequest) => new Date(NOW.getTime() - r.age);

export function pureRequest(r: GenRequest, mediatorIds: string[]): VisibilityRequest {
  return {
    status: r.status,
    jurisdiction: r.jurisdiction,
    caseType: r.caseType,
    openToAllAt: at(r.openToAllAt),
    openToFreeAt: at(r.openToFreeAt),
    acceptances: r.acceptances.map((a) => ({ mediatorId: mediatorIds[a.mediator]!, status: a.status, acceptedAt: acceptedAt(r, a) })),
  };
}

/** The world after its changes: acceptances withdrawn or moved to another state, windows moved (acceptedAt kept). */
export function laterWorld(world: World): World {
  return {
    mediators: world.mediators,
    requests: world.requests.map((r) => {
      const openToAllAt = r.laterOpenToAllAt === 'same' ? r.openToAllAt : r.laterOpenToAllAt;
      const shift = (r.openToAllAt ?? 0) - (openToAllAt ?? 0);
      return {
        ...r,
        openToAllAt,
        laterOpenToAllAt: 'same' as const,
        acceptances: r.acceptances
          .filter((a) => a.later !== 'deleted')
          .map((a) => ({
            ...a,
            status: a.later === 'same' || a.later === 'deleted' ? a.status : a.later,
            offsetFromOpen: a.offsetFromOpen + shift,
            later: 'same' as const,
          })),
      };
    }),
  };
}

/** A readable description of a world, for counterexamples. */
export function describeWorld(world: World) {
  return {
    now: NOW.toISOString(),
    mediators: world.mediators.map((m, i) => ({ mediator: i, tier: m.tier, jurisdiction: m.jurisdiction, specializations: m.specializations })),
    requests: world.requests.map((r, i) => ({
      request: i,
      status: r.status,
      jurisdiction: r.jurisdiction,
      caseType: r.caseType,
      createdAt: createdAt(r).toISOString(),
      selectedMediator: r.selectedMediator,
      openToAllAt: at(r.openToAllAt)?.toISOString() ?? null,
      openToFreeAt: at(r.openToFreeAt)?.toISOString() ?? null,
      acceptances: r.acceptances.map((a) => ({ mediator: a.mediator, status: a.status, acceptedAt: acceptedAt(r, a).toISOString() })),
    })),
  };
}

/** Newest first, ties by id descending: the order of every list (uuid order is the order of its hex text). */
const newestFirst = (a: { createdAt: Date; id: string }, b: { createdAt: Date; id: string }) =>
  b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/** The mediator's tabs by the plain rule (RULES.md 5 and spec 4), applied to every request of the world. */
export function pureTabs(world: World, ids: WorldIds, mi: number) {
  const mediatorId = ids.mediatorIds[mi]!;
  const m = world.mediators[mi]!;
  const mediator: VisibilityMediator = { id: mediatorId, tier: m.tier, jurisdiction: m.jurisdiction, specializations: m.specializations };
  const rows = world.requests.map((r, ri) => ({ r, id: ids.requestIds[ri]!, createdAt: createdAt(r), pure: pureRequest(r, ids.mediatorIds) }));
  const list = (keep: (row: (typeof rows)[number]) => boolean) =>
    rows
      .filter(keep)
      .sort(newestFirst)
      .map((row) => row.id);
  return {
    available: list((row) => pureIsAvailableTo(mediator, row.pure, NOW)),
    accepted: list(
      (row) =>
        ['pending_mediators', 'awaiting_selection', 'matched', 'in_progress'].includes(row.r.status) &&
        row.r.acceptances.some((a) => a.mediator === mi && a.status !== 'rejected'),
    ),
    completed: list((row) => row.r.status === 'completed' && row.r.selectedMediator === mi),
  };
}

/** The database ids of a world written into a database (the SQL test), which pureTabs names its lists by. */
export interface WorldIds {
  lawyerId: string;
  mediatorIds: string[];
  requestIds: string[];
  /** Per request, its acceptances' ids in the world's order. */
  acceptanceIds: string[][];
}
