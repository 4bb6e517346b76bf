import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { PASSWORD, uniqueEmail } from '../../../../tests/helpers/accounts';
import { call } from '../../../../tests/helpers/requests';
import { sessionCookie, type TestApp } from '../../../../tests/helpers/test-app';
import { ensureAdmin } from '../users/accounts.service';
import { describeOnPostgres, startRaceApp } from '../../../../tests/helpers/postgres-only';

// Two admins taking each other out at the same moment must not leave the marketplace without one (decision 020). Needs
// TEST_DATABASE_URL (PGlite has one connection, so nothing runs concurrently there); fails loudly in CI without it.

describeOnPostgres('admin-users.race.test.ts', 'admin races on postgres', () => {
  let t: TestApp;
  startRaceApp((app) => ({ t } = app));

  async function newAdmin() {
    const email = uniqueEmail('race-admin');
    const { id } = await ensureAdmin(t.ctx, email, PASSWORD);
    return { id, cookie: sessionCookie(await call(t, 'POST', '/api/login', undefined, { email, password: PASSWORD })) };
  }
  const activeAdmins = async () =>
    (
      (await t.ctx.db.execute(
        sql`SELECT count(*)::int AS n FROM users WHERE role = 'admin' AND status <> 'suspended' AND anonymized_at IS NULL`,
      )) as unknown as { rows: { n: number }[] }
    ).rows[0].n;

  it.each([
    ['suspend', (id: string, cookie: string) => call(t, 'PATCH', `/api/admin/users/${id}/status`, cookie, { status: 'suspended' })],
    ['delete', (id: string, cookie: string) => call(t, 'DELETE', `/api/admin/users/${id}`, cookie)],
  ])('the only two admins %s each other at once: exactly one wins, one admin remains', async (_, act) => {
    // Take every other admin out first, so these two are the only ones.
    await t.ctx.db.execute(sql`UPDATE users SET status = 'suspended' WHERE role = 'admin'`);
    const [a, b] = [await newAdmin(), await newAdmin()];
    expect(await activeAdmins()).toBe(2);
    const [ab, ba] = await Promise.all([act(b.id, a.cookie), act(a.id, b.cookie)]);
    const codes = [ab.statusCode, ba.statusCode].sort();
    // The loser is refused: its own account is gone (401 on its session, or 403 under the admins' locks).
    expect(codes[0]).toBe(200);
    expect([401, 403]).toContain(codes[1]);
    expect(await activeAdmins()).toBe(1);
  });
});
