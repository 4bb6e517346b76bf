import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { AppContext } from '../context';
import { listen } from '../db/listen';
import { unauthorized } from '../errors';
import { allowedOrigins, crossSiteRefused } from '../plugins/allowed-origins';
import { REALTIME_CHANNEL } from './events.repo';
import { RealtimeHub } from './hub';

const HEARTBEAT_MS = 30_000;
/** Close codes: 1008 policy (session over), 1012 service restart (reconnect and re-read what may have been missed). */
const CLOSE_RESYNC = 1012;

/**
 * `GET /ws` (RULES.md 7; docs/decisions/014): signed in by the session cookie, and, because browsers let any page open
 * a WebSocket to any site with our cookies, the Origin must be ours (the CSRF check of plain requests does not cover
 * an upgrade). The server only pushes; whatever a client sends is ignored.
 *
 * `unreadCount` reads a user's unread notifications for the `notification` event; the app passes the notifications
 * module's count, because realtime is a lower layer and imports no module (DESIGN 4, decision 039).
 */
export async function registerRealtime(app: FastifyInstance, ctx: AppContext, unreadCount: (userId: string) => Promise<number>): Promise<RealtimeHub> {
  const hub = new RealtimeHub(unreadCount, ctx.log);
  const listener = await listen(ctx.database, REALTIME_CHANNEL, {
    onPayload: (payload) => {
      const event = hub.parse(payload);
      if (event) hub.dispatch(event).catch((error) => ctx.log.warn({ err: error }, 'realtime delivery failed'));
    },
    onGap: () => hub.close(CLOSE_RESYNC, 'Reconnect to catch up'),
    onError: (error) => ctx.log.warn({ err: error }, 'realtime listener connection failed; reconnecting'),
  });
  app.addHook('onClose', async () => {
    await listener.stop();
  });

  await app.register(websocket, { options: { maxPayload: 1024 } });
  const allowed = allowedOrigins(ctx.publicUrl, ctx.env.NODE_ENV);

  const admit = async (request: FastifyRequest) => {
    const origin = request.headers.origin;
    if (origin !== undefined && !allowed.has(origin)) throw crossSiteRefused(ctx.publicUrl);
    if (!request.user) throw unauthorized();
  };

  app.get('/ws', { websocket: true, preValidation: admit, schema: { hide: true } }, (socket: WebSocket, request) => {
    hub.add(request.user!.id, request.sessionId!, socket);
    // A connection that stops answering pings (a phone that lost its network) is dropped, freeing its slot.
    let alive = true;
    socket.on('pong', () => (alive = true));
    const heartbeat = setInterval(() => {
      if (!alive) return socket.terminate();
      alive = false;
      socket.ping();
    }, HEARTBEAT_MS);
    heartbeat.unref();
    socket.on('close', () => clearInterval(heartbeat));
  });
  return hub;
}
