import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpLawyer, signUpMediator, signUpVerified } from '../../../../tests/helpers/accounts';
import { backends } from '../../../../tests/helpers/backends';
import { runDueJobs } from '../../../../tests/helpers/jobs';
import { call, createLiveRequest, setTier } from '../../../../tests/helpers/requests';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { UNSUBSCRIBE_INVALID, unsubscribeTokenKind } from '../../../common/schemas/email-preferences';
import { createUnsubscribeToken, readUnsubscribeToken } from './unsubscribe-token';

// The kinds a lawyer has since the two-sided case (issue 23, decision 048), all on until turned off.
const TWO_SIDED_LAWYER = [
  'counsel_joined',
  'invitation_declined',
  'selection_proposed',
  'selection_approved',
  'selection_declined',
  'conflict_disclosed',
  'reviews_revealed',
  // Each side pays its share (issue 24, decision 050).
  'share_due',
  // Scheduling the session (issue 25, decision 054).
  'date_poll_opened',
  // The signed outcome (issue 26, decision 055).
  'signature_requested',
  'term_sheet_updated',
  'signature_refused',
  'document_sealed',
];
const twoSidedOn = Object.fromEntries(TWO_SIDED_LAWYER.map((kind) => [kind, true]));

const URL = '/api/profile/email-preferences';
const enabledOf = (prefs: { kind: string; enabled: boolean }[]) => Object.fromEntries(prefs.map((p) => [p.kind, p.enabled]));

describe('unsubscribe tokens', () => {
  const secret = 'secret-one-0123456789-0123456789-0123456789';
  const userId = '5d0f5d0f-1111-4111-8111-111111111111';

  it('names one user and kind, and is refused when altered, truncated, or signed with another secret', () => {
    const token = createUnsubscribeToken(secret, userId, 'new_request');
    expect(readUnsubscribeToken(secret, token)).toEqual({ userId, kind: 'new_request' });
    expect(unsubscribeTokenKind(token)).toBe('new_request');
    const [payload, signature] = token.split('.');
    const flip = (s: string, i: number) => s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1);
    const otherPayload = Buffer.from(`${userId}:payment_processed`).toString('base64url');
    for (const bad of [
      `${flip(payload, 3)}.${signature}`,
      `${payload}.${flip(signature, 10)}`,
      `${otherPayload}.${signature}`,
      `${payload}.${signature.slice(0, -1)}`,
      `${payload}.${signature}.x`,
      payload,
      '',
      '.',
      `${Buffer.from(`${userId}:new_request:extra`).toString('base64url')}.${signature}`,
    ]) {
      expect(readUnsubscribeToken(secret, bad)).toBeNull();
    }
    expect(readUnsubscribeToken('another-secret-0123456789-0123456789', token)).toBeNull();
    // A validly signed payload that names no user or kind we know is refused too.
    for (const text of ['not-a-uuid:new_request', `${userId}:broadcast`, `${userId}:`]) {
      const raw = Buffer.from(text).toString('base64url');
      const forged = createUnsubscribeToken(secret, userId, 'new_request').replace(/^[^.]+/, raw);
      expect(readUnsubscribeToken(secret, forged)).toBeNull();
    }
  });
});

