import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { tooManyRequests } from '../errors';
import { STRIPE_WEBHOOK_PATH } from '../http-paths';
import { countHit, deleteOldHits } from './rate-limit.repo';
import { processShare } from './rate-limit-window';

const MINUTE = 60_000;

/**
 * A limit shared by every instance (decision 056): fixed-window counters in PostgreSQL (an unlogged table), exact across
 * processes and kept over a restart. For what guards secrets and other people's inboxes: sign-in, register, the
 * e-mails a caller can make us send, signing codes and attempts, token look-ups. One round trip each, off the hot path.
 * `RATE_LIMITS=off` switches every limit off for tests not about them.
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

/**
 * A limit counted in this process's memory (decision 056): no round trip, for the limits every request or every write
 * pays (the general limit, messages, accepts, uploads). With N server processes each allows its share of the limit, so
 * together they never allow more; a restart starts the windows afresh.
 */
export function hitLocalRateLimit(ctx: AppContext, key: string, limit: number): void {
  if (ctx.env.RATE_LIMITS === 'off') return;
  const now = ctx.clock.now().getTime();
  const hit = ctx.rateWindows.hit(key, now, MINUTE);
  if (hit.count > processShare(limit, ctx.env.RATE_LIMIT_PROCESSES ?? ctx.env.WEB_CONCURRENCY ?? 1)) throw tooManyRequests((hit.endsAt - now) / 1000);
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

/** Everything else: 300 a minute per signed-in user, or per IP when signed out (DESIGN 8), counted in memory. */
export function registerGeneralRateLimit(app: FastifyInstance, ctx: AppContext): void {
  app.addHook('preHandler', async (request: FastifyRequest) => {
    if (!request.url.startsWith('/api/') || request.url.startsWith('/api/health') || request.url.startsWith('/api/docs')) return;
    // Stripe delivers in bursts from a few addresses; a forged flood costs one signature check each.
    if (request.url.startsWith(STRIPE_WEBHOOK_PATH)) return;
    const who = request.user ? `user:${request.user.id}` : `ip:${request.ip}`;
    hitLocalRateLimit(ctx, `general:${who}`, RATE_LIMITS.general);
  });
}
