import { and, eq, like, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { PASSWORD, signUpMediator } from '../../../../tests/helpers/accounts';
import { recordedJobs } from '../../../../tests/helpers/jobs';
import { call, CARDS } from '../../../../tests/helpers/requests';
import { sessionCookie, type TestApp } from '../../../../tests/helpers/test-app';
import { mediatorProfiles, notifications, providerCharges, subscriptionCharges, subscriptions } from '../../db/schema';
import { runJob } from '../../jobs/handlers';
import { describeOnPostgres, startRaceApp } from '../../../../tests/helpers/postgres-only';

// Subscription races on the PostgreSQL server (PGlite's one connection serializes everything): concurrent
// confirmations, two renewal runs at once, a cancel racing the renewal. Needs TEST_DATABASE_URL (see
// requests.race.test.ts for why, and how a missing server fails loudly in CI).

describeOnPostgres('subscriptions.race.test.ts', 'subscription races on postgres', () => {
  let t: TestApp;
  startRaceApp((app) => ({ t } = app));

  const signIn = async (email: string) => sessionCookie(await call(t, 'POST', '/api/login', undefined, { email, password: PASSWORD }));
  const subscriptionOf = async (mediatorId: string) => (await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.mediatorId, mediatorId)))[0];
  const profileTier = async (mediatorId: string) =>
    (await t.ctx.db.select().from(mediatorProfiles).where(eq(mediatorProfiles.userId, mediatorId)))[0].subscriptionTier;
  const chargesOf = (mediatorId: string, kind: string) =>
    t.ctx.db
      .select()
      .from(subscriptionCharges)
      .where(and(eq(subscriptionCharges.mediatorId, mediatorId), eq(subscriptionCharges.kind, kind)));
  const providerRenewals = async (subscriptionId: string) =>
    t.ctx.db
      .select()
      .from(providerCharges)
      .where(like(providerCharges.idempotencyKey, `subscription-renewal:${subscriptionId}:%`));
  const proMediator = async () => {
    const mediator = await signUpMediator(t);
    const secret = (await call(t, 'POST', '/api/subscription/upgrade', mediator.cookie, { tier: 'pro' })).json().clientSecret as string;
    expect((await call(t, 'POST', '/api/payments/local/confirm', mediator.cookie, { clientSecret: secret, card: CARDS.ok })).statusCode).toBe(200);
    return { ...mediator, subscription: await subscriptionOf(mediator.user.id) };
  };

  it("'Keep my plan' raced: 10 resumes at once, one 200; the mediator's own resumes and cancels at once answer 200 or 409, never 5xx, and the page shows the stored state", async () => {
    const mediator = await proMediator();
    expect((await call(t, 'POST', '/api/subscription/cancel', mediator.cookie)).statusCode).toBe(200);
    const resumes = await Promise.all(Array.from({ length: 10 }, () => call(t, 'POST', '/api/subscription/resume', mediator.cookie)));
    expect(resumes.map((r) => r.statusCode).sort()).toEqual([200, ...Array(9).fill(409)]);
    expect((await subscriptionOf(mediator.user.id)).cancelAtPeriodEnd).toBe(false);

    // The same user's two buttons at once, in both orders: each answers 200 or 409, none a server error, and what the
    // page reads is what is stored.
    for (let round = 0; round < 5; round++) {
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) => call(t, 'POST', `/api/subscription/${i % 2 ? 'resume' : 'cancel'}`, mediator.cookie)),
      );
      for (const answer of answers) expect([200, 409], answer.body).toContain(answer.statusCode);
      const stored = (await subscriptionOf(mediator.user.id)).cancelAtPeriodEnd;
      expect((await call(t, 'GET', '/api/subscription', mediator.cookie)).json().cancelAtPeriodEnd).toBe(stored);
    }
    expect(await profileTier(mediator.user.id)).toBe('pro');
  });

  it('10 concurrent upgrades share one intent; 10 concurrent confirmations make one charge, one period, one notice', async () => {
    for (let round = 0; round < 3; round++) {
      const mediator = await signUpMediator(t);
      const upgrades = await Promise.all(
        Array.from({ length: 10 }, () => call(t, 'POST', '/api/subscription/upgrade', mediator.cookie, { tier: 'unlimited' })),
      );
      expect(upgrades.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
      const secrets = new Set(upgrades.map((r) => r.json().clientSecret));
      expect(secrets.size).toBe(1);
      const [clientSecret] = [...secrets];
      const jobsBefore = recordedJobs(t, 'subscription.renewal').length;
      const confirms = await Promise.all(
        Array.from({ length: 10 }, () => call(t, 'POST', '/api/payments/local/confirm', mediator.cookie, { clientSecret, card: CARDS.ok })),
      );
      expect(confirms.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
      const subscription = await subscriptionOf(mediator.user.id);
      expect(subscription).toMatchObject({ tier: 'unlimited', periodNumber: 1, pendingTier: null });
      expect(await profileTier(mediator.user.id)).toBe('unlimited');
      expect(await chargesOf(mediator.user.id, 'upgrade')).toHaveLength(1);
      const notices = await t.ctx.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, mediator.user.id), eq(notifications.type, 'subscription_updated')));
      expect(notices).toHaveLength(1);
      expect(recordedJobs(t, 'subscription.renewal').length - jobsBefore).toBe(1);
    }
  }, 120_000);

  it('two renewal runs at once: one provider charge, one recorded renewal, one new period', async () => {
    for (let round = 0; round < 4; round++) {
      const { user, subscription } = await proMediator();
      t.clock.set(subscription.currentPeriodEnd!);
      await Promise.all([
        runJob(t.ctx, 'subscription.renewal', { subscriptionId: subscription.id }),
        runJob(t.ctx, 'subscription.renewal', { subscriptionId: subscription.id }),
      ]);
      expect(await providerRenewals(subscription.id)).toHaveLength(1);
      expect(await chargesOf(user.id, 'renewal')).toHaveLength(1);
      expect(await subscriptionOf(user.id)).toMatchObject({
        tier: 'pro',
        periodNumber: 2,
        renewalKey: null,
        currentPeriodStart: subscription.currentPeriodEnd,
      });
    }
  }, 120_000);

  it('a cancel racing the renewal: either Free with no charge, or one charge, the next period and the cancellation kept', async () => {
    const outcomes = { endedFree: 0, renewedThenCancelled: 0 };
    for (let round = 0; round < 8; round++) {
      const { user, email, subscription } = await proMediator();
      t.clock.set(subscription.currentPeriodEnd!);
      const cookie = await signIn(email);
      const [cancel] = await Promise.all([
        call(t, 'POST', '/api/subscription/cancel', cookie),
        new Promise((resolve) => setTimeout(resolve, round % 4)).then(() => runJob(t.ctx, 'subscription.renewal', { subscriptionId: subscription.id })),
      ]);
      expect(cancel.statusCode, cancel.body).toBe(200);
      // The job's retry finds nothing more to do, whichever won.
      await runJob(t.ctx, 'subscription.renewal', { subscriptionId: subscription.id });
      const after = await subscriptionOf(user.id);
      const renewals = await chargesOf(user.id, 'renewal');
      expect(await profileTier(user.id)).toBe(after.tier);
      if (after.tier === 'free') {
        outcomes.endedFree++;
        expect(renewals).toHaveLength(0);
        expect(await providerRenewals(subscription.id)).toHaveLength(0);
      } else {
        outcomes.renewedThenCancelled++;
        expect(renewals).toHaveLength(1);
        expect(after).toMatchObject({ tier: 'pro', cancelAtPeriodEnd: true, periodNumber: 2, currentPeriodStart: subscription.currentPeriodEnd });
      }
    }
    expect(outcomes.endedFree + outcomes.renewedThenCancelled).toBe(8);
    // Both orders are possible; the counts say which ones this run saw.
    console.info('cancel vs renewal outcomes', outcomes);
  }, 120_000);

  it('the records agree with the provider: each succeeded charge is one provider charge of the same key and amount', async () => {
    const rows = await t.ctx.db.execute(sql`
      SELECT count(*) FILTER (WHERE p.idempotency_key IS NULL OR p.status <> 'succeeded' OR p.amount <> s.amount)::int AS bad, count(*)::int AS n
      FROM subscription_charges s LEFT JOIN provider_charges p ON p.idempotency_key = s.idempotency_key
      WHERE s.status = 'succeeded' AND s.kind <> 'refund'`);
    const [{ bad, n }] = (rows as unknown as { rows: { bad: number; n: number }[] }).rows;
    expect(n).toBeGreaterThan(10);
    expect(bad).toBe(0);
  });
});
