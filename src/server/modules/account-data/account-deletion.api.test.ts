import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signUpLawyer, uniqueEmail } from '../../../../tests/helpers/accounts';
import { backends } from '../../../../tests/helpers/backends';
import { runDueJobs } from '../../../../tests/helpers/jobs';
import { createCompletedRequest, createMatchedRequest } from '../../../../tests/helpers/matched';
import { call } from '../../../../tests/helpers/requests';
import { createTestApp, sessionCookie, type TestApp } from '../../../../tests/helpers/test-app';
import { ACCOUNT_DATA_TEXTS } from '../../../common/schemas/account-data';
import { dataExports, lawyerProfiles, mediationRequests, users } from '../../db/schema';
import { ensureAdmin } from '../users/accounts.service';

// "Delete my account" (issue 28, decision 061): the admins' deletion (admin-users.delete.api.test.ts), asked for by
// the account itself with its password.
describe.each(backends)('deleting my own account on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  const userRow = async (id: string) => (await t.ctx.db.select().from(users).where(eq(users.id, id)))[0];
  const deleteMine = (cookie: string, password: unknown = PASSWORD) => call(t, 'POST', '/api/profile/delete-account', cookie, { password });

  it('an account without history is removed with its rows and its archive, and signed out', async () => {
    const lawyer = await signUpLawyer(t);
    expect((await call(t, 'POST', '/api/profile/data-export', lawyer.cookie)).statusCode).toBe(202);
    await runDueJobs(t, (name) => name === 'account.export');
    const [archive] = await t.ctx.db.select().from(dataExports).where(eq(dataExports.userId, lawyer.user.id));
    expect(await t.ctx.storage.head(archive.id)).not.toBeNull();

    const res = await deleteMine(lawyer.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ outcome: 'removed' });
    expect(res.cookies.find((c) => c.name === 'sid')?.value).toBe('');
    expect(await userRow(lawyer.user.id)).toBeUndefined();
    expect(await t.ctx.db.select().from(lawyerProfiles).where(eq(lawyerProfiles.userId, lawyer.user.id))).toEqual([]);
    expect(await t.ctx.storage.head(archive.id)).toBeNull();
    expect((await call(t, 'GET', '/api/user', lawyer.cookie)).statusCode).toBe(401);
    expect((await call(t, 'POST', '/api/login', undefined, { email: lawyer.email, password: PASSWORD })).statusCode).toBe(401);
  });

  it('an account with case and money history is anonymised; the case stays whole', async () => {
    const { lawyer, mediator, id } = await createCompletedRequest(t);
    const [before] = await t.ctx.db.select().from(mediationRequests).where(eq(mediationRequests.id, id));
    for (const who of [lawyer, mediator]) {
      const res = await deleteMine(who.cookie);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ outcome: 'anonymized' });
      expect(await userRow(who.user.id)).toMatchObject({ firstName: 'Deleted', lastName: 'user', email: `deleted-${who.user.id}@deleted.invalid` });
      expect((await call(t, 'GET', '/api/user', who.cookie)).statusCode).toBe(401);
    }
    const [after] = await t.ctx.db.select().from(mediationRequests).where(eq(mediationRequests.id, id));
    expect(after).toEqual(before);
  });

  it('an open case refuses it, naming the case; so does a wrong password; nothing changes', async () => {
    const { lawyer, mediator } = await createMatchedRequest(t, { caseName: 'Open Matter v. Still Running' });
    for (const who of [lawyer, mediator]) {
      const res = await deleteMine(who.cookie);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(ACCOUNT_DATA_TEXTS.openCases(['Open Matter v. Still Running']));
      expect((await userRow(who.user.id)).anonymizedAt).toBeNull();
      expect((await call(t, 'GET', '/api/user', who.cookie)).statusCode).toBe(200);
    }

    const other = await signUpLawyer(t);
    const before = await userRow(other.user.id);
    const wrong = await deleteMine(other.cookie, 'not-my-password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: ACCOUNT_DATA_TEXTS.passwordWrong, fieldErrors: { password: ACCOUNT_DATA_TEXTS.passwordWrong } });
    expect(await userRow(other.user.id)).toEqual(before);
    expect((await call(t, 'GET', '/api/user', other.cookie)).statusCode).toBe(200);
    expect((await deleteMine(other.cookie, '')).statusCode).toBe(400);
    expect((await call(t, 'POST', '/api/profile/delete-account', undefined, { password: PASSWORD })).statusCode).toBe(401);
  });

  it('an admin is refused (another admin deletes them)', async () => {
    const email = uniqueEmail('self-admin');
    const { id } = await ensureAdmin(t.ctx, email, PASSWORD);
    const cookie = sessionCookie(await call(t, 'POST', '/api/login', undefined, { email, password: PASSWORD }));
    const res = await deleteMine(cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(ACCOUNT_DATA_TEXTS.adminAccount);
    expect((await userRow(id)).anonymizedAt).toBeNull();
  });
});
