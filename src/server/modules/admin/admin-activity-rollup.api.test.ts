import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveDateRange } from '../../../common/domain/date-range';
import { PASSWORD } from '../../../../tests/helpers/accounts';
import { backends } from '../../../../tests/helpers/backends';
import { call } from '../../../../tests/helpers/requests';
import { createTestApp, sessionCookie, type TestApp } from '../../../../tests/helpers/test-app';
import { mediationRequests, mediatorAcceptances, messages, reviews, sessions, users } from '../../db/schema';
import { ensureAdmin } from '../users/accounts.service';

// The activity rollup of the admin analytics (docs/decisions/031): kept by deferred triggers on the source tables, read
// per UTC day. Checked against an oracle that knows every activity written (the users active in [local midnight,
// next local midnight) of each day, in several zones), and against the table rebuilt from the sources.

/** A small deterministic PRNG (mulberry32), so a failure can be replayed from its seed. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SEED = Number(process.env.ROLLUP_SEED ?? 20261126);
const WINDOW_START = Date.parse('2026-03-26T00:00:00Z'); // London and Los Angeles change their clocks around here
const WINDOW_DAYS = 8;
const ZONES = ['UTC', 'America/Los_Angeles', 'Asia/Kolkata', 'Asia/Kathmandu', 'Europe/London', 'Australia/Lord_Howe', 'Pacific/Kiritimati'];

interface Activity {
  userId: string;
  at: number;
}

type Rows = { day: string; user_id: string; first_quarter: number; last_quarter: number; prev_day: string | null; prev_last_quarter: number | null }[];
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

async function rollup(t: TestApp): Promise<Rows> {
  return rowsOf<Rows[number]>(
    await t.ctx.db.execute(sql`SELECT day::text, user_id, first_quarter, last_quarter, prev_day::text, prev_last_quarter
                                 FROM user_activity_days ORDER BY day, user_id`),
  );
}

/** The table as `user_activity_rebuild()` makes it from the sources, read inside a transaction that is rolled back. */
async function rebuilt(t: TestApp): Promise<Rows> {
  const rolledBack = new Error('roll back');
  let rows: Rows = [];
  await t.ctx.db
    .transaction(async (tx) => {
      await tx.execute(sql`SELECT user_activity_rebuild()`);
      rows = rowsOf<Rows[number]>(
        await tx.execute(sql`SELECT day::text, user_id, first_quarter, last_quarter, prev_day::text, prev_last_quarter
                               FROM user_activity_days ORDER BY day, user_id`),
      );
      throw rolledBack;
    })
    .catch((error: unknown) => {
      if (error !== rolledBack) throw error;
    });
  return rows;
}

