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

/** Lifecycle actions of RULES.md 4. */
export type RequestAction = 'submit' | 'go_live' | 'accept' | 'withdraw' | 'select' | 'start' | 'complete' | 'cancel' | 'reassign';

/** Who is acting, relative to the request. */
export type RequestActor = 'owner' | 'other_lawyer' | 'mediator' | 'selected_mediator' | 'admin' | 'provider';

/** For each action: the states it is allowed from, per actor (RULES.md 4 table). */
export const TRANSITIONS: Record<RequestAction, Partial<Record<RequestActor, readonly RequestStatus[]>>> = {
  submit: { owner: ['draft'] },
  go_live: { provider: ['draft'] },
  accept: { mediator: ['pending_mediators', 'awaiting_selection'] },
  withdraw: { mediator: ['pending_mediators', 'awaiting_selection'] },
  select: { owner: ['awaiting_selection'] },
  start: { selected_mediator: ['matched'] },
  complete: { selected_mediator: ['matched', 'in_progress'] },
  cancel: {
    owner: ['draft', 'pending_mediators', 'awaiting_selection', 'matched'],
    admin: ['draft', 'pending_mediators', 'awaiting_selection', 'matched', 'in_progress'],
  },
  reassign: { admin: ['matched', 'in_progress'] },
};

/**
 * ok: allowed; forbidden (403): this actor may never do it; conflict (409): allowed for them, but not in this state.
 */
export function checkTransition(action: RequestAction, status: RequestStatus, actor: RequestActor): 'ok' | 'forbidden' | 'conflict' {
  const from = TRANSITIONS[action][actor];
  if (!from) return 'forbidden';
  return from.includes(status) ? 'ok' : 'conflict';
}

/** At most three acceptances form the selection list (spec 9). */
export const MAX_ACCEPTANCES = 3;
