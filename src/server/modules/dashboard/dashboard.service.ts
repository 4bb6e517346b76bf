import type { DashboardDto } from '../../../common/api-types';
import { and, count, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import { monthlyCap } from '../../../common/domain/tiers';
import type { AppContext } from '../../context';
import { ledgerEntries, mediationRequests, mediatorAcceptances, mediatorProfiles, messages, payments } from '../../db/schema';
import type { SessionUser } from '../../plugins/session';
import { twoDecimals } from '../users/user.presenter';
import { listNotifications } from '../notifications/notifications.repo';
import { availableToMediator } from '../requests/visibility';

const ACTIVE = ['pending_mediators', 'awaiting_selection', 'matched', 'in_progress'] as const;

/** Start of the current calendar month in UTC (RULES.md 5: caps count per UTC month). */
export function monthStartUtc(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/** The dashboard's cards, computed from the data (spec 2 /dashboard). */
export async function dashboardFor(ctx: AppContext, user: SessionUser): Promise<DashboardDto> {
  const db = ctx.db;
  const unreadMessages = Number(
    (await db.select({ n: count() }).from(messages).where(and(eq(messages.recipientId, user.id), eq(messages.isRead, false))))[0]?.n ?? 0,
  );
  const recent = (await listNotifications(db, user.id, 5, null)).slice(0, 5).map((n) => ({
    id: n.id,
    title: n.title,
    message: n.message,
    linkUrl: n.linkUrl,
    createdAt: n.createdAt.toISOString(),
  }));

  if (user.role === 'mediator') {
    const monthStart = monthStartUtc(ctx.clock.now());
    const [profile] = await db.select().from(mediatorProfiles).where(eq(mediatorProfiles.userId, user.id)).limit(1);
    const used = Number(
      (
        await db
          .select({ n: count() })
          .from(mediatorAcceptances)
          .where(
            and(
              eq(mediatorAcceptances.mediatorId, user.id),
              gte(mediatorAcceptances.acceptedAt, monthStart),
              inArray(mediatorAcceptances.status, ['pending', 'selected']),
            ),
          )
      )[0]?.n ?? 0,
    );
    const [earned] = await db
      .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
      .from(ledgerEntries)
      .innerJoin(payments, eq(payments.id, ledgerEntries.paymentId))
      .where(
        and(
          eq(payments.mediatorId, user.id),
          inArray(ledgerEntries.kind, ['payout_transfer', 'cancellation_fee']),
          gte(ledgerEntries.createdAt, monthStart),
        ),
      );
    const tier = profile?.subscriptionTier ?? 'free';
    const available = (await db.execute(
      sql`SELECT count(*)::int AS n FROM mediation_requests r WHERE ${availableToMediator(user.id, ctx.clock.now())}`,
    )) as unknown as { rows: { n: number }[] };
    return {
      role: 'mediator' as const,
      thisMonthEarnings: twoDecimals(earned?.total ?? '0'),
      monthlyMediations: { used, limit: monthlyCap(tier) },
      subscriptionTier: tier,
      rating: profile && profile.reviewCount > 0 ? twoDecimals(profile.rating) : null,
      reviewCount: profile?.reviewCount ?? 0,
      availableRequests: Number(available.rows[0]?.n ?? 0),
      unreadMessages,
      recentActivity: recent,
    };
  }

  const byStatus = await db
    .select({ status: mediationRequests.status, n: count() })
    .from(mediationRequests)
    .where(eq(mediationRequests.lawyerId, user.id))
    .groupBy(mediationRequests.status);
  const countOf = (statuses: readonly string[]) => byStatus.filter((r) => statuses.includes(r.status)).reduce((sum, r) => sum + Number(r.n), 0);
  const matched = Number(
    (
      await db
        .select({ n: count() })
        .from(mediationRequests)
        .where(and(eq(mediationRequests.lawyerId, user.id), isNotNull(mediationRequests.selectedMediatorId), inArray(mediationRequests.status, ['matched', 'in_progress', 'completed'])))
    )[0]?.n ?? 0,
  );
  return {
    role: 'lawyer' as const,
    activeRequests: countOf(ACTIVE),
    matchedMediators: matched,
    completed: countOf(['completed']),
    unreadMessages,
    recentActivity: recent,
  };
}
