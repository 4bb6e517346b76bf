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
  it('one click in the mail client (RFC 8058): the List-Unsubscribe URL takes a POST with no session and turns that kind off', async () => {
    const lawyer = await signUpLawyer(t);
    const mediator = await signUpMediator(t);
    await setTier(t, mediator.user.id, 'pro');
    const id = await createLiveRequest(t, lawyer.cookie);
    expect((await call(t, 'POST', `/api/requests/${id}/accept`, mediator.cookie, { noConflictConfirmed: true })).statusCode).toBe(201);
    await runDueJobs(t);
    const mail = t.mailer.sent.filter((m) => m.to === lawyer.email).at(-1)!;
    expect(mail.subject).toMatch(/^A mediator accepted /);
    expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const oneClick = mail.headers!['List-Unsubscribe'].match(/^<http:\/\/localhost:3000(\/api\/email\/unsubscribe\/one-click\?token=([\w.-]+))>$/)!;
    const [, url, token] = oneClick;
    expect(mail.html).toContain(`href="http://localhost:3000/requests/${id}" target="_blank" class="mh-button"`);

    // Opened in a browser (a client without one click): the confirmation page, nothing changed.
    const landing = await call(t, 'GET', url);
    expect([landing.statusCode, landing.headers.location]).toEqual([303, `/unsubscribe?token=${token}`]);
    expect(enabledOf((await call(t, 'GET', URL, lawyer.cookie)).json()).acceptance_received).toBe(true);

    // The provider's POST: a form body, no cookie, whatever Origin (its own servers, or a webmail page).
    const post = (headers: Record<string, string>, payload?: string) =>
      t.app.inject({ method: 'POST', url, headers, ...(payload === undefined ? {} : { payload }) });
    const done = { kind: 'acceptance_received', label: 'Acceptances', enabled: false };
    const first = await post({ 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example' }, 'List-Unsubscribe=One-Click');
    expect([first.statusCode, first.json()]).toEqual([200, done]);
    expect(enabledOf((await call(t, 'GET', URL, lawyer.cookie)).json())).toEqual({
      ...twoSidedOn,
      acceptance_received: false,
      mediation_completed: true,
      new_message: true,
    });
    // Again, as multipart or with no body at all: the same answer, nothing more changes.
    const boundary = '----one-click';
    const multipart = `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`;
    const second = await post({ 'content-type': `multipart/form-data; boundary=${boundary}` }, multipart);
    expect([second.statusCode, second.json()]).toEqual([200, done]);
    expect((await post({})).statusCode).toBe(200);
    expect(enabledOf((await call(t, 'GET', URL, lawyer.cookie)).json()).acceptance_received).toBe(false);
    expect((await call(t, 'GET', URL, mediator.cookie)).json().every((p: { enabled: boolean }) => p.enabled)).toBe(true);
    // Only a form's worth of body: anything larger is not a mail provider's.
    const large = await post({ 'content-type': 'application/x-www-form-urlencoded' }, `List-Unsubscribe=One-Click&x=${'y'.repeat(5000)}`);
    expect(large.statusCode).toBe(413);
  });

  it('the one-click URL refuses a tampered, foreign or missing token with 400 and changes nothing', async () => {
    const lawyer = await signUpLawyer(t);
    const mediator = await signUpMediator(t);
    const real = createUnsubscribeToken(t.ctx.secret, lawyer.user.id, 'new_message');
    const swapped = `${Buffer.from(`${mediator.user.id}:new_message`).toString('base64url')}.${real.split('.')[1]}`;
    const foreign = createUnsubscribeToken('some-other-secret-0123456789-0123456789', lawyer.user.id, 'new_message');
    for (const query of [`?token=${swapped}`, `?token=${foreign}`, `?token=${real}x`, '?token=garbage', '?token=', '', `?token=${real}&token=${real}`]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/email/unsubscribe/one-click${query}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(res.statusCode, query).toBe(400);
      if (!query.includes('&')) expect(res.json().message, query).toBe(UNSUBSCRIBE_INVALID);
    }
    for (const who of [lawyer, mediator]) expect((await call(t, 'GET', URL, who.cookie)).json().every((p: { enabled: boolean }) => p.enabled)).toBe(true);
  });

  it('transactional e-mails (verification, password reset) come in the layout with no List-Unsubscribe', async () => {
    const lawyer = await signUpLawyer(t);
    const verification = t.mailer.sent.find((m) => m.to === lawyer.email && /\/api\/verify-email\?token=/.test(m.text))!;
    expect(verification.headers).toBeUndefined();
    expect(verification.html).toMatch(
      /<a href="http:\/\/localhost:3000\/api\/verify-email\?token=[\w-]+" target="_blank" class="mh-button"[^>]*>Confirm my e-mail address<\/a>/,
    );
    expect((await call(t, 'POST', '/api/password/forgot', undefined, { email: lawyer.email })).statusCode).toBe(200);
    const reset = t.mailer.sent.filter((m) => m.to === lawyer.email).at(-1)!;
    expect(reset.text).toMatch(/\/reset-password\?token=/);
    expect(reset.headers).toBeUndefined();
    expect(reset.html).toContain('>Choose a new password</a>');
    expect(reset.html).toContain('Lena,');
  });
});
