import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signUpMediator } from '../../../../tests/helpers/accounts';
import { backends } from '../../../../tests/helpers/backends';
import { createMatchedRequest } from '../../../../tests/helpers/matched';
import { call } from '../../../../tests/helpers/requests';
import { createTestApp, sessionCookie, type TestApp } from '../../../../tests/helpers/test-app';
import { inviteAndJoin } from '../../../../tests/helpers/two-sided';
import { notifications } from '../../db/schema';
import { ensureAdmin } from '../users/accounts.service';

// The admin side of the two-sided case (issue 23): both sides on the mediation views, both told of a reassignment
// or a cancellation.
describe.each(backends)('admin and the two-sided case on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(backend);
    await ensureAdmin(t.ctx, 'two-sided.admin@example.com', PASSWORD);
    admin = sessionCookie(await call(t, 'POST', '/api/login', undefined, { email: 'two-sided.admin@example.com', password: PASSWORD }));
  }, 180_000);
  afterAll(async () => {
    t?.ctx.database.pool?.on('error', () => undefined);
    await t?.close();
  });

  const noticesOf = async (userId: string, type: 'mediator_reassigned' | 'request_cancelled') =>
    t.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.type, type)));

  it('lists opposing counsel beside the lawyer (null while nobody joined); reassignment and cancellation tell them', async () => {
    const { lawyer, id } = await createMatchedRequest(t);
    const row = async () =>
      ((await call(t, 'GET', '/api/admin/mediations?limit=100', admin)).json() as { id: string; opposingLawyer: unknown }[]).find((m) => m.id === id);
    expect((await row())?.opposingLawyer).toBeNull();
    const opposing = await inviteAndJoin(t, lawyer.cookie, id);
    expect((await row())?.opposingLawyer).toMatchObject({ id: opposing.user.id, name: 'Lena Lawyer', email: opposing.email });

    const next = await signUpMediator(t);
    const moved = await call(t, 'PATCH', `/api/admin/mediations/${id}/reassign`, admin, { mediatorId: next.user.id });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().opposingLawyer).toMatchObject({ id: opposing.user.id });
    const [told] = await noticesOf(opposing.user.id, 'mediator_reassigned');
    expect(told.message).toBe('Our team reassigned Smith v. Jones (Case #CV-2026-0142) to Max Mediator.');

    expect((await call(t, 'POST', `/api/admin/mediations/${id}/cancel`, admin, { refund: 'full', reason: 'Both sides asked' })).statusCode).toBe(200);
    const [cancelled] = await noticesOf(opposing.user.id, 'request_cancelled');
    expect(cancelled.message).toBe('Smith v. Jones was cancelled by an administrator.');

    // The audit log names opposing counsel on both entries (the side the change also concerned).
    const log = (await call(t, 'GET', '/api/admin/audit-log?limit=10', admin)).json() as {
      action: string;
      targetId: string;
      description: { lines: { label: string; value: string }[] };
    }[];
    for (const action of ['request.reassign', 'request.cancel']) {
      const entry = log.find((e) => e.action === action && e.targetId === id);
      expect(entry?.description.lines).toContainEqual({ label: 'Sides', value: 'Two-sided case: opposing counsel Lena Lawyer' });
    }
  });
});
