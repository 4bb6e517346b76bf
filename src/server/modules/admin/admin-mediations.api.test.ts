import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signUpLawyer, signUpMediator } from '../../../../tests/helpers/accounts';
import { backends } from '../../../../tests/helpers/backends';
import { expectLedgerWhole, expectProviderAgrees } from '../../../../tests/helpers/ledger';
import { call, createLiveRequest, setTier, validRequest } from '../../../../tests/helpers/requests';
import { createTestApp, sessionCookie, type TestApp } from '../../../../tests/helpers/test-app';
import { displayCents } from '../../../common/money';
import { ADMIN_CANCEL_TEXTS } from '../../../common/schemas/admin-cancellation';
import { ensureAdmin } from '../users/accounts.service';

type Account = Awaited<ReturnType<typeof signUpLawyer>>;
type State = 'pending_mediators' | 'awaiting_selection' | 'matched' | 'in_progress';
type Refund = 'full' | 'partial' | 'none';

// The request form's budget 1,400.00 with the default terms: deposit 250.00, balance 1,150.00, commission 10 %.
// Before selection nobody earned a fee: the kept part of the deposit stays with the platform. After selection it goes
// to the mediator less the 10 % commission; the balance always goes back (RULES.md 2.4).
const EXPECTED: Record<'before' | 'after', Record<Refund, { refund: string; refunded: number; fee: number; mediator: number; status: string }>> = {
  before: {
    full: { refund: '250.00', refunded: 25_000, fee: 0, mediator: 0, status: 'refunded_full' },
    partial: { refund: '125.00', refunded: 12_500, fee: 12_500, mediator: 0, status: 'refunded_partial' },
    none: { refund: '0.00', refunded: 0, fee: 25_000, mediator: 0, status: 'refunded_partial' },
  },
  after: {
    full: { refund: '1400.00', refunded: 140_000, fee: 0, mediator: 0, status: 'refunded_full' },
    partial: { refund: '1275.00', refunded: 127_500, fee: 1_250, mediator: 11_250, status: 'refunded_partial' },
    none: { refund: '1150.00', refunded: 115_000, fee: 2_500, mediator: 22_500, status: 'refunded_partial' },
  },
};

