import { REQUEST_STATUS_LABELS, REQUEST_STATUS_TONES } from '../../../common/domain/request-status';
import type { RequestStatus } from '../../../common/enums';
import { Badge } from './badge';

/** Request status with the spec's label and colour (spec 4). */
export function StatusBadge({ status }: { status: RequestStatus }) {
  return (
    <Badge tone={REQUEST_STATUS_TONES[status]} data-status={status}>
      {REQUEST_STATUS_LABELS[status]}
    </Badge>
  );
}
