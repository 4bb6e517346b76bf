import type { PaymentStatus } from '../../../common/enums';
import { Badge } from '../../components/ui/badge';
import { PAYMENT_STATUS_LABELS, PAYMENT_STATUS_TONES } from './labels';

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  return (
    <Badge tone={PAYMENT_STATUS_TONES[status]} data-status={status}>
      {PAYMENT_STATUS_LABELS[status]}
    </Badge>
  );
}
