import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signUpLawyer, type Account } from '../../../../tests/helpers/accounts';
import { backends } from '../../../../tests/helpers/backends';
import {
  acceptingMediators,
  agreeOnMediator,
  confirmCard,
  daysOn,
  entriesOf,
  expectMoneyWhole,
  feeSplitOf,
  moneyOf,
  notesOf,
  payShare,
  refundSteps,
  startShare,
  twoSided,
} from '../../../../tests/helpers/fee-split';
import { call, CARDS, createLiveRequest } from '../../../../tests/helpers/requests';
import { runDueJobs } from '../../../../tests/helpers/jobs';
import { providerRows } from '../../../../tests/helpers/ledger';
import { createTestApp, sessionCookie, type TestApp } from '../../../../tests/helpers/test-app';
import { invitationToken } from '../../../../tests/helpers/two-sided';
import { ensureAdmin } from '../users/accounts.service';
import { SPLIT_FIRST } from './fee-split-writes';
import { registerCasePayments } from './payment-purposes';

// Each side's share of the deposit (issue 24, decision 049): the inviting side paid the whole deposit at submit; the
// other side pays its share by card (or the inviting side pays it on its behalf), and the excess the inviting side
// holds goes back to the charge it came from. Every entry is booked to its payer, and the ledger holds per payer.

