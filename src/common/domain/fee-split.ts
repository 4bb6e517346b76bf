// The fee split of a two-sided case (issue 24, docs/decisions/049): how the mediator's fee is shared between the
// sides, what each side owes of the deposit, what it holds, and which money goes back to whom. Pure: the server
// decides with these, the client shows amounts with the same functions.
import type { CaseSide } from '../enums';
import type { Cents } from '../money';

/** The inviting side's share when nobody said otherwise. */
export const DEFAULT_FIRST_SIDE_PERCENT = 50;

export interface FeeSplit {
  firstSidePercent: number;
  secondSidePercent: number;
}

export const splitOf = (firstSidePercent: number): FeeSplit => ({ firstSidePercent, secondSidePercent: 100 - firstSidePercent });

/**
 * An amount shared by the split, in whole cents: the second side's share is rounded down and the inviting side takes
 * the odd cent, so the two always add up to the amount (a 50/50 split of $250.01 is $125.01 and $125.00).
 */
export function shareOf(total: Cents, firstSidePercent: number): Record<CaseSide, Cents> {
  const second = Math.floor((total * (100 - firstSidePercent)) / 100);
  return { first: total - second, second };
}

/** A charge that paid (part of) a deposit: whose share it funds, and what it still holds after refunds. */
export interface ShareCharge {
  chargeId: string;
  side: CaseSide;
  held: Cents;
}

export interface ShareRefund {
  chargeId: string;
  amount: Cents;
}

/**
 * What each side holds of the deposit against what it owes (its share), once the split is agreed: an outstanding
 * share (0 when paid), and the excess a side holds beyond its share. The inviting side paid the whole deposit at
 * submit so the request could go live; its excess is returned only once the other side's share is held, so the
 * escrow never holds less than the deposit. A share paid twice (both sides paying the same share at once, or a
 * payment on behalf racing the side's own) leaves an excess on that side, returned at once.
 */
export function depositPosition(deposit: Cents, firstSidePercent: number, charges: readonly ShareCharge[]) {
  return positionOf(shareOf(deposit, firstSidePercent), charges);
}

/** What each side holds against what it owes: the outstanding part, and the excess once the other side's is held. */
function positionOf(due: Record<CaseSide, Cents>, charges: readonly ShareCharge[]) {
  const held = { first: 0, second: 0 };
  for (const charge of charges) held[charge.side] += charge.held;
  const outstanding = { first: Math.max(0, due.first - held.first), second: Math.max(0, due.second - held.second) };
  const excess = {
    first: outstanding.second === 0 ? Math.max(0, held.first - due.first) : 0,
    second: outstanding.first === 0 ? Math.max(0, held.second - due.second) : 0,
  };
  return { due, held, outstanding, excess };
}

/**
 * The refunds that return each side's excess: taken from that side's latest charges first (a payment that arrived
 * second is the one undone), never more than a charge still holds.
 */
export function excessRefunds(deposit: Cents, firstSidePercent: number, charges: readonly ShareCharge[]): ShareRefund[] {
  return refundsFromLatest(depositPosition(deposit, firstSidePercent, charges).excess, charges);
}

/** Refunds of `excess` per side from that side's charges, latest first, never more than a charge holds. */
function refundsFromLatest(excess: Record<CaseSide, Cents>, charges: readonly ShareCharge[]): ShareRefund[] {
  const refunds: ShareRefund[] = [];
  for (const side of ['first', 'second'] as const) {
    let left = excess[side];
    for (const charge of [...charges].reverse()) {
      if (left === 0) break;
      if (charge.side !== side || charge.held === 0) continue;
      const amount = Math.min(left, charge.held);
      refunds.push({ chargeId: charge.chargeId, amount });
      left -= amount;
    }
  }
  return refunds;
}

/**
 * Each side's share of the balance (the budget less the deposit) at selection: its share of the budget less its share
 * of the deposit, so a side's deposit share and balance share add up to its share of the budget, and the two balance
 * shares add up to the balance. Nothing is due when the deposit covers the budget.
 */
export function balanceShares(budget: Cents, deposit: Cents, firstSidePercent: number): Record<CaseSide, Cents> {
  if (budget <= deposit) return { first: 0, second: 0 };
  const ofBudget = shareOf(budget, firstSidePercent);
  const ofDeposit = shareOf(deposit, firstSidePercent);
  return { first: ofBudget.first - ofDeposit.first, second: ofBudget.second - ofDeposit.second };
}

/**
 * What each side holds of the balance against its balance share (decision 050): what is still due, and what a side
 * holds beyond its share (the inviting side's whole balance on a case matched before the other side joined, a share
 * paid twice, a selection repriced lower), returned once the other side's balance share is held, as for the deposit:
 * the escrow never holds less than the balance.
 */
