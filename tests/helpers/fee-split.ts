import { parseCents } from '../../src/common/money';
import { findPaymentForRequest, ledgerFor } from '../../src/server/modules/payments/payments.repo';
import { stepsOf } from '../../src/server/modules/payments/steps.repo';
import { signUpLawyer, signUpMediator, type Account } from './accounts';
import { expectLedgerWhole, expectProviderAgrees } from './ledger';
import { call, CARDS, createLiveRequest, setTier } from './requests';
import type { TestApp } from './test-app';
import { inviteAndJoin } from './two-sided';

// Set-up and checks the fee split's API tests share (issue 24, decision 049).

type Split = { firstSidePercent: number; secondSidePercent: number };
type Card = (typeof CARDS)[keyof typeof CARDS];

/** A live two-sided request (deposit paid by the owner at submit) whose second side joined accepting `split` (else 50/50). */
export async function twoSided(t: TestApp, split?: Split, overrides: Record<string, unknown> = {}) {
  const owner = await signUpLawyer(t);
  const id = await createLiveRequest(t, owner.cookie, overrides);
  const opposing = await inviteAndJoin(t, owner.cookie, id, undefined, split);
  return { owner, opposing, id };
}

/** `n` Pro mediators who accepted the request. */
export async function acceptingMediators(t: TestApp, id: string, n = 1): Promise<Account[]> {
  const mediators: Account[] = [];
  for (let i = 0; i < n; i++) {
    const m = await signUpMediator(t);
    await setTier(t, m.user.id, 'pro');
    const accepted = await call(t, 'POST', `/api/requests/${id}/accept`, m.cookie, { noConflictConfirmed: true });
    if (accepted.statusCode !== 201) throw new Error(`accept failed: ${accepted.statusCode} ${accepted.body}`);
    mediators.push(m);
  }
  return mediators;
}

/**
 * The owner proposes the mediator and the other side approves; each side's share of the balance is charged to its saved
 * card (decision 050), and the second side pays by card what its card could not (its deposit share, then its balance
 * share) until the request is matched.
 */
export async function agreeOnMediator(t: TestApp, owner: Account, opposing: Account, id: string, mediator: Account) {
  const proposed = await call(t, 'POST', `/api/requests/${id}/select-mediator/${mediator.user.id}`, owner.cookie);
  if (proposed.statusCode !== 202) throw new Error(`propose failed: ${proposed.statusCode} ${proposed.body}`);
  const approved = await call(t, 'POST', `/api/requests/${id}/selection-proposal/approve`, opposing.cookie);
  if (approved.statusCode !== 200) throw new Error(`approve failed: ${approved.statusCode} ${approved.body}`);
  let status = approved.json().status as string;
  for (let paid = 0; status !== 'matched' && paid < 2; paid++) {
    await payShare(t, opposing, id, 'second');
    status = (await call(t, 'GET', `/api/requests/${id}`, opposing.cookie)).json().status;
  }
  if (status !== 'matched') throw new Error(`not matched after the second side paid its shares: ${status}`);
}

/** Starts a share payment (POST …/shares/{side}/pay) and answers its response. */
export const startShare = (t: TestApp, payer: Account, id: string, side: string) => call(t, 'POST', `/api/requests/${id}/shares/${side}/pay`, payer.cookie);

/** The card form's confirmation of a payment. */
export const confirmCard = (t: TestApp, payer: Account, clientSecret: string, card: Card = CARDS.ok) =>
  call(t, 'POST', '/api/payments/local/confirm', payer.cookie, { clientSecret, card });

/** Pays a share in full: start, then confirm with `card`; throws unless both answered 200. */
export async function payShare(t: TestApp, payer: Account, id: string, side: 'first' | 'second', card: Card = CARDS.ok) {
  const started = await startShare(t, payer, id, side);
  if (started.statusCode !== 200) throw new Error(`pay failed: ${started.statusCode} ${started.body}`);
  const confirmed = await confirmCard(t, payer, started.json().clientSecret, card);
  if (confirmed.statusCode !== 200) throw new Error(`confirm failed: ${confirmed.statusCode} ${confirmed.body}`);
  return started.json() as { clientSecret: string; amount: string; side: string; onBehalf: boolean; kind: 'deposit' | 'balance' };
}

export const feeSplitOf = async (t: TestApp, id: string, cookie: string) => (await call(t, 'GET', `/api/requests/${id}/fee-split`, cookie)).json();

export const notesOf = async (t: TestApp, cookie: string) =>
  (await call(t, 'GET', '/api/notifications?limit=50', cookie)).json() as { type: string; title: string; message: string; linkUrl: string }[];

/** The request's ledger entries, in cents, oldest first. */
export async function entriesOf(t: TestApp, id: string) {
  const payment = await findPaymentForRequest(t.ctx.db, id);
  if (!payment) return [];
  return (await ledgerFor(t.ctx.db, payment.id)).map((e) => ({
    kind: e.kind,
    amount: parseCents(e.amount)!,
    platformFee: parseCents(e.platformFee)!,
    payerId: e.payerId,
    shareSide: e.shareSide,
    providerRef: e.providerRef,
  }));
}

/** Per payer, the cents of each kind of entry: what they paid, got back, and what went to the mediator or the platform. */
export async function moneyOf(t: TestApp, id: string, payerId: string) {
  const mine = (await entriesOf(t, id)).filter((e) => e.payerId === payerId);
  const sum = (kinds: string[], field: 'amount' | 'platformFee' = 'amount') => mine.filter((e) => kinds.includes(e.kind)).reduce((s, e) => s + e[field], 0);
  const charged = sum(['deposit_charge', 'balance_charge']);
  const refunded = sum(['refund']);
  const toMediator = sum(['payout_transfer', 'cancellation_fee']);
  const fee = sum(['payout_transfer', 'cancellation_fee'], 'platformFee');
  return { charged, refunded, toMediator, fee, held: charged - refunded - toMediator - fee };
}

/** Both ledger checks after a flow settled: whole (per payment and per payer), and the provider agrees (shares included). */
export async function expectMoneyWhole(t: TestApp, id: string) {
  const ledger = await expectLedgerWhole(t, id);
  const provider = await expectProviderAgrees(t, id);
  return { ledger, provider };
}

/** The request's refund steps (whatever their status): the charge each draws on, the amount and why. */
export async function refundSteps(t: TestApp, id: string) {
  const payment = await findPaymentForRequest(t.ctx.db, id);
  if (!payment) return [];
  return (await stepsOf(t.ctx.db, payment.id))
    .filter((s) => s.kind === 'refund')
    .map((s) => ({ chargeId: s.params.chargeId as string, amount: parseCents(s.amount)!, status: s.status, reason: s.params.reason as string }));
}

/** The clock's date `days` on, as the request form writes it. */
export const daysOn = (t: TestApp, days: number) => new Date(t.clock.now().getTime() + days * 24 * 3600_000).toISOString().slice(0, 10);
