import { inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { isAvailableTo as pureIsAvailableTo, type VisibilityMediator, type VisibilityRequest } from '../../../common/domain/matching';
import { REQUEST_STATUSES, SUBSCRIPTION_TIERS, type RequestStatus, type SubscriptionTier } from '../../../common/enums';
import { mediationRequests, mediatorAcceptances, mediatorProfiles, users } from '../../db/schema';
import { isAvailableTo as sqlIsAvailableTo } from './requests.repo';

// RULES.md 5: the pure rule (src/common/domain/matching.ts) and the SQL condition (visibility.ts, through
// requests.repo isAvailableTo) must agree on any data. Random small worlds are written straight into a fresh PGlite
// database and every (mediator, request) pair is asked both ways.

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
interface GenAcceptance {
  mediator: number; // index into the world's mediators
  status: 'pending' | 'selected' | 'rejected';
  /** acceptedAt = (openToAllAt ?? NOW) + this */
  offsetFromOpen: number;
}
interface GenRequest {
  status: RequestStatus;
  jurisdiction: string;
  caseType: string;
  openToAllAt: number | null; // offset from NOW
  openToFreeAt: number | null; // offset from NOW
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
    openToAllAt: fc.option(offset, { nil: null, freq: 4 }),
    openToFreeAt: fc.option(offset, { nil: null, freq: 4 }),
    // One acceptance per (request, mediator): the unique index mediator_acceptances_request_mediator_uq.
    acceptances: fc.uniqueArray(
      fc.record({
        mediator: fc.integer({ min: 0, max: mediatorCount - 1 }),
        status: fc.constantFrom('pending' as const, 'selected' as const, 'rejected' as const),
        offsetFromOpen: offset,
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
      openToAllAt: at(r.openToAllAt)?.toISOString() ?? null,
      openToFreeAt: at(r.openToFreeAt)?.toISOString() ?? null,
      acceptances: r.acceptances.map((a) => ({ mediator: a.mediator, status: a.status, acceptedAt: acceptedAt(r, a).toISOString() })),
    })),
  };
}

// ---- the database side ------------------------------------------------------------------------------------------

describe('visibility: SQL availableToMediator agrees with the pure isAvailableTo (RULES.md 5)', () => {
  let t: TestApp;
  let run = 0;

  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => {
    await t?.close();
  });

  async function insertWorld(world: World) {
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
          openToAllAt: at(r.openToAllAt),
          openToFreeAt: at(r.openToFreeAt),
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
    if (acceptanceRows.length) await t.ctx.db.insert(mediatorAcceptances).values(acceptanceRows);
    return { lawyerId: lawyer!.id, mediatorIds, requestIds };
  }

  /** Removes exactly what insertWorld wrote, in foreign-key order. */
  async function deleteWorld(ids: { lawyerId: string; mediatorIds: string[]; requestIds: string[] }) {
    await t.ctx.db.delete(mediatorAcceptances).where(inArray(mediatorAcceptances.requestId, ids.requestIds));
    await t.ctx.db.delete(mediationRequests).where(inArray(mediationRequests.id, ids.requestIds));
    await t.ctx.db.delete(mediatorProfiles).where(inArray(mediatorProfiles.userId, ids.mediatorIds));
    await t.ctx.db.delete(users).where(inArray(users.id, [ids.lawyerId, ...ids.mediatorIds]));
  }

  it(`on ${NUM_RUNS} random worlds, every (mediator, request) pair gets the same answer`, async () => {
    let pairs = 0;
    let visible = 0;
    await fc.assert(
      fc.asyncProperty(worldArb, async (world) => {
        const ids = await insertWorld(world);
        try {
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
          if (mismatches.length) {
            throw new Error(
              `SQL and pure isAvailableTo disagree:\n${JSON.stringify(mismatches, null, 2)}\nin world:\n${JSON.stringify(describeWorld(world), null, 2)}`,
            );
          }
        } finally {
          await deleteWorld(ids);
        }
      }),
      { numRuns: NUM_RUNS },
    );
    // The generators must actually reach both answers, or the agreement says little.
    expect(pairs).toBeGreaterThan(0);
    expect(visible).toBeGreaterThan(0);
    expect(visible).toBeLessThan(pairs);
  }, 120_000);
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
