import { resolveDateRange } from '../../../common/domain/date-range';
import { formatCents } from '../../../common/money';
import type { Analytics, AnalyticsFigures, AnalyticsQuery } from '../../../common/schemas/admin-analytics';
import type { AppContext } from '../../context';
import { badRequest } from '../../errors';
import { transaction } from '../../unit-of-work';
import { activeUsersByDay, figuresByDay, type DayFigures } from './admin-analytics.repo';

const NONE: Omit<DayFigures, 'day'> = {
  mediatorSignups: 0,
  lawyerSignups: 0,
  mediationsSubmitted: 0,
  mediationsMatched: 0,
  chargedCents: 0,
  refundedCents: 0,
  feeKeptCents: 0,
  paidToMediatorsCents: 0,
  subscriptionChargedCents: 0,
  subscriptionRefundedCents: 0,
};

/** The stat cards' figures from one day's (or the range's) sums: docs/decisions/021 defines each. */
function present(sums: Omit<DayFigures, 'day'>, activeUsers: number): AnalyticsFigures {
  const subscriptions = sums.subscriptionChargedCents - sums.subscriptionRefundedCents;
  return {
    mediatorSignups: sums.mediatorSignups,
    lawyerSignups: sums.lawyerSignups,
    mediationsSubmitted: sums.mediationsSubmitted,
    mediationsMatched: sums.mediationsMatched,
    totalRevenue: formatCents(sums.chargedCents - sums.refundedCents + subscriptions),
    platformRevenue: formatCents(sums.feeKeptCents + subscriptions),
    mediatorPayouts: formatCents(sums.paidToMediatorsCents),
    activeUsers,
  };
}

function add(a: Omit<DayFigures, 'day'>, b: Omit<DayFigures, 'day'>): Omit<DayFigures, 'day'> {
  return Object.fromEntries(Object.entries(a).map(([key, value]) => [key, value + b[key as keyof typeof b]])) as Omit<DayFigures, 'day'>;
}

/**
 * GET /api/admin/analytics: the eight figures for a range of calendar days in a time zone, and the same per day for
 * the charts. Two set-based statements whatever the range's length (a per-day loop of queries would be 366 × 2).
 */
export async function getAnalytics(ctx: AppContext, query: AnalyticsQuery): Promise<Analytics> {
  const resolved = resolveDateRange(
    { startDate: query.startDate || undefined, endDate: query.endDate || undefined, timeZone: query.timeZone || undefined },
    ctx.clock.now(),
  );
  if (!resolved.ok) throw badRequest(Object.values(resolved.fieldErrors)[0], resolved.fieldErrors);
  const { range } = resolved;
  // Two connections at once; the active users in a transaction of their own, for its SET LOCAL (nothing is written).
  const [figures, active] = await Promise.all([figuresByDay(ctx.db, range), transaction(ctx, (tx) => activeUsersByDay(tx, range))]);
  const byDay = new Map(figures.map(({ day, ...sums }) => [day, sums]));
  const activeByDay = new Map(active.map((row) => [row.day, row.users]));
  const series = range.days.map((date, i) => ({ date, ...present(byDay.get(i + 1) ?? NONE, activeByDay.get(i + 1) ?? 0) }));
  const total = [...byDay.values()].reduce(add, NONE);
  return {
    startDate: range.startDate,
    endDate: range.endDate,
    timeZone: range.timeZone,
    ...present(total, activeByDay.get(null) ?? 0),
    series,
  };
}
