import fc from 'fast-check';
import { expect } from 'vitest';
import { splitBudget } from '../../src/common/domain/fees';
import { INVITATION_LIFETIME_DAYS } from '../../src/common/schemas/cases';
import { balanceExcessRefunds, excessRefunds, keptByCanceller, shareOf, sharesDue, type ShareCharge } from '../../src/common/domain/fee-split';
import { splitPartialRefund } from '../../src/common/domain/dispute-resolution';
import { finalBudget } from '../../src/common/domain/pricing';
import { cancellationOutcome, type DepositRefundKind } from '../../src/common/domain/refunds';
import { shareDeadline } from '../../src/common/domain/share-deadline';
import type { CaseSide, PaymentStatus, RequestStatus } from '../../src/common/enums';
import { formatCents, percentOf, type Cents } from '../../src/common/money';
import { findFeeSplit } from '../../src/server/modules/cases/fee-split.repo';
import { findPaymentForRequest, ledgerFor } from '../../src/server/modules/payments/payments.repo';
import { chargesStillHeld } from '../../src/server/modules/payments/payout.service';
import { findRequest } from '../../src/server/modules/requests/requests.repo';
import { runDueJobs } from './jobs';
import { expectLedgerWholePerPayer, providerRows, providerSummary } from './ledger';
import { cookieOf, PAYMENT_FOR_STATE, pick, TERMS, type ModelAccount } from './ledger-model';
import { call, CARDS, validRequest } from './requests';
import type { TestApp } from './test-app';
import { invitationToken } from './two-sided';

// The ledger model of ledger-model.ts, for two-sided cases (issue 24, decisions 049–052): the inviting lawyer
// ("owner") and opposing counsel share the fee by a split in whole percents. Random flows of: opening a case with a
// split (the other side joining at once or later, even after the match), deposit and balance shares paid by card by
// their own side or by the other on its behalf (declines included, and cards that decline later when saved), mediators
// accepting and withdrawing (also while a selection waits for the shares), proposals and approvals (the saved cards
// charged), deadlines passing (the case closed unfunded), cancellations by the owner (who bears the fee) or an admin,
// completion, disputes by either side and their resolutions, the payout job. After every command, for every case: its
// state and payment status, every charge (payer, side, kind, amount, refunded) in order, each payer's totals, the
// payment's fee and payout, the deadline, and the `local` provider's records charge by charge match the model; each
// side holds exactly its share of the budget once matched; the per-payer ledger invariant holds.

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
const DEPOSIT: Cents = 25_000;
const HOLD_MS = 72 * HOUR;
const COMMISSION: Cents = 1_000; // 10.00 %
const SHARE_DUE_DAYS = 7;
/** While a share can be paid (decision 050): the case is live, until the mediation is complete. */
const TAKES_SHARES: RequestStatus[] = ['pending_mediators', 'awaiting_selection', 'matched', 'in_progress'];

type Card = 'ok' | 'declined' | 'declinesLater';
type Payer = 'owner' | 'opposing';

interface Charge {
  payer: Payer;
  side: CaseSide;
  kind: 'deposit' | 'balance';
  amount: Cents;
  refunded: Cents;
  /** To the mediator or kept as fee. */
  out: Cents;
  at: number;
}

export interface SharedCase {
  id: string;
  token: string;
  invitedAt: number;
  percent: number;
  budget: Cents;
  preferredDate: string | null;
  status: RequestStatus;
  payment: PaymentStatus;
  joined: boolean;
  /** The owner's deposit card, and each side's card its own counsel last paid a share with (decision 050). */
  depositCard: 'ok' | 'declinesLater';
  ownShareCard: Record<CaseSide, Card | null>;
  acceptances: Map<number, { status: 'pending' | 'selected' | 'rejected'; proposedRate: string | null; at: number }>;
  /** The open proposal, and the latest proposal when the other side approved it (what counts, decision 050). */
  proposal: { mediator: number; at: number } | null;
  approved: { mediator: number; at: number } | null;
  /** The mediator a two-sided selection waits for, while shares are due. */
  waiting: number | null;
  selected: number | null;
  charges: Charge[];
  dueBy: number | null;
  completedAt: number | null;
  dispute: { id: string; status: 'open' | 'resolved' } | null;
  feeKept: Cents;
  paidToMediator: Cents;
}

export interface SharedModel {
  cases: SharedCase[];
}

export interface SharedReal {
  t: TestApp;
  owner: ModelAccount;
  opposing: ModelAccount;
  mediators: ModelAccount[];
  admin: ModelAccount;
}

const where = (m: SharedModel, ok: (c: SharedCase) => boolean) => m.cases.filter(ok);
const heldBy = (c: Charge) => c.amount - c.refunded - c.out;
const counselOf = (side: CaseSide): Payer => (side === 'first' ? 'owner' : 'opposing');
const accountOf = (r: SharedReal, payer: Payer) => (payer === 'owner' ? r.owner : r.opposing);
const pendingIds = (c: SharedCase) => [...c.acceptances].filter(([, a]) => a.status === 'pending').map(([id]) => id);
const budgetWith = (c: SharedCase, mediator: number) =>
  finalBudget({ budget: formatCents(c.budget), pricingModel: 'hourly', hoursNeeded: 4, flatFee: null }, c.acceptances.get(mediator)!.proposedRate);
