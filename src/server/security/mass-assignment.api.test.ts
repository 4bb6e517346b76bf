import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpLawyer, signUpMediator, uniqueEmail, PASSWORD } from '../../../tests/helpers/accounts';
import { backends } from '../../../tests/helpers/backends';
import { createCompletedRequest, createMatchedRequest } from '../../../tests/helpers/matched';
import { call, createLiveRequest, setTier, validRequest } from '../../../tests/helpers/requests';
import { termSheetContent } from '../../../tests/helpers/signing';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';

// Issue 11, family 3 (write side): privileged fields slipped into a write body never take effect. Each call must be
// refused with 400 or succeed with the field ignored; the rows are read back from the database.

const FAKE_ID = '11111111-1111-4111-8111-111111111111';
/** Fields no client may set, added to every body below (their values chosen to be visible if they stuck). */
const PRIVILEGED = {
  role: 'admin',
  status: 'approved',
  isVerified: true,
  emailVerified: true,
  profileCompleted: true,
  rating: '5.00',
  reviewCount: 99,
  tier: 'unlimited',
  subscriptionTier: 'unlimited',
  totalMediationsCompleted: 50,
  payoutAccountId: 'acct_forged',
  lawyerId: FAKE_ID,
  mediatorId: FAKE_ID,
  selectedMediatorId: FAKE_ID,
  senderId: FAKE_ID,
  recipientId: FAKE_ID,
  reviewerId: FAKE_ID,
  userId: FAKE_ID,
  platformFee: '1.00',
  depositAmount: '1.00',
  mediatorPayout: '9999.00',
  refundAmount: '9999.00',
  openToAllAt: '2020-01-01T00:00:00.000Z',
  completedAt: '2020-01-01T00:00:00.000Z',
  isRead: true,
  handled: true,
};