describe.each(backends)('the activity rollup on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  let adminId: string;
  const written: Activity[] = [];

  beforeAll(async () => {
    t = await createTestApp(backend);
    adminId = (await ensureAdmin(t.ctx, 'rollup.admin@example.com', PASSWORD)).id;
    admin = sessionCookie(await call(t, 'POST', '/api/login', undefined, { email: 'rollup.admin@example.com', password: PASSWORD }));
    // The admin's own sign-in above is activity too, but admins are never counted.
  });
  afterAll(async () => {
    t?.ctx.database.pool?.on('error', () => undefined);
    await t?.close();
  });

  it('notes every kind of activity, in any order of time, as the table rebuilt from the sources has it', async () => {
    const next = random(SEED);
    const at = () => WINDOW_START + Math.floor(next() * WINDOW_DAYS * 86_400_000);
    const db = t.ctx.db;
    const newUser = async (role: 'lawyer' | 'mediator') => {
      const [row] = await db
        .insert(users)
        .values({ email: `${role}.${randomUUID()}@rollup.example`, password: 'x', firstName: role, lastName: 'Rollup', role })
        .returning();
      return row.id;
    };
    const lawyers = [await newUser('lawyer'), await newUser('lawyer'), await newUser('lawyer'), await newUser('lawyer')];
    const mediators = [await newUser('mediator'), await newUser('mediator'), await newUser('mediator'), await newUser('mediator')];
    const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)];

    const requests: string[] = [];
    for (let i = 0; i < 6; i++) {
      const lawyerId = pick(lawyers);
      const createdAt = at();
      const submittedAt = next() < 0.5 ? at() : null;
      const [row] = await db
        .insert(mediationRequests)
        .values({
          lawyerId,
          caseNumber: `CV-${i}`,
          caseName: 'Rollup v. Rollup',
          caseType: 'Family Law',
          jurisdiction: 'California',
          description: 'Seeded for the rollup test.',
          mediationType: 'online',
          budget: '1400.00',
          status: submittedAt ? 'pending_mediators' : 'draft',
          submittedAt: submittedAt ? new Date(submittedAt) : null,
          createdAt: new Date(createdAt),
        })
        .returning();
      requests.push(row.id);
      written.push({ userId: lawyerId, at: createdAt });
      if (submittedAt) written.push({ userId: lawyerId, at: submittedAt });
    }
    // A draft submitted later: the update notes the submission.
    const submitted = at();
    await db
      .update(mediationRequests)
      .set({ submittedAt: new Date(submitted), status: 'pending_mediators' })
      .where(sql`id = ${requests[0]}`);
    const [first] = await db
      .select({ lawyerId: mediationRequests.lawyerId })
      .from(mediationRequests)
      .where(sql`id = ${requests[0]}`);
    written.push({ userId: first.lawyerId, at: submitted });

    for (const [i, requestId] of requests.entries()) {
      const mediatorId = mediators[i % mediators.length];
      const acceptedAt = at();
      await db.insert(mediatorAcceptances).values({ requestId, mediatorId, status: 'pending', acceptedAt: new Date(acceptedAt) });
      written.push({ userId: mediatorId, at: acceptedAt });
    }
    // An acceptance made again later (withdrawn, then accepted anew): both times were activity.
    const again = at();
    await db
      .update(mediatorAcceptances)
      .set({ acceptedAt: new Date(again) })
      .where(sql`request_id = ${requests[1]}`);
    written.push({ userId: mediators[1], at: again });

    // Messages: the bulk, several in one statement and many one by one, at random times (so rows are written out of order).
    const everyone = [...lawyers, ...mediators];
    const batch = Array.from({ length: 8 }, () => ({ senderId: pick(everyone), at: at() }));
    await db
      .insert(messages)
      .values(batch.map((m) => ({ requestId: requests[0], senderId: m.senderId, recipientId: lawyers[0], content: 'batch', createdAt: new Date(m.at) })));
    written.push(...batch.map((m) => ({ userId: m.senderId, at: m.at })));
    for (let i = 0; i < 160; i++) {
      const senderId = pick(everyone);
      const createdAt = at();
      await db.insert(messages).values({ requestId: pick(requests), senderId, recipientId: pick(everyone), content: `m${i}`, createdAt: new Date(createdAt) });
      written.push({ userId: senderId, at: createdAt });
    }
    for (const [i, requestId] of requests.slice(0, 3).entries()) {
      const createdAt = at();
      await db.insert(reviews).values({ requestId, reviewerId: lawyers[i], revieweeId: mediators[i], rating: 4, createdAt: new Date(createdAt) });
      written.push({ userId: lawyers[i], at: createdAt });
    }
    // Sessions: begun by the user (activity), or an admin's impersonation of them (not theirs), or a session whose
    // data is replaced (the same beginning: nothing new).
    for (let i = 0; i < 6; i++) {
      const userId = pick(everyone);
      const createdAt = new Date(at()).toISOString();
      const sid = randomUUID();
      await db.insert(sessions).values({ sid, sess: { userId, createdAt }, expire: new Date('2099-01-01T00:00:00Z') });
      written.push({ userId, at: Date.parse(createdAt) });
      await db
        .update(sessions)
        .set({ sess: { userId, createdAt } })
        .where(sql`sid = ${sid}`);
    }
    await db.insert(sessions).values({
      sid: randomUUID(),
      sess: { userId: lawyers[3], createdAt: new Date(at()).toISOString(), impersonatorId: adminId },
      expire: new Date('2099-01-01T00:00:00Z'),
    });

    // Nothing noted by a transaction that rolls back.
    const rolledBack = new Error('roll back');
    await db
      .transaction(async (tx) => {
        await tx
          .insert(messages)
          .values({ requestId: requests[0], senderId: lawyers[0], recipientId: mediators[0], content: 'gone', createdAt: new Date('2026-03-10T12:00:00Z') });
        throw rolledBack;
      })
      .catch((error: unknown) => {
        if (error !== rolledBack) throw error;
      });

    const table = await rollup(t);
    expect(table.some((row) => row.day === '2026-03-10')).toBe(false);
    expect(table).toEqual(await rebuilt(t));
    // Every user but the admin and those never active has rows; each row's copy of the previous one is right.
    expect(new Set(table.map((row) => row.user_id))).toEqual(new Set([...written.map((a) => a.userId), adminId]));
  });

  it('answers the active users of any range in any zone as the activity written says', async () => {
    const next = random(SEED + 1);
    const cases: [string, string, string][] = [];
    for (const zone of ZONES) {
      cases.push([zone, '2026-03-26', '2026-04-02']); // the whole window
      for (let i = 0; i < 3; i++) {
        const start = Math.floor(next() * WINDOW_DAYS);
        const length = 1 + Math.floor(next() * (WINDOW_DAYS - start));
        const day = (n: number) => new Date(WINDOW_START + n * 86_400_000).toISOString().slice(0, 10);
        cases.push([zone, day(start), day(start + length - 1)]);
      }
    }
    for (const [timeZone, startDate, endDate] of cases) {
      const resolved = resolveDateRange({ startDate, endDate, timeZone }, new Date());
      if (!resolved.ok) throw new Error(JSON.stringify(resolved.fieldErrors));
      const bounds = resolved.range.boundaries.map((b) => b.getTime());
      const activeIn = (from: number, to: number) => new Set(written.filter((a) => a.at >= from && a.at < to).map((a) => a.userId)).size;
      const expected = {
        activeUsers: activeIn(bounds[0], bounds[bounds.length - 1]),
        series: resolved.range.days.map((date, i) => ({ date, activeUsers: activeIn(bounds[i], bounds[i + 1]) })),
      };
      const res = await call(t, 'GET', `/api/admin/analytics?startDate=${startDate}&endDate=${endDate}&timeZone=${encodeURIComponent(timeZone)}`, admin);
      expect(res.statusCode).toBe(200);
      const body = res.json() as { activeUsers: number; series: { date: string; activeUsers: number }[] };
      expect({ zone: timeZone, activeUsers: body.activeUsers, series: body.series.map(({ date, activeUsers }) => ({ date, activeUsers })) }).toEqual({
        zone: timeZone,
        ...expected,
      });
    }
  });
});
