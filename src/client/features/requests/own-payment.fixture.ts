// A two-sided case's counsel's own payment, as GET /api/payments returns it to them (their lines, their totals), for the
// component tests of the request page's notices.
import { formatCents, parseCents } from '../../../common/money';
import type { PaymentView } from '../../../common/schemas/payment-history';

export const TWO_SIDED_REQUEST_ID = '0b8a6d7e-3c1f-4d7a-9a51-5d0e1f2a3b4c';
export const OWNER_ID = '1a2b3c4d-5e6f-4a1b-8c2d-3e4f5a6b7c8d';
export const SECOND_ID = '4d5e6f7a-8b9c-4d0e-9f1a-2b3c4d5e6f7a';

type Line = [kind: PaymentView['ledger'][number]['kind'], amount: string, createdAt: string, note?: string];

/** The payer's own view of the case's payment: `lines` are theirs, the totals their sums (as the server computes them). */
export function ownPayment(payerId: string, lines: Line[], extra: Partial<PaymentView> = {}): PaymentView {
  const sum = (kinds: string[]) => formatCents(lines.filter(([kind]) => kinds.includes(kind)).reduce((s, [, amount]) => s + (parseCents(amount) ?? 0), 0));
  const charged = sum(['deposit_charge', 'balance_charge']);
  const refunded = sum(['refund']);
  return {
    id: '8b9c0d1e-2f3a-4b8c-9d0e-1f2a3b4c5d6e',
    requestId: TWO_SIDED_REQUEST_ID,
    caseName: 'Smith v. Jones',
    caseNumber: 'CV-2026-0142',
    lawyerId: OWNER_ID,
    mediatorId: null,
    depositAmount: '250.00',
    amount: '250.00',
    platformFee: '140.00',
    mediatorPayout: '1260.00',
    status: 'refunded_partial',
    refundAmount: refunded,
    refundReason: null,
    totalCharged: charged,
    totalRefunded: refunded,
    settlement: { charged, refunded, platformFeeKept: '0.00', paidToMediator: '0.00', held: '0.00', planned: null },
    paidToYou: null,
    paidAt: null,
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-02T15:20:00.000Z',
    ledger: lines.map(([kind, amount, createdAt, note], i) => ({
      id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      kind,
      amount,
      platformFee: '0.00',
      note: note ?? null,
      createdAt,
      payerId,
      shareSide: null,
    })),
    ...extra,
  };
}
