import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATE_RANGE_TEXTS } from '../../../common/domain/date-range';
import { PASSWORD, signUpLawyer, signUpMediator } from '../../../../tests/helpers/accounts';
import { backends } from '../../../../tests/helpers/backends';
import { runDueJobs } from '../../../../tests/helpers/jobs';
import { createCompletedRequest, createMatchedRequest } from '../../../../tests/helpers/matched';
import { call, createLiveRequest } from '../../../../tests/helpers/requests';
import { createTestApp, sessionCookie, type TestApp } from '../../../../tests/helpers/test-app';
import { ledgerEntries, mediationRequests, mediatorAcceptances, messages, payments, reviews, sessions, subscriptionCharges, users } from '../../db/schema';
import { ensureAdmin } from '../users/accounts.service';

const at = (iso: string) => new Date(iso);

/**
 * A small world in January 2026 with rows placed at the edges of the ranges the tests ask for: exactly at a UTC
 * midnight, a millisecond before one, and around midnight in Los Angeles (UTC−8 in January). The expected figures
 * below are worked out by hand from these rows (see each comment).
 */
async function seedWorld(t: TestApp) {
  const db = t.ctx.db;
  const user = async (name: string, role: 'lawyer' | 'mediator' | 'admin' | null, createdAt: string) => {
    const [row] = await db
      .insert(users)
      .values({ email: `${name}.${randomUUID()}@analytics.example`, password: 'x', firstName: name, lastName: 'Seed', role, createdAt: at(createdAt) })
      .returning();
    return row.id;
  };
  const m1 = await user('M1', 'mediator', '2026-01-10T00:00:00.000Z'); // UTC day 1 (the range's first instant)
  const m2 = await user('M2', 'mediator', '2026-01-12T23:59:59.999Z'); // UTC day 3 (its last millisecond); LA 01-12
  await user('M3', 'mediator', '2026-01-13T00:00:00.000Z'); // UTC: the instant after the range; LA 01-12 16:00
  const l1 = await user('L1', 'lawyer', '2026-01-09T23:59:59.999Z'); // before every range
  const l2 = await user('L2', 'lawyer', '2026-01-11T12:00:00.000Z'); // UTC day 2; LA 01-11 04:00
  await user('L3', 'lawyer', '2026-01-13T07:59:59.999Z'); // LA 01-12 23:59:59.999; after the UTC range
  await user('L4', 'lawyer', '2026-01-13T08:00:00.000Z'); // LA 01-13 00:00: outside the LA range
  await user('L5', 'lawyer', '2026-01-12T07:59:59.999Z'); // UTC day 3; LA 01-11 23:59:59.999
  await user('U0', null, '2026-01-11T01:00:00.000Z'); // no role yet: not a signup of either kind
  const admin = await user('A', 'admin', '2026-01-11T02:00:00.000Z');

  const request = async (lawyerId: string, createdAt: string, submittedAt: string | null, selectedMediatorId: string | null = null, matchedAt?: string) => {
    const [row] = await db
      .insert(mediationRequests)
      .values({
        lawyerId,
        caseNumber: 'CV-1',
        caseName: 'Seed v. Seed',
        caseType: 'Family Law',
        jurisdiction: 'California',
        description: 'Seeded for the analytics test.',
        mediationType: 'online',
        budget: '1400.00',
        status: selectedMediatorId ? 'matched' : submittedAt ? 'pending_mediators' : 'draft',
        selectedMediatorId,
        matchedAt: matchedAt ? at(matchedAt) : null,
        submittedAt: submittedAt ? at(submittedAt) : null,
        createdAt: at(createdAt),
      })
      .returning();
    return row.id;
  };
  // Submitted UTC day 1; matched UTC day 1.
  const r1 = await request(l1, '2026-01-09T20:00:00.000Z', '2026-01-10T08:00:00.000Z', m1, '2026-01-10T09:00:00.000Z');
  const r2 = await request(l1, '2026-01-12T22:00:00.000Z', '2026-01-12T23:30:00.000Z'); // UTC day 3; LA 01-12
  // Submitted at the instant after the UTC range (LA 01-12); matched at LA 01-12 23:59:59.999, after the UTC range.
  const r3 = await request(l1, '2026-01-12T20:00:00.000Z', '2026-01-13T00:00:00.000Z', m2, '2026-01-13T07:59:59.999Z');
  await request(l2, '2026-01-11T10:00:00.000Z', null); // a draft: never submitted
  // Submitted before every range; matched at UTC day 3's first instant (LA 01-11 16:00): counts as matched there.
  await request(l1, '2026-01-05T10:00:00.000Z', '2026-01-05T11:00:00.000Z', m1, '2026-01-12T00:00:00.000Z'); // R4
  // Submitted UTC day 1 (LA 01-10 02:00); matched at the instant after the UTC range (LA 01-12 16:00).
  await request(l1, '2026-01-10T09:30:00.000Z', '2026-01-10T10:00:00.000Z', m2, '2026-01-13T00:00:00.000Z'); // R5
  // Submitted and matched before every range (a millisecond before the UTC range).
  await request(l1, '2026-01-08T10:00:00.000Z', '2026-01-08T11:00:00.000Z', m1, '2026-01-09T23:59:59.999Z'); // R6

  const payment = async (requestId: string, lawyerId: string) => {
    const [row] = await db
      .insert(payments)
      .values({ requestId, lawyerId, depositAmount: '250.00', platformFee: '140.00', mediatorPayout: '1260.00', status: 'held' })
      .returning();
    return row.id;
  };
  const p1 = await payment(r1, l1);
  const p2 = await payment(r2, l1);
  const entry = async (paymentId: string, kind: (typeof ledgerEntries.$inferInsert)['kind'], amount: string, createdAt: string, platformFee = '0') =>
    db
      .insert(ledgerEntries)
      .values({ paymentId, kind, amount, platformFee, providerRef: 'seed', idempotencyKey: randomUUID(), payerId: l1, createdAt: at(createdAt) });
  await entry(p1, 'deposit_charge', '250.00', '2026-01-10T08:00:00.000Z'); // UTC day 1
  await entry(p1, 'balance_charge', '1150.00', '2026-01-11T09:00:00.000Z'); // UTC day 2
  await entry(p1, 'payout_transfer', '1260.00', '2026-01-12T10:00:00.000Z', '140.00'); // UTC day 3; LA 01-12 02:00
  await entry(p1, 'refund', '100.00', '2026-01-12T11:00:00.000Z'); // UTC day 3; LA 01-12 03:00
  await entry(p1, 'deposit_charge', '999.99', '2026-01-13T00:00:00.000Z'); // UTC: after; LA 01-12 16:00
  await entry(p1, 'deposit_charge', '888.88', '2026-01-09T23:59:59.999Z'); // before every range
  await entry(p2, 'deposit_charge', '250.00', '2026-01-12T23:30:00.000Z'); // UTC day 3; LA 01-12
  await entry(p2, 'cancellation_fee', '112.50', '2026-01-11T00:00:00.000Z', '12.50'); // UTC day 2 (its first instant)

  const subscriptionId = randomUUID();
  const charge = async (kind: string, tier: 'pro' | 'unlimited', amount: string, status: string, createdAt: string) =>
    db
      .insert(subscriptionCharges)
      .values({ subscriptionId, mediatorId: m1, kind, tier, amount, status, idempotencyKey: randomUUID(), createdAt: at(createdAt) });
  await charge('upgrade', 'pro', '49.00', 'succeeded', '2026-01-10T12:00:00.000Z'); // UTC day 1
  await charge('renewal', 'pro', '49.00', 'failed', '2026-01-11T12:00:00.000Z'); // declined: no money
  await charge('refund', 'pro', '49.00', 'succeeded', '2026-01-12T00:00:00.000Z'); // UTC day 3; LA 01-11 16:00
  await charge('upgrade', 'unlimited', '99.00', 'succeeded', '2026-01-13T00:00:00.000Z'); // UTC: after; LA 01-12

  const session = (userId: string, createdAt: string, impersonatorId?: string) =>
    db
      .insert(sessions)
      .values({ sid: randomUUID(), sess: { userId, createdAt, ...(impersonatorId ? { impersonatorId } : {}) }, expire: at('2099-01-01T00:00:00Z') });
  await session(m2, '2026-01-12T05:00:00.000Z'); // M2 active UTC day 3; LA 01-11
  await session(l2, '2026-01-10T05:00:00.000Z', admin); // an admin acting as L2: not L2's activity
  await session(admin, '2026-01-11T05:00:00.000Z'); // admins are not counted
  await db.insert(mediatorAcceptances).values({ requestId: r1, mediatorId: m1, status: 'selected', acceptedAt: at('2026-01-10T02:00:00.000Z') }); // M1 day 1
  await db.insert(messages).values({ requestId: r1, senderId: m1, recipientId: l1, content: 'Hello', createdAt: at('2026-01-11T15:00:00.000Z') }); // M1 day 2
  await db.insert(messages).values({ requestId: r3, senderId: m2, recipientId: l1, content: 'Late', createdAt: at('2026-01-13T07:59:59.999Z') }); // M2 LA 01-12
  await db.insert(reviews).values({ requestId: r1, reviewerId: l1, revieweeId: m1, rating: 5, createdAt: at('2026-01-13T00:00:00.000Z') }); // L1 LA 01-12
}

