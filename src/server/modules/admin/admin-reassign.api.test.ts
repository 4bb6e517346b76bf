import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REASSIGN_TEXTS } from '../../../common/schemas/admin-lists';
import { PASSWORD, signUpLawyer, signUpMediator, signUpVerified } from '../../../../tests/helpers/accounts';
import { backends } from '../../../../tests/helpers/backends';
import { expectLedgerWhole } from '../../../../tests/helpers/ledger';
import { createMatchedRequest } from '../../../../tests/helpers/matched';
import { call, createLiveRequest } from '../../../../tests/helpers/requests';
import { createTestApp, sessionCookie, type TestApp } from '../../../../tests/helpers/test-app';
import { auditLog, mediatorAcceptances, notifications, users } from '../../db/schema';
import { findPaymentForRequest } from '../payments/payments.repo';
import { ensureAdmin } from '../users/accounts.service';

describe.each(backends)('admin reassignment on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(backend);
    await ensureAdmin(t.ctx, 'reassign.admin@example.com', PASSWORD);
    admin = sessionCookie(await call(t, 'POST', '/api/login', undefined, { email: 'reassign.admin@example.com', password: PASSWORD }));
  }, 180_000);
  afterAll(async () => {
    t?.ctx.database.pool?.on('error', () => undefined);
    await t?.close();
  });

  const reassign = (id: string, mediatorId: unknown, cookie = admin) => call(t, 'PATCH', `/api/admin/mediations/${id}/reassign`, cookie, { mediatorId });
  const acceptancesOf = async (requestId: string) =>
    (await t.ctx.db.select().from(mediatorAcceptances).where(eq(mediatorAcceptances.requestId, requestId))).map((a) => [a.mediatorId, a.status]).sort();
  const reassignedNotices = async (userId: string) =>
    t.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.type, 'mediator_reassigned')));

  it('admins only: 401 signed out, 403 the lawyer and the mediators; 404 for no such request', async () => {
    const { lawyer, mediator, id } = await createMatchedRequest(t);
    const other = await signUpMediator(t);
    expect((await reassign(id, other.user.id, '')).statusCode).toBe(401);
    for (const who of [lawyer.cookie, mediator.cookie, other.cookie]) expect((await reassign(id, other.user.id, who)).statusCode).toBe(403);
    expect((await reassign('5f0c7a52-7f5e-4c1e-9a51-1f1f1f1f1f1f', other.user.id)).statusCode).toBe(404);
    expect((await reassign('not-an-id', other.user.id)).statusCode).toBe(404);
  });

  it('matched: the new mediator takes over at the same price; acceptances, payment, notifications, audit follow', async () => {
    const { lawyer, mediator: previous, id } = await createMatchedRequest(t);
    const next = await signUpMediator(t);
    const before = await findPaymentForRequest(t.ctx.db, id);
    const beforeRequest = (await call(t, 'GET', `/api/requests/${id}`, lawyer.cookie)).json();

    const res = await reassign(id, next.user.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      status: 'matched',
      budget: beforeRequest.budget,
      selectedMediatorId: next.user.id,
      selectedMediator: { id: next.user.id, name: 'Max Mediator' },
    });

    const after = await findPaymentForRequest(t.ctx.db, id);
    expect(after).toMatchObject({ mediatorId: next.user.id, platformFee: before!.platformFee, mediatorPayout: before!.mediatorPayout, status: 'held' });
    const request = (await call(t, 'GET', `/api/requests/${id}`, lawyer.cookie)).json();
    expect([request.selectedMediatorId, request.budget, request.platformFee]).toEqual([next.user.id, beforeRequest.budget, beforeRequest.platformFee]);
    expect(await acceptancesOf(id)).toEqual(
      [
        [previous.user.id, 'rejected'],
        [next.user.id, 'selected'],
      ].sort(),
    );

    for (const [userId, title] of [
      [next.user.id, 'You were assigned a mediation'],
      [previous.user.id, 'A mediation was reassigned'],
      [lawyer.user.id, 'Your mediator changed'],
    ]) {
      expect((await reassignedNotices(userId)).map((n) => n.title)).toEqual([title]);
    }
    const [audit] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'request.reassign'), eq(auditLog.targetId, id)));
    expect(audit.details).toEqual({ from: previous.user.id, to: next.user.id, status: 'matched' });

    // The previous mediator no longer lists it nor may complete it; the new one does, and the payout is theirs.
    const accepted = (await call(t, 'GET', '/api/requests?view=accepted', previous.cookie)).json() as { id: string }[];
    expect(accepted.map((r) => r.id)).not.toContain(id);
    expect([403, 404]).toContain((await call(t, 'POST', `/api/requests/${id}/complete`, previous.cookie, { completionResults: 'Done' })).statusCode);
    expect(((await call(t, 'GET', '/api/requests?view=accepted', next.cookie)).json() as { id: string }[]).map((r) => r.id)).toContain(id);
    expect((await call(t, 'POST', `/api/requests/${id}/complete`, next.cookie, { completionResults: 'Done' })).statusCode).toBe(200);
    await expectLedgerWhole(t, id);
  });

  it('in progress, then back to the first mediator: always exactly one selected acceptance, the selected mediator’s', async () => {
    const { mediator: first, id } = await createMatchedRequest(t);
    expect((await call(t, 'POST', `/api/requests/${id}/start`, first.cookie)).statusCode).toBe(200);
    const second = await signUpMediator(t);
    expect((await reassign(id, second.user.id)).json()).toMatchObject({ status: 'in_progress', selectedMediator: { id: second.user.id } });
    const back = await reassign(id, first.user.id);
    expect(back.statusCode).toBe(200);
    expect(back.json().selectedMediator.id).toBe(first.user.id);
    expect(await acceptancesOf(id)).toEqual(
      [
        [first.user.id, 'selected'],
        [second.user.id, 'rejected'],
      ].sort(),
    );
    expect((await findPaymentForRequest(t.ctx.db, id))!.mediatorId).toBe(first.user.id);
  });

  it('refuses a mediator who is not one, suspended or without a profile (400 on mediatorId), or already assigned (409)', async () => {
    const { lawyer, mediator, id } = await createMatchedRequest(t);
    const suspended = await signUpMediator(t);
    await t.ctx.db.update(users).set({ status: 'suspended' }).where(eq(users.id, suspended.user.id));
    const noProfile = await signUpVerified(t);
    await call(t, 'PATCH', '/api/user/role', noProfile.cookie, { role: 'mediator' });
    const cases: [unknown, string][] = [
      [undefined, REASSIGN_TEXTS.mediatorId],
      ['', REASSIGN_TEXTS.mediatorId],
      ['nobody', REASSIGN_TEXTS.notAMediator],
      ['5f0c7a52-7f5e-4c1e-9a51-1f1f1f1f1f1f', REASSIGN_TEXTS.notAMediator],
      [lawyer.user.id, REASSIGN_TEXTS.notAMediator],
      [suspended.user.id, REASSIGN_TEXTS.suspended],
      [noProfile.user.id, REASSIGN_TEXTS.incomplete],
      [mediator.user.id, REASSIGN_TEXTS.same],
    ];
    for (const [mediatorId, message] of cases) {
      const res = await reassign(id, mediatorId);
      // The one already assigned is "already done" (a replay of a reassignment): 409, still shown on the field.
      expect({ mediatorId, status: res.statusCode, body: res.json() }).toEqual({
        mediatorId,
        status: message === REASSIGN_TEXTS.same ? 409 : 400,
        body: expect.objectContaining({ message, fieldErrors: { mediatorId: message } }),
      });
    }
    expect((await findPaymentForRequest(t.ctx.db, id))!.mediatorId).toBe(mediator.user.id);
  });

  it('only matched or in progress: 409 before selection and once completed', async () => {
    const lawyer = await signUpLawyer(t);
    const other = await signUpMediator(t);
    const live = await createLiveRequest(t, lawyer.cookie);
    expect((await reassign(live, other.user.id)).statusCode).toBe(409);
    const { mediator, id } = await createMatchedRequest(t);
    await call(t, 'POST', `/api/requests/${id}/complete`, mediator.cookie, { completionResults: 'Done' });
    const res = await reassign(id, other.user.id);
    expect([res.statusCode, res.json().message]).toEqual([409, REASSIGN_TEXTS.wrongState]);
    expect(await t.ctx.db.select().from(auditLog).where(eq(auditLog.targetId, id))).toEqual([]);
  });
});
