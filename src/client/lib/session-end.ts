import { useSyncExternalStore } from 'react';
import { isSessionEndReason, type SessionEndReason } from '../../common/domain/session-end';

// Why the server ended this browser's session (suspension, a password change, expiry), as the 401 of the current-user
// query said (decision 038). The guards then send the user to /auth, which says why. Kept in memory: signing in
// reloads the page, and a reload asks the server again (the dead cookie keeps its reason until then).

let reason: SessionEndReason | null = null;
const listeners = new Set<() => void>();

/** Notes what a 401's body says about the session (nothing: the visitor was simply not signed in). */
export function noteSessionEnd(body: Record<string, unknown>): void {
  const next = isSessionEndReason(body.sessionEnded) ? body.sessionEnded : null;
  if (next === reason) return;
  reason = next;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The reason the session ended, or null (also while the page is drawn at build time). */
export function useSessionEnd(): SessionEndReason | null {
  return useSyncExternalStore(
    subscribe,
    () => reason,
    () => null,
  );
}
