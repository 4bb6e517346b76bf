import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signUpLawyer, signUpMediator } from '../../../../tests/helpers/accounts';
import { backends } from '../../../../tests/helpers/backends';
import { call, createLiveRequest } from '../../../../tests/helpers/requests';
import { createTestApp, sessionCookie, type TestApp } from '../../../../tests/helpers/test-app';
import { ensureAdmin } from '../users/accounts.service';

describe.each(backends)('admin settings on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(backend);
    await ensureAdmin(t.ctx, 'settings.admin@example.com', PASSWORD);
    admin = sessionCookie(await call(t, 'POST', '/api/login', undefined, { email: 'settings.admin@example.com', password: PASSWORD }));
  });
  afterAll(async () => {
    t?.ctx.database.pool?.on('error', () => undefined);
    await t?.close();
  });

  it('only admins read and change them (401 signed out, 403 lawyer and mediator)', async () => {
    const lawyer = await signUpLawyer(t);
    const mediator = await signUpMediator(t);
    for (const method of ['GET', 'PATCH'] as const) {
      expect((await call(t, method, '/api/admin/settings', undefined, method === 'PATCH' ? { payoutHoldHours: 0 } : undefined)).statusCode).toBe(401);
      for (const who of [lawyer.cookie, mediator.cookie]) {
        expect((await call(t, method, '/api/admin/settings', who, method === 'PATCH' ? { payoutHoldHours: 0 } : undefined)).statusCode).toBe(403);
      }
    }
    const read = await call(t, 'GET', '/api/admin/settings', admin);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ commissionPercentage: '10.00', minimumPlatformFee: '50.00', defaultDeposit: '250.00', payoutHoldHours: 72 });
  });

  it('a subset changes, is audited, and applies only to requests submitted afterwards', async () => {
    const lawyer = await signUpLawyer(t);
    const before = await createLiveRequest(t, lawyer.cookie);
    const changed = await call(t, 'PATCH', '/api/admin/settings', admin, { commissionPercentage: '12.5', minimumPlatformFee: 60, payoutHoldHours: '24' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ commissionPercentage: '12.50', minimumPlatformFee: '60.00', defaultDeposit: '250.00', payoutHoldHours: 24 });
    const after = await createLiveRequest(t, lawyer.cookie);
    expect((await call(t, 'GET', `/api/requests/${before}`, lawyer.cookie)).json().platformFee).toBe('140.00');
    expect((await call(t, 'GET', `/api/requests/${after}`, lawyer.cookie)).json().platformFee).toBe('175.00');
    const audit = await t.ctx.db.execute(sql`SELECT action, details FROM audit_log WHERE action = 'settings.update' ORDER BY created_at DESC LIMIT 1`);
    const row = (audit as unknown as { rows: { action: string; details: Record<string, { from: unknown; to: unknown }> }[] }).rows[0];
    expect(row.details.payoutHoldHours).toEqual({ from: 72, to: 24 });
    expect(Object.keys(row.details).sort()).toEqual(['commissionPercentage', 'minimumPlatformFee', 'payoutHoldHours']);
    await call(t, 'PATCH', '/api/admin/settings', admin, { commissionPercentage: 10, minimumPlatformFee: 50, payoutHoldHours: 72 });
  });

  it('audits only the values that changed, and nothing when a save changes nothing', async () => {
    const count = async () =>
      Number(
        ((await t.ctx.db.execute(sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'settings.update'`)) as unknown as { rows: { n: number }[] })
          .rows[0].n,
      );
    const entries = await count();
    expect((await call(t, 'PATCH', '/api/admin/settings', admin, { commissionPercentage: '10.00', payoutHoldHours: 72 })).statusCode).toBe(200);
    expect(await count()).toBe(entries);
    try {
      t.clock.advance(1000); // this entry is then the newest one
      expect((await call(t, 'PATCH', '/api/admin/settings', admin, { commissionPercentage: '11', payoutHoldHours: 72 })).statusCode).toBe(200);
      expect(await count()).toBe(entries + 1);
      const audit = await t.ctx.db.execute(sql`SELECT details FROM audit_log WHERE action = 'settings.update' ORDER BY created_at DESC, id DESC LIMIT 1`);
      expect((audit as unknown as { rows: { details: Record<string, unknown> }[] }).rows[0].details).toEqual({
        commissionPercentage: { from: '10.00', to: '11.00' },
      });
    } finally {
      await call(t, 'PATCH', '/api/admin/settings', admin, { commissionPercentage: 10 });
    }
  });

  it.each([
    [{ commissionPercentage: 101 }, 'Commission must be at most 100%'],
    [{ commissionPercentage: '1.234' }, 'Commission must be 0 or more with at most two decimals'],
    [{ defaultDeposit: 0 }, 'Deposit must be greater than 0 with at most two decimals'],
    [{ payoutHoldHours: -1 }, 'Payout hold must be 0 or more'],
    [{ payoutHoldHours: 1.5 }, 'Payout hold must be a whole number'],
    [{ matchWindowMinutes: 'soon' }, 'Match window must be a number'],
    [{ role: 'admin' }, 'Unknown setting'],
  ])('refuses %j with a clear message and changes nothing', async (body, message) => {
    const res = await call(t, 'PATCH', '/api/admin/settings', admin, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect((await call(t, 'GET', '/api/admin/settings', admin)).json()).toMatchObject({
      commissionPercentage: '10.00',
      payoutHoldHours: 72,
      defaultDeposit: '250.00',
    });
  });
});
