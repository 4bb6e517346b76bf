import type { RetentionDto } from '../../../common/schemas/account-data';
import type { AppContext } from '../../context';
import { appendAudit } from '../../audit/audit.repo';
import { lockInOrder } from '../../db/lock-order';
import { notFound } from '../../errors';
import { enqueueMails } from '../../outbox/messages';
import type { SessionUser } from '../../plugins/session';
import { transaction } from '../../unit-of-work';
import { findRequest } from '../requests/requests.repo';
import { composeEmail } from '../settings/email-templates';
import { getSettings } from '../settings/settings.repo';
import { findUserById } from '../users/users.repo';
import {
  claimNotice,
  findCasesDueForNotice,
  findCasesDueForPurge,
  findRetention,
  markCasePurged,
  markDocumentsPurged,
  setHold,
  stillDue,
  type RetentionCase,
} from './retention.repo';

const DAY_MS = 86_400_000;
/** The parties are told this long before their documents go (decision 061). */
export const RETENTION_NOTICE_DAYS = 7;

async function sendNotice(ctx: AppContext, found: RetentionCase): Promise<void> {
  const settings = await getSettings(ctx.db);
  const now = ctx.clock.now();
  await transaction(ctx, async (tx) => {
    if (!(await claimNotice(tx, found.id, now))) return;
    const link = `${ctx.publicUrl}/requests/${found.id}`;
    const mails = found.parties.map((party) => {
      const email = composeEmail('documents_retention_notice', settings.emailTemplates, { firstName: party.firstName, caseName: found.caseName, link });
      return { to: party.email, subject: email.subject, text: email.text, html: email.html };
    });
    if (mails.length) await enqueueMails(tx, mails);
  });
}

/**
 * Purges one case: its documents are marked (never served again, under the request's lock so that a hold taken at the
 * same moment wins or waits), then their stored objects are removed with no transaction open, then the case is
 * marked done. A crash between the steps leaves the case due: the next sweep removes the objects again (idempotent)
 * and finishes it.
 */
async function purgeCase(ctx: AppContext, requestId: string): Promise<void> {
  const now = ctx.clock.now();
  const objects = await transaction(ctx, async (tx) => {
    await lockInOrder(tx, { requestId });
    return (await stillDue(tx, requestId)) ? markDocumentsPurged(tx, requestId, now) : null;
  });
  if (!objects) return;
  for (const id of objects) await ctx.storage.remove(id);
  await markCasePurged(ctx.db, requestId, now);
}

/**
 * The retention sweep (decision 061), run hourly by the background loop on every instance: the parties of cases
 * closed `DOCUMENT_RETENTION_DAYS − 7` days ago are told, and the documents of cases closed
 * `DOCUMENT_RETENTION_DAYS` days ago whose parties were told at least 7 days ago are purged. Held cases are left
 * alone. Nothing happens when the policy is off. Returns how many cases were told and purged.
 */
export async function sweepRetention(ctx: AppContext): Promise<{ noticed: number; purged: number }> {
  const days = ctx.env.DOCUMENT_RETENTION_DAYS;
  if (!days) return { noticed: 0, purged: 0 };
  const now = ctx.clock.now().getTime();
  let noticed = 0;
  for (const found of await findCasesDueForNotice(ctx.db, new Date(now - (days - RETENTION_NOTICE_DAYS) * DAY_MS))) {
    await sendNotice(ctx, found);
    noticed++;
  }
  let purged = 0;
  for (const id of await findCasesDueForPurge(ctx.db, new Date(now - days * DAY_MS), new Date(now - RETENTION_NOTICE_DAYS * DAY_MS))) {
    await purgeCase(ctx, id);
    purged++;
  }
  return { noticed, purged };
}

/** A case's retention for the admins (404 for an unknown case). */
export async function retentionOf(ctx: AppContext, requestId: string): Promise<RetentionDto> {
  const request = await findRequest(ctx.db, requestId);
  if (!request) throw notFound('Request not found');
  const row = await findRetention(ctx.db, request.id);
  const days = ctx.env.DOCUMENT_RETENTION_DAYS ?? null;
  const closedAt = request.status === 'completed' ? request.completedAt : request.status === 'cancelled' ? request.cancelledAt : null;
  const heldBy = row?.heldById ? await findUserById(ctx.db, row.heldById) : undefined;
  return {
    requestId: request.id,
    policyDays: days,
    closedAt: closedAt?.toISOString() ?? null,
    noticeSentAt: row?.noticeSentAt?.toISOString() ?? null,
    purgeDueAt: days && closedAt ? new Date(closedAt.getTime() + days * DAY_MS).toISOString() : null,
    purgedAt: row?.purgedAt?.toISOString() ?? null,
    heldAt: row?.heldAt?.toISOString() ?? null,
    heldBy: heldBy ? { id: heldBy.id, name: `${heldBy.firstName} ${heldBy.lastName}` } : null,
  };
}

/** An admin holds a case's documents from purging, or lifts the hold; audited like every admin action. */
export async function setRetentionHold(ctx: AppContext, admin: SessionUser, requestId: string, hold: boolean): Promise<RetentionDto> {
  const now = ctx.clock.now();
  await transaction(ctx, async (tx) => {
    const { request } = await lockInOrder(tx, { requestId });
    if (!request) throw notFound('Request not found');
    await setHold(tx, request.id, hold ? { heldById: admin.id, at: now } : null);
    await appendAudit(tx, { actorId: admin.id, action: 'request.retention_hold', targetType: 'request', targetId: request.id, details: { hold }, at: now });
  });
  return retentionOf(ctx, requestId);
}
