import type { UserStatus } from '../../../common/enums';
import { Badge } from '../../components/ui/badge';
import { STATUS_LABELS } from './user-labels';

const TONES = { pending: 'yellow', approved: 'green', suspended: 'destructive' } as const;

export function UserStatusBadge({ status }: { status: UserStatus }) {
  return (
    <Badge tone={TONES[status]} data-status={status}>
      {STATUS_LABELS[status]}
    </Badge>
  );
}
