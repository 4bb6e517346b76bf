import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { tooManyRequests } from '../errors';

const MINUTE = 60_000;

/**
 * Fixed-window counters kept in PostgreSQL, so every instance shares them (DESIGN 1: no in-memory state a second
 * instance would need). `RATE_LIMITS=off` switches them off for load tests and tests not about them.
 */
export async function hitRateLimit(ctx: AppContext, key: string, limit: number, windowMs = MINUTE): Promise<void> {
  if (ctx.env.RATE_LIMITS === 'off') return;
  const now = ctx.clock.now();
  const windowFloor = new Date(now.getTime() - windowMs);
  const result = (await ctx.db.execute(sql`
    INSERT INTO rate_limit_hits (key, window_start, count) VALUES (${key}, ${now.toISOString()}, 1)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limit_hits.window_start <= ${windowFloor.toISOString()} THEN 1 ELSE rate_limit_hits.count + 1 END,
      window_start = CASE WHEN rate_limit_hits.window_start <= ${windowFloor.toISOString()}
                          THEN EXCLUDED.window_start ELSE rate_limit_hits.window_start END
    RETURNING count, window_start`)) as unknown as { rows: { count: number; window_start: string | Date }[] };
  const row = result.rows[0];
  if (Math.random() < 0.002) {
    await ctx.db.execute(sql`DELETE FROM rate_limit_hits WHERE window_start < ${new Date(now.getTime() - 60 * MINUTE).toISOString()}`);
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
  general: 300,
} as const;

/** Everything else: 300 a minute per signed-in user, or per IP when signed out (DESIGN 8). */
export function registerGeneralRateLimit(app: FastifyInstance, ctx: AppContext): void {
  app.addHook('preHandler', async (request: FastifyRequest) => {
    if (!request.url.startsWith('/api/') || request.url.startsWith('/api/health') || request.url.startsWith('/api/docs')) return;
    const who = request.user ? `user:${request.user.id}` : `ip:${request.ip}`;
    await hitRateLimit(ctx, `general:${who}`, RATE_LIMITS.general);
  });
}