/** The JSON text of `body` with `__proto__` and `constructor` keys (an object literal would set the prototype instead). */
const withProtoKeys = (body: Record<string, unknown>) =>
  JSON.stringify(body).replace(/^\{/, '{"__proto__":{"role":"admin","isAdmin":true},"constructor":{"prototype":{"role":"admin"}},');

describe.each(backends)('privileged fields in write bodies take no effect on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => {
    t?.ctx.database.pool?.on('error', () => undefined);
    await t?.close();
  });

  const row = async (query: SQL) => ((await t.ctx.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows[0];
  /** Refused as bad input, or accepted: never a server error, never anything else. */
  const refusedOrOk = (res: { statusCode: number; body: string }, ok = 200) => expect([ok, 400], res.body).toContain(res.statusCode);
  const raw = (method: 'POST' | 'PATCH', url: string, cookie: string | undefined, body: string) =>
    t.app.inject({ method, url, headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) }, payload: body });

  it('registration, role, profiles and the user: role, status, verification, rating and tier stay the server’s', async () => {
    const email = uniqueEmail('mass');
    const reg = await call(t, 'POST', '/api/register', undefined, {
      email,
      password: PASSWORD,
      firstName: 'Mass',
      lastName: 'Assign',
      ...PRIVILEGED,
      id: FAKE_ID,
    });
    refusedOrOk(reg, 201);
    if (reg.statusCode === 201) {
      const user = await row(sql`SELECT id, role, status, email_verified FROM users WHERE email = ${email}`);
      expect(user).toMatchObject({ role: null, status: 'pending', email_verified: false });
      expect(user.id).not.toBe(FAKE_ID);
    }

    const lawyer = await signUpLawyer(t);
    const mediator = await signUpMediator(t);
    const other = await signUpLawyer(t, { firmName: 'Other LLP' });
    const before = {
      lawyer: await row(sql`SELECT role, status, email, password, email_verified FROM users WHERE id = ${lawyer.user.id}`),
      other: await row(sql`SELECT firm_name FROM lawyer_profiles WHERE user_id = ${other.user.id}`),
    };
    const role = await call(t, 'PATCH', '/api/user/role', lawyer.cookie, { ...PRIVILEGED, role: 'mediator' });
    expect(role.statusCode).toBe(409); // chosen already: the extra fields change nothing either
    refusedOrOk(
      await call(t, 'POST', '/api/profile/lawyer', lawyer.cookie, { jurisdiction: 'California', firmName: 'Mine LLP', ...PRIVILEGED, role: 'lawyer' }),
    );
    refusedOrOk(
      await call(t, 'PATCH', '/api/profile', lawyer.cookie, { firstName: 'Renamed', ...PRIVILEGED, email: other.email, password: 'hijacked-password-1' }),
    );
    refusedOrOk(
      await call(t, 'POST', '/api/profile/mediator', mediator.cookie, {
        jurisdiction: 'California',
        hourlyRate: 300,
        specializations: ['Family Law'],
        ...PRIVILEGED,
      }),
    );
    refusedOrOk(await call(t, 'PATCH', '/api/profile', mediator.cookie, { bio: 'Experienced.', ...PRIVILEGED }));

    expect(await row(sql`SELECT role, status, email, password, email_verified FROM users WHERE id = ${lawyer.user.id}`)).toEqual(before.lawyer);
    expect(await row(sql`SELECT firm_name FROM lawyer_profiles WHERE user_id = ${other.user.id}`)).toEqual(before.other);
    expect(await row(sql`SELECT role, status FROM users WHERE id = ${mediator.user.id}`)).toEqual({ role: 'mediator', status: 'pending' });
    expect(
      await row(
        sql`SELECT rating::text AS rating, review_count, subscription_tier, total_mediations_completed, payout_account_id FROM mediator_profiles WHERE user_id = ${mediator.user.id}`,
      ),
    ).toEqual({
      rating: '0.00',
      review_count: 0,
      subscription_tier: 'free',
      total_mediations_completed: 0,
      payout_account_id: null,
    });
    expect(await row(sql`SELECT count(*)::int AS n FROM lawyer_profiles WHERE user_id = ${FAKE_ID}`)).toEqual({ n: 0 });
  });

  it('a request, an acceptance, a completion, a dispute and a cancellation: owner, state and money stay the server’s', async () => {
    const lawyer = await signUpLawyer(t);
    const mediator = await signUpMediator(t);
    await setTier(t, mediator.user.id, 'pro');
    const created = await call(
      t,
      'POST',
      '/api/requests',
      lawyer.cookie,
      validRequest({ ...PRIVILEGED, status: 'matched', lawyerId: mediator.user.id, selectedMediatorId: mediator.user.id }),
    );
    refusedOrOk(created, 201);
    if (created.statusCode === 201) {
      expect(
        await row(
          sql`SELECT status, lawyer_id, selected_mediator_id, platform_fee::text AS fee, deposit_amount::text AS deposit, open_to_all_at, completed_at FROM mediation_requests WHERE id = ${created.json().id}`,
        ),
      ).toEqual({
        status: 'draft',
        lawyer_id: lawyer.user.id,
        selected_mediator_id: null,
        fee: null, // fee and deposit are set from the settings at submit, never from the body
        deposit: null,
        open_to_all_at: null,
        completed_at: null,
      });
    }

    const id = await createLiveRequest(t, lawyer.cookie);
    const rival = await signUpMediator(t);
    await setTier(t, rival.user.id, 'pro');
    refusedOrOk(
      await call(t, 'POST', `/api/requests/${id}/accept`, mediator.cookie, {
        noConflictConfirmed: true,
        ...PRIVILEGED,
        status: 'selected',
        mediatorId: rival.user.id,
        requestId: FAKE_ID,
      }),
      201,
    );
    expect(await row(sql`SELECT status FROM mediation_requests WHERE id = ${id}`)).toEqual({ status: 'awaiting_selection' });
    const acceptances = (await t.ctx.db.execute(sql`SELECT mediator_id, status FROM mediator_acceptances WHERE request_id = ${id}`)) as unknown as {
      rows: unknown[];
    };
    expect(acceptances.rows).toEqual([{ mediator_id: mediator.user.id, status: 'pending' }]);

    const done = await createMatchedRequest(t);
    const money = sql`SELECT budget::text AS budget, platform_fee::text AS fee, selected_mediator_id FROM mediation_requests WHERE id = ${done.id}`;
    const moneyBefore = await row(money);
    refusedOrOk(
      await call(t, 'POST', `/api/requests/${done.id}/complete`, done.mediator.cookie, {
        completionResults: 'Settled.',
        ...PRIVILEGED,
        status: 'cancelled',
        budget: '1.00',
      }),
    );
    expect(await row(sql`SELECT status FROM mediation_requests WHERE id = ${done.id}`)).toEqual({ status: 'completed' });
    expect(await row(money)).toEqual(moneyBefore);
    expect(await row(sql`SELECT status, payout_paused FROM payments WHERE request_id = ${done.id}`)).toMatchObject({ status: 'held' });

    const disputed = await call(t, 'POST', `/api/requests/${done.id}/dispute`, done.lawyer.cookie, {
      reason: 'Ended early.',
      ...PRIVILEGED,
      status: 'resolved',
      outcome: 'refund_full',
    });
    refusedOrOk(disputed, 201);
    if (disputed.statusCode === 201) expect(await row(sql`SELECT status FROM disputes WHERE request_id = ${done.id}`)).toEqual({ status: 'open' });
    expect(await row(sql`SELECT status, refund_amount::text AS refund FROM payments WHERE request_id = ${done.id}`)).toEqual({
      status: 'held',
      refund: '0.00',
    });

    // A lawyer's cancellation follows the rule, whatever refund the body asks for (only admins choose).
    const late = await createMatchedRequest(t, { preferredDate: '2026-03-06' });
    // Preferred date on Friday, today Monday: 3 business days' notice, under 7 days: half the deposit (RULES.md 2.4).
    const preview = (await call(t, 'GET', `/api/requests/${late.id}/cancellation`, late.lawyer.cookie)).json();
    expect(preview.kind).not.toBe('full');
    const cancelled = await call(t, 'POST', `/api/requests/${late.id}/cancel`, late.lawyer.cookie, { reason: 'Settled', refund: 'full', ...PRIVILEGED });
    refusedOrOk(cancelled);
    if (cancelled.statusCode === 200) expect(cancelled.json()).toMatchObject({ kind: preview.kind, refundAmount: preview.totalRefund });
    else expect(await row(sql`SELECT status FROM mediation_requests WHERE id = ${late.id}`)).toEqual({ status: 'matched' });
  });

  it('reviews, messages, subscriptions and contact: author, reader and tier stay the server’s', async () => {
    const { lawyer, mediator, id } = await createCompletedRequest(t);
    const reviewed = await call(t, 'POST', '/api/reviews', lawyer.cookie, {
      requestId: id,
      ...PRIVILEGED,
      rating: 4,
      reviewerId: mediator.user.id,
      createdAt: '2020-01-01',
    });
    refusedOrOk(reviewed, 201);
    if (reviewed.statusCode === 201) {
      expect(await row(sql`SELECT reviewer_id, reviewee_id, rating FROM reviews WHERE request_id = ${id}`)).toEqual({
        reviewer_id: lawyer.user.id,
        reviewee_id: mediator.user.id,
        rating: 4,
      });
      expect(await row(sql`SELECT rating::text AS rating, review_count FROM mediator_profiles WHERE user_id = ${mediator.user.id}`)).toEqual({
        rating: '4.00',
        review_count: 1,
      });
    }

    const sent = await call(t, 'POST', '/api/messages', lawyer.cookie, {
      requestId: id,
      content: 'Hello',
      ...PRIVILEGED,
      senderId: mediator.user.id,
      recipientId: lawyer.user.id,
    });
    refusedOrOk(sent, 201);
    if (sent.statusCode === 201) {
      expect(await row(sql`SELECT sender_id, recipient_id, is_read FROM messages WHERE request_id = ${id} ORDER BY created_at DESC LIMIT 1`)).toEqual({
        sender_id: lawyer.user.id,
        recipient_id: mediator.user.id,
        is_read: false,
      });
    }

    const free = await signUpMediator(t);
    refusedOrOk(
      await call(t, 'POST', '/api/subscription/upgrade', free.cookie, {
        ...PRIVILEGED,
        tier: 'pro',
        status: 'active',
        currentPeriodEnd: '2099-01-01',
        cancelAtPeriodEnd: true,
      }),
    );
    expect(await row(sql`SELECT subscription_tier FROM mediator_profiles WHERE user_id = ${free.user.id}`)).toEqual({ subscription_tier: 'free' });
    const sub = await row(sql`SELECT tier FROM subscriptions WHERE mediator_id = ${free.user.id}`);
    if (sub) expect(sub).toEqual({ tier: 'free' });

    const contact = await call(t, 'POST', '/api/contact', undefined, {
      name: 'Ada',
      email: 'ada.mass@example.com',
      subject: 'Hi',
      message: 'A question.',
      ...PRIVILEGED,
    });
    refusedOrOk(contact, 201);
    if (contact.statusCode === 201)
      expect(await row(sql`SELECT handled, handled_by_id FROM contact_messages WHERE email = 'ada.mass@example.com'`)).toEqual({
        handled: false,
        handled_by_id: null,
      });
  });

  it('the agreement, the term sheet and a signature: author, side, number, status and signer stay the server’s', async () => {
    const { lawyer, mediator, id } = await createMatchedRequest(t);
    refusedOrOk(await call(t, 'PUT', '/api/agreement-template', mediator.cookie, { required: false, template: null, ...PRIVILEGED }));
    // `mediatorId` names someone else: the settings saved are the caller's own.
    expect(await row(sql`SELECT count(*)::int AS n FROM mediator_agreement_settings WHERE mediator_id = ${FAKE_ID}`)).toEqual({ n: 0 });

    const content = termSheetContent([
      { name: 'Ann Applicant', side: 'first', email: '' },
      { name: 'Rob Respondent', side: 'second', email: '' },
    ]);
    const versions = `/api/requests/${id}/term-sheet/versions`;
    refusedOrOk(await call(t, 'POST', versions, mediator.cookie, { content, ...PRIVILEGED, number: 7, status: 'final', createdById: lawyer.user.id }), 201);
    expect(await row(sql`SELECT number, status, created_by_id FROM term_sheet_versions WHERE request_id = ${id}`)).toEqual({
      number: 1,
      status: 'draft',
      created_by_id: mediator.user.id,
    });

    const proposed = await call(t, 'POST', `/api/requests/${id}/term-sheet/proposals`, lawyer.cookie, {
      baseVersion: 1,
      content,
      ...PRIVILEGED,
      side: 'second',
      proposedById: mediator.user.id,
      acceptedAsVersion: 1,
      decisionReason: 'Forged',
    });
    refusedOrOk(proposed, 201);
    expect(
      await row(sql`SELECT side, status, proposed_by_id, accepted_as_version, decision_reason FROM term_sheet_proposals WHERE request_id = ${id}`),
    ).toEqual({ side: 'first', status: 'open', proposed_by_id: lawyer.user.id, accepted_as_version: null, decision_reason: null });

    const final = await call(t, 'POST', `${versions}/1/final`, mediator.cookie);
    expect(final.statusCode, final.body).toBe(201);
    const signed = await call(t, 'POST', `/api/signing/envelopes/${final.json().id}/sign`, lawyer.cookie, {
      intent: true,
      signature: { kind: 'typed', text: 'Lena Lawyer' },
      password: PASSWORD,
      ...PRIVILEGED,
      method: 'email_code',
      name: 'Someone Else',
      signedAt: '2020-01-01T00:00:00.000Z',
      ip: '203.0.113.66',
      sha256: 'f'.repeat(64),
    });
    refusedOrOk(signed);
    expect(
      await row(sql`SELECT name, method, ip, signed_at > '2025-01-01' AS signed_now FROM envelope_signers WHERE envelope_id = ${final.json().id}`),
    ).toEqual({
      name: 'Lena Lawyer',
      method: 'password',
      ip: '127.0.0.1',
      signed_now: true,
    });
    expect(await row(sql`SELECT count(*)::int AS n FROM signing_envelopes WHERE sha256 = ${'f'.repeat(64)}`)).toEqual({ n: 0 });
  });

  it('`__proto__` and `constructor` keys are refused or ignored, and pollute nothing', async () => {
    const lawyer = await signUpLawyer(t);
    const mediator = await signUpMediator(t);
    const statuses: number[] = [];
    for (const [method, url, cookie, body] of [
      ['POST', '/api/register', undefined, { email: uniqueEmail('proto'), password: PASSWORD, firstName: 'P', lastName: 'Q' }],
      ['PATCH', '/api/user/role', (await signUpMediator(t)).cookie, { role: 'lawyer' }],
      ['PATCH', '/api/profile', lawyer.cookie, { firstName: 'Proto' }],
      ['POST', '/api/profile/lawyer', lawyer.cookie, { jurisdiction: 'California' }],
      ['POST', '/api/profile/mediator', mediator.cookie, { jurisdiction: 'California', hourlyRate: 300, specializations: ['Family Law'] }],
      ['POST', '/api/requests', lawyer.cookie, validRequest()],
      ['POST', '/api/contact', undefined, { name: 'A', email: 'a.proto@example.com', subject: 'S', message: 'M' }],
      ['POST', '/api/login', undefined, { email: 'nobody@example.com', password: 'x' }],
    ] as const) {
      const res = await raw(method, url, cookie, withProtoKeys(body));
      statuses.push(res.statusCode); // the parser drops the keys (201/200) or the route refuses the rest
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(500);
      expect([200, 201, 400, 401, 409], `${method} ${url}`).toContain(res.statusCode);
    }
    expect(({} as Record<string, unknown>).role).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(await row(sql`SELECT count(*)::int AS n FROM users WHERE role = 'admin'`)).toEqual({ n: 0 });
    expect(await row(sql`SELECT role FROM users WHERE id = ${lawyer.user.id}`)).toEqual({ role: 'lawyer' });
  });
});
