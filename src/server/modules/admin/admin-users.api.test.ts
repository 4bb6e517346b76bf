import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { PASSWORD, signUpLawyer, signUpMediator, signUpVerified, uniqueEmail } from '../../../../tests/helpers/accounts';
import { backends } from '../../../../tests/helpers/backends';
import { call, setTier } from '../../../../tests/helpers/requests';
import { createTestApp, sessionCookie, type TestApp } from '../../../../tests/helpers/test-app';
import { ensureAdmin } from '../users/accounts.service';

interface Row {
  id: string;
  email: string;
  firstName: string;
  role: string | null;
  status: string;
  lawyer: { firmName: string | null; rating: string } | null;
  mediator: { subscriptionTier: string; rating: string } | null;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe.each(backends)('admin users on %s', (backend) => {
  let t: TestApp;
  let admin: { id: string; cookie: string };
  beforeAll(async () => {
    t = await createTestApp(backend);
    const email = uniqueEmail('admin');
    const { id } = await ensureAdmin(t.ctx, email, PASSWORD);
    admin = { id, cookie: sessionCookie(await call(t, 'POST', '/api/login', undefined, { email, password: PASSWORD })) };
  });
  afterAll(async () => {
    await t?.close();
  });

  const list = async (query: string) => {
    const res = await call(t, 'GET', `/api/admin/users?${query}`, admin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    return { rows: res.json() as Row[], next: res.headers['x-next-cursor'] as string | undefined };
  };
  const auditOf = async (targetId: string, action: string) =>
    rowsOf<{ actor_id: string; details: Record<string, unknown> }>(
      await t.ctx.db.execute(sql`SELECT actor_id, details FROM audit_log WHERE target_id = ${targetId} AND action = ${action} ORDER BY created_at`),
    );

  it('lists accounts with a profile summary, never a password hash or token; filters by role and status', async () => {
    const lawyer = await signUpLawyer(t, { firmName: 'Summary & Sons' });
    const mediator = await signUpMediator(t);
    await setTier(t, mediator.user.id, 'pro');
    const lawyers = (await list('role=lawyer&limit=100')).rows;
    expect(lawyers.every((u) => u.role === 'lawyer')).toBe(true);
    expect(lawyers.find((u) => u.id === lawyer.user.id)).toMatchObject({ lawyer: { firmName: 'Summary & Sons', rating: '0.00' }, mediator: null });
    const mediators = (await list('role=mediator&status=pending&limit=100')).rows;
    expect(mediators.find((u) => u.id === mediator.user.id)).toMatchObject({ status: 'pending', mediator: { subscriptionTier: 'pro', rating: '0.00' } });
    const raw = (await call(t, 'GET', '/api/admin/users?limit=100', admin.cookie)).body;
    expect(raw).not.toMatch(/password|verificationToken|\$argon2/);
    expect((await call(t, 'GET', '/api/admin/users?role=owner', admin.cookie)).statusCode).toBe(400);
    expect((await call(t, 'GET', '/api/admin/users?status=gone', admin.cookie)).json().message).toBe('Status must be pending, approved or suspended');
  });

  it('searches name and e-mail without case, and LIKE wildcards match only themselves', async () => {
    const tag = Date.now().toString(36);
    const underscored = await signUpVerified(t, { email: `under_score.${tag}@example.com`, firstName: 'Quentin', lastName: 'Searchable' });
    const plain = await signUpVerified(t, { email: `underxscore.${tag}@example.com`, firstName: 'Other', lastName: 'Person' });
    expect((await list(`search=UNDER_SCORE.${tag}`)).rows.map((u) => u.id)).toEqual([underscored.user.id]);
    expect((await list(`search=underxscore.${tag}`)).rows.map((u) => u.id)).toEqual([plain.user.id]);
    expect((await list(`search=${encodeURIComponent('quentin searchABLE')}`)).rows.map((u) => u.id)).toEqual([underscored.user.id]);
    expect((await list(`search=${encodeURIComponent('%')}`)).rows).toEqual([]);
    expect((await list(`search=${encodeURIComponent('\\')}`)).rows).toEqual([]);
  });

  it('pages newest first with X-Next-Cursor until every account was listed once', async () => {
    for (let i = 0; i < 3; i++) await signUpVerified(t);
    const all = (await list('limit=100')).rows.map((u) => u.id);
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await list(`limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.rows.length).toBeLessThanOrEqual(2);
      seen.push(...page.rows.map((u) => u.id));
      cursor = page.next;
    } while (cursor);
    expect(seen).toEqual(all);
  });

  it('changes a status (audited); 404 for an unknown user before a bad body; 400 for a bad status', async () => {
    const mediator = await signUpMediator(t);
    const approved = await call(t, 'PATCH', `/api/admin/users/${mediator.user.id}/status`, admin.cookie, { status: 'approved' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ id: mediator.user.id, status: 'approved', role: 'mediator' });
    expect(await auditOf(mediator.user.id, 'user.status')).toEqual([{ actor_id: admin.id, details: { from: 'pending', to: 'approved' } }]);
    // The same status again changes nothing and logs nothing.
    expect((await call(t, 'PATCH', `/api/admin/users/${mediator.user.id}/status`, admin.cookie, { status: 'approved' })).statusCode).toBe(200);
    expect(await auditOf(mediator.user.id, 'user.status')).toHaveLength(1);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      expect((await call(t, 'PATCH', `/api/admin/users/${id}/status`, admin.cookie, { status: 'bogus' })).statusCode).toBe(404);
    }
    const bad = await call(t, 'PATCH', `/api/admin/users/${mediator.user.id}/status`, admin.cookie, { status: 'banned' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({ status: 'Status must be pending, approved or suspended' });
  });

  it('an admin cannot suspend themselves (403) but may suspend another admin', async () => {
    const self = await call(t, 'PATCH', `/api/admin/users/${admin.id}/status`, admin.cookie, { status: 'suspended' });
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe('You cannot suspend your own account');
    expect((await call(t, 'GET', '/api/user', admin.cookie)).json().status).toBe('approved');
    const otherEmail = uniqueEmail('admin2');
    const other = await ensureAdmin(t.ctx, otherEmail, PASSWORD);
    const otherCookie = sessionCookie(await call(t, 'POST', '/api/login', undefined, { email: otherEmail, password: PASSWORD }));
    expect((await call(t, 'PATCH', `/api/admin/users/${other.id}/status`, admin.cookie, { status: 'suspended' })).statusCode).toBe(200);
    expect((await call(t, 'GET', '/api/admin/users', otherCookie)).statusCode).toBe(401);
  });

  it('suspension ends every session at once: the next call is 401, the sockets close, signing in is refused', async () => {
    const lawyer = await signUpLawyer(t);
    const second = sessionCookie(await call(t, 'POST', '/api/login', undefined, { email: lawyer.email, password: PASSWORD }));
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const socket = new WebSocket(`${address.replace('http', 'ws')}/ws`, { headers: { cookie: lawyer.cookie, origin: 'http://localhost:3000' } });
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));

    const res = await call(t, 'PATCH', `/api/admin/users/${lawyer.user.id}/status`, admin.cookie, { status: 'suspended' });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('suspended');
    expect(await closed).toBe(4001);
    for (const cookie of [lawyer.cookie, second]) expect((await call(t, 'GET', '/api/user', cookie)).statusCode).toBe(401);
    const sessions = rowsOf<{ n: number }>(await t.ctx.db.execute(sql`SELECT count(*)::int AS n FROM session WHERE sess->>'userId' = ${lawyer.user.id}`));
    expect(sessions[0].n).toBe(0);
    const login = await call(t, 'POST', '/api/login', undefined, { email: lawyer.email, password: PASSWORD });
    expect(login.statusCode).toBe(403);
    // Approved again, they sign in as before.
    t.clock.advance(1000); // the audit log is read in time order: the test clock would otherwise tie the two entries
    expect((await call(t, 'PATCH', `/api/admin/users/${lawyer.user.id}/status`, admin.cookie, { status: 'approved' })).statusCode).toBe(200);
    expect((await call(t, 'POST', '/api/login', undefined, { email: lawyer.email, password: PASSWORD })).statusCode).toBe(200);
    expect((await auditOf(lawyer.user.id, 'user.status')).map((a) => a.details)).toEqual([
      { from: 'pending', to: 'suspended' },
      { from: 'suspended', to: 'approved' },
    ]);
  });
});
