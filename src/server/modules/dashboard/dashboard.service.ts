import type { DashboardDto } from '../../../common/api-types';
import { monthlyCap, monthStartUtc } from '../../../common/domain/tiers';
import { twoDecimals } from '../../../common/money';
import type { AppContext } from '../../context';
import type { SessionUser } from '../../plugins/session';
import { listNotifications } from '../notifications/notifications.repo';
import { countMediatorViews } from '../requests/mediator-pages.repo';
import { countMonthlyAcceptances, lawyerStatusCounts } from '../requests/requests.repo';
import { countUnreadMessages, findMediatorProfile, mediatorEarningsSince } from './dashboard.repo';

const ACTIVE = ['pending_mediators', 'awaiting_selection', 'matched', 'in_progress'];
const MATCHED = ['matched', 'in_progress', 'completed'];

/** The dashboard's cards, computed from the data (spec 2 /dashboard). */
export async function dashboardFor(ctx: AppContext, user: SessionUser): Promise<DashboardDto> {
  const now = ctx.clock.now();
  const unreadMessages = await countUnreadMessages(ctx.db, user.id);
  const recentActivity = (await listNotifications(ctx.db, user.id, 5, null)).slice(0, 5).map((n) => ({
    id: n.id,
    title: n.title,
    message: n.message,
    linkUrl: n.linkUrl,
    createdAt: n.createdAt.toISOString(),
  }));

  if (user.role === 'mediator') {
    const monthStart = monthStartUtc(now);
    const profile = await findMediatorProfile(ctx.db, user.id);
    const tier = profile?.subscriptionTier ?? 'free';
    return {
      role: 'mediator',
      thisMonthEarnings: twoDecimals(await mediatorEarningsSince(ctx.db, user.id, monthStart)),
      monthlyMediations: { used: await countMonthlyAcceptances(ctx.db, user.id, monthStart), limit: monthlyCap(tier) },
      subscriptionTier: tier,
      rating: profile && profile.reviewCount > 0 ? twoDecimals(profile.rating) : null,
      reviewCount: profile?.reviewCount ?? 0,
      availableRequests: (await countMediatorViews(ctx.db, user.id, now)).available,
      unreadMessages,
      recentActivity,
    };
  }

  const byStatus = await lawyerStatusCounts(ctx.db, user.id);
  const countOf = (statuses: readonly string[]) => byStatus.filter((r) => statuses.includes(r.status)).reduce((sum, r) => sum + Number(r.n), 0);
  return {
    role: 'lawyer',
    activeRequests: countOf(ACTIVE),
    // A request in these states always has its selected mediator.
    matchedMediators: countOf(MATCHED),
    completed: countOf(['completed']),
    unreadMessages,
    recentActivity,
  };
}
