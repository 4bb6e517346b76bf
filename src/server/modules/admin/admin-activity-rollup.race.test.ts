import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { type TestApp } from '../../../../tests/helpers/test-app';
import { transact } from '../../db/transaction';
import { mediationRequests, messages, users } from '../../db/schema';
import { describeOnPostgres, startRaceApp } from '../../../../tests/helpers/postgres-only';

// The activity rollup (docs/decisions/031) under concurrent writers: one user's transactions committing at the same
// moment with activity on the same UTC day, on consecutive days and out of order, must leave each row and its copy of
// the user's previous row as the sources say, with no error and no deadlock. Needs TEST_DATABASE_URL (PGlite has one
// connection, so nothing runs concurrently there); fails loudly in CI without it.

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const ROUNDS = 25;

describeOnPostgres('admin-activity-rollup.race.test.ts', 'activity rollup races on postgres', () => {
  let t: TestApp;
  startRaceApp((app) => ({ t } = app));

  const snapshot = async (userId: string) =>
    rowsOf<Record<string, unknown>>(
      await t.ctx.db.execute(sql`SELECT day::text, first_quarter, last_quarter, prev_day::text, prev_last_quarter
                                   FROM user_activity_days WHERE user_id = ${userId} ORDER BY day`),
    );

  it(`${ROUNDS} rounds of four transactions of one user committing together keep the rollup exact`, async () => {
    const [lawyer] = await t.ctx.db
      .insert(users)
      .values({ email: `race.${randomUUID()}@rollup.example`, password: 'x', firstName: 'Race', lastName: 'Rollup', role: 'lawyer' })
      .returning();
    const [request] = await t.ctx.db
      .insert(mediationRequests)
      .values({
        lawyerId: lawyer.id,
        caseNumber: 'CV-R',
        caseName: 'Race v. Rollup',
        caseType: 'Family Law',
        jurisdiction: 'California',
        description: 'Seeded for the rollup race.',
        mediationType: 'online',
        budget: '1400.00',
        status: 'draft',
        createdAt: new Date('2026-02-01T00:00:00Z'),
      })
      .returning();
    const base = Date.parse('2026-02-10T00:00:00Z');
    for (let round = 0; round < ROUNDS; round++) {
      // Two days per round, written in reverse: the later day first, then the earlier, each by two writers at once,
      // at times that both extend and fall inside what is on record.
      const day = base + round * 2 * 86_400_000;
      const times = [day + 86_400_000 + (round % 96) * 900_000, day + 86_400_000 + 3_600_000, day + 23 * 3_600_000, day + (round % 90) * 900_000];
      await Promise.all(
        times.map((at, i) =>
          transact(t.ctx.db, async (tx) => {
            await tx.execute(sql`SELECT pg_sleep(${0.002 * i})`);
            await tx
              .insert(messages)
              .values({ requestId: request.id, senderId: lawyer.id, recipientId: lawyer.id, content: `r${round}`, createdAt: new Date(at) });
          }),
        ),
      );
    }
    const kept = await snapshot(lawyer.id);
    expect(kept).toHaveLength(ROUNDS * 2 + 1); // the request's creation day and two days a round
    await t.ctx.db.execute(sql`SELECT user_activity_rebuild()`);
    expect(await snapshot(lawyer.id)).toEqual(kept);
  });
});
