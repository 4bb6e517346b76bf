import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../../../tests/helpers/backends';
import { signUpVerified, uniqueEmail } from '../../../../tests/helpers/accounts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { contactMessages } from '../../db/schema';

describe.each(backends)('contact, settings, health on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  const contact = (payload: unknown, cookie?: string) =>
    t.app.inject({ method: 'POST', url: '/api/contact', headers: cookie ? { cookie } : {}, payload: payload as object });
  const valid = () => ({ name: 'Pat Doe', email: uniqueEmail('contact'), subject: 'Billing question', message: 'How are deposits refunded?' });

  it('stores a message from a visitor (201) for the Support tab', async () => {
    const input = valid();
    const res = await contact({ ...input, name: '  Pat Doe  ', email: input.email.toUpperCase() });
    expect(res.statusCode).toBe(201);
    const { id } = res.json();
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const [row] = await t.ctx.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(row).toMatchObject({ name: 'Pat Doe', email: input.email, subject: input.subject, message: input.message, handled: false, userId: null });
  });

  it('links the message to the signed-in member', async () => {
    const { cookie, user } = await signUpVerified(t);
    const res = await contact(valid(), cookie);
    expect(res.statusCode).toBe(201);
    const [row] = await t.ctx.db.select().from(contactMessages).where(eq(contactMessages.id, res.json().id));
    expect(row.userId).toBe(user.id);
  });

  it('reports every missing field with the form texts and stores nothing', async () => {
    const before = (await t.ctx.db.select().from(contactMessages)).length;
    const res = await contact({});
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({
      name: 'Name is required',
      email: 'Invalid email address',
      subject: 'Subject is required',
      message: 'Message is required',
    });
    const blanks = await contact({ name: ' ', email: 'x@y.co', subject: '\t', message: '\n' });
    expect(blanks.statusCode).toBe(400);
    expect(blanks.json().fieldErrors).toEqual({ name: 'Name is required', subject: 'Subject is required', message: 'Message is required' });
    const badEmail = await contact({ ...valid(), email: 'not an email' });
    expect(badEmail.json().fieldErrors).toEqual({ email: 'Invalid email address' });
    const tooLong = await contact({ ...valid(), message: 'x'.repeat(5001) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().fieldErrors).toHaveProperty('message');
    expect((await t.ctx.db.select().from(contactMessages)).length).toBe(before);
  });

  it('GET /api/settings/public gives the defaults as two-decimal strings, signed out', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/settings/public' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ defaultDeposit: '250.00', commissionPercentage: '10.00', minimumPlatformFee: '50.00' });
    expect(body).toHaveProperty('termsOfService');
    expect(body).toHaveProperty('privacyPolicy');
    expect(body).not.toHaveProperty('emailTemplates');
    expect(body.payments).toEqual({ provider: 'local', publishableKey: null });
  });

  it('GET /api/health and /api/ready answer 200', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready', database: backend === 'pglite' ? 'embedded' : 'server' });
  });

  it.each([
    ['GET', '/api/does-not-exist'],
    ['GET', '/api'],
    ['POST', '/api/does-not-exist'],
    ['DELETE', '/api/user'],
    ['GET', '/api/requests-typo?x=1'],
  ] as const)('%s %s is a JSON 404', async (method, url) => {
    const res = await t.app.inject({ method, url });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(typeof res.json().message).toBe('string');
  });
});
