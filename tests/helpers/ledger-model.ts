import fc from 'fast-check';
import { expect } from 'vitest';
import { splitBudget, type FeeTerms } from '../../src/common/domain/fees';
import { finalBudget } from '../../src/common/domain/pricing';
import { cancellationOutcome, type DepositRefundKind } from '../../src/common/domain/refunds';
import type { PaymentStatus, RequestStatus } from '../../src/common/enums';
import { formatCents, percentOf, type Cents } from '../../src/common/money';
import { findPaymentForRequest, ledgerFor, ledgerTotals } from '../../src/server/modules/payments/payments.repo';
import { findRequest } from '../../src/server/modules/requests/requests.repo';
import { PASSWORD } from './accounts';
import { runDueJobs } from './jobs';
import { providerRows, providerSummary } from './ledger';
import { call, CARDS, validRequest } from './requests';
import { sessionCookie, type TestApp } from './test-app';

// A model of the money of RULES.md 2 for fast-check's model-based testing (ledger.model.test.ts). The model keeps, per
// request, the state and the cents the ledger must show; every command calls the API, checks its answer against the
// model, then updates the model. After every command `checkAll` compares every request of the run with the database,
// the ledger and the `local` provider's own records.

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
/** The default platform settings every request of the run is submitted under (RULES.md 1). */
export const TERMS: FeeTerms = { commissionPercentage: '10.00', minimumPlatformFee: '50.00', defaultDeposit: '250.00' };
const DEPOSIT: Cents = 25_000;
const HOLD_MS = 72 * HOUR;
const COMMISSION: Cents = 1_000; // 10.00 %

type Card = keyof typeof CARDS;
type SecretState = 'open' | 'paid' | 'failed' | 'closed';
interface Secret {
  secret: string;
  state: SecretState;
  card: Card | null;
  /** Paid after its selection became impossible: refunded at once, and every confirmation answers 409. */
  refundedOnArrival?: boolean;
}

export interface ModelRequest {
  id: string;
  status: RequestStatus;
  payment: PaymentStatus;
  budget: Cents;
  preferredDate: string | null;
  depositPaidAt: Date | null;
  savedCardDeclines: boolean;
  acceptances: Map<number, { status: 'pending' | 'selected' | 'rejected'; proposedRate: string | null }>;
  selected: number | null;
  depositSecret: Secret | null;
  balanceSecret: (Secret & { mediator: number; amount: Cents }) | null;
  /** Every secret confirmed so far, for the duplicate-confirmation command. */
  confirmed: Secret[];
  completedAt: Date | null;
  dispute: { id: string; status: 'open' | 'resolved' } | null;
  // The cents the ledger must show.
  deposit: Cents;
  balance: Cents;
  refunded: Cents;
  feeKept: Cents;
  paidToMediator: Cents;
}

export interface Model {
  requests: ModelRequest[];
}

/** A signed-in account of a model run (lawyer, mediator, admin), signed in again when its session would have ended. */
export interface ModelAccount {
  email: string;
  id: string;
  cookie: string;
  signedInAt: number;
}

export interface Real {
  t: TestApp;
  lawyer: ModelAccount;
  mediators: ModelAccount[];
  admin: ModelAccount;
}

