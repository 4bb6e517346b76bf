import { useEffect, useSyncExternalStore } from 'react';
import { queryClient } from './query-client';

/**
 * The browser's side of `/ws` (RULES.md 7). One socket per signed-in tab. The server only says *that* something
 * changed; the data is re-read through the normal queries, so a message is never shown twice and nothing is lost:
 * each time the socket opens, every live query is refreshed, which fetches whatever was missed while it was not open.
 * That includes the first opening: a page's queries start before its socket is open, and a message sent in between
 * (the page's own read already done, its socket not yet listening) would otherwise show only at the next event.
 */
export type RealtimeStatus = 'connecting' | 'open' | 'closed';

type ServerEvent = { type: 'new_message'; requestId: string } | { type: 'notification'; unreadCount: number } | { type: 'request_updated'; requestId: string };

/** The server's close code for a socket whose session ended (server/realtime/hub.ts). */
const CLOSE_SIGNED_OUT = 4001;
const RETRY_MIN_MS = 1_000;
const RETRY_MAX_MS = 15_000;

let status: RealtimeStatus = 'closed';
const listeners = new Set<() => void>();
function setStatus(next: RealtimeStatus): void {
  if (next === status) return;
  status = next;
  for (const listener of listeners) listener();
}

const invalidate = (...keys: string[][]) => Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
// A request's money moves with it (charges, refunds, payouts): the payments list and receipts follow.
// A session scheduled, moved or cancelled (issue 25) announces a request change: the dashboard's sessions refresh too.
const requestKeys = [['/api/requests'], ['/api/requests/counts'], ['/api/dashboard'], ['/api/payments'], ['/api/sessions']];

/** What each event refreshes (query keys are URL path segments, see query-client.ts). */
export function applyServerEvent(event: ServerEvent): void {
  switch (event.type) {
    case 'new_message':
      void invalidate(['/api/messages']);
      return;
    case 'notification':
      queryClient.setQueryData(['/api/notifications/unread'], { count: event.unreadCount });
      // A notification usually announces a change to a request (acceptance, selection, completion, new request),
      // or to the mediator's plan (an upgrade confirmed, a renewal declined, a cancelled plan ended), or tells the
      // admins of a new dispute (their /admin/disputes list).
      void invalidate(['/api/notifications'], ['/api/subscription'], ['/api/admin/disputes'], ...requestKeys);
      return;
    case 'request_updated':
      void invalidate(...requestKeys);
      return;
  }
}

/** Once the socket is open, everything it would have refreshed is refreshed (missed events are not replayed). */
function resync(): void {
  void invalidate(['/api/messages'], ['/api/notifications'], ['/api/notifications/unread'], ...requestKeys);
}

function socketUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/ws`;
}

function parse(data: unknown): ServerEvent | null {
  if (typeof data !== 'string') return null;
  try {
    const event = JSON.parse(data) as ServerEvent;
    return event && typeof event.type === 'string' ? event : null;
  } catch {
    return null;
  }
}

/** Opens the socket and keeps it open (backing off between attempts) until the returned function is called. */
export function connectRealtime(): () => void {
  let socket: WebSocket | null = null;
  let retryMs = RETRY_MIN_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const open = () => {
    if (stopped) return;
    setStatus('connecting');
    socket = new WebSocket(socketUrl());
    socket.onopen = () => {
      retryMs = RETRY_MIN_MS;
      setStatus('open');
      resync();
    };
    socket.onmessage = (message) => {
      const event = parse(message.data);
      if (event) applyServerEvent(event);
    };
    socket.onclose = (event) => {
      socket = null;
      if (stopped) return;
      if (event.code === CLOSE_SIGNED_OUT) {
        // The session ended (signed out elsewhere, password reset, suspension): find out who we are now; the guards
        // send a signed-out user to sign in. No reconnect: the shell unmounting or a new sign-in starts a new socket.
        setStatus('closed');
        void queryClient.invalidateQueries({ queryKey: ['/api/user'] });
        return;
      }
      setStatus('closed');
      timer = setTimeout(open, retryMs);
      retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
    };
  };

  // Coming back online or to the tab: try at once instead of waiting out the back-off.
  const retryNow = () => {
    if (stopped || socket) return;
    clearTimeout(timer);
    retryMs = RETRY_MIN_MS;
    open();
  };
  window.addEventListener('online', retryNow);
  document.addEventListener('visibilitychange', retryNow);
  open();

  return () => {
    stopped = true;
    clearTimeout(timer);
    window.removeEventListener('online', retryNow);
    document.removeEventListener('visibilitychange', retryNow);
    socket?.close();
    socket = null;
    setStatus('closed');
  };
}

/** Keeps the socket open while the signed-in shell is mounted. */
export function useRealtimeConnection(enabled: boolean): void {
  useEffect(() => (enabled ? connectRealtime() : undefined), [enabled]);
}

export function useRealtimeStatus(): RealtimeStatus {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => status,
    () => status,
  );
}
