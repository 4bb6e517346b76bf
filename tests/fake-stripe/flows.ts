import { afterAll, beforeAll } from 'vitest';
import { savePayoutAccount } from '../../src/server/modules/payments/payments.repo';
import { signUpLawyer, signUpMediator } from '../helpers/accounts';
import type { Backend } from '../helpers/backends';
import { call, setTier, validRequest } from '../helpers/requests';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { FAKE_CARDS } from './cards';
import { FakeStripe } from './server';
import { deliverLast } from './webhooks';

/**
 * The set-up every Stripe test file repeated: before its tests, the fake started and the app with the `stripe`
 * provider (the real SDK talking to the fake) handed to `ready`; after them, both stopped. One app per file and
 * database (creating one is the slow part); every test makes its own users and requests.
 */
export function startStripeApp(backend: Backend, ready: (app: { t: TestApp; fake: FakeStripe }) => void): void {
  let fake: FakeStripe | undefined;
  let t: TestApp | undefined;
  beforeAll(async () => {
    fake = await new FakeStripe().start();
    t = await createTestApp(backend, { stripe: { baseUrl: fake.baseUrl, secretKey: fake.secretKey, webhookSecret: fake.webhookSecret } });
    ready({ t, fake });
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await fake?.stop();
  });
}

export const intentIdOf = (clientSecret: string) => clientSecret.split('_secret_')[0];

/** The lawyer pays an intent in the card element; Stripe then tells the app by webhook (delivered here). */
export async function payInBrowser(t: TestApp, fake: FakeStripe, clientSecret: string, card: string = FAKE_CARDS.visa) {
  const id = intentIdOf(clientSecret);
  const { status } = fake.confirmAsBrowser(id, card);
  return deliverLast(t, fake, status === 200 ? 'payment_intent.succeeded' : 'payment_intent.payment_failed', id);
}

/** A draft submitted and its deposit paid through the fake; returns the request id. */
export async function createLiveStripeRequest(
  t: TestApp,
  fake: FakeStripe,
  lawyerCookie: string,
  overrides: Record<string, unknown> = {},
  card: string = FAKE_CARDS.visa,
) {
  const created = await call(t, 'POST', '/api/requests', lawyerCookie, validRequest(overrides));
  if (created.statusCode !== 201) throw new Error(`create failed: ${created.statusCode} ${created.body}`);
  const id = created.json().id as string;
  const submit = await call(t, 'POST', `/api/requests/${id}/submit`, lawyerCookie);
  if (submit.statusCode !== 200) throw new Error(`submit failed: ${submit.statusCode} ${submit.body}`);
  await payInBrowser(t, fake, submit.json().clientSecret, card);
  return id;
}

/** A live request with a Pro mediator's acceptance, not selected yet. */
export async function createAcceptedStripeRequest(t: TestApp, fake: FakeStripe, card: string = FAKE_CARDS.visa) {
  const lawyer = await signUpLawyer(t);
  const mediator = await signUpMediator(t);
  await setTier(t, mediator.user.id, 'pro');
  const id = await createLiveStripeRequest(t, fake, lawyer.cookie, {}, card);
  const accepted = await call(t, 'POST', `/api/requests/${id}/accept`, mediator.cookie, { noConflictConfirmed: true });
  if (accepted.statusCode !== 201) throw new Error(`accept failed: ${accepted.statusCode} ${accepted.body}`);
  return { lawyer, mediator, id };
}

/** The same carried to `matched`: the balance charged off session to the card saved with the deposit. */
export async function createMatchedStripeRequest(t: TestApp, fake: FakeStripe) {
  const accepted = await createAcceptedStripeRequest(t, fake);
  const selected = await call(t, 'POST', `/api/requests/${accepted.id}/select-mediator/${accepted.mediator.user.id}`, accepted.lawyer.cookie);
  if (selected.statusCode !== 200) throw new Error(`select failed: ${selected.statusCode} ${selected.body}`);
  return accepted;
}

/** The mediator's Express account, made and (unless `finish` is false) through hosted onboarding. */
export async function onboardMediator(t: TestApp, fake: FakeStripe, mediatorId: string, finish = true): Promise<string> {
  const accountId = await t.ctx.payments.ensurePayoutAccount(mediatorId, null);
  await savePayoutAccount(t.ctx.db, mediatorId, accountId);
  if (finish) fake.state.completeOnboarding(accountId);
  return accountId;
}
