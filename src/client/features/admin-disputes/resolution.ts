import { refundPerPayer, splitPartialRefund } from '../../../common/domain/dispute-resolution';
import type { DisputeOutcome } from '../../../common/enums';
import { parseCents, type Cents } from '../../../common/money';
import type { AdminDisputeDto } from '../../../common/schemas/disputes';

export const OUTCOME_LABELS: Record<DisputeOutcome, string> = {
  release: 'Release the payout',
  refund_full: 'Refund in full',
  refund_partial: 'Refund part',
};

/** What was done, once it is done: the badge, the detail dialog and the toast (the choices above are what to do). */
export const RESOLVED_LABELS: Record<DisputeOutcome, string> = {
  release: 'Payout released',
  refund_full: 'Full refund',
  refund_partial: 'Partial refund',
};

const cents = (amount: string) => parseCents(amount) ?? 0;

export const heldCents = (dispute: AdminDisputeDto): Cents => cents(dispute.amountHeld);

/** What each side gets from a resolution, in cents. */
export interface ResolutionSplit {
  toLawyer: Cents;
  toMediator: Cents;
  platformFee: Cents;
  /** On a case with several payers (decision 052): what goes back to each, in proportion to what each holds. */
  toPayers: { label: string; amount: Cents }[];
}

const SIDE_WORDS = { first: 'requesting side', second: 'opposing side' } as const;

/** Each payer's part of a refund (the server's refundPerPayer), when more than one paid. */
function perPayer(dispute: AdminDisputeDto, refund: Cents): ResolutionSplit['toPayers'] {
  const total = dispute.payers.reduce((sum, p) => sum + cents(p.held), 0);
  if (dispute.payers.length < 2 || refund > total) return [];
  const parts = refundPerPayer(
    dispute.payers.map((p) => ({ chargeId: p.id, amount: cents(p.held), payerId: p.id })),
    refund,
  );
  return dispute.payers.map((p, i) => ({ label: p.side ? `${p.name} (${SIDE_WORDS[p.side]})` : p.name, amount: parts[i].part }));
}

/**
 * The money a resolution moves (RULES.md 2.5), worked out as the server does: release pays the planned payout, a
 * full refund returns everything held, a partial refund uses the shared splitPartialRefund (the balance first, the
 * commission percentage only on the rest). Null for a partial refund whose amount is not yet valid.
 */
export function previewResolution(dispute: AdminDisputeDto, outcome: DisputeOutcome, refund: Cents | null): ResolutionSplit | null {
  const held = heldCents(dispute);
  if (outcome === 'release') return { toLawyer: 0, toMediator: cents(dispute.mediatorPayout), platformFee: cents(dispute.platformFee), toPayers: [] };
  if (outcome === 'refund_full') return { toLawyer: held, toMediator: 0, platformFee: 0, toPayers: perPayer(dispute, held) };
  if (refund === null || refund <= 0 || refund >= held) return null;
  const charges = [
    { chargeId: 'deposit', amount: cents(dispute.depositHeld) },
    { chargeId: 'balance', amount: cents(dispute.balanceHeld) },
  ].filter((c) => c.amount > 0);
  const split = splitPartialRefund(charges, refund, cents(dispute.commissionPercentage));
  return { toLawyer: split.refundTotal, toMediator: split.mediatorPayout, platformFee: split.platformFee, toPayers: perPayer(dispute, refund) };
}
