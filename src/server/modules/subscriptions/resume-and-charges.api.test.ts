import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signUpLawyer, signUpMediator, uniqueEmail } from '../../../../tests/helpers/accounts';
import { backends } from '../../../../tests/helpers/backends';
import { runDueJobs } from '../../../../tests/helpers/jobs';
import { call, CARDS } from '../../../../tests/helpers/requests';
import { createTestApp, sessionCookie, type TestApp } from '../../../../tests/helpers/test-app';
import type { SubscriptionChargeDto } from '../../../common/schemas/subscription-charges';
import { LocalPaymentProvider } from '../../adapters/payments';
import { DECLINE_MESSAGES } from '../../adapters/payments/local-provider';
import { subscriptionCharges, subscriptions } from '../../db/schema';
import { onIntentSucceeded } from '../payments/payment-registry';
import { ensureAdmin } from '../users/accounts.service';
import { NOTHING_TO_RESUME } from './resume.service';

type Card = (typeof CARDS)[keyof typeof CARDS];
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

// Decision 038: "Keep my plan" after a cancellation, and the mediator's own list of subscription charges.
describe.each(backends)('subscription resume and charges on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = async (cookie: string) => (await call(t, 'GET', '/api/subscription', cookie)).json();
  const resume = (cookie: string) => call(t, 'POST', '/api/subscription/resume', cookie);
  const cancel = (cookie: string) => call(t, 'POST', '/api/subscription/cancel', cookie);
  const upgradeAndPay = async (cookie: string, tier: string, card: Card = CARDS.ok) => {
    const res = await call(t, 'POST', '/api/subscription/upgrade', cookie, { tier });
    expect(res.statusCode, res.body).toBe(200);
    const paid = await call(t, 'POST', '/api/payments/local/confirm', cookie, { clientSecret: res.json().clientSecret, card });
    expect(paid.statusCode, paid.body).toBe(200);
  };
  /** Signs in again: a month on the test clock outlives the session. */
  const signIn = async (account: { email: string }) =>
    sessionCookie(await call(t, 'POST', '/api/login', undefined, { email: account.email, password: PASSWORD }));
  const listCharges = async (cookie: string, query = '') => {
    const res = await call(t, 'GET', `/api/subscription/charges${query}`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return { items: res.json() as SubscriptionChargeDto[], next: res.headers['x-next-cursor'] as string | undefined };
  };

  it('mediators only: 401 signed out, 403 for a lawyer and an admin, 404 for a charge that is not theirs', async () => {
    const lawyer = await signUpLawyer(t);
    const adminEmail = uniqueEmail('admin');
    await ensureAdmin(t.ctx, adminEmail, PASSWORD, { firstName: 'Ada', lastName: 'Admin' });
    const admin = { cookie: await signIn({ email: adminEmail }) };
    const owner = await signUpMediator(t);
    await upgradeAndPay(owner.cookie, 'pro');
    const [charge] = (await listCharges(owner.cookie)).items;
    const other = await signUpMediator(t);
    for (const [method, url] of [
      ['POST', '/api/subscription/resume'],
      ['GET', '/api/subscription/charges'],
      ['GET', `/api/subscription/charges/${charge.id}`],
    ] as const) {
      expect((await call(t, method, url)).statusCode, url).toBe(401);
      expect((await call(t, method, url, lawyer.cookie)).statusCode, url).toBe(403);
      expect((await call(t, method, url, admin.cookie)).statusCode, url).toBe(403);
    }
    expect((await call(t, 'GET', `/api/subscription/charges/${charge.id}`, other.cookie)).statusCode).toBe(404);
    expect((await call(t, 'GET', '/api/subscription/charges/not-an-id', other.cookie)).statusCode).toBe(404);
    expect((await listCharges(other.cookie)).items).toEqual([]);
    // The role comes before the query (RULES.md 6), then the query is checked.
    expect((await call(t, 'GET', '/api/subscription/charges?limit=0', lawyer.cookie)).statusCode).toBe(403);
    expect((await call(t, 'GET', '/api/subscription/charges?limit=0', other.cookie)).statusCode).toBe(400);
  });

  it('resume: 409 with nothing cancelled; after a cancel the plan is kept and renews at the period end', async () => {
    const mediator = await signUpMediator(t);
    expect((await resume(mediator.cookie)).json()).toMatchObject({ message: NOTHING_TO_RESUME, code: 'conflict' });
    await upgradeAndPay(mediator.cookie, 'pro');
    expect((await resume(mediator.cookie)).statusCode).toBe(409);

    expect((await cancel(mediator.cookie)).json()).toMatchObject({ tier: 'pro', cancelAtPeriodEnd: true });
    const resumed = await resume(mediator.cookie);
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json()).toMatchObject({ tier: 'pro', cancelAtPeriodEnd: false });
    expect(await get(mediator.cookie)).toMatchObject({ tier: 'pro', cancelAtPeriodEnd: false });
    // A second resume finds nothing to take back.
    expect((await resume(mediator.cookie)).statusCode).toBe(409);

    // At the period's end the renewal job renews instead of returning the mediator to Free.
    const end = (await get(mediator.cookie)).currentPeriodEnd as string;
    t.clock.set(new Date(end));
    await runDueJobs(t);
    mediator.cookie = await signIn(mediator);
    expect(await get(mediator.cookie)).toMatchObject({ tier: 'pro', currentPeriodStart: end, cancelAtPeriodEnd: false });
    expect((await listCharges(mediator.cookie)).items.map((c) => [c.kind, c.status])).toEqual([
      ['renewal', 'paid'],
      ['upgrade', 'paid'],
    ]);
  });

  it('resume after the period is over is 409 (the renewal job returns the mediator to Free)', async () => {
    const mediator = await signUpMediator(t);
    await upgradeAndPay(mediator.cookie, 'unlimited');
    const { currentPeriodEnd } = (await cancel(mediator.cookie)).json();
    t.clock.set(new Date(currentPeriodEnd));
    mediator.cookie = await signIn(mediator);
    const late = await resume(mediator.cookie);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/^Your Unlimited plan ended on [A-Z][a-z]{2} \d{2}, \d{4}\. Choose a plan to start a new one\.$/);
    await runDueJobs(t);
    expect(await get(mediator.cookie)).toMatchObject({ tier: 'free', cancelAtPeriodEnd: false });
    expect((await resume(mediator.cookie)).json().message).toBe(NOTHING_TO_RESUME);
  });

  it('charges: upgrade, renewal and a declined renewal with plan, period, amount and status, newest first, paged', async () => {
    const mediator = await signUpMediator(t);
    await upgradeAndPay(mediator.cookie, 'pro', CARDS.declinesLater);
    const first = await get(mediator.cookie);
    t.clock.set(new Date(first.currentPeriodEnd));
    await runDueJobs(t);
    mediator.cookie = await signIn(mediator);
    const { items } = await listCharges(mediator.cookie);
    expect(items).toEqual([
      {
        id: expect.any(String),
        kind: 'renewal',
        tier: 'pro',
        amount: '50.00',
        refundedAmount: '0.00',
        refundedAt: null,
        status: 'declined',
        periodStart: null,
        periodEnd: null,
        failureMessage: DECLINE_MESSAGES.declined,
        createdAt: first.currentPeriodEnd,
      },
      {
        id: expect.any(String),
        kind: 'upgrade',
        tier: 'pro',
        amount: '50.00',
        refundedAmount: '0.00',
        refundedAt: null,
        status: 'paid',
        periodStart: first.currentPeriodStart,
        periodEnd: first.currentPeriodEnd,
        failureMessage: null,
        createdAt: first.currentPeriodStart,
      },
    ]);
    // One at a time: the cursor leads to the older charge, and the last page has none.
    const page1 = await listCharges(mediator.cookie, '?limit=1');
    expect(page1.items.map((c) => c.id)).toEqual([items[0].id]);
    const page2 = await listCharges(mediator.cookie, `?limit=1&cursor=${page1.next}`);
    expect(page2.items.map((c) => c.id)).toEqual([items[1].id]);
    expect(page2.next).toBeUndefined();
    // The receipt's own read gives the same line.
    expect((await call(t, 'GET', `/api/subscription/charges/${items[1].id}`, mediator.cookie)).json()).toEqual(items[1]);
  });

  it('a refunded charge shows what came back and when, on its own line (not as a separate refund)', async () => {
    const mediator = await signUpMediator(t);
    await upgradeAndPay(mediator.cookie, 'unlimited');
    const [row] = await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.mediatorId, mediator.user.id));
    // A Pro intent from an earlier attempt, paid at the provider after Unlimited was confirmed: refunded by the job.
    const provider = t.ctx.payments as LocalPaymentProvider;
    const stale = await provider.createIntent({
      amount: 5_000,
      idempotencyKey: `subscription:${row.id}:99`,
      metadata: { purpose: 'subscription', userId: mediator.user.id, subscriptionId: row.id, tier: 'pro', attempt: '99' },
    });
    await onIntentSucceeded(t.ctx, await provider.confirmIntent(stale, { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' }));
    t.clock.advance(60_000);
    await runDueJobs(t, (name) => name === 'subscription.refund');
    const { items } = await listCharges(mediator.cookie);
    const byTier = Object.fromEntries(items.map((c) => [c.tier, c]));
    expect(items).toHaveLength(2);
    expect(byTier.pro).toMatchObject({
      kind: 'upgrade',
      amount: '50.00',
      refundedAmount: '50.00',
      refundedAt: t.clock.now().toISOString(),
      status: 'refunded',
      periodStart: null,
    });
    expect(byTier.unlimited).toMatchObject({ kind: 'upgrade', amount: '100.00', refundedAmount: '0.00', status: 'paid' });
    const [refund] = await t.ctx.db.select().from(subscriptionCharges).where(eq(subscriptionCharges.kind, 'refund'));
    expect(refund.refundOf).toBe((await t.ctx.db.select().from(subscriptionCharges).where(eq(subscriptionCharges.id, byTier.pro.id)))[0].providerRef);
  });

  it('migration 0013 ties refunds recorded before it to their charges (a renewal’s by its key, a local one by its charge)', async () => {
    const mediator = await signUpMediator(t);
    await upgradeAndPay(mediator.cookie, 'pro');
    const [row] = await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.mediatorId, mediator.user.id));
    const base = { subscriptionId: row.id, mediatorId: mediator.user.id, tier: 'pro' as const, amount: '50.00', status: 'succeeded' };
    const renewalKey = `subscription-renewal:${row.id}:7`;
    const later = new Date(t.clock.now().getTime() + 60_000);
    await t.ctx.db.insert(subscriptionCharges).values([
      { ...base, kind: 'renewal', idempotencyKey: renewalKey, providerRef: 'ch_legacy_renewal', createdAt: later },
      { ...base, kind: 'refund', idempotencyKey: `subscription-refund:${renewalKey}`, providerRef: 're_legacy_1', createdAt: later },
    ]);
    // A refund of the upgrade the local provider made: its record names the charge.
    const [upgrade] = await t.ctx.db.select().from(subscriptionCharges).where(eq(subscriptionCharges.mediatorId, mediator.user.id));
    const refundId = `re_legacy_upgrade_${row.id.slice(0, 8)}`;
    await t.ctx.db.execute(
      sql`INSERT INTO provider_charges (id, kind, amount, status, idempotency_key, metadata) VALUES (${refundId}, 'refund', '50.00', 'succeeded', ${`legacy:${row.id}`}, ${JSON.stringify({ chargeId: upgrade.providerRef })})`,
    );
    await t.ctx.db
      .insert(subscriptionCharges)
      .values({ ...base, kind: 'refund', idempotencyKey: `subscription-refund:pi_legacy_${row.id}`, providerRef: refundId, createdAt: later });

    const migration = readFileSync(path.join(import.meta.dirname, '../../db/migrations/0013_subscription_refund_of.sql'), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint').slice(1)) await t.ctx.db.execute(sql.raw(statement));
    const linked = rowsOf<{ provider_ref: string; refund_of: string | null }>(
      await t.ctx.db.execute(
        sql`SELECT provider_ref, refund_of FROM subscription_charges WHERE mediator_id = ${mediator.user.id} AND kind = 'refund' ORDER BY provider_ref`,
      ),
    );
    expect(linked).toEqual([
      { provider_ref: 're_legacy_1', refund_of: 'ch_legacy_renewal' },
      { provider_ref: refundId, refund_of: upgrade.providerRef },
    ]);
    const statuses = (await listCharges(mediator.cookie)).items.map((c) => [c.kind, c.status]);
    expect(statuses).toEqual([
      ['renewal', 'refunded'],
      ['upgrade', 'refunded'],
    ]);
  });
});
