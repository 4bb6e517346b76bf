import type { DepositRefundKind } from '../../../common/domain/refunds';

export const REFUND_CHOICES: { kind: DepositRefundKind; label: string; description: string }[] = [
  { kind: 'full', label: 'Full refund', description: 'The whole deposit goes back to the lawyer.' },
  { kind: 'partial', label: 'Partial refund', description: 'Half the deposit goes back; the other half is kept.' },
  { kind: 'none', label: 'No refund', description: 'The deposit is kept.' },
];
