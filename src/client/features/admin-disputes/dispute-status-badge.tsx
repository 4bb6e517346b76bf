import type { AdminDisputeDto } from '../../../common/schemas/disputes';
import { Badge } from '../../components/ui/badge';
import { RESOLVED_LABELS } from './resolution';

/** Open (waiting for the admins) or resolved, with how. */
export function DisputeStatusBadge({ dispute }: { dispute: Pick<AdminDisputeDto, 'status' | 'outcome'> }) {
  if (dispute.status === 'open') return <Badge tone="yellow">Open</Badge>;
  return <Badge tone="green">Resolved{dispute.outcome ? `: ${RESOLVED_LABELS[dispute.outcome].toLowerCase()}` : ''}</Badge>;
}
