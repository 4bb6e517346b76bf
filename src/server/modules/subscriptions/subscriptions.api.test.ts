import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signUpLawyer, signUpMediator } from '../../../../tests/helpers/accounts';
import { backends } from '../../../../tests/helpers/backends';
import { recordedJobs, runDueJobs } from '../../../../tests/helpers/jobs';
import { call, CARDS, createLiveRequest } from '../../../../tests/helpers/requests';
import { createTestApp, sessionCookie, type TestApp } from '../../../../tests/helpers/test-app';
import { DECLINE_MESSAGES } from '../../adapters/payments/local-provider';
import { LocalPaymentProvider } from '../../adapters/payments';
import { mediatorProfiles, providerCharges, subscriptionCharges, subscriptions } from '../../db/schema';
import { onIntentSucceeded } from '../payments/payment-registry';
import { reconcilePayments } from '../payments/reconcile';
import { DOWNGRADE_MESSAGE } from './subscriptions.service';

const DAY = 86_400_000;
type Card = (typeof CARDS)[keyof typeof CARDS];

describe.each(backends)('subscriptions on %s', (backend) => {
  let t: TestApp;
  let lawyer: { cookie: string; email: string };
  beforeAll(async () => {
    t = await createTestApp(backend);
    lawyer = await signUpLawyer(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = async (cookie: string) => {
    const res = await call(t, 'GET', '/api/subscription', cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const upgrade = async (cookie: string, tier: string) => call(t, 'POST', '/api/subscription/upgrade', cookie, { tier });
  const pay = async (cookie: string, clientSecret: string, card: Card = CARDS.ok) =>
    call(t, 'POST', '/api/payments/local/confirm', cookie, { clientSecret, card });
  /** Upgrades and pays; returns the client secret used. */
  const upgradeAndPay = async (cookie: string, tier: string, card: Card = CARDS.ok) => {
    const res = await upgrade(cookie, tier);
    expect(res.statusCode, res.body).toBe(200);
    const paid = await pay(cookie, res.json().clientSecret, card);
    expect(paid.statusCode, paid.body).toBe(200);
    return res.json().clientSecret as string;
  };
  const charges = (mediatorId: string) =>
    t.ctx.db
      .select()
      .from(subscriptionCharges)
      .where(eq(subscriptionCharges.mediatorId, mediatorId))
      .orderBy(asc(subscriptionCharges.createdAt), asc(subscriptionCharges.kind));
  const profileTier = async (mediatorId: string) =>
    (await t.ctx.db.select().from(mediatorProfiles).where(eq(mediatorProfiles.userId, mediatorId)))[0].subscriptionTier;
  const notes = async (cookie: string) =>
    (await call(t, 'GET', '/api/notifications?limit=100', cookie)).json() as { type: string; title: string; message: string }[];
  /** Signs in again: a month on the test clock outlives the session. */
  const signIn = async (account: { email: string }) =>
    sessionCookie(await call(t, 'POST', '/api/login', undefined, { email: account.email, password: PASSWORD }));
  const accept = (cookie: string, id: string, body: Record<string, unknown> = {}) =>
    call(t, 'POST', `/api/requests/${id}/accept`, cookie, { noConflictConfirmed: true, ...body });

  it('401 signed out, 403 for lawyers, Free with no period for a new mediator', async () => {
    for (const [method, url] of [
      ['GET', '/api/subscription'],
      ['POST', '/api/subscription/upgrade'],
      ['POST', '/api/subscription/cancel'],
    ] as const) {
      const body = url.endsWith('upgrade') ? { tier: 'pro' } : undefined;
      expect((await call(t, method, url, undefined, body)).statusCode).toBe(401);
      expect((await call(t, method, url, lawyer.cookie, body)).statusCode).toBe(403);
    }
    const mediator = await signUpMediator(t);
    expect(await get(mediator.cookie)).toEqual({
      id: expect.any(String),
      mediatorId: mediator.user.id,
      tier: 'free',
      currentPeriodStart: null,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      pendingTier: null,
      monthlyMediations: { used: 0, limit: 3 },
      // Made with the profile, stamped by the database's clock (not the test's).
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
  });

  it('refuses bad tiers (400), the same tier (409), downgrades (400) and cancelling Free (409)', async () => {
    const mediator = await signUpMediator(t);
    const missing = await call(t, 'POST', '/api/subscription/upgrade', mediator.cookie, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors).toEqual({ tier: 'Choose a plan: free, pro or unlimited' });
    expect((await upgrade(mediator.cookie, 'gold')).json().fieldErrors).toHaveProperty('tier');
    expect((await upgrade(mediator.cookie, 'free')).statusCode).toBe(409);
    expect((await call(t, 'POST', '/api/subscription/cancel', mediator.cookie)).statusCode).toBe(409);
    await upgradeAndPay(mediator.cookie, 'unlimited');
    for (const lower of ['pro', 'free']) {
      const down = await upgrade(mediator.cookie, lower);
      expect(down.statusCode).toBe(400);
      expect(down.json().message).toBe(DOWNGRADE_MESSAGE);
    }
    expect((await upgrade(mediator.cookie, 'unlimited')).statusCode).toBe(409);
  });

  it('upgrade to Pro with 4242: same secret on repeat, tier at once, period, charge, notice; cap 10 and counteroffers', async () => {
    const mediator = await signUpMediator(t);
    const jobsBefore = recordedJobs(t, 'subscription.renewal').length;
    const first = await upgrade(mediator.cookie, 'pro');
    const again = await upgrade(mediator.cookie, 'pro');
    expect(again.json().clientSecret).toBe(first.json().clientSecret);
    expect((await get(mediator.cookie)).pendingTier).toBe('pro');
    expect((await pay(mediator.cookie, first.json().clientSecret)).statusCode).toBe(200);
    // A replayed confirmation answers the first outcome and changes nothing.
    expect((await pay(mediator.cookie, first.json().clientSecret)).statusCode).toBe(200);

    const now = t.clock.now();
    const end = new Date(now);
    end.setUTCMonth(end.getUTCMonth() + 1);
    expect(await get(mediator.cookie)).toEqual({
      id: expect.any(String),
      mediatorId: mediator.user.id,
      tier: 'pro',
      currentPeriodStart: now.toISOString(),
      currentPeriodEnd: end.toISOString(),
      cancelAtPeriodEnd: false,
      pendingTier: null,
      monthlyMediations: { used: 0, limit: 10 },
      createdAt: expect.any(String),
      updatedAt: now.toISOString(),
    });
    expect(await profileTier(mediator.user.id)).toBe('pro');
    const [charge, ...more] = await charges(mediator.user.id);
    expect(more).toEqual([]);
    expect(charge).toMatchObject({ kind: 'upgrade', tier: 'pro', amount: '50.00', status: 'succeeded', periodEnd: end });
    expect(charge.providerRef).toMatch(/^ch_/);
    expect((await notes(mediator.cookie)).filter((n) => n.type === 'subscription_updated')).toHaveLength(1);
    const jobs = recordedJobs(t, 'subscription.renewal').slice(jobsBefore);
    expect(jobs.map((j) => j.runAt)).toEqual([end]);

    // The rules see the new tier: a counteroffer is allowed, and the cap is 10.
    const ids: string[] = [];
    for (let i = 0; i < 11; i++) ids.push(await createLiveRequest(t, lawyer.cookie, { caseName: `Cap ${i}` }));
    expect((await accept(mediator.cookie, ids[0], { proposedRate: 400, note: 'My rate' })).statusCode).toBe(201);
    for (const id of ids.slice(1, 10)) expect((await accept(mediator.cookie, id)).statusCode).toBe(201);
    expect((await get(mediator.cookie)).monthlyMediations).toEqual({ used: 10, limit: 10 });
    const capped = await accept(mediator.cookie, ids[10]);
    expect(capped.statusCode).toBe(403);
    expect(capped.json().code).toBe('monthly_cap');
  }, 60_000);

  it('choosing another plan closes the first intent; Pro → Unlimited charges the full price and starts a new period', async () => {
    const mediator = await signUpMediator(t);
    const pro = (await upgrade(mediator.cookie, 'pro')).json().clientSecret;
    const unlimited = (await upgrade(mediator.cookie, 'unlimited')).json().clientSecret;
    expect(unlimited).not.toBe(pro);
    expect((await pay(mediator.cookie, pro)).statusCode).toBe(409);
    expect((await get(mediator.cookie)).tier).toBe('free');

    await upgradeAndPay(mediator.cookie, 'pro');
    const proEnd = (await get(mediator.cookie)).currentPeriodEnd;
    t.clock.advance(10 * DAY);
    mediator.cookie = await signIn(mediator);
    await upgradeAndPay(mediator.cookie, 'unlimited');
    const now = t.clock.now();
    const sub = await get(mediator.cookie);
    expect(sub).toMatchObject({ tier: 'unlimited', currentPeriodStart: now.toISOString(), monthlyMediations: { limit: null } });
    expect(new Date(sub.currentPeriodEnd).getTime()).toBeGreaterThan(new Date(proEnd).getTime());
    expect((await charges(mediator.user.id)).map((c) => [c.kind, c.tier, c.amount])).toEqual([
      ['upgrade', 'pro', '50.00'],
      ['upgrade', 'unlimited', '100.00'],
    ]);
    // The Pro period's renewal job finds a newer period and does nothing.
    t.clock.set(new Date(new Date(proEnd).getTime() + 1));
    await runDueJobs(t);
    expect((await get(await signIn(mediator))).tier).toBe('unlimited');
    expect(await charges(mediator.user.id)).toHaveLength(2);
  });

  it('a declined card (402) leaves Free; the next upgrade opens a new intent', async () => {
    const mediator = await signUpMediator(t);
    const secret = (await upgrade(mediator.cookie, 'pro')).json().clientSecret;
    const declined = await pay(mediator.cookie, secret, CARDS.declined);
    expect(declined.statusCode).toBe(402);
    expect(declined.json().message).toBe(DECLINE_MESSAGES.declined);
    expect(await get(mediator.cookie)).toMatchObject({ tier: 'free', pendingTier: null });
    expect(await profileTier(mediator.user.id)).toBe('free');
    expect(await charges(mediator.user.id)).toEqual([]);
    const retry = await upgradeAndPay(mediator.cookie, 'pro');
    expect(retry).not.toBe(secret);
    expect((await get(mediator.cookie)).tier).toBe('pro');
  });

  it('cancel: at the period end the mediator is Free again on both rows and told; a second cancel is 409', async () => {
    const mediator = await signUpMediator(t);
    await upgradeAndPay(mediator.cookie, 'pro');
    const cancelled = await call(t, 'POST', '/api/subscription/cancel', mediator.cookie);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ tier: 'pro', cancelAtPeriodEnd: true });
    expect((await call(t, 'POST', '/api/subscription/cancel', mediator.cookie)).statusCode).toBe(409);

    t.clock.set(new Date(cancelled.json().currentPeriodEnd));
    await runDueJobs(t);
    mediator.cookie = await signIn(mediator);
    expect(await get(mediator.cookie)).toMatchObject({ tier: 'free', currentPeriodEnd: null, cancelAtPeriodEnd: false, monthlyMediations: { limit: 3 } });
    expect(await profileTier(mediator.user.id)).toBe('free');
    expect((await notes(mediator.cookie)).filter((n) => n.type === 'subscription_updated').map((n) => n.message)[0]).toBe(
      'Your Pro subscription has ended as you asked. You are now on the Free plan.',
    );
    expect((await charges(mediator.user.id)).map((c) => c.kind)).toEqual(['upgrade']);
    // Counteroffers are Pro's again.
    lawyer.cookie = await signIn(lawyer);
    const id = await createLiveRequest(t, lawyer.cookie);
    t.clock.advance(10 * 60_000);
    expect((await accept(mediator.cookie, id, { proposedRate: 400 })).json().code).toBe('free_tier_counteroffer');
  });

  it('renewal: the saved card is charged at each period end, the next period follows', async () => {
    const mediator = await signUpMediator(t);
    await upgradeAndPay(mediator.cookie, 'pro');
    const firstEnd = new Date((await get(mediator.cookie)).currentPeriodEnd);
    t.clock.set(firstEnd);
    await runDueJobs(t);
    mediator.cookie = await signIn(mediator);
    const second = await get(mediator.cookie);
    expect(second).toMatchObject({ tier: 'pro', currentPeriodStart: firstEnd.toISOString() });
    const secondEnd = new Date(firstEnd);
    secondEnd.setUTCMonth(secondEnd.getUTCMonth() + 1);
    expect(second.currentPeriodEnd).toBe(secondEnd.toISOString());
    t.clock.set(secondEnd);
    await runDueJobs(t);
    mediator.cookie = await signIn(mediator);
    const rows = await charges(mediator.user.id);
    expect(rows.map((c) => [c.kind, c.status, c.amount])).toEqual([
      ['upgrade', 'succeeded', '50.00'],
      ['renewal', 'succeeded', '50.00'],
      ['renewal', 'succeeded', '50.00'],
    ]);
    expect(new Set(rows.map((c) => c.idempotencyKey)).size).toBe(3);
    expect(rows.every((c) => c.providerRef?.startsWith('ch_'))).toBe(true);
    expect((await get(mediator.cookie)).currentPeriodStart).toBe(secondEnd.toISOString());
  });

  it('renewal with the 0341 card: declined, back to Free with payment_failed', async () => {
    const mediator = await signUpMediator(t);
    await upgradeAndPay(mediator.cookie, 'pro', CARDS.declinesLater);
    expect((await get(mediator.cookie)).tier).toBe('pro');
    t.clock.set(new Date((await get(mediator.cookie)).currentPeriodEnd));
    await runDueJobs(t);
    mediator.cookie = await signIn(mediator);
    expect(await get(mediator.cookie)).toMatchObject({ tier: 'free', currentPeriodEnd: null });
    expect(await profileTier(mediator.user.id)).toBe('free');
    const failed = (await notes(mediator.cookie)).find((n) => n.type === 'payment_failed');
    expect(failed?.message).toBe('Your subscription renewal failed: Your card was declined. You are now on the Free plan.');
    expect((await charges(mediator.user.id)).map((c) => [c.kind, c.status, c.failureMessage])).toEqual([
      ['upgrade', 'succeeded', null],
      ['renewal', 'failed', DECLINE_MESSAGES.declined],
    ]);
    // Running the job again changes nothing.
    const renewals = recordedJobs(t, 'subscription.renewal');
    for (const job of renewals.filter((j) => j.data.subscriptionId === renewals.at(-1)!.data.subscriptionId)) job.done = false;
    await runDueJobs(t);
    expect(await charges(mediator.user.id)).toHaveLength(2);
  });

  it('the reconciler finishes what a crash left: an upgrade paid unheard, a renewal recorded but never charged', async () => {
    const mediator = await signUpMediator(t);
    const secret = (await upgrade(mediator.cookie, 'pro')).json().clientSecret as string;
    // The provider took the payment, but our side never heard (the process died before acting on it).
    const provider = t.ctx.payments as LocalPaymentProvider;
    await provider.confirmIntent((await provider.findIntentBySecret(secret))!, { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' });
    expect((await get(mediator.cookie)).tier).toBe('free');
    await reconcilePayments(t.ctx, { minAgeMs: 0 });
    const sub = await get(mediator.cookie);
    expect(sub).toMatchObject({ tier: 'pro', pendingTier: null });

    // The renewal's charge was recorded at the period end, then the job died before calling the provider.
    const [row] = await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.mediatorId, mediator.user.id));
    t.clock.set(new Date(sub.currentPeriodEnd));
    await t.ctx.db
      .update(subscriptions)
      .set({ renewalKey: `subscription-renewal:${row.id}:${row.periodNumber + 1}` })
      .where(eq(subscriptions.id, row.id));
    await reconcilePayments(t.ctx, { minAgeMs: 0 });
    await reconcilePayments(t.ctx, { minAgeMs: 0 });
    expect((await charges(mediator.user.id)).map((c) => [c.kind, c.status])).toEqual([
      ['upgrade', 'succeeded'],
      ['renewal', 'succeeded'],
    ]);
    expect(await get(await signIn(mediator))).toMatchObject({ tier: 'pro', currentPeriodStart: sub.currentPeriodEnd });
  });

  it('a superseded upgrade paid after a higher plan took effect is recorded and refunded once, the plan unchanged', async () => {
    const mediator = await signUpMediator(t);
    await upgradeAndPay(mediator.cookie, 'unlimited');
    const [row] = await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.mediatorId, mediator.user.id));
    // A Pro intent from an earlier attempt, paid at the provider after Unlimited was confirmed (a lost race).
    const provider = t.ctx.payments as LocalPaymentProvider;
    const stale = await provider.createIntent({
      amount: 5_000,
      idempotencyKey: `subscription:${row.id}:99`,
      metadata: { purpose: 'subscription', userId: mediator.user.id, subscriptionId: row.id, tier: 'pro', attempt: '99' },
    });
    const paid = await provider.confirmIntent(stale, { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' });
    await onIntentSucceeded(t.ctx, paid);
    await onIntentSucceeded(t.ctx, paid);
    await runDueJobs(t, (name) => name === 'subscription.refund');
    await runDueJobs(t, (name) => name === 'subscription.refund');
    expect((await get(mediator.cookie)).tier).toBe('unlimited');
    expect((await charges(mediator.user.id)).map((c) => `${c.kind} ${c.tier} ${c.amount}`).sort()).toEqual([
      'refund pro 50.00',
      'upgrade pro 50.00',
      'upgrade unlimited 100.00',
    ]);
    const refunds = await t.ctx.db
      .select()
      .from(providerCharges)
      .where(eq(providerCharges.idempotencyKey, `subscription-refund:${stale.id}`));
    expect(refunds.map((r) => [r.kind, r.amount])).toEqual([['refund', '50.00']]);
  });
});