/** Charges as the server orders what is held: deposit charges first, then balance charges, each oldest first. */
const inServerOrder = (c: SharedCase) => [...c.charges.filter((x) => x.kind === 'deposit'), ...c.charges.filter((x) => x.kind === 'balance')];
const sharesOf = (charges: Charge[], kind: Charge['kind']): ShareCharge[] =>
  charges.map((x, i) => ({ chargeId: String(i), side: x.side, held: x.kind === kind ? heldBy(x) : 0 })).filter((x) => x.held > 0);

/** The budget shares are owed against: a selection waiting for them, or a case matched before the other side joined. */
function sharedBudget(c: SharedCase): Cents | null {
  if (c.waiting !== null) return budgetWith(c, c.waiting);
  if (c.joined && c.selected !== null && TAKES_SHARES.includes(c.status)) return c.budget;
  return null;
}

/** What is owed now (decision 050): the deposit shares, then at a fixed budget the balance shares. */
function duesOf(c: SharedCase, budget: Cents | null = sharedBudget(c)) {
  const held = { deposit: sharesOf(c.charges, 'deposit'), balance: sharesOf(c.charges, 'balance') };
  const dues = sharesDue(budget ?? 0, DEPOSIT, c.percent, held);
  return budget === null ? dues.filter((d) => d.kind === 'deposit') : dues;
}

/** Returns each side's excess (latest charge first; `latest` counts as the latest), as the server does after a charge. */
function returnExcess(c: SharedCase, budget: Cents | null, latest: number | null) {
  const order = c.charges.map((_, i) => i).sort((a, b) => Number(a === latest) - Number(b === latest));
  const ordered = order.map((i) => c.charges[i]);
  const toIndex = (chargeId: string) => order[Number(chargeId)];
  const refunds = [
    ...excessRefunds(DEPOSIT, c.percent, sharesOf(ordered, 'deposit')),
    ...(budget === null ? [] : balanceExcessRefunds(budget, DEPOSIT, c.percent, sharesOf(ordered, 'balance'))),
  ];
  for (const refund of refunds) c.charges[toIndex(refund.chargeId)].refunded += refund.amount;
}

function addCharge(c: SharedCase, r: SharedReal, charge: Omit<Charge, 'refunded' | 'out' | 'at'>): number {
  c.charges.push({ ...charge, refunded: 0, out: 0, at: r.t.clock.now().getTime() });
  return c.charges.length - 1;
}

/** The waiting selection takes effect once nothing is due: the final budget held, the other acceptances rejected. */
function completeIfFunded(c: SharedCase) {
  if (c.waiting !== null && duesOf(c).length === 0) selectInModel(c, c.waiting);
}

function selectInModel(c: SharedCase, mediator: number) {
  c.budget = budgetWith(c, mediator);
  c.selected = mediator;
  c.waiting = null;
  c.proposal = null;
  c.status = 'matched';
  for (const [id, a] of c.acceptances) a.status = id === mediator ? 'selected' : a.status === 'pending' ? 'rejected' : a.status;
}

function startClock(c: SharedCase, r: SharedReal) {
  if (!c.joined || !['pending_mediators', 'awaiting_selection'].includes(c.status) || duesOf(c).length === 0) return;
  const next = shareDeadline(r.t.clock.now(), c.preferredDate, SHARE_DUE_DAYS).getTime();
  c.dueBy = c.dueBy !== null && c.dueBy > next ? c.dueBy : next;
}

/** Both sides approved: excess returned, every share due charged to its side's saved card (decision 050). */
function startSharedSelection(c: SharedCase, r: SharedReal, mediator: number) {
  c.waiting = mediator;
  c.proposal = null;
  const budget = budgetWith(c, mediator);
  returnExcess(c, budget, null);
  const dues = duesOf(c);
  if (dues.length === 0) return completeIfFunded(c);
  startClock(c, r);
  for (const due of dues) {
    const card = c.ownShareCard[due.side] ?? (due.side === 'first' ? (c.depositCard === 'ok' ? 'ok' : 'declinesLater') : null);
    // A saved card that declines later pays nothing now; the side pays by card from the request page.
    if (card !== 'ok') continue;
    const index = addCharge(c, r, { payer: counselOf(due.side), side: due.side, kind: due.kind, amount: due.amount });
    returnExcess(c, budget, index);
  }
  completeIfFunded(c);
}

/** Every cent of every charge still held is refunded to its payer, except what the canceller's deposit keeps. */
function cancelInModel(c: SharedCase, r: SharedReal, canceller: Payer | null, override?: DepositRefundKind) {
  const holding = c.payment === 'held';
  const held = inServerOrder(c).filter((x) => x.amount - x.refunded > 0);
  const deposits = held.filter((x) => x.kind === 'deposit');
  const balances = held.filter((x) => x.kind === 'balance');
  const sum = (xs: Charge[]) => xs.reduce((s, x) => s + heldBy(x), 0);
  const outcome = cancellationOutcome(
    {
      depositHeld: holding ? sum(deposits) : 0,
      balanceHeld: holding ? sum(balances) : 0,
      mediatorSelected: c.selected !== null,
      preferredDate: c.preferredDate,
      depositPaidAt: deposits.length ? new Date(deposits[0].at) : null,
      commissionPercentage: TERMS.commissionPercentage,
      now: r.t.clock.now(),
    },
    override,
  );
  if (holding) {
    const kept = keptByCanceller(
      deposits.map(heldBy),
      deposits.map((x) => x.payer === canceller),
      sum(deposits) - outcome.depositRefund,
    );
    deposits.forEach((x, i) => {
      x.refunded += heldBy(x) - kept[i];
      x.out += kept[i];
    });
    for (const x of balances) x.refunded += heldBy(x);
    c.feeKept += outcome.platformFee;
    c.paidToMediator += outcome.cancellationFee;
    c.payment = outcome.paymentStatus!;
  }
  for (const a of c.acceptances.values()) if (a.status === 'pending') a.status = 'rejected';
  c.status = 'cancelled';
  c.waiting = null;
  c.proposal = null;
  return outcome;
}

