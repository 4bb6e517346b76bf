import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, type Account } from '../../../../tests/helpers/accounts';
import { backends } from '../../../../tests/helpers/backends';
import { acceptingMediators, agreeOnMediator, expectMoneyWhole, moneyOf, payShare, twoSided } from '../../../../tests/helpers/fee-split';
import { call } from '../../../../tests/helpers/requests';
import { createTestApp, sessionCookie, type TestApp } from '../../../../tests/helpers/test-app';
import { ensureAdmin } from '../users/accounts.service';

// A dispute on a two-sided case (issue 24, decision 052): the admin sees who paid what is held, and a refund is shared
// between the payers in proportion to what each holds (each from its balance first); a full refund returns each payer
// its own money. Budget 1,400.00 at 50/50: each side holds 700.00.

describe.each(backends)('resolving a two-sided case’s dispute per payer on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(backend);
    const email = `two-sided.disputes.${backend}@example.com`;
    await ensureAdmin(t.ctx, email, PASSWORD);
    admin = sessionCookie(await call(t, 'POST', '/api/login', undefined, { email, password: PASSWORD }));
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A completed 50/50 case, each side having paid its 700.00 share, with a problem reported by opposing counsel. */
  async function disputed(): Promise<{ owner: Account; opposing: Account; mediator: Account; id: string; disputeId: string }> {
    const { owner, opposing, id } = await twoSided(t);
    await payShare(t, opposing, id, 'second');
    const [mediator] = await acceptingMediators(t, id);
    await agreeOnMediator(t, owner, opposing, id, mediator);
    expect((await call(t, 'POST', `/api/requests/${id}/complete`, mediator.cookie, { completionResults: 'Partly settled.' })).statusCode).toBe(200);
    const reported = await call(t, 'POST', `/api/requests/${id}/dispute`, opposing.cookie, { reason: 'The session ended after an hour.' });
    expect(reported.statusCode).toBe(201);
    return { owner, opposing, mediator, id, disputeId: reported.json().id };
  }

  it('the admin sees each payer’s money held; a partial refund of 400.00 gives each 200.00 back, the rest to the mediator less 10%', async () => {
    const { owner, opposing, id, disputeId } = await disputed();
    const view = (await call(t, 'GET', `/api/admin/disputes/${disputeId}`, admin)).json();
    expect(view.payers).toEqual([
      { id: owner.user.id, name: 'Lena Lawyer', side: 'first', held: '700.00' },
      { id: opposing.user.id, name: 'Lena Lawyer', side: 'second', held: '700.00' },
    ]);
    const listed = (await call(t, 'GET', '/api/admin/disputes?status=open', admin)).json() as { id: string; payers: unknown[] }[];
    expect(listed.find((d) => d.id === disputeId)?.payers).toHaveLength(2);

    const resolved = await call(t, 'POST', `/api/admin/disputes/${disputeId}/resolve`, admin, {
      outcome: 'refund_partial',
      refundAmount: '400.00',
      note: 'One hour of four.',
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json()).toMatchObject({ status: 'resolved', refundAmount: '400.00', payers: [] });
    // Each payer: 700.00 held → 200.00 back, 500.00 paid out (450.00 to the mediator, 50.00 fee), from its own charges.
    for (const who of [owner, opposing]) {
      const money = await moneyOf(t, id, who.user.id);
      expect(money.held).toBe(0);
      expect(money.charged - money.refunded).toBe(50_000);
      expect(money.toMediator + money.fee).toBe(50_000);
    }
    expect((await moneyOf(t, id, owner.user.id)).refunded).toBe(12_500 + 20_000);
    expect((await moneyOf(t, id, opposing.user.id)).refunded).toBe(20_000);
    const { ledger } = await expectMoneyWhole(t, id);
    expect(ledger!.totals).toMatchObject({ paidToMediator: 90_000, feeKept: 10_000 });
    // Each counsel is told its own part; the one who reported it reads "the problem you reported".
    const told = async (who: Account) =>
      (await call(t, 'GET', '/api/notifications?limit=50', who.cookie)).json().find((n: { type: string }) => n.type === 'dispute_resolved')?.message;
    expect(await told(owner)).toBe(
      'Our team resolved the problem reported with Smith v. Jones (Case #CV-2026-0142): $200 is refunded to you (your part of the $400 refunded to the payers).',
    );
    expect(await told(opposing)).toBe(
      'Our team resolved the problem you reported with Smith v. Jones (Case #CV-2026-0142): $200 is refunded to you (your part of the $400 refunded to the payers).',
    );
  });

  it('a full refund gives every payer its own money back', async () => {
    const { owner, opposing, id, disputeId } = await disputed();
    const resolved = await call(t, 'POST', `/api/admin/disputes/${disputeId}/resolve`, admin, { outcome: 'refund_full', note: 'The mediator did not attend.' });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(await moneyOf(t, id, owner.user.id)).toMatchObject({ charged: 82_500, refunded: 82_500, held: 0, toMediator: 0 });
    expect(await moneyOf(t, id, opposing.user.id)).toMatchObject({ charged: 70_000, refunded: 70_000, held: 0, toMediator: 0 });
    await expectMoneyWhole(t, id);
  });
});
