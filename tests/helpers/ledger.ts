import { expect } from 'vitest';
import { parseCents } from '../../src/common/money';
import { providerCharges } from '../../src/server/db/schema';
import { findPaymentForRequest, ledgerFor, ledgerTotals } from '../../src/server/modules/payments/payments.repo';
import { stepsOf } from '../../src/server/modules/payments/steps.repo';
import type { TestApp } from './test-app';

/** A request's payment, its ledger totals, and what the ledger says is still held (charged − refunded − paid − fee). */
export async function ledgerOf(t: TestApp, requestId: string) {
  const payment = await findPaymentForRequest(t.ctx.db, requestId);
  if (!payment) return null;
  const totals = ledgerTotals(await ledgerFor(t.ctx.db, payment.id));
  return { payment, totals, stillHeld: totals.charged - totals.refunded - totals.paidToMediator - totals.feeKept };
}

/**
 * The ledger invariant of RULES.md 2, after a flow has settled: for the request's payment, charged = refunded + fee
 * kept + paid to the mediator + still held, where "still held" is what the payment's status says it holds, and the
 * payment's refundAmount is the ledger's refunds.
 */
export async function expectLedgerWhole(t: TestApp, requestId: string) {
  const ledger = await ledgerOf(t, requestId);
  if (!ledger) return null;
  const { payment, totals, stillHeld } = ledger;
  const held =
    payment.status !== 'held'
      ? 0
      : payment.mediatorId
        ? parseCents(payment.platformFee)! + parseCents(payment.mediatorPayout)!
        : parseCents(payment.depositAmount)!;
  expect({ requestId, stillHeld, refunded: totals.refunded }).toEqual({ requestId, stillHeld: held, refunded: parseCents(payment.refundAmount) });
  await expectLedgerWholePerPayer(t, requestId, payment.id, held);
  return { payment, totals };
}

/**
 * The same invariant per payer (issue 24, decision 049): every entry names its payer; for each payer, charged =
 * refunded + fee kept + paid to the mediator + still held, with nothing held below zero, and what the payers still
 * hold adds up to what the payment holds. Every settled refund and transfer is booked to the payer of the charge it
 * draws on, and no charge gives back or pays out more than it took.
 */
export async function expectLedgerWholePerPayer(t: TestApp, requestId: string, paymentId: string, held: number) {
  const entries = await ledgerFor(t.ctx.db, paymentId);
  const perPayer = new Map<string, number>();
  const add = (payerId: string, cents: number) => perPayer.set(payerId, (perPayer.get(payerId) ?? 0) + cents);
  for (const e of entries) {
    const amount = parseCents(e.amount)!;
    if (e.kind === 'deposit_charge' || e.kind === 'balance_charge') add(e.payerId, amount);
    else add(e.payerId, -amount - parseCents(e.platformFee)!);
  }
  const negative = [...perPayer].filter(([, cents]) => cents < 0);
  expect({ requestId, negative }).toEqual({ requestId, negative: [] });
  expect({ requestId, heldByPayers: [...perPayer.values()].reduce((s, c) => s + c, 0) }).toEqual({ requestId, heldByPayers: held });

  const charges = new Map(entries.filter((e) => e.kind === 'deposit_charge' || e.kind === 'balance_charge').map((e) => [e.providerRef, e]));
  const byKey = new Map(entries.map((e) => [e.idempotencyKey, e]));
  const drawn = new Map<string, number>();
  for (const step of await stepsOf(t.ctx.db, paymentId)) {
    if (step.status !== 'succeeded' || (step.kind !== 'refund' && step.kind !== 'transfer')) continue;
    const chargeId = step.kind === 'refund' ? step.params.chargeId : step.params.sourceChargeId;
    const charge = charges.get(chargeId);
    const booked = byKey.get(step.idempotencyKey);
    expect({ requestId, step: step.idempotencyKey, payer: booked?.payerId }).toEqual({ requestId, step: step.idempotencyKey, payer: charge?.payerId });
    drawn.set(chargeId, (drawn.get(chargeId) ?? 0) + parseCents(step.amount)! + parseCents(step.params.platformFee ?? '0')!);
  }
  for (const [chargeId, out] of drawn) {
    expect({ requestId, chargeId, over: out > parseCents(charges.get(chargeId)!.amount)! }).toEqual({ requestId, chargeId, over: false });
  }
}

export type ProviderRow = typeof providerCharges.$inferSelect;

/** Every record the `local` provider keeps (read once, then summarised per request by `providerSummary`). */
export const providerRows = (t: TestApp): Promise<ProviderRow[]> => t.ctx.db.select().from(providerCharges);

/**
 * What the `local` provider itself recorded for a request (its `provider_charges`, as a real provider's dashboard
 * would show them): the succeeded charges (intents paid by card and saved-card charges), and the refunds and
 * transfers made against those charges, in cents, with the totals per charge.
 */
export function providerSummary(rows: ProviderRow[], requestId: string) {
  const meta = (row: ProviderRow) => (row.metadata ? (JSON.parse(row.metadata) as Record<string, string>) : {});
  const charges = new Map<string, number>();
  for (const row of rows) {
    const m = meta(row);
    if (row.status !== 'succeeded' || m.requestId !== requestId) continue;
    if (row.kind === 'intent' && (m.purpose === 'deposit' || m.purpose === 'balance' || m.purpose === 'deposit_share'))
      charges.set(m.chargeId ?? row.id, parseCents(row.amount)!);
    if (row.kind === 'charge') charges.set(row.id, parseCents(row.amount)!);
  }
  const perCharge = new Map([...charges.keys()].map((id) => [id, { refunded: 0, transferred: 0, refunds: 0 }]));
  let refunded = 0;
  let transferred = 0;
  for (const row of rows) {
    const m = meta(row);
    const amount = parseCents(row.amount)!;
    if (row.kind === 'refund' && perCharge.has(m.chargeId)) {
      perCharge.get(m.chargeId)!.refunded += amount;
      perCharge.get(m.chargeId)!.refunds += 1;
      refunded += amount;
    }
    if (row.kind === 'transfer' && perCharge.has(m.sourceChargeId)) {
      perCharge.get(m.sourceChargeId)!.transferred += amount;
      transferred += amount;
    }
  }
  const charged = [...charges.values()].reduce((s, a) => s + a, 0);
  return { charges, perCharge, charged, refunded, transferred };
}

export const providerRecordsOf = async (t: TestApp, requestId: string) => providerSummary(await providerRows(t), requestId);

/**
 * The provider agrees with our ledger, once every step has settled: what it charged, refunded and transferred for the
 * request equals the ledger's charges, refunds and payments to the mediator, and no charge gave back or paid out
 * more than it took (a refund or a transfer from the wrong charge shows here).
 */
export async function expectProviderAgrees(t: TestApp, requestId: string, rows?: ProviderRow[]) {
  const ledger = await ledgerOf(t, requestId);
  const provider = providerSummary(rows ?? (await providerRows(t)), requestId);
  const ours = ledger
    ? { charged: ledger.totals.charged, refunded: ledger.totals.refunded, transferred: ledger.totals.paidToMediator }
    : { charged: 0, refunded: 0, transferred: 0 };
  expect({ requestId, charged: provider.charged, refunded: provider.refunded, transferred: provider.transferred }).toEqual({ requestId, ...ours });
  for (const [chargeId, out] of provider.perCharge) {
    expect({ requestId, chargeId, over: out.refunded + out.transferred > provider.charges.get(chargeId)! }).toEqual({ requestId, chargeId, over: false });
  }
  return provider;
}