/** After every command: each case against the database, its ledger, its deadline and the provider's records. */
export async function checkShared(m: SharedModel, r: SharedReal): Promise<void> {
  const rows = await providerRows(r.t);
  for (const c of m.cases) {
    const row = await findRequest(r.t.ctx.db, c.id);
    const payment = (await findPaymentForRequest(r.t.ctx.db, c.id))!;
    expect({ id: c.id, status: row?.status, payment: payment.status }).toEqual({ id: c.id, status: c.status, payment: c.payment });
    expect(PAYMENT_FOR_STATE[c.status], `${c.id}: ${c.status} with ${c.payment}`).toContain(c.payment);

    // Every charge, in the server's order: who paid it, for which side, what for, and what went back.
    const payerOf = (id: string) => (id === r.owner.id ? 'owner' : id === r.opposing.id ? 'opposing' : id);
    // Charges made at the same instant (a selection charging both saved cards) have no order between them: both lists
    // are compared by kind, time, side and payer.
    const entries = await ledgerFor(r.t.ctx.db, payment.id);
    const madeAt = new Map(entries.map((e) => [e.providerRef, e.createdAt.getTime()]));
    const canonical = <T>(items: T[], key: (x: T) => [string, number, string, string]) =>
      [...items].sort((a, b) => {
        const [x, y] = [key(a), key(b)];
        return x[0].localeCompare(y[0]) || x[1] - y[1] || x[2].localeCompare(y[2]) || x[3].localeCompare(y[3]);
      });
    const dbCharges = canonical(await chargesStillHeld(r.t.ctx.db, payment.id), (x) => [
      x.kind,
      madeAt.get(x.chargeId)!,
      x.shareSide ?? 'first',
      payerOf(x.payerId),
    ]);
    const modelCharges = canonical(inServerOrder(c), (x) => [`${x.kind}_charge`, x.at, x.side, x.payer]);
    expect({
      id: c.id,
      // A charge made before the case had two sides (the deposit at submit, a one-sided selection) names no side: the first's.
      charges: dbCharges.map((x) => ({ payer: payerOf(x.payerId), side: x.shareSide ?? 'first', kind: x.kind, held: x.amount })),
    }).toEqual({
      id: c.id,
      charges: modelCharges.map((x) => ({ payer: x.payer, side: x.side, kind: `${x.kind}_charge`, held: x.amount - x.refunded })),
    });

    // Each payer's money, and the payment's fee and payout.
    const cents = (s: string) => Math.round(Number(s) * 100);
    for (const payer of ['owner', 'opposing'] as const) {
      const mine = entries.filter((e) => payerOf(e.payerId) === payer);
      const total = (kinds: string[], fee = false) =>
        mine.filter((e) => kinds.includes(e.kind)).reduce((s, e) => s + cents(e.amount) + (fee ? cents(e.platformFee) : 0), 0);
      const ours = c.charges.filter((x) => x.payer === payer);
      expect({
        id: c.id,
        payer,
        charged: total(['deposit_charge', 'balance_charge']),
        refunded: total(['refund']),
        out: total(['payout_transfer', 'cancellation_fee'], true),
      }).toEqual({
        id: c.id,
        payer,
        charged: ours.reduce((s, x) => s + x.amount, 0),
        refunded: ours.reduce((s, x) => s + x.refunded, 0),
        out: ours.reduce((s, x) => s + x.out, 0),
      });
    }
    const fee = entries.filter((e) => e.kind === 'payout_transfer' || e.kind === 'cancellation_fee').reduce((s, e) => s + cents(e.platformFee), 0);
    const paid = entries.filter((e) => e.kind === 'payout_transfer' || e.kind === 'cancellation_fee').reduce((s, e) => s + cents(e.amount), 0);
    expect({ id: c.id, fee, paid }).toEqual({ id: c.id, fee: c.feeKept, paid: c.paidToMediator });

    // What is held is what the payment's status says; once matched, each side holds exactly its share of the budget.
    const held = c.charges.reduce((s, x) => s + heldBy(x), 0);
    await expectLedgerWholePerPayer(r.t, c.id, payment.id, c.payment === 'held' ? held : 0);
    if (c.payment !== 'held') expect({ id: c.id, held }).toEqual({ id: c.id, held: 0 });
    if (c.payment === 'held' && c.selected !== null) {
      expect({ id: c.id, held }).toEqual({ id: c.id, held: c.budget });
      if (c.joined && duesOf(c, c.budget).length === 0) {
        const perSide = { first: 0, second: 0 };
        for (const x of c.charges) perSide[x.side] += heldBy(x);
        expect({ id: c.id, perSide }).toEqual({ id: c.id, perSide: shareOf(c.budget, c.percent) });
      }
    }
    if (c.payment === 'held' && c.selected === null) {
      const deposit = c.charges.filter((x) => x.kind === 'deposit').reduce((s, x) => s + heldBy(x), 0);
      expect({ id: c.id, deposit }).toEqual({ id: c.id, deposit: DEPOSIT });
    }

    // The deadline the server keeps for a share owed.
    const split = await findFeeSplit(r.t.ctx.db, c.id);
    expect({ id: c.id, dueBy: split?.dueBy?.getTime() ?? null }).toEqual({ id: c.id, dueBy: c.dueBy });

    // The provider agrees, charge by charge: what each charged and what went back from it.
    const provider = providerSummary(rows, c.id);
    expect({ id: c.id, charges: dbCharges.map((x) => [provider.charges.get(x.chargeId), provider.perCharge.get(x.chargeId)?.refunded]) }).toEqual({
      id: c.id,
      charges: modelCharges.map((x) => [x.amount, x.refunded]),
    });
    expect({ id: c.id, transferred: provider.transferred }).toEqual({ id: c.id, transferred: c.paidToMediator });
    for (const [chargeId, out] of provider.perCharge) {
      expect({ chargeId, over: out.refunded + out.transferred > provider.charges.get(chargeId)! }).toEqual({ chargeId, over: false });
    }
  }
}