describe.each(backends)('paying a share of the deposit on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  const depositChargeOf = async (id: string, payer: Account) =>
    (await entriesOf(t, id)).find((e) => e.kind === 'deposit_charge' && e.payerId === payer.user.id && e.shareSide !== 'second')!.providerRef;

  it('the second side pays its own share (50/50): $125.00 charged, the first side’s $125.00 returned from its deposit, both told', async () => {
    const { owner, opposing, id } = await twoSided(t);
    const ownerDeposit = await depositChargeOf(id, owner);
    const started = await startShare(t, opposing, id, 'second');
    expect(started.statusCode).toBe(200);
    expect(started.json()).toEqual({ clientSecret: expect.any(String), amount: '125.00', side: 'second', onBehalf: false, kind: 'deposit' });
    // Asked again before paying: the same attempt, the same card form.
    expect((await startShare(t, opposing, id, 'second')).json().clientSecret).toBe(started.json().clientSecret);
    const paid = await confirmCard(t, opposing, started.json().clientSecret);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toEqual({ status: 'succeeded' });

    const entries = await entriesOf(t, id);
    expect(entries.filter((e) => e.kind === 'deposit_charge').map((e) => [e.payerId, e.amount])).toEqual(
      expect.arrayContaining([
        [owner.user.id, 25_000],
        [opposing.user.id, 12_500],
      ]),
    );
    expect(entries.filter((e) => e.kind === 'deposit_charge')).toHaveLength(2);
    expect(entries.find((e) => e.payerId === opposing.user.id)).toMatchObject({ kind: 'deposit_charge', shareSide: 'second' });
    expect(await refundSteps(t, id)).toEqual([
      { chargeId: ownerDeposit, amount: 12_500, status: 'succeeded', reason: 'Returned: the other side paid its share of the deposit' },
    ]);
    expect(await moneyOf(t, id, owner.user.id)).toMatchObject({ charged: 25_000, refunded: 12_500, held: 12_500 });
    expect(await moneyOf(t, id, opposing.user.id)).toMatchObject({ charged: 12_500, refunded: 0, held: 12_500 });
    await expectMoneyWhole(t, id);
    expect((await call(t, 'GET', `/api/requests/${id}`, owner.cookie)).json().settlement).toMatchObject({
      charged: '375.00',
      refunded: '125.00',
      held: '250.00',
    });
    expect((await feeSplitOf(t, id, opposing.cookie)).shares).toMatchObject({
      first: { depositHeld: '125.00', depositOutstanding: '0.00' },
      second: { depositHeld: '125.00', depositOutstanding: '0.00' },
    });

    const note = async (who: Account) => (await notesOf(t, who.cookie)).find((n) => n.type === 'share_paid')?.message;
    expect(await note(opposing)).toBe('You paid your share of the deposit for Smith v. Jones ($125).');
    expect(await note(owner)).toBe(
      "Lena Lawyer paid the other side's share of the deposit for Smith v. Jones ($125). $125 of what you paid is refunded to your card.",
    );

    // Paid: neither side pays it again, nor the first side its own (it holds its share).
    for (const [payer, side] of [
      [opposing, 'second'],
      [owner, 'second'],
      [owner, 'first'],
    ] as const) {
      const again = await startShare(t, payer, id, side);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('This share of the deposit is already paid');
    }
    await expectMoneyWhole(t, id);
  });

  it('the first side pays the second’s share on its behalf (60/40): net it paid the deposit once, the share held for the second side', async () => {
    const { owner, opposing, id } = await twoSided(t, { firstSidePercent: 60, secondSidePercent: 40 });
    const ownerDeposit = await depositChargeOf(id, owner);
    expect(await payShare(t, owner, id, 'second')).toMatchObject({ amount: '100.00', side: 'second', onBehalf: true });

    const onBehalf = (await entriesOf(t, id)).filter((e) => e.kind === 'deposit_charge' && e.shareSide === 'second');
    expect(onBehalf).toMatchObject([{ payerId: owner.user.id, amount: 10_000 }]);
    // The first side's own excess goes back to its first charge, not to the one that pays the second side's share.
    expect(await refundSteps(t, id)).toMatchObject([{ chargeId: ownerDeposit, amount: 10_000, status: 'succeeded' }]);
    expect(await moneyOf(t, id, owner.user.id)).toMatchObject({ charged: 35_000, refunded: 10_000, held: 25_000 });
    expect(await moneyOf(t, id, opposing.user.id)).toMatchObject({ charged: 0, held: 0 });
    expect((await feeSplitOf(t, id, owner.cookie)).shares).toMatchObject({
      first: { deposit: '150.00', depositHeld: '150.00', depositOutstanding: '0.00' },
      second: { deposit: '100.00', depositHeld: '100.00', depositOutstanding: '0.00' },
    });
    const note = async (who: Account) => (await notesOf(t, who.cookie)).find((n) => n.type === 'share_paid')?.message;
    expect(await note(owner)).toBe("You paid the other side's share of the deposit for Smith v. Jones ($100). $100 of what you paid is refunded to your card.");
    expect(await note(opposing)).toBe('Lena Lawyer paid your share of the deposit for Smith v. Jones ($100).');
    expect((await startShare(t, opposing, id, 'second')).statusCode).toBe(409);
    await expectMoneyWhole(t, id);
  });

  it('a declined card is 402 and another card then pays; refusals: 409 before a split is agreed, 400 for a side, 401, 404, 403', async () => {
    const { owner, opposing, id } = await twoSided(t);
    const [mediator] = await acceptingMediators(t, id);
    const outsider = await signUpLawyer(t);
    const first = await startShare(t, opposing, id, 'second');
    const declined = await confirmCard(t, opposing, first.json().clientSecret, CARDS.declined);
    expect(declined.statusCode).toBe(402);
    expect(await entriesOf(t, id)).toHaveLength(1);
    const retry = await startShare(t, opposing, id, 'second');
    expect(retry.json().clientSecret).not.toBe(first.json().clientSecret);
    expect((await confirmCard(t, opposing, retry.json().clientSecret, CARDS.insufficient)).statusCode).toBe(402);
    expect(await payShare(t, opposing, id, 'second')).toMatchObject({ amount: '125.00', onBehalf: false });
    expect(await moneyOf(t, id, opposing.user.id)).toMatchObject({ charged: 12_500, held: 12_500 });
    await expectMoneyWhole(t, id);

    expect((await startShare(t, { ...owner, cookie: '' }, id, 'second')).statusCode).toBe(401);
    expect((await startShare(t, outsider, id, 'second')).statusCode).toBe(404);
    expect((await startShare(t, outsider, id, 'third')).statusCode).toBe(404);
    expect((await startShare(t, mediator, id, 'second')).statusCode).toBe(403);
    const side = await startShare(t, owner, id, 'third');
    expect(side.statusCode).toBe(400);
    expect(side.json().fieldErrors).toEqual({ side: 'The side must be first or second' });

    // A split answered with another at joining is not agreed: no share is due yet.
    const countered = await createLiveRequest(t, owner.cookie);
    const counsel = await signUpLawyer(t);
    await call(t, 'POST', `/api/requests/${countered}/invitation`, owner.cookie, { email: counsel.email, name: 'Olivia Opponent' });
    const answer = { firstSidePercent: 30, secondSidePercent: 70 };
    await call(t, 'POST', `/api/invitations/${invitationToken(t, counsel.email)}/accept`, counsel.cookie, answer);
    const early = await startShare(t, counsel, countered, 'second');
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(SPLIT_FIRST);
  });

  it('a share paid twice (both started before either paid): one payment kept, the other refunded whole; the later one is undone', async () => {
    const outcomes: { round: number; laterAnswer: number; laterRefunded: boolean }[] = [];
    for (let round = 0; round < 6; round++) {
      const { owner, opposing, id } = await twoSided(t);
      const own = (await startShare(t, opposing, id, 'second')).json().clientSecret as string;
      const behalf = (await startShare(t, owner, id, 'second')).json().clientSecret as string;
      expect((await confirmCard(t, opposing, own)).statusCode).toBe(200);
      const later = await confirmCard(t, owner, behalf);
      expect([200, 409]).toContain(later.statusCode);

      const shares = (await entriesOf(t, id)).filter((e) => e.kind === 'deposit_charge' && e.shareSide === 'second');
      expect(shares.map((e) => e.payerId).sort()).toEqual([owner.user.id, opposing.user.id].sort());
      const refunds = await refundSteps(t, id);
      const undone = shares.filter((e) => refunds.some((r) => r.chargeId === e.providerRef && r.amount === e.amount));
      expect(undone).toHaveLength(1);
      // The first side's own excess went back once; each side holds its share once.
      expect(refunds.filter((r) => !shares.some((e) => e.providerRef === r.chargeId)).map((r) => r.amount)).toEqual([12_500]);
      expect((await feeSplitOf(t, id, owner.cookie)).shares).toMatchObject({ first: { depositHeld: '125.00' }, second: { depositHeld: '125.00' } });
      await expectMoneyWhole(t, id);
      outcomes.push({ round, laterAnswer: later.statusCode, laterRefunded: undone[0].payerId === owner.user.id });
    }
    // The payment that arrived second is the one returned, and its payer is told (decision 049), in every round.
    expect(outcomes).toEqual(outcomes.map(({ round }) => ({ round, laterAnswer: 409, laterRefunded: true })));
  });

  it('cancelled before selection after the second side paid: each deposit charge refunded what it holds, to its payer', async () => {
    const { owner, opposing, id } = await twoSided(t);
    await payShare(t, opposing, id, 'second');
    const cancelled = await call(t, 'POST', `/api/requests/${id}/cancel`, owner.cookie, { reason: 'Settled' });
    expect(cancelled.statusCode).toBe(200);
    expect(await moneyOf(t, id, owner.user.id)).toEqual({ charged: 25_000, refunded: 25_000, toMediator: 0, fee: 0, held: 0 });
    expect(await moneyOf(t, id, opposing.user.id)).toEqual({ charged: 12_500, refunded: 12_500, toMediator: 0, fee: 0, held: 0 });
    await expectMoneyWhole(t, id);
  });

  /** A matched 60/40 case six days ahead (fewer than 7 days, at least 3 business days: half the deposit refunded). */
  async function matchedSixtyForty() {
    const { owner, opposing, id } = await twoSided(t, { firstSidePercent: 60, secondSidePercent: 40 }, { preferredDate: daysOn(t, 6) });
    await payShare(t, opposing, id, 'second');
    const [mediator] = await acceptingMediators(t, id);
    await agreeOnMediator(t, owner, opposing, id, mediator);
    // Each side's balance share on its own saved card (decision 050): 690.00 and 460.00 of the 1150.00 balance.
    expect(await moneyOf(t, id, owner.user.id)).toMatchObject({ charged: 94_000, refunded: 10_000, held: 84_000 });
    expect(await moneyOf(t, id, opposing.user.id)).toMatchObject({ charged: 56_000, refunded: 0, held: 56_000 });
    return { owner, opposing, id };
  }

  it('the inviting side cancels after selection with half the deposit kept (60/40): the canceller bears it, the other side gets its share back whole', async () => {
    const { owner, opposing, id } = await matchedSixtyForty();
    const cancelled = await call(t, 'POST', `/api/requests/${id}/cancel`, owner.cookie, { reason: 'Settled' });
    expect(cancelled.statusCode).toBe(200);
    // Held of the deposit: 150.00 (first) and 100.00 (second); the kept 125.00 comes from the canceller's charge
    // (112.50 to the mediator + 12.50 commission), so the first side gets 25.00 back and the second side its 100.00;
    // each side's balance share goes back whole.
    expect(await moneyOf(t, id, owner.user.id)).toEqual({ charged: 94_000, refunded: 10_000 + 2_500 + 69_000, toMediator: 11_250, fee: 1_250, held: 0 });
    expect(await moneyOf(t, id, opposing.user.id)).toEqual({ charged: 56_000, refunded: 10_000 + 46_000, toMediator: 0, fee: 0, held: 0 });
    await expectMoneyWhole(t, id);
    // The other side is told what goes back to it, not the case's total.
    expect((await notesOf(t, opposing.cookie)).find((n) => n.type === 'request_cancelled')?.message).toBe(
      'Smith v. Jones was cancelled by the lawyer. $560 you paid toward it is refunded to your card.',
    );
  });

  it('an admin cancels after selection with half the deposit kept (60/40): refunds and the fee from each deposit charge in proportion', async () => {
    const { owner, opposing, id } = await matchedSixtyForty();
    const email = `share.admin.${Date.now()}@example.com`;
    await ensureAdmin(t.ctx, email, PASSWORD);
    const admin = sessionCookie(await call(t, 'POST', '/api/login', undefined, { email, password: PASSWORD }));
    const cancelled = await call(t, 'POST', `/api/admin/mediations/${id}/cancel`, admin, { refund: 'partial', reason: 'Both sides asked' });
    expect(cancelled.statusCode).toBe(200);
    // Nobody's cancellation: 125.00 refunded as 75.00 + 50.00; the kept 125.00 is paid from the same charges alike:
    // 67.50 + 7.50 commission, 45.00 + 5.00. The balance goes back whole.
    expect(await moneyOf(t, id, owner.user.id)).toEqual({ charged: 94_000, refunded: 10_000 + 7_500 + 69_000, toMediator: 6_750, fee: 750, held: 0 });
    expect(await moneyOf(t, id, opposing.user.id)).toEqual({ charged: 56_000, refunded: 5_000 + 46_000, toMediator: 4_500, fee: 500, held: 0 });
    await expectMoneyWhole(t, id);
    // Each counsel is told its own refund: $765 (75.00 of its deposit share and its 690.00 balance share) and $510.
    const told = async (who: { cookie: string }) => (await notesOf(t, who.cookie)).find((n) => n.type === 'request_cancelled')?.message;
    expect(await told(owner)).toBe(
      'Smith v. Jones was cancelled by an administrator. $765 is refunded to your card; $125 of the deposit is kept as the cancellation fee.',
    );
    expect(await told(opposing)).toBe('Smith v. Jones was cancelled by an administrator. $510 you paid toward it is refunded to your card.');
  });

  it('cancelled while the card form is being made: the new intent is closed at the provider and the payer told 409', async () => {
    const { owner, opposing, id } = await twoSided(t);
    const payments = t.ctx.payments;
    const createIntent = payments.createIntent.bind(payments);
    const made: string[] = [];
    // The cancellation lands between the attempt's transaction and the intent's id being written on it.
    payments.createIntent = async (input) => {
      payments.createIntent = createIntent;
      expect((await call(t, 'POST', `/api/requests/${id}/cancel`, owner.cookie, {})).statusCode).toBe(200);
      const intent = await createIntent(input);
      made.push(intent.id);
      return intent;
    };
    const started = await startShare(t, opposing, id, 'second');
    expect(started.statusCode, started.body).toBe(409);
    expect(started.json().message).toBe('This case no longer takes payments');
    const [row] = (await providerRows(t)).filter((r) => r.id === made[0]);
    expect(row.status).toBe('canceled');
    expect(await moneyOf(t, id, opposing.user.id)).toMatchObject({ charged: 0, held: 0 });
    await expectMoneyWhole(t, id);
  });

  it('a share waiting for the card when the case is cancelled: confirming then is 409 and nothing is kept; one paid meanwhile is refunded whole', async () => {
    // The card form is still open: the cancellation closes the attempt, the card is never charged.
    const open = await twoSided(t);
    const started = await startShare(t, open.opposing, open.id, 'second');
    expect((await call(t, 'POST', `/api/requests/${open.id}/cancel`, open.owner.cookie, {})).statusCode).toBe(200);
    const late = await confirmCard(t, open.opposing, started.json().clientSecret);
    expect(late.statusCode).toBe(409);
    expect(await moneyOf(t, open.id, open.opposing.user.id)).toMatchObject({ charged: 0, held: 0 });
    await expectMoneyWhole(t, open.id);

    // The provider took the money before the cancellation, its outcome reaches us after: refunded whole.
    const paid = await twoSided(t);
    const secret = (await startShare(t, paid.opposing, paid.id, 'second')).json().clientSecret as string;
    const provider = t.ctx.payments as unknown as {
      findIntentBySecret(s: string): Promise<unknown>;
      confirmIntent(i: unknown, c: unknown): Promise<unknown>;
    };
    await provider.confirmIntent(await provider.findIntentBySecret(secret), CARDS.ok);
    expect((await call(t, 'POST', `/api/requests/${paid.id}/cancel`, paid.owner.cookie, {})).statusCode).toBe(200);
    // The cancellation's closing of the intent found it paid and acted on it: recorded and refunded whole at once. The
    // card form's own confirmation arriving after is a replay (200 or 409), never a second booking.
    expect(await refundSteps(t, paid.id)).toContainEqual({
      chargeId: expect.any(String),
      amount: 12_500,
      status: 'succeeded',
      reason: 'Share paid after the case could no longer use it',
    });
    expect([200, 409]).toContain((await confirmCard(t, paid.opposing, secret)).statusCode);
    expect(await moneyOf(t, paid.id, paid.opposing.user.id)).toEqual({ charged: 12_500, refunded: 12_500, toMediator: 0, fee: 0, held: 0 });
    expect(await moneyOf(t, paid.id, paid.owner.user.id)).toMatchObject({ charged: 25_000, refunded: 25_000, held: 0 });
    await expectMoneyWhole(t, paid.id);
  });
  it('the share purpose registers again as the same handler: a second app in one process (both backends in one file) starts', () => {
    // One handler object: a second createContext in the process (both backends in one file) registers the same.
    expect(() => registerCasePayments()).not.toThrow();
  });

  it('either side may report a problem within the hold window (both paid toward the payout); the other counsel hears of it', async () => {
    const { owner, opposing, id } = await twoSided(t);
    await payShare(t, opposing, id, 'second');
    const [mediator] = await acceptingMediators(t, id);
    await agreeOnMediator(t, owner, opposing, id, mediator);
    expect((await call(t, 'POST', `/api/requests/${id}/complete`, mediator.cookie, { completionResults: 'No agreement.' })).statusCode).toBe(200);
    const reported = await call(t, 'POST', `/api/requests/${id}/dispute`, opposing.cookie, { reason: 'The session was cut short after an hour.' });
    expect(reported.statusCode).toBe(201);
    expect((await notesOf(t, owner.cookie)).filter((n) => n.type === 'dispute_opened')).toHaveLength(1);
    expect((await call(t, 'POST', `/api/requests/${id}/dispute`, owner.cookie, { reason: 'Same here.' })).statusCode).toBe(409);
    await expectMoneyWhole(t, id);
  });

  // Last: it moves the clock past the payout hold window.
  it('the full case: share paid, mediator agreed, balance charged, completed, paid out after the hold window; 0 held per payer', async () => {
    const { owner, opposing, id } = await twoSided(t);
    await payShare(t, opposing, id, 'second');
    const [mediator] = await acceptingMediators(t, id);
    await agreeOnMediator(t, owner, opposing, id, mediator);
    // Each side's balance share (575.00 of the 1150.00) on its own saved card: each holds its 700.00 share of the budget.
    expect(await moneyOf(t, id, owner.user.id)).toMatchObject({ charged: 82_500, refunded: 12_500, held: 70_000 });
    expect(await moneyOf(t, id, opposing.user.id)).toMatchObject({ charged: 70_000, refunded: 0, held: 70_000 });
    await expectMoneyWhole(t, id);
    const done = await call(t, 'POST', `/api/requests/${id}/complete`, mediator.cookie, { completionResults: 'Settled: parenting plan agreed.' });
    expect(done.statusCode).toBe(200);
    await runDueJobs(t);
    expect((await expectMoneyWhole(t, id)).ledger!.payment.status).toBe('held');

    t.clock.advance(72 * 3600_000);
    await runDueJobs(t);
    const { ledger, provider } = await expectMoneyWhole(t, id);
    expect(ledger!.payment.status).toBe('released');
    // The 140.00 fee is taken from the two deposit charges first (which of them first follows the ledger's order), the
    // rest of every charge goes to the mediator: whatever each payer paid is used up, nothing more.
    expect(ledger!.totals).toMatchObject({ charged: 152_500, refunded: 12_500, paidToMediator: 126_000, feeKept: 14_000 });
    expect(provider.transferred).toBe(126_000);
    const ownerMoney = await moneyOf(t, id, owner.user.id);
    const opposingMoney = await moneyOf(t, id, opposing.user.id);
    expect(ownerMoney).toMatchObject({ charged: 82_500, refunded: 12_500, held: 0 });
    expect(opposingMoney).toMatchObject({ charged: 70_000, refunded: 0, held: 0 });
    expect(ownerMoney.toMediator + ownerMoney.fee).toBe(70_000);
    expect(opposingMoney.toMediator + opposingMoney.fee).toBe(70_000);
    expect(ownerMoney.fee + opposingMoney.fee).toBe(14_000);
  });
});
