import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signUpLawyer, signUpMediator, uniqueEmail } from '../../../../tests/helpers/accounts';
import { backends } from '../../../../tests/helpers/backends';
import { call, createLiveRequest } from '../../../../tests/helpers/requests';
import { createTestApp, sessionCookie, type TestApp } from '../../../../tests/helpers/test-app';
import { ensureAdmin } from '../users/accounts.service';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe.each(backends)('impersonation on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function newAdmin() {
    const email = uniqueEmail('admin');
    const { id } = await ensureAdmin(t.ctx, email, PASSWORD, { firstName: 'Ada', lastName: 'Admin' });
    return { id, email, cookie: sessionCookie(await call(t, 'POST', '/api/login', undefined, { email, password: PASSWORD })) };
  }
  const audit = async (actorId: string) =>
    rowsOf<{ action: string; target_id: string }>(
      await t.ctx.db.execute(sql`SELECT action, target_id FROM audit_log WHERE actor_id = ${actorId} AND action LIKE 'user.impersonate.%' ORDER BY created_at`),
    );

  it('impersonate → act as the user → stop → the admin again, audited both ways', async () => {
    const admin = await newAdmin();
    const lawyer = await signUpLawyer(t);
    const requestId = await createLiveRequest(t, lawyer.cookie);

    const started = await call(t, 'POST', `/api/admin/impersonate/${lawyer.user.id}`, admin.cookie);
    expect(started.statusCode, started.body).toBe(200);
    const impersonatedBy = { id: admin.id, email: admin.email, firstName: 'Ada', lastName: 'Admin' };
    expect(started.json()).toMatchObject({ id: lawyer.user.id, role: 'lawyer', impersonatedBy });
    expect((await call(t, 'GET', '/api/user', admin.cookie)).json()).toMatchObject({ id: lawyer.user.id, impersonatedBy });
    // The same cookie now acts as the lawyer: their requests, their actions; admin routes are refused.
    const mine = (await call(t, 'GET', '/api/requests', admin.cookie)).json() as { id: string }[];
    expect(mine.map((r) => r.id)).toEqual([requestId]);
    expect((await call(t, 'GET', '/api/admin/users', admin.cookie)).statusCode).toBe(403);
    expect((await call(t, 'GET', '/api/admin/settings', admin.cookie)).statusCode).toBe(403);
    const other = await signUpMediator(t);
    expect((await call(t, 'POST', `/api/admin/impersonate/${other.user.id}`, admin.cookie)).statusCode).toBe(403);

    t.clock.advance(1000); // the audit log is read in time order: the test clock would otherwise tie the two entries
    const stopped = await call(t, 'POST', '/api/admin/impersonate/stop', admin.cookie);
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(stopped.json()).toMatchObject({ id: admin.id, role: 'admin', impersonatedBy: null });
    expect((await call(t, 'GET', '/api/user', admin.cookie)).json()).toMatchObject({ id: admin.id, impersonatedBy: null });
    expect((await call(t, 'GET', '/api/admin/users', admin.cookie)).statusCode).toBe(200);
    expect(await audit(admin.id)).toEqual([
      { action: 'user.impersonate.start', target_id: lawyer.user.id },
      { action: 'user.impersonate.stop', target_id: lawyer.user.id },
    ]);
    // The lawyer's own session never noticed.
    expect((await call(t, 'GET', '/api/user', lawyer.cookie)).json()).toMatchObject({ id: lawyer.user.id, impersonatedBy: null });
  });

  it('refuses another admin and a suspended user (403), an unknown user (404), signed-out (401) and non-admins (403)', async () => {
    const admin = await newAdmin();
    const otherAdmin = await newAdmin();
    const mediator = await signUpMediator(t);
    const suspended = await signUpLawyer(t);
    expect((await call(t, 'PATCH', `/api/admin/users/${suspended.user.id}/status`, admin.cookie, { status: 'suspended' })).statusCode).toBe(200);
    const cases: [string, string | undefined, number][] = [
      [otherAdmin.id, admin.cookie, 403],
      [admin.id, admin.cookie, 403],
      [suspended.user.id, admin.cookie, 403],
      ['00000000-0000-4000-8000-000000000000', admin.cookie, 404],
      ['junk', admin.cookie, 404],
      [mediator.user.id, undefined, 401],
      [suspended.user.id, mediator.cookie, 403],
    ];
    for (const [id, cookie, status] of cases) expect((await call(t, 'POST', `/api/admin/impersonate/${id}`, cookie)).statusCode, id).toBe(status);
    expect((await call(t, 'GET', '/api/user', admin.cookie)).json()).toMatchObject({ id: admin.id, impersonatedBy: null });
    expect(await audit(admin.id)).toEqual([]);
  });

  it('stop without an impersonation: 409 for an admin, 403 for a lawyer, 401 signed out', async () => {
    const admin = await newAdmin();
    const lawyer = await signUpLawyer(t);
    expect((await call(t, 'POST', '/api/admin/impersonate/stop', admin.cookie)).statusCode).toBe(409);
    expect((await call(t, 'POST', '/api/admin/impersonate/stop', lawyer.cookie)).statusCode).toBe(403);
    expect((await call(t, 'POST', '/api/admin/impersonate/stop')).statusCode).toBe(401);
    expect((await call(t, 'GET', '/api/user', lawyer.cookie)).json()).toMatchObject({ id: lawyer.user.id, role: 'lawyer' });
  });

  it('an impersonation ends with the admin: suspended by another admin, or their password changed elsewhere', async () => {
    const [admin, boss] = [await newAdmin(), await newAdmin()];
    const lawyer = await signUpLawyer(t);
    expect((await call(t, 'POST', `/api/admin/impersonate/${lawyer.user.id}`, admin.cookie)).statusCode).toBe(200);
    expect((await call(t, 'PATCH', `/api/admin/users/${admin.id}/status`, boss.cookie, { status: 'suspended' })).statusCode).toBe(200);
    expect((await call(t, 'GET', '/api/user', admin.cookie)).statusCode).toBe(401);
    expect((await call(t, 'GET', '/api/user', lawyer.cookie)).statusCode).toBe(200);

    const other = await newAdmin();
    const elsewhere = sessionCookie(await call(t, 'POST', '/api/login', undefined, { email: other.email, password: PASSWORD }));
    expect((await call(t, 'POST', `/api/admin/impersonate/${lawyer.user.id}`, other.cookie)).statusCode).toBe(200);
    const changed = await call(t, 'POST', '/api/password/change', elsewhere, { currentPassword: PASSWORD, newPassword: 'another-horse-battery' });
    expect(changed.statusCode).toBe(200);
    expect((await call(t, 'GET', '/api/user', other.cookie)).statusCode).toBe(401);
    expect((await call(t, 'GET', '/api/user', elsewhere)).json()).toMatchObject({ id: other.id });
  });

  it('a user suspended while being viewed ends that view too', async () => {
    const [admin, boss] = [await newAdmin(), await newAdmin()];
    const lawyer = await signUpLawyer(t);
    expect((await call(t, 'POST', `/api/admin/impersonate/${lawyer.user.id}`, admin.cookie)).statusCode).toBe(200);
    expect((await call(t, 'PATCH', `/api/admin/users/${lawyer.user.id}/status`, boss.cookie, { status: 'suspended' })).statusCode).toBe(200);
    expect((await call(t, 'GET', '/api/user', admin.cookie)).statusCode).toBe(401);
  });
});