const figures = (body: Record<string, unknown>) => {
  const { series: _series, startDate: _s, endDate: _e, timeZone: _z, ...rest } = body;
  return rest;
};

describe.each(backends)('admin analytics on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(backend);
    await ensureAdmin(t.ctx, 'analytics.admin@example.com', PASSWORD);
    admin = sessionCookie(await call(t, 'POST', '/api/login', undefined, { email: 'analytics.admin@example.com', password: PASSWORD }));
    await seedWorld(t);
  });
  afterAll(async () => {
    t?.ctx.database.pool?.on('error', () => undefined);
    await t?.close();
  });

  it('admins only: 401 signed out, 403 lawyers and mediators', async () => {
    expect((await call(t, 'GET', '/api/admin/analytics')).statusCode).toBe(401);
    for (const who of [await signUpLawyer(t), await signUpMediator(t)]) {
      expect((await call(t, 'GET', '/api/admin/analytics', who.cookie)).statusCode).toBe(403);
    }
  });

  it('a UTC range: rows at its first instant count, rows at the instant after it do not', async () => {
    const res = await call(t, 'GET', '/api/admin/analytics?startDate=2026-01-10&endDate=2026-01-12', admin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ startDate: '2026-01-10', endDate: '2026-01-12', timeZone: 'UTC' });
    expect(figures(body)).toEqual({
      totalMediatorSignups: 2, // M1 (first instant), M2 (last millisecond); not M3 (the instant after)
      totalLawyerSignups: 2, // L2, L5; not L1 (a millisecond before), not U0 (no role), not the admin
      totalMediationsSubmitted: 3, // R1, R2, R5; not R3 (the instant after), not R4 or R6 (before)
      totalMediationsMatched: 2, // R1, R4 (submitted before the range); not R3 or R5 (the instant after), not R6 (a ms before)
      totalRevenue: '1550.00', // 250 + 1150 + 250 charged − 100 refunded + 49 − 49 subscriptions
      totalForPlatform: '152.50', // 140 + 12.50 commission + 0 net subscriptions
      totalForMediators: '1372.50', // 1260 payout + 112.50 cancellation fee
      activeUsers: 4, // L1 (submits), L2 (a draft), M1 (accepts, messages), M2 (a session)
      // Of the range's charges, what P1 and P2 still hold: P1's money out (1260 + 140 fee + 100 refund = 1500) is set
      // against its earliest charges first (888.88 before the range, then the 250 deposit: both spent), leaving 788.88 of
      // the 1150 balance; P2 paid 112.50 + 12.50 out of its 250 deposit, leaving 125.
      heldInEscrow: '913.88',
    });
    expect(body.series).toEqual([
      {
        date: '2026-01-10',
        totalMediatorSignups: 1,
        totalLawyerSignups: 0,
        totalMediationsSubmitted: 2, // R1, R5
        totalMediationsMatched: 1, // R1
        totalRevenue: '299.00', // deposit 250 + upgrade 49
        totalForPlatform: '49.00',
        totalForMediators: '0.00',
        activeUsers: 2, // L1, M1
        heldInEscrow: '0.00', // P1's 250 deposit: spent by the money out, earliest charges first
      },
      {
        date: '2026-01-11',
        totalMediatorSignups: 0,
        totalLawyerSignups: 1,
        totalMediationsSubmitted: 0,
        totalMediationsMatched: 0,
        totalRevenue: '1150.00', // the balance
        totalForPlatform: '12.50', // the cancellation fee's commission, at this day's first instant
        totalForMediators: '112.50',
        activeUsers: 2, // L2, M1
        heldInEscrow: '788.88', // 1150 − (1500 − 888.88 − 250)
      },
      {
        date: '2026-01-12',
        totalMediatorSignups: 1,
        totalLawyerSignups: 1,
        totalMediationsSubmitted: 1, // R2
        totalMediationsMatched: 1, // R4, at this day's first instant
        totalRevenue: '101.00', // 250 − 100 − 49 (the subscription refund)
        totalForPlatform: '91.00', // 140 − 49
        totalForMediators: '1260.00',
        activeUsers: 2, // L1, M2
        heldInEscrow: '125.00', // P2's deposit less its cancellation fee and commission
      },
    ]);
  });

  it('the same rows read in Los Angeles: the day runs from 08:00 UTC to 08:00 UTC', async () => {
    const res = await call(t, 'GET', '/api/admin/analytics?startDate=2026-01-12&endDate=2026-01-12&timeZone=America/Los_Angeles', admin);
    expect(res.statusCode).toBe(200);
    expect(figures(res.json())).toEqual({
      totalMediatorSignups: 2, // M2, M3
      totalLawyerSignups: 1, // L3 at 23:59:59.999 local; not L4 (local midnight after), not L5 (a millisecond before local midnight)
      totalMediationsSubmitted: 2, // R2, R3
      totalMediationsMatched: 2, // R3 (23:59:59.999 local), R5 (16:00 local); not R4 (16:00 the day before)
      totalRevenue: '1248.99', // 250 + 999.99 charged − 100 refunded + 99 upgrade
      totalForPlatform: '239.00', // 140 commission + 99 upgrade
      totalForMediators: '1260.00',
      activeUsers: 2, // L1 (submits, reviews), M2 (a message at 23:59:59.999 local)
      heldInEscrow: '1124.99', // P1's 999.99 (its charges exceed its money out by 1788.87) + P2's 125
    });
    const twoDays = await call(t, 'GET', '/api/admin/analytics?startDate=2026-01-11&endDate=2026-01-12&timeZone=America/Los_Angeles', admin);
    const perDay = twoDays
      .json()
      .series.map((d: { date: string; totalLawyerSignups: number; totalMediationsMatched: number }) => [
        d.date,
        d.totalLawyerSignups,
        d.totalMediationsMatched,
      ]);
    expect(perDay).toEqual([
      ['2026-01-11', 2, 1], // L2 (04:00 local), L5 (23:59:59.999 local); R4 matched 16:00 local
      ['2026-01-12', 1, 2], // L3; R3, R5
    ]);
  });

  it('defaults to the 30 days before today through today, every day present', async () => {
    const res = await call(t, 'GET', '/api/admin/analytics?startDate=&endDate=', admin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect([body.startDate, body.endDate, body.series.length]).toEqual(['2026-01-31', '2026-03-02', 31]);
    expect(body.series[0]).toEqual({
      date: '2026-01-31',
      totalMediatorSignups: 0,
      totalLawyerSignups: 0,
      totalMediationsSubmitted: 0,
      totalMediationsMatched: 0,
      totalRevenue: '0.00',
      totalForPlatform: '0.00',
      totalForMediators: '0.00',
      activeUsers: 0,
      heldInEscrow: '0.00',
    });
  });

  it.each([
    ['startDate=2026-01-12&endDate=2026-01-10', { startDate: DATE_RANGE_TEXTS.order }],
    ['startDate=2025-01-01&endDate=2026-01-02', { endDate: DATE_RANGE_TEXTS.tooLong }],
    ['startDate=2026-02-30', { startDate: DATE_RANGE_TEXTS.date }],
    ['timeZone=Pacific%20Time', { timeZone: DATE_RANGE_TEXTS.timeZone }],
  ])('refuses %s with field errors', async (query, fieldErrors) => {
    const res = await call(t, 'GET', `/api/admin/analytics?${query}`, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: Object.values(fieldErrors)[0], fieldErrors });
  });

  it('the selection records when the request was matched; a later reassignment keeps that day', async () => {
    const selectedAt = at('2026-03-02T15:00:00.000Z');
    t.clock.set(selectedAt);
    const { id } = await createMatchedRequest(t);
    const matchedAt = async () => (await t.ctx.db.select().from(mediationRequests).where(eq(mediationRequests.id, id)))[0].matchedAt;
    expect(await matchedAt()).toEqual(selectedAt);

    t.clock.set('2026-03-05T12:00:00.000Z');
    const next = await signUpMediator(t);
    expect((await call(t, 'PATCH', `/api/admin/mediations/${id}/reassign`, admin, { mediatorId: next.user.id })).statusCode).toBe(200);
    expect(await matchedAt()).toEqual(selectedAt);
    const matchedOn = async (day: string) =>
      (await call(t, 'GET', `/api/admin/analytics?startDate=${day}&endDate=${day}`, admin)).json().totalMediationsMatched as number;
    expect([await matchedOn('2026-03-02'), await matchedOn('2026-03-05')]).toEqual([1, 0]);
    t.clock.set(selectedAt);
  });

  it("held in escrow: of the day's charges, what the escrow still holds now; it falls as the money leaves", async () => {
    t.clock.set('2026-04-10T15:00:00.000Z');
    const { lawyer } = await createCompletedRequest(t); // deposit 250 + balance 1150 charged, payout after the 72-hour hold
    const cancelled = await createLiveRequest(t, lawyer.cookie); // deposit 250, refunded in full by the cancellation below
    const money = async (date: string) => {
      // Signed in anew at the clock's time (the suite's session has expired by April).
      const login = await call(t, 'POST', '/api/login', undefined, { email: 'analytics.admin@example.com', password: PASSWORD });
      const body = (await call(t, 'GET', `/api/admin/analytics?startDate=${date}&endDate=${date}`, sessionCookie(login))).json();
      return { totalRevenue: body.totalRevenue, heldInEscrow: body.heldInEscrow, totalForMediators: body.totalForMediators };
    };
    expect(await money('2026-04-10')).toEqual({ totalRevenue: '1650.00', heldInEscrow: '1650.00', totalForMediators: '0.00' });

    expect((await call(t, 'POST', `/api/requests/${cancelled}/cancel`, lawyer.cookie, { reason: 'Settled' })).statusCode).toBe(200);
    expect(await money('2026-04-10')).toEqual({ totalRevenue: '1400.00', heldInEscrow: '1400.00', totalForMediators: '0.00' });

    t.clock.set('2026-04-13T16:00:00.000Z');
    await runDueJobs(t);
    // The charges stay the 10th's revenue; nothing of them is held once the payout (1260) and the fee (140) have left.
    expect(await money('2026-04-10')).toEqual({ totalRevenue: '1400.00', heldInEscrow: '0.00', totalForMediators: '0.00' });
    expect(await money('2026-04-13')).toEqual({ totalRevenue: '0.00', heldInEscrow: '0.00', totalForMediators: '1260.00' });
    t.clock.set('2026-03-02T15:00:00.000Z');
  });

  it("held in escrow across the range's start: earlier charges are spent first, money out after the range counts, and every later write of the ledger is followed", async () => {
    const db = t.ctx.db;
    const lawyer = await signUpLawyer(t);
    const [request] = await db
      .insert(mediationRequests)
      .values({
        lawyerId: lawyer.user.id,
        caseNumber: 'CV-2',
        caseName: 'Held v. Range',
        caseType: 'Family Law',
        jurisdiction: 'California',
        description: 'Seeded for the held figure.',
        mediationType: 'online',
        budget: '1000.00',
        status: 'pending_mediators',
        submittedAt: at('2026-02-14T10:00:00.000Z'),
        createdAt: at('2026-02-14T09:00:00.000Z'),
      })
      .returning();
    const [payment] = await db
      .insert(payments)
      .values({ requestId: request.id, lawyerId: lawyer.user.id, depositAmount: '300.00', platformFee: '50.00', mediatorPayout: '500.00', status: 'held' })
      .returning();
    const entry = (kind: (typeof ledgerEntries.$inferInsert)['kind'], amount: string, createdAt: string, platformFee = '0') => ({
      paymentId: payment.id,
      kind,
      amount,
      platformFee,
      providerRef: 'held-test',
      idempotencyKey: randomUUID(),
      payerId: lawyer.user.id,
      createdAt: at(createdAt),
    });
    // The range is Feb 15–17 (UTC); the total, then each day.
    const held = async () => {
      const login = await call(t, 'POST', '/api/login', undefined, { email: 'analytics.admin@example.com', password: PASSWORD });
      const body = (await call(t, 'GET', '/api/admin/analytics?startDate=2026-02-15&endDate=2026-02-17', sessionCookie(login))).json();
      return [body.heldInEscrow, ...body.series.map((d: { heldInEscrow: string }) => d.heldInEscrow)];
    };
    await db.insert(ledgerEntries).values(entry('deposit_charge', '300.00', '2026-02-14T10:00:00.000Z')); // before the range
    // Two entries in one statement: the balance inside the range, and a refund of 400 the same day, which spends the
    // deposit's 300 (charged before the range) first and then 100 of the balance.
    await db
      .insert(ledgerEntries)
      .values([entry('balance_charge', '700.00', '2026-02-16T10:00:00.000Z'), entry('refund', '400.00', '2026-02-16T12:00:00.000Z')]);
    expect(await held()).toEqual(['600.00', '0.00', '600.00', '0.00']);
    // A payout after the range (450 + 50 commission) is money out now: the balance holds 1000 − 900 (not the escrow's
    // 600 at the end of the 16th, and not 0 as it would if the deposit before the range were left out).
    const [payout] = await db
      .insert(ledgerEntries)
      .values(entry('payout_transfer', '450.00', '2026-02-25T10:00:00.000Z', '50.00'))
      .returning();
    expect(await held()).toEqual(['100.00', '0.00', '100.00', '0.00']);
    // A charge written last but dated before the others (100 on the 13th) is spent before them: 1100 − 900.
    await db.insert(ledgerEntries).values(entry('deposit_charge', '100.00', '2026-02-13T10:00:00.000Z'));
    expect(await held()).toEqual(['200.00', '0.00', '200.00', '0.00']);
    // The payout changed to 250 (+ 50), then removed: out 700, then the refund's 400 alone.
    await db.update(ledgerEntries).set({ amount: '250.00' }).where(eq(ledgerEntries.id, payout.id));
    expect(await held()).toEqual(['400.00', '0.00', '400.00', '0.00']);
    await db.delete(ledgerEntries).where(eq(ledgerEntries.id, payout.id));
    expect(await held()).toEqual(['700.00', '0.00', '700.00', '0.00']);
  });

  it('what the triggers keep per charge equals what the whole ledger says, for every charge written in this file', async () => {
    const rows = async (query: ReturnType<typeof sql>) => ((await t.ctx.db.execute(query)) as unknown as { rows: unknown[] }).rows;
    const kept = await rows(sql`SELECT entry_id::text AS id, held::text AS held FROM ledger_held ORDER BY 1`);
    // Decision 036's rule over every entry of every payment, as the figures statement read it before migration 0022.
    const fromLedger = await rows(sql`
      SELECT id::text AS id, held::numeric(10, 2)::text AS held
        FROM (SELECT e.id, e.kind, greatest(0, least(e.amount, e.charged_through - coalesce(e.paid_out, 0))) AS held
                FROM (SELECT l.id, l.kind, l.amount,
                             sum(l.amount) FILTER (WHERE l.kind IN ('deposit_charge', 'balance_charge'))
                               OVER (PARTITION BY l.payment_id ORDER BY l.created_at, l.id) AS charged_through,
                             sum(l.amount + l.platform_fee) FILTER (WHERE l.kind NOT IN ('deposit_charge', 'balance_charge'))
                               OVER (PARTITION BY l.payment_id) AS paid_out
                        FROM ledger_entries l) e) x
       WHERE x.kind IN ('deposit_charge', 'balance_charge') AND x.held > 0
       ORDER BY 1`);
    expect(kept.length).toBeGreaterThanOrEqual(4);
    expect(kept).toEqual(fromLedger);
  });
});
