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

/** Open to everyone: the match window passed with nobody having accepted before it closed. */
export function isOpenToAll(request: VisibilityRequest, now: Date): boolean {
  if (!request.openToAllAt || request.openToAllAt > now) return false;
  return !request.acceptances.some((a) => a.status !== 'rejected' && a.acceptedAt < request.openToAllAt!);
}

/** A mediator may see the request in "Available" and accept it now. */
export function isAvailableTo(mediator: VisibilityMediator, request: VisibilityRequest, now: Date): boolean {
  if (request.status !== 'pending_mediators' && request.status !== 'awaiting_selection') return false;
  const live = request.acceptances.filter((a) => a.status !== 'rejected');
  if (live.length >= MAX_ACCEPTANCES) return false;
  if (request.acceptances.some((a) => a.mediatorId === mediator.id)) return false;
  if (isOpenToAll(request, now)) return true;
  if (!matchesRequest(mediator, request)) return false;
  return mediator.tier !== 'free' || (request.openToFreeAt !== null && request.openToFreeAt <= now);
}
