import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signUpLawyer, uniqueEmail } from '../../../../tests/helpers/accounts';
import { backends } from '../../../../tests/helpers/backends';
import { call } from '../../../../tests/helpers/requests';
import { createTestApp, sessionCookie, type TestApp } from '../../../../tests/helpers/test-app';
import { ensureAdmin } from '../users/accounts.service';

interface SupportMessage {
  id: string;
  userId: string | null;
  subject: string;
  handled: boolean;
  handledAt: string | null;
  handledBy: { id: string; firstName: string } | null;
}

describe.each(backends)('the Support tab on %s', (backend) => {
  let t: TestApp;
  let admin: { id: string; cookie: string };
  beforeAll(async () => {
    t = await createTestApp(backend);
    const email = uniqueEmail('admin');
    const { id } = await ensureAdmin(t.ctx, email, PASSWORD, { firstName: 'Sam', lastName: 'Support' });
    admin = { id, cookie: sessionCookie(await call(t, 'POST', '/api/login', undefined, { email, password: PASSWORD })) };
  });
  afterAll(async () => {
    await t?.close();
  });

  const contact = async (subject: string, cookie?: string) => {
    const res = await call(t, 'POST', '/api/contact', cookie, { name: 'Pat Visitor', email: 'pat@example.com', subject, message: 'Hello, I have a question.' });
    expect(res.statusCode).toBe(201);
    t.clock.advance(1000);
    return res.json().id as string;
  };
  const list = async (query = '') => {
    const res = await call(t, 'GET', `/api/admin/support${query}`, admin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    return { rows: res.json() as SupportMessage[], next: res.headers['x-next-cursor'] as string | undefined };
  };

  it('lists contact-form messages newest first; marking one handled records who and when, audited, and can be undone', async () => {
    const lawyer = await signUpLawyer(t);
    const first = await contact('First question');
    const second = await contact('Second question', lawyer.cookie);
    const { rows } = await list();
    expect(rows.map((m) => m.id)).toEqual([second, first]);
    expect(rows[0]).toMatchObject({ userId: lawyer.user.id, subject: 'Second question', handled: false, handledBy: null, handledAt: null });
    expect(rows[1].userId).toBeNull();

    const handled = await call(t, 'PATCH', `/api/admin/support/${first}`, admin.cookie, { handled: true });
    expect(handled.statusCode).toBe(200);
    expect(handled.json()).toMatchObject({ id: first, handled: true, handledBy: { id: admin.id, firstName: 'Sam' }, handledAt: t.clock.now().toISOString() });
    expect((await list('?handled=true')).rows.map((m) => m.id)).toEqual([first]);
    expect((await list('?handled=false')).rows.map((m) => m.id)).toEqual([second]);
    const page = await list('?limit=1');
    expect(page.rows.map((m) => m.id)).toEqual([second]);
    expect((await list(`?limit=1&cursor=${page.next}`)).rows.map((m) => m.id)).toEqual([first]);

    t.clock.advance(1000); // the audit log is read in time order: the test clock would otherwise tie the two entries
    const undone = await call(t, 'PATCH', `/api/admin/support/${first}`, admin.cookie, { handled: false });
    expect(undone.json()).toMatchObject({ handled: false, handledBy: null, handledAt: null });
    const audit = (await t.ctx.db.execute(
      sql`SELECT actor_id, details FROM audit_log WHERE action = 'support.handled' AND target_id = ${first} ORDER BY created_at`,
    )) as unknown as {
      rows: { actor_id: string; details: unknown }[];
    };
    expect(audit.rows).toEqual([
      { actor_id: admin.id, details: { handled: true } },
      { actor_id: admin.id, details: { handled: false } },
    ]);
  });

  it('404 for an unknown message (before a bad body), 400 for a bad body or filter, 401/403 for others', async () => {
    const id = await contact('Another');
    expect((await call(t, 'PATCH', '/api/admin/support/00000000-0000-4000-8000-000000000000', admin.cookie, { handled: 'yes' })).statusCode).toBe(404);
    expect((await call(t, 'PATCH', '/api/admin/support/junk', admin.cookie, { handled: true })).statusCode).toBe(404);
    const bad = await call(t, 'PATCH', `/api/admin/support/${id}`, admin.cookie, { handled: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({ handled: 'handled must be true or false' });
    expect((await call(t, 'GET', '/api/admin/support?handled=maybe', admin.cookie)).statusCode).toBe(400);
    const lawyer = await signUpLawyer(t);
    expect((await call(t, 'PATCH', `/api/admin/support/${id}`, lawyer.cookie, { handled: true })).statusCode).toBe(403);
    expect((await call(t, 'GET', '/api/admin/support')).statusCode).toBe(401);
    expect((await list('?handled=true')).rows.map((m) => m.id)).not.toContain(id);
  });
});
