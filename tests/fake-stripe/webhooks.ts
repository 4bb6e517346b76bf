import Stripe from 'stripe';
import { STRIPE_WEBHOOK_PATH } from '../../src/server/http-paths';
import type { TestApp } from '../helpers/test-app';
import type { FakeStripe } from './server';

/**
 * Delivers an event to the app's webhook as Stripe does: the JSON body signed with the endpoint's secret in the
 * `Stripe-Signature` header (the SDK's own test signer). `signature` replaces the header (tests of bad signatures).
 */
export async function deliverEvent(t: TestApp, fake: FakeStripe, event: object, options: { signature?: string; body?: string } = {}) {
  const payload = JSON.stringify(event);
  const signature = options.signature ?? Stripe.webhooks.generateTestHeaderString({ payload, secret: fake.webhookSecret });
  return t.app.inject({
    method: 'POST',
    url: STRIPE_WEBHOOK_PATH,
    headers: { 'stripe-signature': signature, 'content-type': 'application/json; charset=utf-8' },
    payload: options.body ?? payload,
  });
}

/** The last event of a type about an object, delivered; fails the test unless the app took it (200). */
export async function deliverLast(t: TestApp, fake: FakeStripe, type: string, objectId: string) {
  const res = await deliverEvent(t, fake, fake.state.lastEvent(type, objectId));
  if (res.statusCode !== 200) throw new Error(`webhook ${type} answered ${res.statusCode}: ${res.body}`);
  return res.json() as { received: true; duplicate: boolean };
}
