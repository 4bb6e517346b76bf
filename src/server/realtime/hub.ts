import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { RealtimeEvent } from './events.repo';

/** Close code for a socket whose session ended (application range 4000–4999); the client does not reconnect. */
export const CLOSE_SIGNED_OUT = 4001;

/** What a browser receives (RULES.md 7): never more than that something changed, and the caller's own count. */
export type ClientEvent =
  { type: 'new_message'; requestId: string } | { type: 'notification'; unreadCount: number } | { type: 'request_updated'; requestId: string };

/**
 * The sockets connected to this instance, by user. Every instance receives every event (LISTEN) and sends it only to
 * the users it names who are connected here.
 */
export class RealtimeHub {
  private readonly sockets = new Map<string, Set<WebSocket>>();
  private readonly sessionOf = new WeakMap<WebSocket, string>();

  constructor(
    private readonly unreadCount: (userId: string) => Promise<number>,
    private readonly log: FastifyBaseLogger,
  ) {}

  add(userId: string, sessionId: string, socket: WebSocket): void {
    this.sessionOf.set(socket, sessionId);
    let set = this.sockets.get(userId);
    if (!set) this.sockets.set(userId, (set = new Set()));
    set.add(socket);
    socket.once('close', () => {
      set.delete(socket);
      if (!set.size && this.sockets.get(userId) === set) this.sockets.delete(userId);
    });
  }

  get connectionCount(): number {
    let n = 0;
    for (const set of this.sockets.values()) n += set.size;
    return n;
  }

  async dispatch(event: RealtimeEvent): Promise<void> {
    if (event.type === 'sessions_ended') return this.endSessions(event);
    await Promise.all(
      event.userIds.map(async (userId) => {
        const sockets = this.sockets.get(userId);
        if (!sockets?.size) return;
        const message: ClientEvent =
          event.type === 'notification'
            ? { type: 'notification', unreadCount: await this.unreadCount(userId) }
            : { type: event.type, requestId: event.requestId };
        const text = JSON.stringify(message);
        for (const socket of sockets) if (socket.readyState === socket.OPEN) socket.send(text);
      }),
    );
  }

  /** Sockets of sessions that ended are closed with SIGNED_OUT (the client then re-reads who is signed in). */
  private endSessions(event: Extract<RealtimeEvent, { type: 'sessions_ended' }>): void {
    for (const userId of event.userIds) {
      for (const socket of this.sockets.get(userId) ?? []) {
        const sid = this.sessionOf.get(socket);
        if (event.sessionId !== undefined && sid !== event.sessionId) continue;
        if (event.exceptSessionId && sid === event.exceptSessionId) continue;
        socket.close(CLOSE_SIGNED_OUT, 'Signed out');
      }
    }
  }

  /** Ends one user's sockets (their session ended) or everyone's (events may have been missed: clients resync). */
  close(code: number, reason: string, userId?: string): void {
    const sets = userId ? [this.sockets.get(userId) ?? new Set<WebSocket>()] : [...this.sockets.values()];
    for (const set of sets) for (const socket of set) socket.close(code, reason);
  }

  parse(payload: string): RealtimeEvent | null {
    try {
      const event = JSON.parse(payload) as RealtimeEvent;
      return Array.isArray(event?.userIds) ? event : null;
    } catch (error) {
      this.log.warn({ err: error }, 'unreadable realtime event');
      return null;
    }
  }
}