export function balancePosition(budget: Cents, deposit: Cents, firstSidePercent: number, charges: readonly ShareCharge[]) {
  return positionOf(balanceShares(budget, deposit, firstSidePercent), charges);
}

/** The refunds that return the balance's excess, from each side's latest balance charges first. */
export function balanceExcessRefunds(budget: Cents, deposit: Cents, firstSidePercent: number, charges: readonly ShareCharge[]): ShareRefund[] {
  return refundsFromLatest(balancePosition(budget, deposit, firstSidePercent, charges).excess, charges);
}

/** One amount a side still owes before a two-sided selection takes effect: of its deposit share, or of its balance share. */
export interface ShareDue {
  side: CaseSide;
  kind: 'deposit' | 'balance';
  amount: Cents;
}

/**
 * Everything still owed before a two-sided selection at `budget` takes effect (decision 050), the deposit share before
 * the balance share of each side: the selection takes effect when this is empty.
 */
export function sharesDue(
  budget: Cents,
  deposit: Cents,
  firstSidePercent: number,
  held: { deposit: readonly ShareCharge[]; balance: readonly ShareCharge[] },
): ShareDue[] {
  const ofDeposit = depositPosition(deposit, firstSidePercent, held.deposit).outstanding;
  const ofBalance = balancePosition(budget, deposit, firstSidePercent, held.balance).outstanding;
  return (['first', 'second'] as const).flatMap((side) =>
    [
      { side, kind: 'deposit' as const, amount: ofDeposit[side] },
      { side, kind: 'balance' as const, amount: ofBalance[side] },
    ].filter((due) => due.amount > 0),
  );
}

/**
 * Shares `total` over amounts in proportion to them, in whole cents (largest remainder: the rounded-down shares, then
 * one cent each to the largest remainders, ties to the earlier). Sums to `total` exactly, never more than an amount.
 * Cancellation refunds use it to take a refund from every charge that holds a deposit in proportion to what it holds.
 */
export function proportionalParts(amounts: readonly Cents[], total: Cents): Cents[] {
  const sum = amounts.reduce((s, a) => s + a, 0);
  if (total < 0 || total > sum) throw new RangeError(`cannot share ${total} cents over ${sum}`);
  if (sum === 0) return amounts.map(() => 0);
  // In BigInt: amount × total passes 2^53 for amounts near MAX_CENTS, and the cents must stay exact.
  const big = (a: Cents) => BigInt(a) * BigInt(total);
  const parts = amounts.map((a) => Number(big(a) / BigInt(sum)));
  let left = total - parts.reduce((s, p) => s + p, 0);
  const order = amounts.map((a, i) => ({ i, rest: big(a) % BigInt(sum) })).sort((x, y) => (y.rest > x.rest ? 1 : y.rest < x.rest ? -1 : x.i - y.i));
  for (const { i } of order) {
    if (left === 0) break;
    if (parts[i] < amounts[i]) {
      parts[i] += 1;
      left -= 1;
    }
  }
  return parts;
}

/**
 * What each deposit charge keeps of a cancellation's kept amount when the cancelling side bears it (decision 049):
 * taken from the canceller's charges first (in proportion to what each holds), and only what they cannot cover from
 * the other charges (in proportion too). Without a canceller among the payers (an admin's cancellation) it is shared
 * in proportion to what every charge holds. The rest of each charge is refunded to its payer.
 */
export function keptByCanceller(amounts: readonly Cents[], cancellers: readonly boolean[], kept: Cents): Cents[] {
  const theirs = amounts.map((a, i) => (cancellers[i] ? a : 0));
  const fromThem = Math.min(
    kept,
    theirs.reduce((s, a) => s + a, 0),
  );
  const first = proportionalParts(theirs, fromThem);
  const others = proportionalParts(
    amounts.map((a, i) => (cancellers[i] ? 0 : a)),
    kept - fromThem,
  );
  return amounts.map((_, i) => first[i] + others[i]);
}

/** A split in whole percents from 0 to 100 whose two shares add up to 100: the field error, or null. */
export function splitProblem(split: { firstSidePercent?: unknown; secondSidePercent?: unknown }): { field: keyof FeeSplit; message: string } | null {
  for (const field of ['firstSidePercent', 'secondSidePercent'] as const) {
    const value = split[field];
    if (typeof value !== 'number' || !Number.isInteger(value)) return { field, message: 'Enter a whole percent' };
    if (value < 0 || value > 100) return { field, message: 'A share is from 0% to 100%' };
  }
  if ((split.firstSidePercent as number) + (split.secondSidePercent as number) !== 100) {
    return { field: 'secondSidePercent', message: 'The two shares must add up to 100%' };
  }
  return null;
}