describe.each(backends)('e-mail preferences and unsubscribe on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is 401 signed out', async () => {
    expect((await call(t, 'GET', URL)).statusCode).toBe(401);
    expect((await call(t, 'PATCH', URL, undefined, { new_message: false })).statusCode).toBe(401);
  });

  it('lists the kinds of the caller’s role, all on until turned off; PATCH changes only what it names', async () => {
    const lawyer = await signUpLawyer(t);
    const mediator = await signUpMediator(t);
    const fresh = await signUpVerified(t);
    const mine = (await call(t, 'GET', URL, lawyer.cookie)).json();
    expect(mine.map((p: { kind: string }) => p.kind)).toEqual(['acceptance_received', 'mediation_completed', 'new_message', ...TWO_SIDED_LAWYER]);
    expect(mine.every((p: { enabled: boolean; label: string }) => p.enabled && p.label)).toBe(true);
    expect((await call(t, 'GET', URL, mediator.cookie)).json().map((p: { kind: string }) => p.kind)).toEqual([
      'new_request',
      'mediator_selected',
      'payment_processed',
      'new_message',
      'counsel_joined',
      'reviews_revealed',
      'session_proposed',
      'term_sheet_updated',
      'signature_refused',
      'document_sealed',
    ]);
    expect((await call(t, 'GET', URL, fresh.cookie)).json()).toEqual([]);

    const off = await call(t, 'PATCH', URL, lawyer.cookie, { new_message: false, acceptance_received: false });
    expect(off.statusCode).toBe(200);
    expect(enabledOf(off.json())).toEqual({ ...twoSidedOn, acceptance_received: false, mediation_completed: true, new_message: false });
    const again = await call(t, 'PATCH', URL, lawyer.cookie, { new_message: false, acceptance_received: true });
    expect(enabledOf(again.json())).toEqual({ ...twoSidedOn, acceptance_received: true, mediation_completed: true, new_message: false });
    expect(enabledOf((await call(t, 'GET', URL, lawyer.cookie)).json())).toEqual({
      ...twoSidedOn,
      acceptance_received: true,
      mediation_completed: true,
      new_message: false,
    });
    // Somebody else's settings are untouched.
    expect((await call(t, 'GET', URL, mediator.cookie)).json().every((p: { enabled: boolean }) => p.enabled)).toBe(true);
  });

  it.each([
    ['an empty body', {}],
    ['no body', undefined],
    ['an unknown kind', { broadcast: false }],
    ['a non-boolean', { new_message: 'no' }],
    ['null', { new_message: null }],
    ['an array', [true]],
  ])('refuses %s with 400', async (_, body) => {
    const lawyer = await signUpLawyer(t);
    const res = await call(t, 'PATCH', URL, lawyer.cookie, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('message');
  });

  it('refuses a foreign Origin', async () => {
    const lawyer = await signUpLawyer(t);
    const res = await t.app.inject({
      method: 'PATCH',
      url: URL,
      headers: { cookie: lawyer.cookie, origin: 'https://evil.example' },
      payload: { new_message: false },
    });
    expect(res.statusCode).toBe(403);
  });

  it('the link in a real e-mail: GET changes nothing and sends to the confirmation page; POST turns that kind off for that user', async () => {
    const lawyer = await signUpLawyer(t);
    const mediator = await signUpMediator(t);
    await setTier(t, mediator.user.id, 'pro');
    const id = await createLiveRequest(t, lawyer.cookie);
    expect((await call(t, 'POST', `/api/requests/${id}/accept`, mediator.cookie, { noConflictConfirmed: true })).statusCode).toBe(201);
    await runDueJobs(t);
    const mail = t.mailer.sent.filter((m) => m.to === lawyer.email).at(-1)!;
    expect(mail.subject).toMatch(/^A mediator accepted /);
    const link = mail.text.match(/http:\/\/localhost:3000(\/api\/email\/unsubscribe\?token=[\w.-]+)/)![1];
    const token = new URLSearchParams(link.split('?')[1]).get('token')!;

    const landing = await call(t, 'GET', link);
    expect(landing.statusCode).toBe(303);
    expect(landing.headers.location).toBe(`/unsubscribe?token=${token}`);
    expect(enabledOf((await call(t, 'GET', URL, lawyer.cookie)).json()).acceptance_received).toBe(true); // nothing changed yet

    // Signed out, or signed in as somebody else: the token alone decides, and only for its own user.
    const res = await call(t, 'POST', '/api/email/unsubscribe', mediator.cookie, { token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ kind: 'acceptance_received', label: 'Acceptances', enabled: false });
    expect(enabledOf((await call(t, 'GET', URL, lawyer.cookie)).json())).toEqual({
      ...twoSidedOn,
      acceptance_received: false,
      mediation_completed: true,
      new_message: true,
    });
    expect((await call(t, 'GET', URL, mediator.cookie)).json().every((p: { enabled: boolean }) => p.enabled)).toBe(true);
    // Twice is fine.
    expect((await call(t, 'POST', '/api/email/unsubscribe', undefined, { token })).statusCode).toBe(200);

    // The next acceptance reaches the bell, not the inbox.
    const other = await signUpMediator(t);
    await setTier(t, other.user.id, 'pro');
    const before = t.mailer.sent.filter((m) => m.to === lawyer.email).length;
    expect((await call(t, 'POST', `/api/requests/${id}/accept`, other.cookie, { noConflictConfirmed: true })).statusCode).toBe(201);
    await runDueJobs(t);
    expect(t.mailer.sent.filter((m) => m.to === lawyer.email)).toHaveLength(before);
  });

  it('a tampered or unknown token: GET sends to the page with invalid=true, POST is 400, nothing changes', async () => {
    const lawyer = await signUpLawyer(t);
    const mediator = await signUpMediator(t);
    const real = createUnsubscribeToken(t.ctx.secret, lawyer.user.id, 'new_message');
    const [, signature] = real.split('.');
    // The lawyer's signature on the mediator's id: refused.
    const swapped = `${Buffer.from(`${mediator.user.id}:new_message`).toString('base64url')}.${signature}`;
    const foreign = createUnsubscribeToken('some-other-secret-0123456789-0123456789', lawyer.user.id, 'new_message');
    for (const token of [swapped, foreign, `${real}x`, 'garbage', '']) {
      const landing = await call(t, 'GET', `/api/email/unsubscribe?token=${encodeURIComponent(token)}`);
      expect(landing.statusCode).toBe(303);
      expect(landing.headers.location).toBe('/unsubscribe?invalid=true');
      const res = await call(t, 'POST', '/api/email/unsubscribe', undefined, { token });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(UNSUBSCRIBE_INVALID);
    }
    expect((await call(t, 'GET', '/api/email/unsubscribe')).headers.location).toBe('/unsubscribe?invalid=true');
    expect((await call(t, 'POST', '/api/email/unsubscribe', undefined, {})).statusCode).toBe(400);
    expect((await call(t, 'POST', '/api/email/unsubscribe', undefined, { token: real, extra: 1 })).statusCode).toBe(400);
    for (const who of [lawyer, mediator]) expect((await call(t, 'GET', URL, who.cookie)).json().every((p: { enabled: boolean }) => p.enabled)).toBe(true);
  });
});
