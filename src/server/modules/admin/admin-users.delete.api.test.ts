import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signUpLawyer, signUpMediator, uniqueEmail } from '../../../../tests/helpers/accounts';
import { backends } from '../../../../tests/helpers/backends';
import { expectLedgerWhole } from '../../../../tests/helpers/ledger';
import { createCompletedRequest, createMatchedRequest } from '../../../../tests/helpers/matched';
import { call } from '../../../../tests/helpers/requests';
import { createTestApp, sessionCookie, type TestApp } from '../../../../tests/helpers/test-app';
import { lawyerProfiles, mediationRequests, mediatorProfiles, payments, users } from '../../db/schema';
import { ensureAdmin } from '../users/accounts.service';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe.each(backends)('deleting users on %s', (backend) => {
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

  const userRow = async (id: string) => (await t.ctx.db.select().from(users).where(eq(users.id, id)))[0];
  const remove = (id: string, cookie = admin.cookie) => call(t, 'DELETE', `/api/admin/users/${id}`, cookie);
  const audited = async (id: string) =>
    rowsOf<{ details: Record<string, unknown> }>(await t.ctx.db.execute(sql`SELECT details FROM audit_log WHERE action = 'user.delete' AND target_id = ${id}`));

  it('a user without history is removed with their rows, and signed out', async () => {
    const lawyer = await signUpLawyer(t);
    const res = await remove(lawyer.user.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: lawyer.user.id, outcome: 'removed' });
    expect(await userRow(lawyer.user.id)).toBeUndefined();
    expect(await t.ctx.db.select().from(lawyerProfiles).where(eq(lawyerProfiles.userId, lawyer.user.id))).toEqual([]);
    expect((await call(t, 'GET', '/api/user', lawyer.cookie)).statusCode).toBe(401);
    expect((await call(t, 'POST', '/api/login', undefined, { email: lawyer.email, password: PASSWORD })).statusCode).toBe(401);
    expect(await audited(lawyer.user.id)).toEqual([{ details: { outcome: 'removed', role: 'lawyer' } }]);
    expect((await remove(lawyer.user.id)).statusCode).toBe(404);
  });

  it('a user with money and case history is anonymised: the request, payment and ledger stay whole', async () => {
    const { lawyer, mediator, id } = await createCompletedRequest(t);
    const [requestBefore] = await t.ctx.db.select().from(mediationRequests).where(eq(mediationRequests.id, id));
    const [paymentBefore] = await t.ctx.db.select().from(payments).where(eq(payments.requestId, id));
    const ledgerBefore = await expectLedgerWhole(t, id);

    for (const who of [lawyer, mediator]) {
      const res = await remove(who.user.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ id: who.user.id, outcome: 'anonymized' });
      const row = await userRow(who.user.id);
      expect(row).toMatchObject({ firstName: 'Deleted', lastName: 'user', email: `deleted-${who.user.id}@deleted.invalid`, profileImageUrl: null });
      expect(row.anonymizedAt).toBeInstanceOf(Date);
      expect(row.password).not.toMatch(/^\$argon2/);
      expect((await call(t, 'GET', '/api/user', who.cookie)).statusCode).toBe(401);
      expect((await call(t, 'POST', '/api/login', undefined, { email: who.email, password: PASSWORD })).statusCode).toBe(401);
      expect(await audited(who.user.id)).toEqual([{ details: { outcome: 'anonymized', role: who === lawyer ? 'lawyer' : 'mediator' } }]);
      expect((await remove(who.user.id)).statusCode).toBe(404);
    }
    const [lawyerProfile] = await t.ctx.db.select().from(lawyerProfiles).where(eq(lawyerProfiles.userId, lawyer.user.id));
    expect(lawyerProfile).toMatchObject({ firmName: null, barNumber: null, phoneNumber: null, bio: null });
    const [mediatorProfile] = await t.ctx.db.select().from(mediatorProfiles).where(eq(mediatorProfiles.userId, mediator.user.id));
    expect(mediatorProfile).toMatchObject({ bio: null, phoneNumber: null, websiteUrl: null, photoUrl: null, certifications: [] });

    const [requestAfter] = await t.ctx.db.select().from(mediationRequests).where(eq(mediationRequests.id, id));
    const [paymentAfter] = await t.ctx.db.select().from(payments).where(eq(payments.requestId, id));
    expect(requestAfter).toEqual(requestBefore);
    expect(paymentAfter).toEqual(paymentBefore);
    expect(await expectLedgerWhole(t, id)).toEqual(ledgerBefore);
    // Deleted accounts leave the Users tab.
    const listed = (await call(t, 'GET', '/api/admin/users?limit=100', admin.cookie)).json() as { id: string }[];
    expect(listed.map((u) => u.id)).not.toContain(lawyer.user.id);
  });

  it('refuses a party to a mediation still under way (409), yourself (403), an unknown id (404), signed-out and non-admins', async () => {
    const { lawyer, mediator } = await createMatchedRequest(t);
    for (const who of [lawyer, mediator]) {
      const res = await remove(who.user.id);
      expect(res.statusCode).toBe(409);
      expect((await userRow(who.user.id)).anonymizedAt).toBeNull();
    }
    const self = await remove(admin.id);
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe('You cannot delete your own account');
    expect((await remove('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await remove('junk')).statusCode).toBe(404);
    const other = await signUpMediator(t);
    expect((await call(t, 'DELETE', `/api/admin/users/${other.user.id}`)).statusCode).toBe(401);
    expect((await remove(other.user.id, lawyer.cookie)).statusCode).toBe(403);
    expect(await userRow(other.user.id)).toBeDefined();
  });

  it('another admin can be deleted; an admin with audited actions is anonymised, not removed', async () => {
    const emptyEmail = uniqueEmail('idle-admin');
    const idle = await ensureAdmin(t.ctx, emptyEmail, PASSWORD);
    expect((await remove(idle.id)).json()).toEqual({ id: idle.id, outcome: 'removed' });
    const busyEmail = uniqueEmail('busy-admin');
    const busy = await ensureAdmin(t.ctx, busyEmail, PASSWORD);
    const busyCookie = sessionCookie(await call(t, 'POST', '/api/login', undefined, { email: busyEmail, password: PASSWORD }));
    const lawyer = await signUpLawyer(t);
    expect((await call(t, 'PATCH', `/api/admin/users/${lawyer.user.id}/status`, busyCookie, { status: 'approved' })).statusCode).toBe(200);
    expect((await remove(busy.id)).json()).toEqual({ id: busy.id, outcome: 'anonymized' });
    expect((await call(t, 'GET', '/api/user', busyCookie)).statusCode).toBe(401);
    // Their past action still names them, now as "Deleted user".
    const log = (await call(t, 'GET', `/api/admin/audit-log?actorId=${busy.id}`, admin.cookie)).json();
    expect(log).toMatchObject([
      // The anonymised admin's placeholder address holds their id: the words say who it was instead.
      {
        action: 'user.status',
        actor: { id: busy.id, firstName: 'Deleted', lastName: 'user' },
        description: { by: 'An admin whose account was since deleted' },
      },
    ]);
  });
});
