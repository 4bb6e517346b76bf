import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpLawyer, type Account } from '../../../../tests/helpers/accounts';
import { backends } from '../../../../tests/helpers/backends';
import {
  acceptingMediators,
  confirmCard,
  entriesOf,
  expectMoneyWhole,
  feeSplitOf,
  moneyOf,
  notesOf,
  payShare,
  refundSteps,
  startShare,
} from '../../../../tests/helpers/fee-split';
import { call, CARDS, createLiveRequest } from '../../../../tests/helpers/requests';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { invitationToken, inviteAndJoin } from '../../../../tests/helpers/two-sided';

// Each side's share of the balance at a two-sided selection (issue 24, decision 050): once both sides approved the
// mediator, each side's share is charged to its own saved card; a side whose card declines, or who has none, pays by
// card from the request page while the other side's charge stands; the selection takes effect when every share is in.
// Budget 1,400.00, deposit 250.00: at 50/50 each side owes 125.00 of the deposit and 575.00 of the balance.

describe.each(backends)('each side pays its share of the balance on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  const detail = async (id: string, cookie: string) => (await call(t, 'GET', `/api/requests/${id}`, cookie)).json();
  const propose = (id: string, owner: Account, mediator: Account) => call(t, 'POST', `/api/requests/${id}/select-mediator/${mediator.user.id}`, owner.cookie);
  const approve = (id: string, opposing: Account) => call(t, 'POST', `/api/requests/${id}/selection-proposal/approve`, opposing.cookie);

  /** A two-sided request (50/50 unless given), one Pro mediator who accepted, proposed and approved. */
  async function approvedCase(
    options: {
      split?: { firstSidePercent: number; secondSidePercent: number };
      secondPaysDeposit?: boolean;
      ownerCard?: (typeof CARDS)[keyof typeof CARDS];
    } = {},
  ) {
    const owner = await signUpLawyer(t);
    const id = await createLiveRequest(t, owner.cookie, {}, options.ownerCard ?? CARDS.ok);
    const opposing = await inviteAndJoin(t, owner.cookie, id, undefined, options.split);
    if (options.secondPaysDeposit) await payShare(t, opposing, id, 'second');
    const [mediator] = await acceptingMediators(t, id);
    expect((await propose(id, owner, mediator)).statusCode).toBe(202);
    const approved = await approve(id, opposing);
    expect(approved.statusCode).toBe(200);
    return { owner, opposing, mediator, id, approved: approved.json() };
  }

  it('the second side has no saved card: the first side’s share is charged, the second pays its deposit share then its balance share, and only then is the mediator selected', async () => {
    const { owner, opposing, mediator, id, approved } = await approvedCase();
    expect(approved).toMatchObject({ status: 'awaiting_selection', selectedMediatorId: null });
    // The first side's 575.00 is on its deposit card already; the second side is told what it owes.
    expect(approved.sides.feeSplit).toMatchObject({
      canChange: false,
      waitingSelection: { mediatorId: mediator.user.id, budget: '1400.00' },
      shares: {
        first: { balance: '575.00', balanceHeld: '575.00', balanceOutstanding: '0.00', depositOutstanding: '0.00' },
        second: { balance: '575.00', balanceHeld: '0.00', balanceOutstanding: '575.00', depositOutstanding: '125.00' },
      },
    });
    expect((await notesOf(t, opposing.cookie)).find((n) => n.type === 'share_due')).toMatchObject({
      title: 'Pay your share to complete the selection',
      message:
        'Both sides approved the mediator for Smith v. Jones. Your share ($700) is due: No card is saved for your side of this case. Open the request to pay it by card.',
      linkUrl: `/requests/${id}`,
    });
    expect((await notesOf(t, owner.cookie)).some((n) => n.type === 'share_due')).toBe(false);
    expect((await notesOf(t, mediator.cookie)).some((n) => n.type === 'mediator_selected')).toBe(false);

    // The deposit share first (the first side's excess of the deposit goes back), then the balance share.
    expect(await payShare(t, opposing, id, 'second')).toMatchObject({ amount: '125.00', kind: 'deposit' });
    expect(await detail(id, opposing.cookie)).toMatchObject({ status: 'awaiting_selection' });
    expect(await payShare(t, opposing, id, 'second')).toMatchObject({ amount: '575.00', kind: 'balance' });
    expect(await detail(id, opposing.cookie)).toMatchObject({ status: 'matched', selectedMediatorId: mediator.user.id });
    expect((await notesOf(t, mediator.cookie)).some((n) => n.type === 'mediator_selected')).toBe(true);
    expect((await notesOf(t, owner.cookie)).find((n) => n.title === 'Balance share paid')?.message).toBe(
      "Lena Lawyer paid the other side's share of the balance for Smith v. Jones ($575).",
    );

    // Each side holds exactly its share of the budget; nothing more is due, and paying again is refused.
    expect(await moneyOf(t, id, owner.user.id)).toMatchObject({ charged: 82_500, refunded: 12_500, held: 70_000 });
    expect(await moneyOf(t, id, opposing.user.id)).toMatchObject({ charged: 70_000, refunded: 0, held: 70_000 });
    expect((await feeSplitOf(t, id, owner.cookie)).waitingSelection).toBeNull();
    expect((await startShare(t, opposing, id, 'second')).statusCode).toBe(409);
    expect((await entriesOf(t, id)).filter((e) => e.kind === 'balance_charge').map((e) => [e.shareSide, e.amount])).toEqual(
      expect.arrayContaining([
        ['first', 57_500],
        ['second', 57_500],
      ]),
    );
    await expectMoneyWhole(t, id);
  });

  it('both sides have saved cards: approving charges each side’s share to its own card and selects at once (60/40)', async () => {
    const { owner, opposing, mediator, id, approved } = await approvedCase({ split: { firstSidePercent: 60, secondSidePercent: 40 }, secondPaysDeposit: true });
    expect(approved).toMatchObject({ status: 'matched', selectedMediatorId: mediator.user.id });
    // 60/40 of 1,400.00: 840.00 and 560.00, each side's deposit share (150.00, 100.00) counted toward it.
    expect(await moneyOf(t, id, owner.user.id)).toMatchObject({ charged: 25_000 + 69_000, refunded: 10_000, held: 84_000 });
    expect(await moneyOf(t, id, opposing.user.id)).toMatchObject({ charged: 10_000 + 46_000, refunded: 0, held: 56_000 });
    expect((await notesOf(t, opposing.cookie)).some((n) => n.type === 'share_due')).toBe(false);
    await expectMoneyWhole(t, id);
  });

  it('100/0: only the inviting side pays, on its saved card, as a one-sided case would', async () => {
    const { owner, opposing, id, approved } = await approvedCase({ split: { firstSidePercent: 100, secondSidePercent: 0 } });
    expect(approved.status).toBe('matched');
    expect(await moneyOf(t, id, owner.user.id)).toMatchObject({ charged: 140_000, refunded: 0, held: 140_000 });
    expect(await moneyOf(t, id, opposing.user.id)).toMatchObject({ charged: 0, held: 0 });
    await expectMoneyWhole(t, id);
  });

  it('a declined saved card on one side leaves the other side’s charge standing; that side pays by card (402, then another card)', async () => {
    const { owner, opposing, id, approved } = await approvedCase({ ownerCard: CARDS.declinesLater, secondPaysDeposit: true });
    expect(approved.status).toBe('awaiting_selection');
    expect(await moneyOf(t, id, opposing.user.id)).toMatchObject({ charged: 12_500 + 57_500, held: 70_000 });
    expect((await notesOf(t, owner.cookie)).find((n) => n.type === 'share_due')?.message).toMatch(
      /^Both sides approved the mediator for Smith v\. Jones\. Your share \(\$575\) is due: your saved card was declined/,
    );
    const started = await startShare(t, owner, id, 'first');
    expect(started.json()).toMatchObject({ amount: '575.00', kind: 'balance', side: 'first', onBehalf: false });
    expect((await confirmCard(t, owner, started.json().clientSecret, CARDS.declined)).statusCode).toBe(402);
    expect(await detail(id, owner.cookie)).toMatchObject({ status: 'awaiting_selection' });
    await payShare(t, owner, id, 'first');
    expect(await detail(id, owner.cookie)).toMatchObject({ status: 'matched' });
    // The second side's charge was made once.
    expect((await entriesOf(t, id)).filter((e) => e.kind === 'balance_charge' && e.shareSide === 'second')).toHaveLength(1);
    await expectMoneyWhole(t, id);
  });

  it('one side pays the other’s shares on its behalf (an insurer): the charges are the payer’s, the shares the other side’s', async () => {
    const { owner, opposing, id } = await approvedCase();
    expect(await payShare(t, owner, id, 'second')).toMatchObject({ amount: '125.00', kind: 'deposit', onBehalf: true });
    expect(await payShare(t, owner, id, 'second')).toMatchObject({ amount: '575.00', kind: 'balance', onBehalf: true });
    expect(await detail(id, owner.cookie)).toMatchObject({ status: 'matched' });
    // Net, the owner paid the whole budget; nothing is the second side's money.
    expect(await moneyOf(t, id, owner.user.id)).toMatchObject({ held: 140_000 });
    expect(await moneyOf(t, id, opposing.user.id)).toMatchObject({ charged: 0, held: 0 });
    expect((await notesOf(t, opposing.cookie)).find((n) => n.title === 'Balance share paid')?.message).toBe(
      'Lena Lawyer paid your share of the balance for Smith v. Jones ($575).',
    );
    await expectMoneyWhole(t, id);
  });

  it('the mediator withdraws while the selection waits: each balance share paid goes back whole, the deposit shares stay', async () => {
    const { owner, opposing, mediator, id } = await approvedCase({ secondPaysDeposit: false });
    await payShare(t, opposing, id, 'second'); // its deposit share
    const balance = await startShare(t, opposing, id, 'second');
    expect(balance.json()).toMatchObject({ kind: 'balance', amount: '575.00' });
    expect((await call(t, 'DELETE', `/api/requests/${id}/acceptance`, mediator.cookie)).statusCode).toBe(200);
    expect(await refundSteps(t, id)).toContainEqual({
      chargeId: expect.any(String),
      amount: 57_500,
      status: 'succeeded',
      reason: 'The mediator withdrew before the selection took effect',
    });
    // The card form still open for the balance share: closed, so paying it now changes nothing.
    expect((await confirmCard(t, opposing, balance.json().clientSecret)).statusCode).toBe(409);
    expect(await detail(id, owner.cookie)).toMatchObject({ status: 'pending_mediators', selectedMediatorId: null });
    expect((await feeSplitOf(t, id, owner.cookie)).waitingSelection).toBeNull();
    expect(await moneyOf(t, id, owner.user.id)).toMatchObject({ charged: 25_000 + 57_500, refunded: 12_500 + 57_500, held: 12_500 });
    expect(await moneyOf(t, id, opposing.user.id)).toMatchObject({ charged: 12_500, held: 12_500 });
    await expectMoneyWhole(t, id);
  });

  it('cancelled while the selection waits: the balance shares go back whole with the deposit, the open card form is closed', async () => {
    const { owner, opposing, id } = await approvedCase();
    const open = await startShare(t, opposing, id, 'second');
    expect((await call(t, 'POST', `/api/requests/${id}/cancel`, owner.cookie, { reason: 'Settled' })).statusCode).toBe(200);
    expect((await confirmCard(t, opposing, open.json().clientSecret)).statusCode).toBe(409);
    expect(await moneyOf(t, id, owner.user.id)).toMatchObject({ charged: 82_500, refunded: 82_500, held: 0 });
    expect(await moneyOf(t, id, opposing.user.id)).toMatchObject({ charged: 0, held: 0 });
    await expectMoneyWhole(t, id);
  });

  it('the split is fixed while the selection waits for the shares, and free again once it stopped waiting with every share returned', async () => {
    const { opposing, mediator, id } = await approvedCase();
    const proposed = await call(t, 'POST', `/api/requests/${id}/fee-split`, opposing.cookie, { firstSidePercent: 70, secondSidePercent: 30 });
    expect(proposed.statusCode).toBe(409);
    expect((await call(t, 'DELETE', `/api/requests/${id}/acceptance`, mediator.cookie)).statusCode).toBe(200);
    expect((await feeSplitOf(t, id, opposing.cookie)).canChange).toBe(true);
    expect((await call(t, 'POST', `/api/requests/${id}/fee-split`, opposing.cookie, { firstSidePercent: 70, secondSidePercent: 30 })).statusCode).toBe(200);
  });

  it('joined after the match answering with another split: the split can still be agreed, and then the shares are owed', async () => {
    const owner = await signUpLawyer(t);
    const id = await createLiveRequest(t, owner.cookie);
    const [mediator] = await acceptingMediators(t, id);
    expect((await call(t, 'POST', `/api/requests/${id}/select-mediator/${mediator.user.id}`, owner.cookie)).statusCode).toBe(200);
    const opposing = await signUpLawyer(t);
    await call(t, 'POST', `/api/requests/${id}/invitation`, owner.cookie, { email: opposing.email, name: 'Olivia Opponent' });
    const joined = await call(t, 'POST', `/api/invitations/${invitationToken(t, opposing.email)}/accept`, opposing.cookie, {
      firstSidePercent: 60,
      secondSidePercent: 40,
    });
    expect(joined.statusCode).toBe(200);
    expect(await feeSplitOf(t, id, owner.cookie)).toMatchObject({ agreed: null, canChange: true, proposal: { firstSidePercent: 60 } });
    expect((await startShare(t, opposing, id, 'second')).statusCode).toBe(409);
    expect((await call(t, 'POST', `/api/requests/${id}/fee-split/accept`, owner.cookie)).statusCode).toBe(200);
    expect(await feeSplitOf(t, id, opposing.cookie)).toMatchObject({
      agreed: { firstSidePercent: 60 },
      canChange: false,
      shares: { second: { depositOutstanding: '100.00', balanceOutstanding: '460.00' } },
    });
  });

  it('joined after the match, the session already started: the other side still pays its shares; once complete nothing is due', async () => {
    const owner = await signUpLawyer(t);
    const id = await createLiveRequest(t, owner.cookie);
    const [mediator] = await acceptingMediators(t, id);
    expect((await call(t, 'POST', `/api/requests/${id}/select-mediator/${mediator.user.id}`, owner.cookie)).statusCode).toBe(200);
    expect((await call(t, 'POST', `/api/requests/${id}/start`, mediator.cookie)).statusCode).toBe(200);
    const opposing = await inviteAndJoin(t, owner.cookie, id);
    // 50/50 of 1,400.00: the other side owes 125.00 of the deposit, then 575.00 of the balance, during the session too.
    expect(await feeSplitOf(t, id, opposing.cookie)).toMatchObject({ shares: { second: { depositOutstanding: '125.00', balanceOutstanding: '575.00' } } });
    expect(await payShare(t, opposing, id, 'second')).toMatchObject({ kind: 'deposit', amount: '125.00' });
    expect(await payShare(t, opposing, id, 'second')).toMatchObject({ kind: 'balance', amount: '575.00' });
    // What the inviting side paid for the other side went back to it: each side holds its half.
    expect(await moneyOf(t, id, owner.user.id)).toMatchObject({ charged: 140_000, refunded: 70_000, held: 70_000 });
    expect(await moneyOf(t, id, opposing.user.id)).toMatchObject({ charged: 70_000, held: 70_000 });
    await expectMoneyWhole(t, id);

    // Another case joined during the session but completed unpaid: nothing is shown as due, and paying is refused.
    const other = await createLiveRequest(t, owner.cookie);
    const [second] = await acceptingMediators(t, other);
    expect((await call(t, 'POST', `/api/requests/${other}/select-mediator/${second.user.id}`, owner.cookie)).statusCode).toBe(200);
    const counsel = await inviteAndJoin(t, owner.cookie, other);
    expect((await call(t, 'POST', `/api/requests/${other}/complete`, second.cookie, { completionResults: 'Settled.' })).statusCode).toBe(200);
    expect(await feeSplitOf(t, other, counsel.cookie)).toMatchObject({ shares: { second: { depositOutstanding: '0.00', balanceOutstanding: '0.00' } } });
    expect((await startShare(t, counsel, other, 'second')).statusCode).toBe(409);
  });

  it('a one-sided request is untouched: the lawyer’s saved card pays the whole balance at selection', async () => {
    const lawyer = await signUpLawyer(t);
    const id = await createLiveRequest(t, lawyer.cookie);
    const [mediator] = await acceptingMediators(t, id);
    const selected = await call(t, 'POST', `/api/requests/${id}/select-mediator/${mediator.user.id}`, lawyer.cookie);
    expect(selected.statusCode).toBe(200);
    expect(selected.json().sides).toBeNull();
    const entries = (await entriesOf(t, id)).map((e) => [e.kind, e.amount, e.shareSide]);
    expect(entries).toHaveLength(2);
    expect(entries).toEqual(
      expect.arrayContaining([
        ['deposit_charge', 25_000, null],
        ['balance_charge', 115_000, null],
      ]),
    );
  });
});
