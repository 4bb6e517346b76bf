import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { signUpLawyer, signUpMediator } from '../../../../tests/helpers/accounts';
import { backends } from '../../../../tests/helpers/backends';
import { call } from '../../../../tests/helpers/requests';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { findPayoutAccountId } from './payouts.repo';

const URL = '/api/payouts/account';

describe.each(backends)('payout account on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('mediators only: 401 signed out, 403 for a lawyer', async () => {
    const lawyer = await signUpLawyer(t);
    expect((await call(t, 'GET', URL)).statusCode).toBe(401);
    expect((await call(t, 'POST', URL)).statusCode).toBe(401);
    expect((await call(t, 'GET', URL, lawyer.cookie)).statusCode).toBe(403);
    expect((await call(t, 'POST', URL, lawyer.cookie)).statusCode).toBe(403);
  });

  it('local: none until set up, then created once and ready at once, with no onboarding', async () => {
    const mediator = await signUpMediator(t);
    expect((await call(t, 'GET', URL, mediator.cookie)).json()).toEqual({
      provider: 'local',
      accountId: null,
      ready: false,
      requirements: [],
      onboardingUrl: null,
    });
    const created = await call(t, 'POST', URL, mediator.cookie);
    expect(created.statusCode, created.body).toBe(200);
    const account = created.json();
    expect(account).toMatchObject({ provider: 'local', accountId: expect.stringMatching(/^acct_local_/), ready: true, requirements: [], onboardingUrl: null });
    expect(await findPayoutAccountId(t.ctx.db, mediator.user.id)).toBe(account.accountId);
    // Again: the same account, and GET agrees.
    expect((await call(t, 'POST', URL, mediator.cookie)).json()).toEqual(account);
    expect((await call(t, 'GET', URL, mediator.cookie)).json()).toEqual(account);
  });

  it('a provider that needs onboarding: what is missing and a link back to /payments', async () => {
    const mediator = await signUpMediator(t);
    const status = vi.spyOn(t.ctx.payments, 'payoutAccountStatus').mockResolvedValue({ ready: false, requirements: ['Bank account', 'Identity document'] });
    const link = vi.spyOn(t.ctx.payments, 'onboardingLink').mockResolvedValue('https://connect.example/onboarding/abc');
    const res = await call(t, 'POST', URL, mediator.cookie);
    expect(res.json()).toMatchObject({
      ready: false,
      requirements: ['Bank account', 'Identity document'],
      onboardingUrl: 'https://connect.example/onboarding/abc',
    });
    expect(status).toHaveBeenCalledWith(res.json().accountId);
    expect(link).toHaveBeenCalledWith(res.json().accountId, 'http://localhost:3000/payments');
  });

  it('10 concurrent set-ups store one account, and every answer names it', async () => {
    const mediator = await signUpMediator(t);
    // A provider that makes a new account on every call (as a real one would without our guard): only one may stay.
    let made = 0;
    const ensure = vi.spyOn(t.ctx.payments, 'ensurePayoutAccount').mockImplementation(async (_userId, existing) => existing ?? `acct_race_${++made}`);
    const answers = await Promise.all(Array.from({ length: 10 }, () => call(t, 'POST', URL, mediator.cookie)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    const ids = new Set(answers.map((a) => a.json().accountId as string));
    expect(ids.size).toBe(1);
    const stored = await findPayoutAccountId(t.ctx.db, mediator.user.id);
    expect([...ids]).toEqual([stored]);
    expect(stored).toMatch(/^acct_race_\d+$/);
    expect(ensure).toHaveBeenCalled();
  });
});