describe.each(backends)('admin cancellation with a chosen refund on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  let adminId: string;
  let lawyer: Account;
  let mediator: Account;
  beforeAll(async () => {
    t = await createTestApp(backend);
    adminId = (await ensureAdmin(t.ctx, 'cancel.admin@example.com', PASSWORD)).id;
    admin = sessionCookie(await call(t, 'POST', '/api/login', undefined, { email: 'cancel.admin@example.com', password: PASSWORD }));
    lawyer = await signUpLawyer(t);
    mediator = await signUpMediator(t);
    await setTier(t, mediator.user.id, 'unlimited');
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const url = (id: string) => `/api/admin/mediations/${id}/cancel`;
  async function requestIn(state: State) {
    const id = await createLiveRequest(t, lawyer.cookie, { caseName: `Admin cancel ${state}` });
    if (state === 'pending_mediators') return id;
    expect((await call(t, 'POST', `/api/requests/${id}/accept`, mediator.cookie, { noConflictConfirmed: true })).statusCode).toBe(201);
    if (state === 'awaiting_selection') return id;
    expect((await call(t, 'POST', `/api/requests/${id}/select-mediator/${mediator.user.id}`, lawyer.cookie)).statusCode).toBe(200);
    if (state === 'matched') return id;
    expect((await call(t, 'POST', `/api/requests/${id}/start`, mediator.cookie)).statusCode).toBe(200);
    return id;
  }
  const ledgerKinds = async (id: string) => {
    const res = await t.ctx.db.execute(
      sql`SELECT l.kind, count(*)::int AS n FROM ledger_entries l JOIN payments p ON p.id = l.payment_id WHERE p.request_id = ${id} GROUP BY l.kind`,
    );
    return Object.fromEntries((res as unknown as { rows: { kind: string; n: number }[] }).rows.map((r) => [r.kind, r.n]));
  };
  const audits = async (id: string) => {
    const res = await t.ctx.db.execute(sql`SELECT actor_id, details FROM audit_log WHERE action = 'request.cancel' AND target_id = ${id}`);
    return (res as unknown as { rows: { actor_id: string; details: Record<string, unknown> }[] }).rows;
  };

  const cases = (['pending_mediators', 'awaiting_selection', 'matched', 'in_progress'] as const).flatMap((state) =>
    (['full', 'partial', 'none'] as const).map((refund) => [state, refund] as const),
  );
  it.each(cases)('%s, refund %s: the exact refund, fee and payment status; the ledger whole; audited', async (state, refund) => {
    const id = await requestIn(state);
    const expected = EXPECTED[state === 'matched' || state === 'in_progress' ? 'after' : 'before'][refund];
    // The admin's dialog previews the choice with the same rule the cancellation applies.
    const preview = await call(t, 'GET', `/api/requests/${id}/cancellation?refund=${refund}`, admin);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().totalRefund).toBe(expected.refund);
    const res = await call(t, 'POST', url(id), admin, { refund, reason: 'Duplicate filing' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id, status: 'cancelled', refundAmount: expected.refund, kind: refund });

    const ledger = (await expectLedgerWhole(t, id))!;
    expect(ledger.payment.status).toBe(expected.status);
    expect({ refunded: ledger.totals.refunded, fee: ledger.totals.feeKept, mediator: ledger.totals.paidToMediator }).toEqual({
      refunded: expected.refunded,
      fee: expected.fee,
      mediator: expected.mediator,
    });
    const provider = await expectProviderAgrees(t, id);
    for (const out of provider.perCharge.values()) expect(out.refunds).toBeLessThanOrEqual(1);
    const kinds = await ledgerKinds(id);
    expect(kinds.refund ?? 0).toBe((expected.refunded > 25_000 ? 1 : 0) + (refund === 'none' ? 0 : 1));

    const [audit, ...more] = await audits(id);
    expect(more).toEqual([]);
    expect(audit).toMatchObject({
      actor_id: adminId,
      details: { fromStatus: state, refund, refundAmount: expected.refund, reason: 'Duplicate filing' },
    });
    const detail = await call(t, 'GET', `/api/requests/${id}`, lawyer.cookie);
    expect(detail.json()).toMatchObject({ status: 'cancelled' });
    const notes = (await call(t, 'GET', '/api/notifications?limit=100', lawyer.cookie)).json() as { linkUrl: string; message: string }[];
    expect(notes.find((n) => n.linkUrl === `/requests/${id}`)?.message).toContain(
      `cancelled by an administrator. ${displayCents(expected.refunded)} is refunded to your card`,
    );
    if (expected.mediator) {
      const told = (await call(t, 'GET', '/api/notifications?limit=100', mediator.cookie)).json() as { linkUrl: string; message: string }[];
      expect(told.find((n) => n.linkUrl === `/requests/${id}`)?.message).toContain('cancellation fee of $');
    }
  });

  it('only an admin may preview a chosen refund: the owning lawyer 403, a value outside the choices 400', async () => {
    const id = await requestIn('pending_mediators');
    expect((await call(t, 'GET', `/api/requests/${id}/cancellation`, lawyer.cookie)).statusCode).toBe(200);
    expect((await call(t, 'GET', `/api/requests/${id}/cancellation?refund=full`, lawyer.cookie)).statusCode).toBe(403);
    expect((await call(t, 'GET', `/api/requests/${id}/cancellation?refund=most`, admin)).statusCode).toBe(400);
  });
  it('a draft: nothing was charged, nothing refunded', async () => {
    const created = await call(t, 'POST', '/api/requests', lawyer.cookie, validRequest({ caseName: 'Admin cancels a draft' }));
    const id = created.json().id as string;
    const res = await call(t, 'POST', url(id), admin, { refund: 'none', reason: 'Spam' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id, status: 'cancelled', refundAmount: '0.00', kind: 'full' });
    await expectLedgerWhole(t, id);
  });

  it('refusals in order: 401, 403 for non-admins, 404 unknown, 400 with field errors, 409 completed or cancelled', async () => {
    const id = await requestIn('matched');
    const body = { refund: 'full', reason: 'Because' };
    expect((await call(t, 'POST', url(id), undefined, body)).statusCode).toBe(401);
    expect((await call(t, 'POST', url(id), lawyer.cookie, body)).statusCode).toBe(403);
    expect((await call(t, 'POST', url(id), mediator.cookie, body)).statusCode).toBe(403);
    // 403 before 400: a non-admin's bad body is still 403.
    expect((await call(t, 'POST', url(id), lawyer.cookie, {})).statusCode).toBe(403);
    expect((await call(t, 'POST', url('00000000-0000-4000-8000-000000000000'), admin, body)).statusCode).toBe(404);
    expect((await call(t, 'POST', url('not-a-uuid'), admin, body)).statusCode).toBe(404);
    // 404 before 400.
    expect((await call(t, 'POST', url('00000000-0000-4000-8000-000000000000'), admin, {})).statusCode).toBe(404);

    const bad = async (payload: unknown) => {
      const res = await call(t, 'POST', url(id), admin, payload);
      expect(res.statusCode, res.body).toBe(400);
      return res.json() as { message: string; fieldErrors?: Record<string, string> };
    };
    expect((await bad({ refund: 'full' })).fieldErrors).toEqual({ reason: ADMIN_CANCEL_TEXTS.reason });
    expect((await bad({ refund: 'full', reason: '   ' })).fieldErrors).toEqual({ reason: ADMIN_CANCEL_TEXTS.reason });
    expect((await bad({ refund: 'full', reason: 'x'.repeat(1001) })).fieldErrors).toEqual({ reason: ADMIN_CANCEL_TEXTS.reasonTooLong });
    expect((await bad({ refund: 'half', reason: 'Because' })).fieldErrors).toEqual({ refund: ADMIN_CANCEL_TEXTS.refund });
    expect((await bad({ reason: 'Because' })).fieldErrors).toEqual({ refund: ADMIN_CANCEL_TEXTS.refund });
    expect((await bad({})).fieldErrors).toEqual({ refund: ADMIN_CANCEL_TEXTS.refund, reason: ADMIN_CANCEL_TEXTS.reason });
    await bad(undefined);
    // 1000 characters is the limit, not over it; the refusals above changed nothing.
    expect((await call(t, 'GET', `/api/requests/${id}`, lawyer.cookie)).json().status).toBe('matched');
    expect((await call(t, 'POST', url(id), admin, { refund: 'full', reason: 'y'.repeat(1000) })).statusCode).toBe(200);

    const again = await call(t, 'POST', url(id), admin, body);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This request is already cancelled');
    expect(await audits(id)).toHaveLength(1);

    const done = await requestIn('matched');
    const completed = await call(t, 'POST', `/api/requests/${done}/complete`, mediator.cookie, { completionResults: 'Settled.' });
    expect(completed.statusCode).toBe(200);
    const late = await call(t, 'POST', url(done), admin, body);
    expect(late.statusCode).toBe(409);
    expect(await audits(done)).toEqual([]);
    expect((await expectLedgerWhole(t, done))!.totals.refunded).toBe(0);
  });
});