/** Sessions end after a week idle (the clock jumps by days): sign in again when needed. */
export async function cookieOf(r: { t: TestApp }, account: ModelAccount): Promise<string> {
  if (r.t.clock.now().getTime() - account.signedInAt > 6 * DAY) {
    const login = await call(r.t, 'POST', '/api/login', undefined, { email: account.email, password: PASSWORD });
    expect(login.statusCode, login.body).toBe(200);
    account.cookie = sessionCookie(login);
    account.signedInAt = r.t.clock.now().getTime();
  }
  return account.cookie;
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const held = (m: ModelRequest) => m.deposit + m.balance - m.refunded - m.feeKept - m.paidToMediator;
export const pick = <T>(items: T[], k: number) => items[k % items.length];
const where = (m: Model, ok: (r: ModelRequest) => boolean) => m.requests.filter(ok);

/** RULES.md 2.6: which payment statuses a request in each state may show. */
export const PAYMENT_FOR_STATE: Record<RequestStatus, PaymentStatus[]> = {
  draft: ['pending', 'failed'],
  pending_mediators: ['held'],
  awaiting_selection: ['held'],
  matched: ['held'],
  in_progress: ['held'],
  completed: ['held', 'released', 'refunded_full', 'refunded_partial'],
  cancelled: ['failed', 'refunded_full', 'refunded_partial'],
};

/** After every command: each request of the run against the database, its ledger and the provider's records. */
export async function checkAll(m: Model, r: Real): Promise<void> {
  const rows = await providerRows(r.t);
  for (const req of m.requests) {
    const row = await findRequest(r.t.ctx.db, req.id);
    const payment = await findPaymentForRequest(r.t.ctx.db, req.id);
    const totals = ledgerTotals(payment ? await ledgerFor(r.t.ctx.db, payment.id) : []);
    const actual = {
      id: req.id,
      status: row?.status,
      payment: payment?.status,
      charged: totals.charged,
      refunded: totals.refunded,
      feeKept: totals.feeKept,
      paidToMediator: totals.paidToMediator,
      refundAmount: payment?.refundAmount,
      stillHeld: totals.charged - totals.refunded - totals.feeKept - totals.paidToMediator,
    };
    const expected = {
      id: req.id,
      status: req.status,
      payment: req.payment,
      charged: req.deposit + req.balance,
      refunded: req.refunded,
      feeKept: req.feeKept,
      paidToMediator: req.paidToMediator,
      refundAmount: formatCents(req.refunded),
      stillHeld: held(req),
    };
    expect(actual).toEqual(expected);
    expect(PAYMENT_FOR_STATE[req.status], `${req.id}: ${req.status} with payment ${req.payment}`).toContain(req.payment);
    // What is held is exactly what the payment's status says: all of it while held, nothing once settled.
    const planned = req.selected === null ? req.deposit : req.budget;
    expect({ id: req.id, held: held(req) }).toEqual({ id: req.id, held: req.payment === 'held' ? planned : 0 });
    // The provider's own records agree with our ledger, charge by charge.
    const provider = providerSummary(rows, req.id);
    expect({ id: req.id, charged: provider.charged, refunded: provider.refunded, transferred: provider.transferred }).toEqual({
      id: req.id,
      charged: totals.charged,
      refunded: totals.refunded,
      transferred: totals.paidToMediator,
    });
    for (const [chargeId, out] of provider.perCharge) {
      expect({ chargeId, over: out.refunded + out.transferred > provider.charges.get(chargeId)! }).toEqual({ chargeId, over: false });
    }
  }
}

type Cmd = fc.AsyncCommand<Model, Real>;

/** How often each command ran (the test prints it, to show what the random flows covered). */
export const ran = new Map<string, number>();

abstract class Base implements Cmd {
  abstract check(m: Readonly<Model>): boolean;
  abstract act(m: Model, r: Real): Promise<void>;
  abstract toString(): string;
  async run(m: Model, r: Real): Promise<void> {
    const name = this.toString().replace(/\(.*$/, '');
    ran.set(name, (ran.get(name) ?? 0) + 1);
    await this.act(m, r);
    await checkAll(m, r);
  }
}

async function confirm(r: Real, secret: Secret, card: Card) {
  return call(r.t, 'POST', '/api/payments/local/confirm', await cookieOf(r, r.lawyer), { clientSecret: secret.secret, card: CARDS[card] });
}

/** Create a request (random budget and preferred date relative to the clock) and submit it: a deposit intent. */
class CreateSubmit extends Base {
  constructor(
    readonly budget: Cents,
    readonly daysAhead: number | null,
  ) {
    super();
  }
  check = (m: Readonly<Model>) => m.requests.length < 4;
  toString = () => `create(budget ${formatCents(this.budget)}, date ${this.daysAhead === null ? 'none' : `+${this.daysAhead}d`})`;
  async act(m: Model, r: Real) {
    const preferredDate = this.daysAhead === null ? null : isoDay(new Date(r.t.clock.now().getTime() + this.daysAhead * DAY));
    const cookie = await cookieOf(r, r.lawyer);
    const created = await call(r.t, 'POST', '/api/requests', cookie, validRequest({ budget: formatCents(this.budget), preferredDate, caseName: 'Model case' }));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    const submit = await call(r.t, 'POST', `/api/requests/${id}/submit`, cookie);
    expect(submit.statusCode, submit.body).toBe(200);
    m.requests.push({
      id,
      status: 'draft',
      payment: 'pending',
      budget: this.budget,
      preferredDate,
      depositPaidAt: null,
      savedCardDeclines: false,
      acceptances: new Map(),
      selected: null,
      depositSecret: { secret: submit.json().clientSecret, state: 'open', card: null },
      balanceSecret: null,
      confirmed: [],
      completedAt: null,
      dispute: null,
      deposit: 0,
      balance: 0,
      refunded: 0,
      feeKept: 0,
      paidToMediator: 0,
    });
  }
}

/** Pay the deposit of a draft (submitting again first after a decline): 4242, a decline, or a card that declines later. */
class PayDeposit extends Base {
  constructor(
    readonly k: number,
    readonly card: Card,
  ) {
    super();
  }
  target = (m: Readonly<Model>) => where(m as Model, (q) => q.status === 'draft');
  check = (m: Readonly<Model>) => this.target(m).length > 0;
  toString = () => `payDeposit(#${this.k}, ${this.card})`;
  async act(m: Model, r: Real) {
    const req = pick(this.target(m), this.k);
    if (req.depositSecret?.state !== 'open') {
      const submit = await call(r.t, 'POST', `/api/requests/${req.id}/submit`, await cookieOf(r, r.lawyer));
      expect(submit.statusCode, submit.body).toBe(200);
      req.depositSecret = { secret: submit.json().clientSecret, state: 'open', card: null };
      req.payment = 'pending';
    }
    const secret = req.depositSecret;
    const res = await confirm(r, secret, this.card);
    secret.card = this.card;
    req.confirmed.push(secret);
    if (this.card === 'declined' || this.card === 'insufficient') {
      expect(res.statusCode, res.body).toBe(402);
      secret.state = 'failed';
      req.payment = 'failed';
      return;
    }
    expect(res.statusCode, res.body).toBe(200);
    secret.state = 'paid';
    req.status = 'pending_mediators';
    req.payment = 'held';
    req.deposit = DEPOSIT;
    req.depositPaidAt = r.t.clock.now();
    req.savedCardDeclines = this.card === 'declinesLater';
  }
}

/** A mediator who has not yet accepted accepts (sometimes with a counteroffer: all are Unlimited). */
class Accept extends Base {
  constructor(
    readonly k: number,
    readonly mediator: number,
    readonly proposedRate: Cents | null,
  ) {
    super();
  }
  target = (m: Readonly<Model>) =>
    where(
      m as Model,
      (q) =>
        (q.status === 'pending_mediators' || q.status === 'awaiting_selection') &&
        !q.acceptances.has(this.mediator) &&
        [...q.acceptances.values()].filter((a) => a.status === 'pending').length < 3,
    );
  check = (m: Readonly<Model>) => this.target(m).length > 0;
  toString = () => `accept(#${this.k}, m${this.mediator}${this.proposedRate === null ? '' : `, ${formatCents(this.proposedRate)}/h`})`;
  async act(m: Model, r: Real) {
    const req = pick(this.target(m), this.k);
    const proposedRate = this.proposedRate === null ? null : formatCents(this.proposedRate);
    const res = await call(r.t, 'POST', `/api/requests/${req.id}/accept`, await cookieOf(r, r.mediators[this.mediator]), {
      noConflictConfirmed: true,
      ...(proposedRate ? { proposedRate } : {}),
    });
    expect(res.statusCode, res.body).toBe(201);
    req.acceptances.set(this.mediator, { status: 'pending', proposedRate });
    req.status = 'awaiting_selection';
  }
}

/**
 * A mediator withdraws a pending acceptance (the request reopens if none remain). A balance the lawyer was asked to pay
 * for that mediator with another card is closed with it (decision 025): paying it later answers 409 and moves no money,
 * even when the same mediator has accepted again on other terms.
 */
class Withdraw extends Base {
  constructor(
    readonly k: number,
    readonly j: number,
  ) {
    super();
  }
  target = (m: Readonly<Model>) => where(m as Model, (q) => [...q.acceptances.values()].some((a) => a.status === 'pending'));
  check = (m: Readonly<Model>) => this.target(m).length > 0;
  toString = () => `withdraw(#${this.k}, ${this.j})`;
  async act(m: Model, r: Real) {
    const req = pick(this.target(m), this.k);
    const mediator = pick(
      [...req.acceptances].filter(([, a]) => a.status === 'pending').map(([id]) => id),
      this.j,
    );
    const res = await call(r.t, 'DELETE', `/api/requests/${req.id}/acceptance`, await cookieOf(r, r.mediators[mediator]));
    expect(res.statusCode, res.body).toBe(200);
    req.acceptances.delete(mediator);
    if (req.balanceSecret?.state === 'open' && req.balanceSecret.mediator === mediator) req.balanceSecret.state = 'closed';
    if (![...req.acceptances.values()].some((a) => a.status === 'pending')) req.status = 'pending_mediators';
  }
}

/** Make the selection take effect in the model: the final budget held, the others rejected. */
function selectInModel(req: ModelRequest, mediator: number, balance: Cents) {
  const acceptance = req.acceptances.get(mediator)!;
  req.budget = finalBudget({ budget: formatCents(req.budget), pricingModel: 'hourly', hoursNeeded: 4, flatFee: null }, acceptance.proposedRate);
  req.balance += balance;
  req.selected = mediator;
  req.status = 'matched';
  for (const [id, a] of req.acceptances) a.status = id === mediator ? 'selected' : a.status === 'pending' ? 'rejected' : a.status;
  if (req.balanceSecret?.state === 'open') req.balanceSecret.state = 'closed';
}

/** The lawyer selects: the saved card is charged the balance, or (a card that declines later) 402 with a secret. */
class Select extends Base {
  constructor(
    readonly k: number,
    readonly j: number,
  ) {
    super();
  }
  target = (m: Readonly<Model>) => where(m as Model, (q) => q.status === 'awaiting_selection');
  check = (m: Readonly<Model>) => this.target(m).length > 0;
  toString = () => `select(#${this.k}, ${this.j})`;
  async act(m: Model, r: Real) {
    const req = pick(this.target(m), this.k);
    const pending = [...req.acceptances].filter(([, a]) => a.status === 'pending').map(([id]) => id);
    const mediator = pick(pending, this.j);
    const res = await call(r.t, 'POST', `/api/requests/${req.id}/select-mediator/${r.mediators[mediator].id}`, await cookieOf(r, r.lawyer));
    const acceptance = req.acceptances.get(mediator)!;
    const budget = finalBudget({ budget: formatCents(req.budget), pricingModel: 'hourly', hoursNeeded: 4, flatFee: null }, acceptance.proposedRate);
    const balance = Math.max(0, budget - DEPOSIT);
    // An earlier 402's secret is closed by this selection.
    if (req.balanceSecret?.state === 'open') req.balanceSecret.state = 'closed';
    if (balance > 0 && req.savedCardDeclines) {
      expect(res.statusCode, res.body).toBe(402);
      expect(res.json().amount).toBe(formatCents(balance));
      req.balanceSecret = { secret: res.json().clientSecret, state: 'open', card: null, mediator, amount: balance };
      return;
    }
    expect(res.statusCode, res.body).toBe(200);
    selectInModel(req, mediator, balance);
  }
}

/** Pay the balance of a 402 with another card (or try a secret closed meanwhile: 409). */
class PayBalance extends Base {
  constructor(
    readonly k: number,
    readonly card: 'ok' | 'declined',
  ) {
    super();
  }
  target = (m: Readonly<Model>) => where(m as Model, (q) => q.balanceSecret !== null && q.balanceSecret.state !== 'paid');
  check = (m: Readonly<Model>) => this.target(m).length > 0;
  toString = () => `payBalance(#${this.k}, ${this.card})`;
  async act(m: Model, r: Real) {
    const req = pick(this.target(m), this.k);
    const secret = req.balanceSecret!;
    const res = await confirm(r, secret, this.card);
    if (secret.state === 'closed') {
      expect(res.statusCode, res.body).toBe(409);
      return;
    }
    if (secret.state === 'failed') {
      expect(res.statusCode, res.body).toBe(402);
      return;
    }
    secret.card = this.card;
    req.confirmed.push(secret);
    if (this.card === 'declined') {
      expect(res.statusCode, res.body).toBe(402);
      secret.state = 'failed';
      return;
    }
    secret.state = 'paid';
    if (req.status === 'awaiting_selection' && req.acceptances.get(secret.mediator)?.status === 'pending') {
      expect(res.statusCode, res.body).toBe(200);
      selectInModel(req, secret.mediator, secret.amount);
      return;
    }
    // The selection can no longer happen (the request was cancelled meanwhile): the money is charged and refunded at
    // once, and the lawyer is told so (409).
    expect(res.statusCode, res.body).toBe(409);
    secret.refundedOnArrival = true;
    ran.set('lateBalance', (ran.get('lateBalance') ?? 0) + 1);
    req.balance += secret.amount;
    req.refunded += secret.amount;
  }
}

/** Cancel by the owner or an admin (with a random refund choice), in whatever state the request is. */
class Cancel extends Base {
  constructor(
    readonly k: number,
    readonly byAdmin: boolean,
    readonly refund: DepositRefundKind,
  ) {
    super();
  }
  target = (m: Readonly<Model>) => m.requests as ModelRequest[];
  check = (m: Readonly<Model>) => m.requests.length > 0;
  toString = () => `cancel(#${this.k}, ${this.byAdmin ? `admin ${this.refund}` : 'owner'})`;
  async act(m: Model, r: Real) {
    const req = pick(m.requests, this.k);
    const res = this.byAdmin
      ? await call(r.t, 'POST', `/api/admin/mediations/${req.id}/cancel`, await cookieOf(r, r.admin), { refund: this.refund, reason: 'Model' })
      : await call(r.t, 'POST', `/api/requests/${req.id}/cancel`, await cookieOf(r, r.lawyer), { reason: 'Model' });
    const allowed = this.byAdmin
      ? ['draft', 'pending_mediators', 'awaiting_selection', 'matched', 'in_progress']
      : ['draft', 'pending_mediators', 'awaiting_selection', 'matched'];
    if (!allowed.includes(req.status)) {
      expect(res.statusCode, res.body).toBe(409);
      return;
    }
    expect(res.statusCode, res.body).toBe(200);
    const holding = req.payment === 'held';
    const outcome = cancellationOutcome(
      {
        depositHeld: holding ? req.deposit : 0,
        balanceHeld: holding ? req.balance - req.refunded : 0,
        mediatorSelected: req.selected !== null,
        preferredDate: req.preferredDate,
        depositPaidAt: req.depositPaidAt,
        commissionPercentage: TERMS.commissionPercentage,
        now: r.t.clock.now(),
      },
      this.byAdmin ? this.refund : undefined,
    );
    const refunded = outcome.depositRefund + outcome.balanceRefund;
    expect(res.json()).toMatchObject({ refundAmount: formatCents(refunded), kind: outcome.kind });
    if (req.payment === 'pending') req.payment = 'failed';
    if (holding) {
      req.refunded += refunded;
      req.feeKept += outcome.platformFee;
      req.paidToMediator += outcome.cancellationFee;
      req.payment = outcome.paymentStatus!;
    }
    for (const s of [req.depositSecret, req.balanceSecret]) if (s?.state === 'open') s.state = 'closed';
    for (const a of req.acceptances.values()) if (a.status === 'pending') a.status = 'rejected';
    req.status = 'cancelled';
  }
}

class Start extends Base {
  constructor(readonly k: number) {
    super();
  }
  target = (m: Readonly<Model>) => where(m as Model, (q) => q.status === 'matched');
  check = (m: Readonly<Model>) => this.target(m).length > 0;
  toString = () => `start(#${this.k})`;
  async act(m: Model, r: Real) {
    const req = pick(this.target(m), this.k);
    const res = await call(r.t, 'POST', `/api/requests/${req.id}/start`, await cookieOf(r, r.mediators[req.selected!]));
    expect(res.statusCode, res.body).toBe(200);
    req.status = 'in_progress';
  }
}

class Complete extends Base {
  constructor(readonly k: number) {
    super();
  }
  target = (m: Readonly<Model>) => where(m as Model, (q) => q.status === 'matched' || q.status === 'in_progress');
  check = (m: Readonly<Model>) => this.target(m).length > 0;
  toString = () => `complete(#${this.k})`;
  async act(m: Model, r: Real) {
    const req = pick(this.target(m), this.k);
    const res = await call(r.t, 'POST', `/api/requests/${req.id}/complete`, await cookieOf(r, r.mediators[req.selected!]), { completionResults: 'Settled.' });
    expect(res.statusCode, res.body).toBe(200);
    req.status = 'completed';
    req.completedAt = r.t.clock.now();
  }
}

/** Time passes: within or past the 72-hour hold window, or days (the cancellation policy's dates). */
class Advance extends Base {
  constructor(readonly ms: number) {
    super();
  }
  check = () => true;
  toString = () => `advance(${this.ms / HOUR}h)`;
  async act() {
    // The clock is moved in run() (it needs the real app).
  }
  async run(m: Model, r: Real) {
    ran.set('advance', (ran.get('advance') ?? 0) + 1);
    r.t.clock.advance(this.ms);
    await checkAll(m, r);
  }
}

/** The payout job (and any other due payout job): pays completed mediations whose window has passed, once. */
class RunJobs extends Base {
  check = () => true;
  toString = () => 'runDueJobs()';
  async act(m: Model, r: Real) {
    await runDueJobs(r.t, (name) => name === 'payment.payout');
    const now = r.t.clock.now().getTime();
    for (const req of m.requests) {
      if (req.status !== 'completed' || req.payment !== 'held' || req.dispute?.status === 'open') continue;
      if (now < req.completedAt!.getTime() + HOLD_MS) continue;
      releaseInModel(req);
    }
  }
}

function releaseInModel(req: ModelRequest) {
  const split = splitBudget(req.budget, TERMS);
  req.paidToMediator += split.mediatorPayout;
  req.feeKept += split.platformFee;
  req.payment = 'released';
}

/** The lawyer reports a problem: 201 within the window while the payment is held and nothing is open, else 409. */
class Dispute extends Base {
  constructor(readonly k: number) {
    super();
  }
  target = (m: Readonly<Model>) => where(m as Model, (q) => q.status === 'completed');
  check = (m: Readonly<Model>) => this.target(m).length > 0;
  toString = () => `dispute(#${this.k})`;
  async act(m: Model, r: Real) {
    const req = pick(this.target(m), this.k);
    const res = await call(r.t, 'POST', `/api/requests/${req.id}/dispute`, await cookieOf(r, r.lawyer), { reason: 'Model problem' });
    const inWindow = r.t.clock.now().getTime() < req.completedAt!.getTime() + HOLD_MS;
    if (req.payment !== 'held' || req.dispute?.status === 'open' || !inWindow) {
      expect(res.statusCode, res.body).toBe(409);
      return;
    }
    expect(res.statusCode, res.body).toBe(201);
    req.dispute = { id: res.json().id, status: 'open' };
  }
}

/** An admin resolves an open dispute: release, a full refund, or a partial refund of a random amount. */
class Resolve extends Base {
  constructor(
    readonly k: number,
    readonly outcome: 'release' | 'refund_full' | 'refund_partial',
    readonly fraction: number,
  ) {
    super();
  }
  target = (m: Readonly<Model>) => where(m as Model, (q) => q.dispute?.status === 'open');
  check = (m: Readonly<Model>) => this.target(m).length > 0;
  toString = () => `resolve(#${this.k}, ${this.outcome}${this.outcome === 'refund_partial' ? ` ${this.fraction.toFixed(3)}` : ''})`;
  async act(m: Model, r: Real) {
    const req = pick(this.target(m), this.k);
    const holding = held(req);
    const amount = 1 + Math.floor(this.fraction * (holding - 2));
    const res = await call(r.t, 'POST', `/api/admin/disputes/${req.dispute!.id}/resolve`, await cookieOf(r, r.admin), {
      outcome: this.outcome,
      note: 'Model',
      ...(this.outcome === 'refund_partial' ? { refundAmount: formatCents(amount) } : {}),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'resolved', outcome: this.outcome });
    req.dispute!.status = 'resolved';
    if (this.outcome === 'release') return releaseInModel(req);
    if (this.outcome === 'refund_full') {
      req.refunded += holding;
      req.payment = 'refunded_full';
      return;
    }
    const rest = holding - amount;
    const fee = percentOf(rest, COMMISSION);
    req.refunded += amount;
    req.feeKept += fee;
    req.paidToMediator += rest - fee;
    req.payment = 'refunded_partial';
  }
}

/** The same confirmation again (the local stand-in for a duplicated webhook): the first answer, and no effect. */
class RepeatConfirmation extends Base {
  constructor(
    readonly k: number,
    readonly j: number,
  ) {
    super();
  }
  target = (m: Readonly<Model>) => where(m as Model, (q) => q.confirmed.length > 0);
  check = (m: Readonly<Model>) => this.target(m).length > 0;
  toString = () => `repeatConfirmation(#${this.k}, ${this.j})`;
  async act(m: Model, r: Real) {
    const req = pick(this.target(m), this.k);
    const secret = pick(req.confirmed, this.j);
    const res = await confirm(r, secret, secret.card!);
    expect(res.statusCode, res.body).toBe(secret.state === 'paid' ? (secret.refundedOnArrival ? 409 : 200) : 402);
  }
}

interface Targeted extends Base {
  target(m: Readonly<Model>): ModelRequest[];
}

/**
 * Carries one request of the run a step forward, whatever its state (a random command is often not applicable: this
 * one nearly always is, so flows reach selection, completion, disputes and payouts). The step's own choices come from
 * `s`; it runs the same command class as the single steps, so the same checks apply.
 */
class Drive extends Base {
  constructor(
    readonly k: number,
    readonly s: number,
  ) {
    super();
  }
  private active = (m: Readonly<Model>) => where(m as Model, (q) => q.status !== 'cancelled' && (q.status !== 'completed' || q.payment === 'held'));
  check = (m: Readonly<Model>) => this.active(m).length > 0;
  toString = () => `drive(#${this.k}, ${this.s})`;
  private next(req: ModelRequest): Targeted | 'payout' | null {
    const s = this.s;
    const cards: Card[] = ['ok', 'ok', 'declinesLater', 'declined', 'ok'];
    const pending = [...req.acceptances.values()].filter((a) => a.status === 'pending').length;
    const free = [0, 1, 2, 3].filter((i) => !req.acceptances.has(i));
    const rate = s % 4 === 0 ? 7_000 + ((s * 7919) % 53_000) : null;
    if (s % 11 === 5) return new Cancel(0, s % 2 === 0, (['full', 'partial', 'none'] as const)[s % 3]);
    if (req.status === 'draft') return new PayDeposit(0, cards[s % cards.length]);
    if (req.balanceSecret?.state === 'open' && s % 4 === 1 && req.acceptances.get(req.balanceSecret.mediator)?.status === 'pending') {
      // The mediator being paid for withdraws first: the balance waiting for another card is closed (decision 025).
      const pendingIds = [...req.acceptances].filter(([, a]) => a.status === 'pending').map(([id]) => id);
      return new Withdraw(0, pendingIds.indexOf(req.balanceSecret.mediator));
    }
    if (req.balanceSecret?.state === 'open' || req.balanceSecret?.state === 'failed') return new PayBalance(0, s % 3 ? 'ok' : 'declined');
    if (req.status === 'pending_mediators') return free.length ? new Accept(0, pick(free, s), rate) : null;
    if (req.status === 'awaiting_selection') return s % 3 === 0 && pending < 3 && free.length ? new Accept(0, pick(free, s), rate) : new Select(0, s);
    if (req.status === 'matched') return s % 2 ? new Start(0) : new Complete(0);
    if (req.status === 'in_progress') return new Complete(0);
    if (req.dispute?.status === 'open') {
      const outcomes = ['release', 'refund_full', 'refund_partial', 'refund_partial'] as const;
      return new Resolve(0, outcomes[s % 4], (s % 997) / 997);
    }
    return s % 3 ? new Dispute(0) : 'payout';
  }
  async act(m: Model, r: Real) {
    const req = pick(this.active(m), this.k);
    const step = this.next(req);
    if (!step) return;
    if (step === 'payout') {
      // Past the hold window (or still within it, now and then), then the payout job.
      r.t.clock.advance(this.s % 5 ? HOLD_MS + HOUR : HOUR);
      return new RunJobs().act(m, r);
    }
    const index = step.target(m).indexOf(req);
    if (index < 0) return;
    const named = Object.assign(step, { k: index });
    const name = named.toString().replace(/\(.*$/, '');
    ran.set(name, (ran.get(name) ?? 0) + 1);
    await named.act(m, r);
  }
}

const k = fc.nat({ max: 11 });

/** The commands and their arguments: budgets with odd cents, dates before and after the policy's thresholds. */
const create = fc
  .tuple(fc.integer({ min: 25_000, max: 400_000 }), fc.option(fc.integer({ min: 0, max: 14 }), { nil: null }))
  .map(([budget, days]) => new CreateSubmit(budget, days));
const payDeposit = fc.tuple(k, fc.constantFrom<Card>('ok', 'ok', 'declinesLater', 'declined', 'insufficient')).map(([i, card]) => new PayDeposit(i, card));
const accept = fc
  .tuple(k, fc.integer({ min: 0, max: 3 }), fc.option(fc.integer({ min: 7_000, max: 60_000 }), { nil: null, freq: 3 }))
  .map(([i, med, rate]) => new Accept(i, med, rate));
const select = fc.tuple(k, k).map(([i, j]) => new Select(i, j));

/**
 * One weighted choice per step: a command whose precondition fails is skipped, so the steps that carry a flow forward
 * weigh more, and most runs reach selection, completion, disputes and payouts.
 */
export const commands = [
  fc.oneof(
    { arbitrary: fc.tuple(k, fc.nat({ max: 9999 })).map(([i, seed]) => new Drive(i, seed)), weight: 40 },
    { arbitrary: create, weight: 1 },
    { arbitrary: payDeposit, weight: 4 },
    { arbitrary: accept, weight: 6 },
    { arbitrary: select, weight: 5 },
    { arbitrary: fc.tuple(k, fc.constantFrom<'ok' | 'declined'>('ok', 'ok', 'declined')).map(([i, card]) => new PayBalance(i, card)), weight: 3 },
    {
      arbitrary: fc
        .tuple(k, fc.boolean(), fc.constantFrom<DepositRefundKind>('full', 'partial', 'none'))
        .map(([i, admin, refund]) => new Cancel(i, admin, refund)),
      weight: 2,
    },
    { arbitrary: k.map((i) => new Start(i)), weight: 2 },
    { arbitrary: k.map((i) => new Complete(i)), weight: 4 },
    { arbitrary: fc.constantFrom(HOUR, 24 * HOUR, 71 * HOUR, 73 * HOUR, 3 * DAY, 8 * DAY).map((ms) => new Advance(ms)), weight: 2 },
    { arbitrary: fc.constant(new RunJobs()), weight: 2 },
    { arbitrary: k.map((i) => new Dispute(i)), weight: 4 },
    {
      arbitrary: fc
        .tuple(
          k,
          fc.constantFrom<'release' | 'refund_full' | 'refund_partial'>('release', 'refund_full', 'refund_partial'),
          fc.double({ min: 0, max: 1, noNaN: true }),
        )
        .map(([i, outcome, fraction]) => new Resolve(i, outcome, fraction)),
      weight: 4,
    },
    { arbitrary: fc.tuple(k, k).map(([i, j]) => new RepeatConfirmation(i, j)), weight: 1 },
    { arbitrary: fc.tuple(k, k).map(([i, j]) => new Withdraw(i, j)), weight: 2 },
  ),
];

/** Each run starts with 2–4 requests created and their deposits tried, then the random steps. */
export const openingMoves = fc.array(fc.tuple(create, payDeposit), { minLength: 2, maxLength: 4 }).map((pairs) => pairs.flat());
