import { eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { isAvailableTo as pureIsAvailableTo, type VisibilityMediator, type VisibilityRequest } from '../../../common/domain/matching';
import { REQUEST_STATUSES, SUBSCRIPTION_TIERS, type RequestStatus, type SubscriptionTier } from '../../../common/enums';
import { mediationRequests, mediatorAcceptances, mediatorProfiles, users } from '../../db/schema';
import { TAB_COUNT_LIMIT } from '../../../common/tab-counts';
import { countMediatorViews, isAvailableTo as sqlIsAvailableTo, listMediatorRequests } from './mediator-pages.repo';
import type { Cursor } from './requests.repo';

// RULES.md 5: the pure rule (src/common/domain/matching.ts) and the SQL (visibility.ts) must agree on any data.
// Random small worlds are written straight into a fresh PGlite database; every (mediator, request) pair is asked both
// ways, and every mediator's Available list (walked page by page off the indexes), tab counts and My Accepted /
// Completed lists are compared with the pure rule applied to every request and sorted. The world is then changed
// the ways the product changes it (acceptances withdrawn, selected, rejected; the window moved) and asked again:
// the request columns the triggers keep (migration 0006) must follow every kind of write.

const MIN = 60_000;
const NOW = new Date('2026-03-02T15:00:00Z');
const NUM_RUNS = 100;

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
interface GenAcceptance {
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
interface World {
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

const worldArb: fc.Arbitrary<World> = fc
  .array(mediatorArb, { minLength: 1, maxLength: 5 })
  .chain((mediators) => fc.record({ mediators: fc.constant(mediators), requests: fc.array(requestArb(mediators.length), { minLength: 1, maxLength: 6 }) }));

// ---- the pure view of a world -------------------------------------------------------------------------------------

const at = (ms: number | null) => (ms === null ? null : new Date(NOW.getTime() + ms));
const acceptedAt = (r: GenRequest, a: GenAcceptance) => new Date((r.openToAllAt === null ? NOW.getTime() : NOW.getTime() + r.openToAllAt) + a.offsetFromOpen);
const createdAt = (r: GenRequest) => new Date(NOW.getTime() - r.age);

function pureRequest(r: GenRequest, mediatorIds: string[]): VisibilityRequest {
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
function laterWorld(world: World): World {
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
function describeWorld(world: World) {
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
function pureTabs(world: World, ids: WorldIds, mi: number) {
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

// ---- the database side ------------------------------------------------------------------------------------------

interface WorldIds {
  lawyerId: string;
  mediatorIds: string[];
  requestIds: string[];
  /** Per request, its acceptances' ids in the world's order. */
  acceptanceIds: string[][];
}

describe('visibility: the SQL (one row, the indexed lists, the counts) agrees with the pure rule (RULES.md 5)', () => {
  let t: TestApp;
  let run = 0;

  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => {
    await t?.close();
  });

  async function insertWorld(world: World): Promise<WorldIds> {
    const tag = `${++run}-${Math.random().toString(36).slice(2, 8)}`;
    const person = (role: 'lawyer' | 'mediator', i: number) => ({
      email: `prop-${role}-${i}-${tag}@example.test`,
      password: 'not-a-real-hash',
      firstName: role,
      lastName: `${i}`,
      role,
      profileCompleted: true,
      emailVerified: true,
      status: 'approved' as const,
    });
    const [lawyer] = await t.ctx.db.insert(users).values(person('lawyer', 0)).returning({ id: users.id });
    const mediatorRows = await t.ctx.db
      .insert(users)
      .values(world.mediators.map((_, i) => person('mediator', i)))
      .returning({ id: users.id });
    const mediatorIds = mediatorRows.map((m) => m.id);
    await t.ctx.db.insert(mediatorProfiles).values(
      world.mediators.map((m, i) => ({
        userId: mediatorIds[i]!,
        hourlyRate: '300.00',
        jurisdiction: m.jurisdiction,
        specializations: m.specializations,
        subscriptionTier: m.tier,
      })),
    );
    const requestRows = await t.ctx.db
      .insert(mediationRequests)
      .values(
        world.requests.map((r, i) => ({
          lawyerId: lawyer!.id,
          caseNumber: `P-${tag}-${i}`,
          caseName: `Property case ${i}`,
          caseType: r.caseType,
          jurisdiction: r.jurisdiction,
          description: 'Generated by visibility.property.test.ts',
          mediationType: 'online' as const,
          budget: '1000.00',
          status: r.status,
          selectedMediatorId: r.selectedMediator === null ? null : mediatorIds[r.selectedMediator]!,
          openToAllAt: at(r.openToAllAt),
          openToFreeAt: at(r.openToFreeAt),
          createdAt: createdAt(r),
        })),
      )
      .returning({ id: mediationRequests.id });
    const requestIds = requestRows.map((r) => r.id);
    const acceptanceRows = world.requests.flatMap((r, i) =>
      r.acceptances.map((a) => ({
        requestId: requestIds[i]!,
        mediatorId: mediatorIds[a.mediator]!,
        status: a.status,
        acceptedAt: acceptedAt(r, a),
        noConflictConfirmed: true,
      })),
    );
    // One statement for all of them, as a bulk load would: the statement-level triggers see many requests at once.
    const inserted = acceptanceRows.length ? await t.ctx.db.insert(mediatorAcceptances).values(acceptanceRows).returning({ id: mediatorAcceptances.id }) : [];
    let next = 0;
    const acceptanceIds = world.requests.map((r) => r.acceptances.map(() => inserted[next++]!.id));
    return { lawyerId: lawyer!.id, mediatorIds, requestIds, acceptanceIds };
  }

  /** Applies the world's changes the ways the product makes them: one statement per kind of change. */
  async function changeWorld(world: World, ids: WorldIds) {
    const pick = (later: GenAcceptance['later']) =>
      world.requests.flatMap((r, ri) => r.acceptances.flatMap((a, ai) => (a.later === later ? [ids.acceptanceIds[ri]![ai]!] : [])));
    const deleted = pick('deleted');
    if (deleted.length) await t.ctx.db.delete(mediatorAcceptances).where(inArray(mediatorAcceptances.id, deleted));
    for (const state of ['pending', 'selected', 'rejected'] as const) {
      const moved = pick(state);
      if (moved.length) await t.ctx.db.update(mediatorAcceptances).set({ status: state }).where(inArray(mediatorAcceptances.id, moved));
    }
    for (const [ri, r] of world.requests.entries()) {
      if (r.laterOpenToAllAt === 'same') continue;
      await t.ctx.db
        .update(mediationRequests)
        .set({ openToAllAt: at(r.laterOpenToAllAt) })
        .where(eq(mediationRequests.id, ids.requestIds[ri]!));
    }
  }

  /** Removes exactly what insertWorld wrote, in foreign-key order. */
  async function deleteWorld(ids: WorldIds) {
    await t.ctx.db.delete(mediatorAcceptances).where(inArray(mediatorAcceptances.requestId, ids.requestIds));
    await t.ctx.db.delete(mediationRequests).where(inArray(mediationRequests.id, ids.requestIds));
    await t.ctx.db.delete(mediatorProfiles).where(inArray(mediatorProfiles.userId, ids.mediatorIds));
    await t.ctx.db.delete(users).where(inArray(users.id, [ids.lawyerId, ...ids.mediatorIds]));
  }

  /** A tab walked page by page (2 rows a page, the cursor as the API builds it), in the order the API returns it. */
  async function walk(mediatorId: string, view: 'available' | 'accepted' | 'completed') {
    const seen: string[] = [];
    let cursor: Cursor = null;
    for (let page = 0; page < 20; page++) {
      const rows = await listMediatorRequests(t.ctx.db, mediatorId, view, NOW, 2, cursor);
      seen.push(...rows.slice(0, 2).map((r) => r.id));
      if (rows.length <= 2) return seen;
      cursor = { createdAt: rows[1]!.createdAt, id: rows[1]!.id };
    }
    throw new Error(`${view} did not end after 20 pages`);
  }

  let pairs = 0;
  let visible = 0;
  let listed = 0;

  async function mismatchesIn(world: World, ids: WorldIds) {
    const mismatches: unknown[] = [];
    for (const [ri, r] of world.requests.entries()) {
      const request = pureRequest(r, ids.mediatorIds);
      for (const [mi, m] of world.mediators.entries()) {
        const mediator: VisibilityMediator = { id: ids.mediatorIds[mi]!, tier: m.tier, jurisdiction: m.jurisdiction, specializations: m.specializations };
        const pure = pureIsAvailableTo(mediator, request, NOW);
        const viaSql = await sqlIsAvailableTo(t.ctx.db, ids.requestIds[ri]!, mediator.id, NOW);
        pairs++;
        if (pure) visible++;
        if (pure !== viaSql) mismatches.push({ mediator: mi, request: ri, pure, sql: viaSql });
      }
    }
    for (const mi of world.mediators.keys()) {
      const mediatorId = ids.mediatorIds[mi]!;
      const expected = pureTabs(world, ids, mi);
      const name = (id: string) => ids.requestIds.indexOf(id);
      for (const view of ['available', 'accepted', 'completed'] as const) {
        const got = await walk(mediatorId, view);
        listed += got.length;
        if (JSON.stringify(got) !== JSON.stringify(expected[view])) mismatches.push({ mediator: mi, view, pure: expected[view].map(name), sql: got.map(name) });
      }
      const counts = await countMediatorViews(t.ctx.db, mediatorId, NOW);
      const expectedCounts = {
        available: Math.min(expected.available.length, TAB_COUNT_LIMIT),
        accepted: Math.min(expected.accepted.length, TAB_COUNT_LIMIT),
        completed: Math.min(expected.completed.length, TAB_COUNT_LIMIT),
      };
      if (JSON.stringify(counts) !== JSON.stringify(expectedCounts)) mismatches.push({ mediator: mi, counts, pure: expectedCounts });
    }
    return mismatches;
  }

  it(`on ${NUM_RUNS} random worlds, before and after their changes, every answer is the pure rule's`, async () => {
    await fc.assert(
      fc.asyncProperty(worldArb, async (world) => {
        const ids = await insertWorld(world);
        try {
          for (const [state, w] of [
            ['as written', world],
            ['after the changes', laterWorld(world)],
          ] as const) {
            if (w !== world) await changeWorld(world, ids);
            const mismatches = await mismatchesIn(w, ids);
            if (mismatches.length) {
              throw new Error(
                `SQL and the pure rule disagree (${state}):\n${JSON.stringify(mismatches, null, 2)}\nin world:\n${JSON.stringify(describeWorld(w), null, 2)}`,
              );
            }
          }
        } finally {
          await deleteWorld(ids);
        }
      }),
      { numRuns: NUM_RUNS },
    );
    // The generators must actually reach both answers, and lists of more than one page, or the agreement says little.
    expect(pairs).toBeGreaterThan(0);
    expect(visible).toBeGreaterThan(0);
    expect(visible).toBeLessThan(pairs);
    expect(listed).toBeGreaterThan(NUM_RUNS);
  }, 240_000);
});

// ---- cheap properties of the pure rule alone --------------------------------------------------------------------

describe('pure isAvailableTo: invariants', () => {
  const ids = ['m0', 'm1', 'm2', 'm3', 'm4'];
  const pairArb = worldArb.map((w) => ({
    mediators: w.mediators.map((m, i): VisibilityMediator => ({ id: ids[i]!, tier: m.tier, jurisdiction: m.jurisdiction, specializations: m.specializations })),
    requests: w.requests.map((r) => pureRequest(r, ids)),
  }));

  it('implies a live status, fewer than 3 live acceptances and none by this mediator', () => {
    fc.assert(
      fc.property(pairArb, ({ mediators, requests }) => {
        for (const m of mediators) {
          for (const r of requests) {
            if (!pureIsAvailableTo(m, r, NOW)) continue;
            expect(['pending_mediators', 'awaiting_selection']).toContain(r.status);
            expect(r.acceptances.filter((a) => a.status !== 'rejected').length).toBeLessThan(3);
            expect(r.acceptances.some((a) => a.mediatorId === m.id)).toBe(false);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('never takes a request away as time passes, and a paid tier sees at least what Free sees', () => {
    fc.assert(
      fc.property(pairArb, fc.integer({ min: 0, max: 120 * MIN }), ({ mediators, requests }, later) => {
        const then = new Date(NOW.getTime() + later);
        for (const m of mediators) {
          for (const r of requests) {
            const now = pureIsAvailableTo(m, r, NOW);
            if (now) expect(pureIsAvailableTo(m, r, then)).toBe(true);
            if (m.tier === 'free' && now) {
              expect(pureIsAvailableTo({ ...m, tier: 'pro' }, r, NOW)).toBe(true);
              expect(pureIsAvailableTo({ ...m, tier: 'unlimited' }, r, NOW)).toBe(true);
            }
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
