import { sql } from 'drizzle-orm';
import { displayMoney } from '../../../common/money';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { notify } from '../notifications/notifications.service';
import { splitBudget } from '../../../common/domain/fees';
import { parseCents, formatCents } from '../../../common/money';
import type { RequestRow } from './requests.repo';
import { findRequest } from './requests.repo';

type Audience = 'priority' | 'free' | 'everyone';

/**
 * Records who is told about a live request and returns those told for the first time (request_notices keeps each
 * mediator told once, so the head-start and open-to-all jobs only reach the rest). RULES.md 5.
 */
async function claimAudience(db: DbOrTx, request: RequestRow, audience: Audience): Promise<string[]> {
  const matching = sql`lower(btrim(mp.jurisdiction)) = lower(btrim(${request.jurisdiction}))
      AND EXISTS (SELECT 1 FROM unnest(mp.specializations) s WHERE lower(btrim(s)) = lower(btrim(${request.caseType})))`;
  const filter =
    audience === 'priority' ? sql`AND ${matching} AND mp.subscription_tier <> 'free'` : audience === 'free' ? sql`AND ${matching} AND mp.subscription_tier = 'free'` : sql``;
  const result = (await db.execute(sql`
    INSERT INTO request_notices (request_id, mediator_id)
    SELECT ${request.id}, u.id FROM users u JOIN mediator_profiles mp ON mp.user_id = u.id
    WHERE u.role = 'mediator' AND u.profile_completed AND u.status <> 'suspended' AND u.anonymized_at IS NULL ${filter}
    ON CONFLICT DO NOTHING
    RETURNING mediator_id`)) as unknown as { rows: { mediator_id: string }[] };
  return result.rows.map((r) => r.mediator_id);
}

async function tell(ctx: AppContext, request: RequestRow, mediatorIds: string[]): Promise<void> {
  const payout = request.terms ? formatCents(splitBudget(parseCents(request.budget)!, request.terms).mediatorPayout) : request.budget;
  await notify(
    ctx,
    mediatorIds.map((userId) => ({
      userId,
      type: 'new_request' as const,
      title: 'New mediation request',
      message: `${request.caseName} (${request.caseType}, ${request.jurisdiction}) is open for acceptance. Your payout: ${displayMoney(payout)}.`,
      linkUrl: `/requests/${request.id}`,
    })),
  );
}

/** A request just went live: tell the mediators who see it now, and schedule the head start and the open-to-all. */
export async function announceNewRequest(ctx: AppContext, request: RequestRow): Promise<void> {
  const now = ctx.clock.now();
  const told = await claimAudience(ctx.db, request, 'priority');
  if (request.openToFreeAt && request.openToFreeAt <= now) told.push(...(await claimAudience(ctx.db, request, 'free')));
  await tell(ctx, request, told);
  if (request.openToFreeAt && request.openToFreeAt > now) {
    await ctx.jobs.schedule('request.free-head-start', { requestId: request.id }, request.openToFreeAt, `free-head-start:${request.id}`);
  }
  if (request.openToAllAt) {
    await ctx.jobs.schedule('request.open-to-all', { requestId: request.id }, request.openToAllAt, `open-to-all:${request.id}`);
  }
  ctx.events.emit('request', request.id);
}

/** The head start ended: Free-tier matching mediators can see the request now (RULES.md 5). */
export async function announceToFreeTier(ctx: AppContext, requestId: string): Promise<void> {
  const request = await findRequest(ctx.db, requestId);
  if (!request || (request.status !== 'pending_mediators' && request.status !== 'awaiting_selection')) return;
  await tell(ctx, request, await claimAudience(ctx.db, request, 'free'));
}

/** The match window closed: if nobody accepted in it, everyone not yet told hears of the request (RULES.md 5). */
export async function announceToEveryone(ctx: AppContext, requestId: string): Promise<void> {
  const request = await findRequest(ctx.db, requestId);
  if (!request || !request.openToAllAt || (request.status !== 'pending_mediators' && request.status !== 'awaiting_selection')) return;
  const early = (await ctx.db.execute(sql`SELECT 1 FROM mediator_acceptances
      WHERE request_id = ${request.id} AND status IN ('pending', 'selected') AND accepted_at < ${request.openToAllAt.toISOString()}::timestamptz LIMIT 1`)) as unknown as {
    rows: unknown[];
  };
  if (early.rows.length) return;
  await tell(ctx, request, await claimAudience(ctx.db, request, 'everyone'));
}
