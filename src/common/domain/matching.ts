import type { RequestStatus, SubscriptionTier } from '../enums';
import { MAX_ACCEPTANCES } from './request-status';

// RULES.md 5 as pure functions (the SQL in src/server/modules/requests/visibility.ts mirrors them; tests keep both honest).

const norm = (s: string) => s.trim().toLowerCase();

export function matchesRequest(mediator: { jurisdiction: string; specializations: string[] }, request: { jurisdiction: string; caseType: string }): boolean {
  return norm(mediator.jurisdiction) === norm(request.jurisdiction) && mediator.specializations.some((s) => norm(s) === norm(request.caseType));
}

export interface VisibilityRequest {
  status: RequestStatus;
  jurisdiction: string;
  caseType: string;
  openToAllAt: Date | null;
  openToFreeAt: Date | null;
  acceptances: { mediatorId: string; status: 'pending' | 'selected' | 'rejected'; acceptedAt: Date }[];
}

export interface VisibilityMediator {
  id: string;
  tier: SubscriptionTier;
  jurisdiction: string;
  specializations: string[];
}

/** Whether a live acceptance came in before the match window closed (the request row keeps it, by triggers). */
export function acceptedBeforeOpenToAll(request: VisibilityRequest): boolean {
  return request.acceptances.some((a) => a.status !== 'rejected' && request.openToAllAt !== null && a.acceptedAt < request.openToAllAt);
}

/** Open to everyone: the match window passed with nobody having accepted before it closed. */
export function isOpenToAll(request: VisibilityRequest, now: Date): boolean {
  if (!request.openToAllAt || request.openToAllAt > now) return false;
  return !acceptedBeforeOpenToAll(request);
}

/** What deciding "has reached" needs of a request: its row, with the flag the triggers keep on it. */
export type ReachedRequest = Omit<VisibilityRequest, 'acceptances'> & { acceptedBeforeOpenToAll: boolean };

/**
 * The request has reached this mediator (open to all, or matching them after their head start), whatever its state
 * and number of acceptances: what decides 404 (never theirs to see) from 409 (too late) on accept. The SQL twin is
 * `reachesMediator` in src/server/modules/requests/visibility.ts (the visibility property test compares the two).
 */
export function hasReached(mediator: Omit<VisibilityMediator, 'id'>, request: ReachedRequest, now: Date): boolean {
  if (request.status === 'draft') return false;
  if (request.openToAllAt && request.openToAllAt <= now && !request.acceptedBeforeOpenToAll) return true;
  if (!matchesRequest(mediator, request)) return false;
  return mediator.tier !== 'free' || (request.openToFreeAt !== null && request.openToFreeAt <= now);
}

/** A mediator may see the request in "Available" and accept it now. The SQL decides it in production; this twin is held
 * equal to it by the visibility property test. @internal */
export function isAvailableTo(mediator: VisibilityMediator, request: VisibilityRequest, now: Date): boolean {
  if (request.status !== 'pending_mediators' && request.status !== 'awaiting_selection') return false;
  const live = request.acceptances.filter((a) => a.status !== 'rejected');
  if (live.length >= MAX_ACCEPTANCES) return false;
  if (request.acceptances.some((a) => a.mediatorId === mediator.id)) return false;
  if (isOpenToAll(request, now)) return true;
  if (!matchesRequest(mediator, request)) return false;
  return mediator.tier !== 'free' || (request.openToFreeAt !== null && request.openToFreeAt <= now);
}
