import type { CancellationPreviewDto } from '../../../common/api-types';
import type { DepositRefundKind } from '../../../common/domain/refunds';
import { parseCents, type Cents } from '../../../common/money';

export const REFUND_CHOICES: { kind: DepositRefundKind; label: string; description: string }[] = [
  { kind: 'full', label: 'Full refund', description: 'The whole deposit goes back to the lawyer.' },
  { kind: 'partial', label: 'Partial refund', description: 'Half the deposit goes back; the other half is kept.' },
  { kind: 'none', label: 'No refund', description: 'The deposit is kept.' },
];

export interface RefundPreview {
  depositRefund: Cents;
  balanceRefund: Cents;
  total: Cents;
}

/**
 * What the lawyer gets back for the admin's choice, from what is held (GET /api/requests/{id}/cancellation reports the
 * deposit and the balance). The same rule as the server's cancellationOutcome (common/domain/refunds.ts): all, half
 * (the odd cent to the lawyer) or none of the deposit, and always the whole balance.
 */
export function refundFor(preview: Pick<CancellationPreviewDto, 'deposit' | 'balanceRefund'>, kind: DepositRefundKind): RefundPreview {
  const deposit = parseCents(preview.deposit) ?? 0;
  const balanceRefund = parseCents(preview.balanceRefund) ?? 0;
  const depositRefund = kind === 'full' ? deposit : kind === 'partial' ? Math.ceil(deposit / 2) : 0;
  return { depositRefund, balanceRefund, total: depositRefund + balanceRefund };
}
