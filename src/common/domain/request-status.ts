import type { RequestStatus } from '../enums';

// Spec section 4: labels and badge colours of request statuses.
export const REQUEST_STATUS_LABELS: Record<RequestStatus, string> = {
  draft: 'Draft',
  pending_mediators: 'Pending Mediators',
  awaiting_selection: 'Awaiting Selection',
  matched: 'Matched',
  in_progress: 'In Progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

export type BadgeTone = 'muted' | 'yellow' | 'blue' | 'green' | 'purple' | 'primary' | 'destructive';

export const REQUEST_STATUS_TONES: Record<RequestStatus, BadgeTone> = {
  draft: 'muted',
  pending_mediators: 'yellow',
  awaiting_selection: 'blue',
  matched: 'green',
  in_progress: 'purple',
  completed: 'primary',
  cancelled: 'destructive',
};