type Cmd = fc.AsyncCommand<SharedModel, SharedReal>;

/** How often each command ran (the test prints it). */
export const sharedRan = new Map<string, number>();

abstract class Base implements Cmd {
  abstract check(m: Readonly<SharedModel>): boolean;
  abstract act(m: SharedModel, r: SharedReal): Promise<void>;
  abstract toString(): string;
  async run(m: SharedModel, r: SharedReal): Promise<void> {
    const name = this.toString().replace(/\(.*$/, '');
    sharedRan.set(name, (sharedRan.get(name) ?? 0) + 1);
    // A second between commands: every charge has its own instant, so "the latest charge" is never a tie.
    r.t.clock.advance(1000);
    await this.act(m, r);
    await checkShared(m, r);
  }
}

const confirm = async (r: SharedReal, payer: Payer, clientSecret: string, card: Card) =>
  call(r.t, 'POST', '/api/payments/local/confirm', await cookieOf(r, accountOf(r, payer)), { clientSecret, card: CARDS[card] });

async function join(c: SharedCase, r: SharedReal) {
  const joined = await call(r.t, 'POST', `/api/invitations/${c.token}/accept`, await cookieOf(r, r.opposing));
  expect(joined.statusCode, joined.body).toBe(200);
  c.joined = true;
  // The inviting side's whole deposit (and balance, once matched) now counts toward its share; the excess waits.
  startClock(c, r);
}

/** A case: created, its deposit paid by the owner (a card that may decline later), opposing counsel invited with a split. */
class Open extends Base {
  constructor(
    readonly budget: Cents,
    readonly daysAhead: number | null,
    readonly percent: number,
    readonly joinNow: boolean,
    readonly card: 'ok' | 'declinesLater',
  ) {
    super();
  }
  check = (m: Readonly<SharedModel>) => m.cases.length < 3;
  toString = () =>
    `open(${formatCents(this.budget)}, ${this.daysAhead === null ? 'no date' : `+${this.daysAhead}d`}, ${this.percent}/${100 - this.percent}, ${this.joinNow ? 'joins' : 'joins later'}, ${this.card})`;
  async act(m: SharedModel, r: SharedReal) {
    const preferredDate = this.daysAhead === null ? null : new Date(r.t.clock.now().getTime() + this.daysAhead * DAY).toISOString().slice(0, 10);
    const cookie = await cookieOf(r, r.owner);
    const created = await call(
      r.t,
      'POST',
      '/api/requests',
      cookie,
      validRequest({ budget: formatCents(this.budget), preferredDate, caseName: 'Shared model' }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    const submit = await call(r.t, 'POST', `/api/requests/${id}/submit`, cookie);
    expect(submit.statusCode, submit.body).toBe(200);
    const paid = await confirm(r, 'owner', submit.json().clientSecret, this.card);
    expect(paid.statusCode, paid.body).toBe(200);
    const invited = await call(r.t, 'POST', `/api/requests/${id}/invitation`, cookie, {
      email: r.opposing.email,
      name: 'Olivia Opponent',
      firmName: 'Opponent LLP',
      firstSidePercent: this.percent,
      secondSidePercent: 100 - this.percent,
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const c: SharedCase = {
      id,
      token: invitationToken(r.t, r.opposing.email),
      invitedAt: r.t.clock.now().getTime(),
      percent: this.percent,
      budget: this.budget,
      preferredDate,
      status: 'pending_mediators',
      payment: 'held',
      joined: false,
      depositCard: this.card,
      ownShareCard: { first: null, second: null },
      acceptances: new Map(),
      approved: null,
      proposal: null,
      waiting: null,
      selected: null,
      charges: [],
      dueBy: null,
      completedAt: null,
      dispute: null,
      feeKept: 0,
      paidToMediator: 0,
    };
    addCharge(c, r, { payer: 'owner', side: 'first', kind: 'deposit', amount: DEPOSIT });
    m.cases.push(c);
    if (this.joinNow) await join(c, r);
  }
}

class Join extends Base {
  constructor(readonly k: number) {
    super();
  }
  target = (m: Readonly<SharedModel>) => where(m as SharedModel, (c) => !c.joined && TAKES_SHARES.includes(c.status));
  check = (m: Readonly<SharedModel>) => this.target(m).length > 0;
  toString = () => `join(#${this.k})`;
  async act(m: SharedModel, r: SharedReal) {
    const c = pick(this.target(m), this.k);
    if (r.t.clock.now().getTime() >= c.invitedAt + INVITATION_LIFETIME_DAYS * DAY) {
      const late = await call(r.t, 'POST', `/api/invitations/${c.token}/accept`, await cookieOf(r, r.opposing));
      expect(late.statusCode, late.body).toBe(409);
      return;
    }
    await join(c, r);
  }
}

/** A side's share paid by card, by its own counsel or by the other side's on its behalf (409 when nothing is due). */
class PayShare extends Base {
  constructor(
    readonly k: number,
    readonly side: CaseSide,
    readonly onBehalf: boolean,
    readonly card: Card,
  ) {
    super();
  }
  target = (m: Readonly<SharedModel>) => where(m as SharedModel, (c) => c.joined);
  check = (m: Readonly<SharedModel>) => this.target(m).length > 0;
  toString = () => `payShare(#${this.k}, ${this.side}${this.onBehalf ? ' on behalf' : ''}, ${this.card})`;
  async act(m: SharedModel, r: SharedReal) {
    const c = pick(this.target(m), this.k);
    const own = counselOf(this.side);
    const payer: Payer = this.onBehalf ? (own === 'owner' ? 'opposing' : 'owner') : own;
    const started = await call(r.t, 'POST', `/api/requests/${c.id}/shares/${this.side}/pay`, await cookieOf(r, accountOf(r, payer)));
    const payable = TAKES_SHARES.includes(c.status) && c.payment === 'held';
    const due = payable ? duesOf(c).find((d) => d.side === this.side) : undefined;
    if (!due) {
      expect(started.statusCode, started.body).toBe(409);
      return;
    }
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({ amount: formatCents(due.amount), kind: due.kind, side: this.side, onBehalf: this.onBehalf });
    const paid = await confirm(r, payer, started.json().clientSecret, this.card);
    if (this.card === 'declined') {
      expect(paid.statusCode, paid.body).toBe(402);
      return;
    }
    expect(paid.statusCode, paid.body).toBe(200);
    if (!this.onBehalf) c.ownShareCard[this.side] = this.card;
    const index = addCharge(c, r, { payer, side: this.side, kind: due.kind, amount: due.amount });
    returnExcess(c, sharedBudget(c), index);
    completeIfFunded(c);
  }
}

class Accept extends Base {
  constructor(
    readonly k: number,
    readonly mediator: number,
    readonly rate: Cents | null,
  ) {
    super();
  }
  target = (m: Readonly<SharedModel>) =>
    where(
      m as SharedModel,
      (c) => ['pending_mediators', 'awaiting_selection'].includes(c.status) && !c.acceptances.has(this.mediator) && pendingIds(c).length < 3,
    );
  check = (m: Readonly<SharedModel>) => this.target(m).length > 0;
  toString = () => `accept(#${this.k}, m${this.mediator}${this.rate === null ? '' : `, ${formatCents(this.rate)}/h`})`;
  async act(m: SharedModel, r: SharedReal) {
    const c = pick(this.target(m), this.k);
    const proposedRate = this.rate === null ? null : formatCents(this.rate);
    const res = await call(r.t, 'POST', `/api/requests/${c.id}/accept`, await cookieOf(r, r.mediators[this.mediator]), {
      noConflictConfirmed: true,
      // The same counsel meet the same mediators case after case: the conflict check may find them (decision 047).
      disclosure: 'I mediated an earlier case with the same counsel.',
      ...(proposedRate ? { proposedRate } : {}),
    });
    expect(res.statusCode, res.body).toBe(201);
    c.acceptances.set(this.mediator, { status: 'pending', proposedRate, at: r.t.clock.now().getTime() });
    c.status = 'awaiting_selection';
  }
}

/** A mediator withdraws, also while the selection waits for the shares: the balance shares go back (decision 050). */
class Withdraw extends Base {
  constructor(
    readonly k: number,
    readonly j: number,
  ) {
    super();
  }
  target = (m: Readonly<SharedModel>) => where(m as SharedModel, (c) => pendingIds(c).length > 0);
  check = (m: Readonly<SharedModel>) => this.target(m).length > 0;
  toString = () => `withdraw(#${this.k}, ${this.j})`;
  async act(m: SharedModel, r: SharedReal) {
    const c = pick(this.target(m), this.k);
    const mediator = pick(pendingIds(c), this.j);
    const res = await call(r.t, 'DELETE', `/api/requests/${c.id}/acceptance`, await cookieOf(r, r.mediators[mediator]));
    expect(res.statusCode, res.body).toBe(200);
    c.acceptances.delete(mediator);
    if (c.proposal?.mediator === mediator) c.proposal = null;
    if (c.waiting === mediator) {
      c.waiting = null;
      for (const x of c.charges) if (x.kind === 'balance') x.refunded += heldBy(x);
    }
    if (pendingIds(c).length === 0) c.status = 'pending_mediators';
  }
}

/**
 * The owner selects: on a case the other side has not joined, the one-sided selection (the saved card charged the
 * balance); on a joined case, a proposal (202), or the selection itself when the other side approved this mediator.
 */
class Propose extends Base {
  constructor(
    readonly k: number,
    readonly j: number,
  ) {
    super();
  }
  target = (m: Readonly<SharedModel>) =>
    where(m as SharedModel, (c) => c.status === 'awaiting_selection' && c.waiting === null && (c.joined || c.depositCard === 'ok'));
  check = (m: Readonly<SharedModel>) => this.target(m).length > 0;
  toString = () => `propose(#${this.k}, ${this.j})`;
  async act(m: SharedModel, r: SharedReal) {
    const c = pick(this.target(m), this.k);
    const mediator = pick(pendingIds(c), this.j);
    const res = await call(r.t, 'POST', `/api/requests/${c.id}/select-mediator/${r.mediators[mediator].id}`, await cookieOf(r, r.owner));
    if (!c.joined) {
      expect(res.statusCode, res.body).toBe(200);
      const balance = budgetWith(c, mediator) - DEPOSIT;
      if (balance > 0) addCharge(c, r, { payer: 'owner', side: 'first', kind: 'balance', amount: balance });
      selectInModel(c, mediator);
      return;
    }
    // An approval counts for the acceptance it was proposed on: one made again must be proposed again.
    if (c.approved?.mediator === mediator && c.approved.at >= c.acceptances.get(mediator)!.at) {
      startSharedSelection(c, r, mediator);
      expect(res.statusCode, res.body).toBe(c.waiting === null ? 200 : 202);
      return;
    }
    if (c.proposal?.mediator === mediator) {
      expect(res.statusCode, res.body).toBe(409);
      return;
    }
    expect(res.statusCode, res.body).toBe(202);
    c.proposal = { mediator, at: r.t.clock.now().getTime() };
    c.approved = null;
  }
}

class Approve extends Base {
  constructor(readonly k: number) {
    super();
  }
  target = (m: Readonly<SharedModel>) => where(m as SharedModel, (c) => c.proposal !== null && c.status === 'awaiting_selection');
  check = (m: Readonly<SharedModel>) => this.target(m).length > 0;
  toString = () => `approve(#${this.k})`;
  async act(m: SharedModel, r: SharedReal) {
    const c = pick(this.target(m), this.k);
    const res = await call(r.t, 'POST', `/api/requests/${c.id}/selection-proposal/approve`, await cookieOf(r, r.opposing));
    expect(res.statusCode, res.body).toBe(200);
    c.approved = c.proposal;
    startSharedSelection(c, r, c.proposal!.mediator);
  }
}

/** The owner (who bears the fee) or an admin (with a refund choice) cancels, in whatever state the case is. */
class Cancel extends Base {
  constructor(
    readonly k: number,
    readonly byAdmin: boolean,
    readonly refund: DepositRefundKind,
  ) {
    super();
  }
  check = (m: Readonly<SharedModel>) => m.cases.length > 0;
  toString = () => `cancel(#${this.k}, ${this.byAdmin ? `admin ${this.refund}` : 'owner'})`;
  async act(m: SharedModel, r: SharedReal) {
    const c = pick(m.cases, this.k);
    const res = this.byAdmin
      ? await call(r.t, 'POST', `/api/admin/mediations/${c.id}/cancel`, await cookieOf(r, r.admin), { refund: this.refund, reason: 'Model' })
      : await call(r.t, 'POST', `/api/requests/${c.id}/cancel`, await cookieOf(r, r.owner), { reason: 'Model' });
    const allowed = this.byAdmin
      ? ['pending_mediators', 'awaiting_selection', 'matched', 'in_progress']
      : ['pending_mediators', 'awaiting_selection', 'matched'];
    if (!allowed.includes(c.status)) {
      expect(res.statusCode, res.body).toBe(409);
      return;
    }
    expect(res.statusCode, res.body).toBe(200);
    const outcome = cancelInModel(c, r, this.byAdmin ? null : 'owner', this.byAdmin ? this.refund : undefined);
    expect(res.json()).toMatchObject({ refundAmount: formatCents(outcome.depositRefund + outcome.balanceRefund), kind: outcome.kind });
  }
}

class Complete extends Base {
  constructor(
    readonly k: number,
    readonly startFirst: boolean,
  ) {
    super();
  }
  target = (m: Readonly<SharedModel>) => where(m as SharedModel, (c) => c.status === 'matched' || c.status === 'in_progress');
  check = (m: Readonly<SharedModel>) => this.target(m).length > 0;
  toString = () => `complete(#${this.k}${this.startFirst ? ', started' : ''})`;
  async act(m: SharedModel, r: SharedReal) {
    const c = pick(this.target(m), this.k);
    const cookie = await cookieOf(r, r.mediators[c.selected!]);
    if (this.startFirst && c.status === 'matched') {
      const started = await call(r.t, 'POST', `/api/requests/${c.id}/start`, cookie);
      expect(started.statusCode, started.body).toBe(200);
      c.status = 'in_progress';
      return;
    }
    const res = await call(r.t, 'POST', `/api/requests/${c.id}/complete`, cookie, { completionResults: 'Settled.' });
    expect(res.statusCode, res.body).toBe(200);
    c.status = 'completed';
    c.completedAt = r.t.clock.now().getTime();
  }
}

/** Either side reports a problem: 201 within the hold window while the payment is held and nothing is open. */
class Dispute extends Base {
  constructor(
    readonly k: number,
    readonly by: Payer,
  ) {
    super();
  }
  target = (m: Readonly<SharedModel>) => where(m as SharedModel, (c) => c.status === 'completed' && (this.by === 'owner' || c.joined));
  check = (m: Readonly<SharedModel>) => this.target(m).length > 0;
  toString = () => `dispute(#${this.k}, ${this.by})`;
  async act(m: SharedModel, r: SharedReal) {
    const c = pick(this.target(m), this.k);
    const res = await call(r.t, 'POST', `/api/requests/${c.id}/dispute`, await cookieOf(r, accountOf(r, this.by)), { reason: 'Model problem' });
    const inWindow = r.t.clock.now().getTime() < c.completedAt! + HOLD_MS;
    if (c.payment !== 'held' || c.dispute?.status === 'open' || !inWindow) {
      expect(res.statusCode, res.body).toBe(409);
      return;
    }
    expect(res.statusCode, res.body).toBe(201);
    c.dispute = { id: res.json().id, status: 'open' };
  }
}

/** Everything held goes to the mediator, less the commission (the payout, or a dispute released). */
function releaseInModel(c: SharedCase) {
  const split = splitBudget(c.budget, TERMS);
  for (const x of c.charges) x.out += heldBy(x);
  c.paidToMediator += split.mediatorPayout;
  c.feeKept += split.platformFee;
  c.payment = 'released';
}

/** An admin resolves: release, a full refund to every payer, or a partial refund shared between the payers. */
class Resolve extends Base {
  constructor(
    readonly k: number,
    readonly outcome: 'release' | 'refund_full' | 'refund_partial',
    readonly fraction: number,
  ) {
    super();
  }
  target = (m: Readonly<SharedModel>) => where(m as SharedModel, (c) => c.dispute?.status === 'open');
  check = (m: Readonly<SharedModel>) => this.target(m).length > 0;
  toString = () => `resolve(#${this.k}, ${this.outcome}${this.outcome === 'refund_partial' ? ` ${this.fraction.toFixed(3)}` : ''})`;
  async act(m: SharedModel, r: SharedReal) {
    const c = pick(this.target(m), this.k);
    const held = inServerOrder(c).filter((x) => heldBy(x) > 0);
    const holding = held.reduce((s, x) => s + heldBy(x), 0);
    const amount = 1 + Math.floor(this.fraction * (holding - 2));
    const res = await call(r.t, 'POST', `/api/admin/disputes/${c.dispute!.id}/resolve`, await cookieOf(r, r.admin), {
      outcome: this.outcome,
      note: 'Model',
      ...(this.outcome === 'refund_partial' ? { refundAmount: formatCents(amount) } : {}),
    });
    expect(res.statusCode, res.body).toBe(200);
    c.dispute!.status = 'resolved';
    if (this.outcome === 'release') return releaseInModel(c);
    if (this.outcome === 'refund_full') {
      for (const x of held) x.refunded += heldBy(x);
      c.payment = 'refunded_full';
      return;
    }
    const split = splitPartialRefund(
      held.map((x, i) => ({ chargeId: String(i), amount: heldBy(x), payerId: x.payer })),
      amount,
      COMMISSION,
    );
    for (const refund of split.refunds) held[Number(refund.chargeId)].refunded += refund.amount;
    for (const x of held) x.out += heldBy(x);
    expect(split.platformFee).toBe(percentOf(holding - amount, COMMISSION));
    c.feeKept += split.platformFee;
    c.paidToMediator += split.mediatorPayout;
    c.payment = 'refunded_partial';
  }
}

/** Time passes, then every due job runs: payouts past the hold window, share reminders and deadlines. */
class Later extends Base {
  constructor(readonly ms: number) {
    super();
  }
  check = () => true;
  toString = () => `later(${this.ms / HOUR}h)`;
  async act(m: SharedModel, r: SharedReal) {
    r.t.clock.advance(this.ms);
    const now = r.t.clock.now().getTime();
    // The model first, in the order the jobs fall due; the jobs then run on the server.
    for (const c of m.cases) {
      const owing = c.joined && ['pending_mediators', 'awaiting_selection'].includes(c.status) && c.dueBy !== null && now >= c.dueBy && duesOf(c).length > 0;
      const count = (what: string) => sharedRan.set(what, (sharedRan.get(what) ?? 0) + 1);
      if (owing) {
        count('closedUnfunded');
        cancelInModel(c, r, null, 'full');
      }
      if (c.status === 'completed' && c.payment === 'held' && c.dispute?.status !== 'open' && now >= c.completedAt! + HOLD_MS) {
        count('paidOut');
        releaseInModel(c);
      }
    }
    await runDueJobs(r.t, (name) => name === 'payment.payout' || name === 'share.reminder' || name === 'share.deadline');
  }
}

/** Carries one case a step forward, whatever its state, so that flows reach selection, completion and disputes. */
class Drive extends Base {
  constructor(
    readonly k: number,
    readonly s: number,
  ) {
    super();
  }
  private active = (m: Readonly<SharedModel>) => where(m as SharedModel, (c) => c.status !== 'cancelled' && (c.status !== 'completed' || c.payment === 'held'));
  check = (m: Readonly<SharedModel>) => this.active(m).length > 0;
  toString = () => `drive(#${this.k}, ${this.s})`;
  private next(c: SharedCase): (Base & { target?: (m: Readonly<SharedModel>) => SharedCase[] }) | null {
    const s = this.s;
    const cards: Card[] = ['ok', 'ok', 'declinesLater', 'declined', 'ok'];
    const free = [0, 1, 2, 3].filter((i) => !c.acceptances.has(i));
    const rate = s % 4 === 0 ? 7_000 + ((s * 7919) % 53_000) : null;
    if (s % 17 === 5) return new Cancel(0, s % 2 === 0, (['full', 'partial', 'none'] as const)[s % 3]);
    if (!c.joined && s % 3 === 0) return new Join(0);
    const due = c.joined ? duesOf(c) : [];
    if (due.length && (c.waiting !== null || s % 2 === 0)) return new PayShare(0, due[s % due.length].side, s % 5 === 1, cards[s % cards.length]);
    if (c.waiting !== null) return s % 7 === 3 ? new Withdraw(0, pendingIds(c).indexOf(c.waiting)) : new Later(s % 2 ? 3 * DAY : DAY);
    if (c.status === 'pending_mediators') return free.length ? new Accept(0, pick(free, s), rate) : null;
    if (c.status === 'awaiting_selection') {
      if (c.proposal !== null) return new Approve(0);
      return s % 3 === 0 && pendingIds(c).length < 3 && free.length ? new Accept(0, pick(free, s), rate) : new Propose(0, s);
    }
    if (c.status === 'matched' || c.status === 'in_progress') return new Complete(0, s % 2 === 1);
    if (c.dispute?.status === 'open') return new Resolve(0, (['release', 'refund_full', 'refund_partial', 'refund_partial'] as const)[s % 4], (s % 997) / 997);
    return s % 3 ? new Dispute(0, s % 2 ? 'opposing' : 'owner') : new Later(s % 5 ? HOLD_MS + HOUR : HOUR);
  }
  async act(m: SharedModel, r: SharedReal) {
    const c = pick(this.active(m), this.k);
    const step = this.next(c);
    if (!step) return;
    if (step.target) {
      const index = step.target(m).indexOf(c);
      if (index < 0) return;
      Object.assign(step, { k: index });
    } else if (step instanceof Cancel) {
      Object.assign(step, { k: m.cases.indexOf(c) });
    }
    if (!step.check(m)) return;
    const name = step.toString().replace(/\(.*$/, '');
    sharedRan.set(name, (sharedRan.get(name) ?? 0) + 1);
    await step.act(m, r);
  }
}

const k = fc.nat({ max: 11 });
const side = fc.constantFrom<CaseSide>('first', 'second', 'second');
const card = fc.constantFrom<Card>('ok', 'ok', 'declined', 'declinesLater');

/** A case: odd-cent budgets, dates before and after the policy's thresholds, splits from 0/100 to 100/0. */
const open = fc
  .tuple(
    fc.integer({ min: 25_000, max: 400_000 }),
    fc.option(fc.integer({ min: 0, max: 14 }), { nil: null }),
    fc.oneof(fc.constantFrom(50, 60, 100, 0), fc.integer({ min: 0, max: 100 })),
    fc.boolean(),
    fc.constantFrom<'ok' | 'declinesLater'>('ok', 'ok', 'declinesLater'),
  )
  .map(([budget, days, percent, joinNow, depositCard]) => new Open(budget, days, percent, joinNow, depositCard));

export const sharedCommands = [
  fc.oneof(
    { arbitrary: fc.tuple(k, fc.nat({ max: 9999 })).map(([i, s]) => new Drive(i, s)), weight: 40 },
    { arbitrary: open, weight: 1 },
    { arbitrary: k.map((i) => new Join(i)), weight: 2 },
    { arbitrary: fc.tuple(k, side, fc.boolean(), card).map(([i, sd, behalf, c]) => new PayShare(i, sd, behalf, c)), weight: 5 },
    {
      arbitrary: fc
        .tuple(k, fc.integer({ min: 0, max: 3 }), fc.option(fc.integer({ min: 7_000, max: 60_000 }), { nil: null, freq: 3 }))
        .map(([i, med, rate]) => new Accept(i, med, rate)),
      weight: 4,
    },
    { arbitrary: fc.tuple(k, k).map(([i, j]) => new Withdraw(i, j)), weight: 2 },
    { arbitrary: fc.tuple(k, k).map(([i, j]) => new Propose(i, j)), weight: 4 },
    { arbitrary: k.map((i) => new Approve(i)), weight: 4 },
    {
      arbitrary: fc
        .tuple(k, fc.boolean(), fc.constantFrom<DepositRefundKind>('full', 'partial', 'none'))
        .map(([i, admin, refund]) => new Cancel(i, admin, refund)),
      weight: 1,
    },
    { arbitrary: fc.tuple(k, fc.boolean()).map(([i, started]) => new Complete(i, started)), weight: 3 },
    { arbitrary: fc.tuple(k, fc.constantFrom<Payer>('owner', 'opposing')).map(([i, by]) => new Dispute(i, by)), weight: 3 },
    {
      arbitrary: fc
        .tuple(
          k,
          fc.constantFrom<'release' | 'refund_full' | 'refund_partial'>('release', 'refund_full', 'refund_partial', 'refund_partial'),
          fc.double({ min: 0, max: 1, noNaN: true }),
        )
        .map(([i, outcome, fraction]) => new Resolve(i, outcome, fraction)),
      weight: 3,
    },
    { arbitrary: fc.constantFrom(HOUR, DAY, 73 * HOUR, 3 * DAY, 8 * DAY).map((ms) => new Later(ms)), weight: 2 },
  ),
];

/** Each run opens 1–3 cases, then the random steps. */
export const sharedOpening = fc.array(open, { minLength: 1, maxLength: 3 });
