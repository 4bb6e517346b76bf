import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { tooManyRequests } from '../errors';
import { STRIPE_WEBHOOK_PATH } from '../http-paths';
import { countHit, deleteOldHits } from './rate-limit.repo';

const MINUTE = 60_000;

/**
 * Fixed-window counters kept in PostgreSQL, so every instance shares them (DESIGN 1: no in-memory state a second
 * instance would need). `RATE_LIMITS=off` switches them off for load tests and tests not about them.
 */
export async function hitRateLimit(ctx: AppContext, key: string, limit: number, windowMs = MINUTE): Promise<void> {
  if (ctx.env.RATE_LIMITS === 'off') return;
  const now = ctx.clock.now();
  const windowFloor = new Date(now.getTime() - windowMs);
  const row = await countHit(ctx.db, key, now, windowFloor);
  if (Math.random() < 0.002) {
    await deleteOldHits(ctx.db, new Date(now.getTime() - 60 * MINUTE));
  }
  if (row && Number(row.count) > limit) {
    const windowEnds = new Date(row.window_start).getTime() + windowMs;
    throw tooManyRequests((windowEnds - now.getTime()) / 1000);
  }
}

export const RATE_LIMITS = {
  loginPerIp: 10,
  loginPerEmail: 10,
  registerPerIp: 5,
  perEmailMail: 3,
  messages: 60,
  uploads: 30,
  accepts: 30,
  // Invitations of opposing counsel send e-mail to an address the sender types: a few a minute (decision 043).
  invitations: 10,
  // Invitation links, per IP: the token cannot be guessed, this keeps a script from hammering the lookup.
  invitationLinks: 30,
  general: 300,
} as const;

/** Everything else: 300 a minute per signed-in user, or per IP when signed out (DESIGN 8). */
export function registerGeneralRateLimit(app: FastifyInstance, ctx: AppContext): void {
  app.addHook('preHandler', async (request: FastifyRequest) => {
    if (!request.url.startsWith('/api/') || request.url.startsWith('/api/health') || request.url.startsWith('/api/docs')) return;
    // Stripe delivers in bursts from a few addresses; a forged flood costs one signature check each.
    if (request.url.startsWith(STRIPE_WEBHOOK_PATH)) return;
    const who = request.user ? `user:${request.user.id}` : `ip:${request.ip}`;
    await hitRateLimit(ctx, `general:${who}`, RATE_LIMITS.general);
  });
}
