import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../../../tests/helpers/backends';
import { PASSWORD, signUpVerified, uniqueEmail } from '../../../../tests/helpers/accounts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { users } from '../../db/schema';

// Names are one line (RULES.md 7, spec 5 texts kept), and a name quoted in an e-mail can neither add lines nor become a
// link to somewhere else.

const MULTI_LINE = [
  'Ada\r\nBcc: victim@example.com',
  'Ada\nClick https://phish.example',
  'Ada\tLovelace',
  'Ada\u2028x',
  'Ada\u2029x',
  'Ada\u0085x',
  'Ada\u202Ex',
  'A\u0000',
];

describe.each(backends)('names on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  const register = (payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { email: uniqueEmail('names'), password: PASSWORD, firstName: 'Ada', lastName: 'Lovelace', ...payload },
    });
  const patchProfile = (cookie: string, payload: object) => t.app.inject({ method: 'PATCH', url: '/api/profile', headers: { cookie }, payload });
  const mailTo = (email: string) => t.mailer.sent.filter((m) => m.to === email).at(-1)!;

  it('registration refuses a name with a line break or a control character: 400 with the field error', async () => {
    for (const value of MULTI_LINE) {
      for (const [field, label] of [
        ['firstName', 'First name'],
        ['lastName', 'Last name'],
      ]) {
        const res = await register({ [field]: value });
        expect(res.statusCode, `${field}=${JSON.stringify(value)} → ${res.body}`).toBe(400);
        if (value.includes('\u0000')) continue; // the body parser refuses NUL anywhere, before the schema
        expect(res.json().fieldErrors).toEqual({ [field]: `${label} must be a single line, without line breaks or control characters` });
      }
    }
  });

  it('registration keeps the spec texts for blank names, trims, and caps the length', async () => {
    const blank = await register({ firstName: '  ', lastName: '' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fieldErrors).toEqual({ firstName: 'First name is required', lastName: 'Last name is required' });
    const long = await register({ firstName: 'x'.repeat(101) });
    expect(long.statusCode).toBe(400);
    expect(long.json().fieldErrors).toEqual({ firstName: 'First name must be at most 100 characters' });
    const ok = await register({ firstName: '  Zoë ', lastName: " O'Brien-Núñez " });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ firstName: 'Zoë', lastName: "O'Brien-Núñez" });
  });

  it('PATCH /api/profile refuses the same names and changes nothing', async () => {
    const { cookie } = await signUpVerified(t, { firstName: 'Ada', lastName: 'Lovelace' });
    for (const value of MULTI_LINE.filter((v) => !v.includes('\u0000'))) {
      const first = await patchProfile(cookie, { firstName: value });
      expect(first.statusCode).toBe(400);
      expect(first.json().fieldErrors).toEqual({ firstName: 'First name must be a single line, without line breaks or control characters' });
      const last = await patchProfile(cookie, { lastName: value });
      expect(last.statusCode).toBe(400);
      expect(last.json().fieldErrors).toEqual({ lastName: 'Last name must be a single line, without line breaks or control characters' });
    }
    const me = (await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).json();
    expect(me).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace' });
    const ok = await patchProfile(cookie, { firstName: ' Ada Augusta ' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().firstName).toBe('Ada Augusta');
  });

  it('a name that looks like a link is not made clickable in the e-mail; our own link is the only one', async () => {
    const email = uniqueEmail('linkname');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { email, password: PASSWORD, firstName: 'Visit evil.example or https://phish.example/login', lastName: 'X' },
    });
    expect(res.statusCode).toBe(201);
    const mail = mailTo(email);
    expect(mail.text).not.toContain('evil.example');
    expect(mail.text).not.toContain('https://phish');
    expect(mail.text.match(/https?:\/\/\S+/g)).toEqual([expect.stringMatching(/^http:\/\/localhost:3000\/api\/verify-email\?token=/)]);
  });

  it('a name stored before these rules (with line breaks) still cannot add lines to an e-mail', async () => {
    const { email, user } = await signUpVerified(t);
    await t.ctx.db.update(users).set({ firstName: 'Ada\r\n\r\nYour account is locked. Go to https://phish.example\r\n' }).where(eq(users.id, user.id));
    expect((await t.app.inject({ method: 'POST', url: '/api/password/forgot', payload: { email } })).statusCode).toBe(200);
    const mail = mailTo(email);
    expect(mail.text).not.toMatch(/\r/);
    const greeting = mail.text.split('\n')[0];
    expect(greeting).toBe('Hi Ada Your account is locked. Go to https: //phish. example,');
    expect(mail.text.match(/https?:\/\/\S+/g)).toEqual([expect.stringMatching(/^http:\/\/localhost:3000\/reset-password\?token=/)]);
  });
});
