import type { TestApp } from './test-app';

export const CARDS = {
  ok: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123' },
  declined: { number: '4000 0000 0000 0002', expMonth: 12, expYear: 2030, cvc: '123' },
  insufficient: { number: '4000 0000 0000 9995', expMonth: 12, expYear: 2030, cvc: '123' },
  declinesLater: { number: '4000 0000 0000 0341', expMonth: 12, expYear: 2030, cvc: '123' },
} as const;

export const validRequest = (overrides: Record<string, unknown> = {}) => ({
  caseNumber: 'CV-2026-0142',
  caseName: 'Smith v. Jones',
  caseType: 'Family Law',
  jurisdiction: 'California',
  description: 'Custody and support dispute between two parents, seeking an agreed parenting plan.',
  mediationType: 'online',
  pricingModel: 'hourly',
  hourlyRate: 350,
  hoursNeeded: 4,
  budget: '1400.00',
  opposingLawyerName: 'Olivia Opponent',
  opposingLawyerFirmName: 'Opponent LLP',
  opposingLawyerEmail: 'olivia@opponent.example',
  opposingLawyerPhone: '+1 555 0100',
  ...overrides,
});

export async function call(t: TestApp, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, cookie?: string, payload?: unknown) {
  return t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
}

/** Creates a draft, submits it and pays the deposit with `card`; returns the request id. */
export async function createLiveRequest(
  t: TestApp,
  lawyerCookie: string,
  overrides: Record<string, unknown> = {},
  card: (typeof CARDS)[keyof typeof CARDS] = CARDS.ok,
) {
  const created = await call(t, 'POST', '/api/requests', lawyerCookie, validRequest(overrides));
  if (created.statusCode !== 201) throw new Error(`create failed: ${created.statusCode} ${created.body}`);
  const id = created.json().id as string;
  const submit = await call(t, 'POST', `/api/requests/${id}/submit`, lawyerCookie);
  if (submit.statusCode !== 200) throw new Error(`submit failed: ${submit.statusCode} ${submit.body}`);
  const confirm = await call(t, 'POST', '/api/payments/local/confirm', lawyerCookie, { clientSecret: submit.json().clientSecret, card });
  if (confirm.statusCode !== 200) throw new Error(`confirm failed: ${confirm.statusCode} ${confirm.body}`);
  return id;
}

/** Makes a mediator Pro or Unlimited directly (subscriptions arrive with their own issue). */
export async function setTier(t: TestApp, userId: string, tier: 'free' | 'pro' | 'unlimited') {
  const { mediatorProfiles } = await import('../../src/server/db/schema');
  const { eq } = await import('drizzle-orm');
  await t.ctx.db.update(mediatorProfiles).set({ subscriptionTier: tier }).where(eq(mediatorProfiles.userId, userId));
}
