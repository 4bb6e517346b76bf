import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MIN, NOW, pureRequest, worldArb } from '../../../../tests/helpers/visibility-worlds';
import { isAvailableTo as pureIsAvailableTo, type VisibilityMediator } from '../../../common/domain/matching';

// RULES.md 5: invariants of the pure rule (src/common/domain/matching.ts) alone, on the random worlds of
// tests/helpers/visibility-worlds.ts; visibility.sql.property.test.ts holds the SQL to the same rule.

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
