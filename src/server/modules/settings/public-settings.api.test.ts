import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../../../tests/helpers/backends';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';

// The browser picks its card form from GET /api/settings/public (RULES.md 3): with `stripe` it gets the publishable key
// for Stripe.js and nothing else of the provider's configuration.
describe.each(backends)('the payment provider in the public settings on %s', (backend) => {
  const secretKey = 'sk_test_never_in_the_browser';
  const webhookSecret = 'whsec_never_in_the_browser';
  let t: TestApp;
  beforeAll(async () => {
    // The settings route never calls Stripe, so the API base can point nowhere.
    t = await createTestApp(backend, { stripe: { baseUrl: 'http://127.0.0.1:9', secretKey, webhookSecret } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gives the stripe provider and its publishable key, signed out, and never a secret', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/settings/public' });
    expect(res.statusCode).toBe(200);
    expect(res.json().payments).toEqual({ provider: 'stripe', publishableKey: 'pk_test_fake' });
    expect(res.body).not.toContain(secretKey);
    expect(res.body).not.toContain(webhookSecret);
    expect(res.body).not.toContain('STRIPE_API_BASE');
    expect(res.body).not.toContain('127.0.0.1:9');
  });
});
