import { splitBudget } from '../../../common/domain/fees';
import { displayMoney, formatCents, parseCents } from '../../../common/money';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { enqueueJob } from '../../outbox/messages';
import { announceFanOut } from '../notifications/notifications.service';
import { transaction } from '../../unit-of-work';
import { acceptedBefore, tellAudience, type Audience } from './request-notices.repo';
import { findRequest, type RequestRow } from './requests.repo';

const LIVE = new Set(['pending_mediators', 'awaiting_selection']);

async function tell(tx: Tx, request: RequestRow, audience: Audience): Promise<number> {
  const payout = request.terms ? formatCents(splitBudget(parseCents(request.budget)!, request.terms).mediatorPayout) : request.budget;
  const linkUrl = `/requests/${request.id}`;
  const told = await tellAudience(
    tx,
    {
      requestId: request.id,
      jurisdiction: request.jurisdiction,
      caseType: request.caseType,
      title: 'New mediation request',
      message: `${request.caseName} (${request.caseType}, ${request.jurisdiction}) is open for acceptance. Your payout: ${displayMoney(payout)}.`,
      linkUrl,
    },
    audience,
  );
  // Their bells, live, and the e-mails of the whole fan-out (one job), with this transaction.
  await announceFanOut(tx, told, linkUrl);
  return told.length;
}

/**
 * A request just went live, in the transaction that made it so: tell the mediators who see it now, and schedule the
 * end of the head start and of the match window (RULES.md 5). All of it commits with the change, or none of it.
 */
export async function announceNewRequest(tx: Tx, now: Date, request: RequestRow): Promise<void> {
  await tell(tx, request, 'priority');
  if (request.openToFreeAt && request.openToFreeAt <= now) await tell(tx, request, 'free');
  if (request.openToFreeAt && request.openToFreeAt > now) {
    await enqueueJob(tx, 'request.free-head-start', { requestId: request.id }, request.openToFreeAt, `free-head-start:${request.id}`);
  }
  if (request.openToAllAt) {
    await enqueueJob(tx, 'request.open-to-all', { requestId: request.id }, request.openToAllAt, `open-to-all:${request.id}`);
  }
}

/** The head start ended: Free-tier matching mediators can see the request now (RULES.md 5). Safe to repeat. */
export async function announceToFreeTier(ctx: AppContext, requestId: string): Promise<void> {
  await transaction(ctx, async (tx) => {
    const request = await findRequest(tx, requestId);
    if (request && LIVE.has(request.status)) await tell(tx, request, 'free');
  });
}

/** The match window closed: if nobody accepted in it, everyone not yet told hears of the request. Safe to repeat. */
export async function announceToEveryone(ctx: AppContext, requestId: string): Promise<void> {
  await transaction(ctx, async (tx) => {
    const request = await findRequest(tx, requestId);
    if (!request?.openToAllAt || !LIVE.has(request.status)) return;
    if (await acceptedBefore(tx, request.id, request.openToAllAt)) return;
    await tell(tx, request, 'everyone');
  });
}
