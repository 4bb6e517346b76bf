import { activeUsersFromCalendar, activityCalendar } from '../../../common/domain/activity-calendar';
import { resolveDateRange, type DateRange } from '../../../common/domain/date-range';
import { formatCents } from '../../../common/money';
import type { Analytics, AnalyticsFigures, AnalyticsQuery } from '../../../common/schemas/admin-analytics';
import type { AppContext } from '../../context';
import { badRequest } from '../../errors';
import { transaction } from '../../unit-of-work';
import { activeUsersFromSources, activityByUtcDay, figuresByDay, type DayFigures } from './admin-analytics.repo';

const NONE: Omit<DayFigures, 'day'> = {
  totalMediatorSignups: 0,
  totalLawyerSignups: 0,
  totalMediationsSubmitted: 0,
  totalMediationsMatched: 0,
  chargedCents: 0,
  refundedCents: 0,
  feeKeptCents: 0,
  paidToMediatorsCents: 0,
  subscriptionChargedCents: 0,
  subscriptionRefundedCents: 0,
  heldCents: 0,
};

/** The stat cards' figures from one day's (or the range's) sums: docs/decisions/021 defines each, 036 the names and the held figure. */
function present(sums: Omit<DayFigures, 'day'>, activeUsers: number): AnalyticsFigures {
  const subscriptions = sums.subscriptionChargedCents - sums.subscriptionRefundedCents;
  return {
    totalMediatorSignups: sums.totalMediatorSignups,
    totalLawyerSignups: sums.totalLawyerSignups,
    totalMediationsSubmitted: sums.totalMediationsSubmitted,
    totalMediationsMatched: sums.totalMediationsMatched,
    totalRevenue: formatCents(sums.chargedCents - sums.refundedCents + subscriptions),
    totalForPlatform: formatCents(sums.feeKeptCents + subscriptions),
    totalForMediators: formatCents(sums.paidToMediatorsCents),
    activeUsers,
    heldInEscrow: formatCents(sums.heldCents),
  };
}

function add(a: Omit<DayFigures, 'day'>, b: Omit<DayFigures, 'day'>): Omit<DayFigures, 'day'> {
  return Object.fromEntries(Object.entries(a).map(([key, value]) => [key, value + b[key as keyof typeof b]])) as Omit<DayFigures, 'day'>;
}

/**
 * Distinct active users per day of the range (index 0 is the first day) and over the whole range: from the activity
 * rollup (docs/decisions/031), or, for a range it cannot answer, from the source tables (in a transaction of its own,
 * for that statement's `SET LOCAL`; nothing is written).
 */
async function activeUsers(ctx: AppContext, range: DateRange): Promise<{ byDay: number[]; total: number }> {
  const calendar = activityCalendar(range.boundaries);
  if (calendar) return activeUsersFromCalendar(calendar, await activityByUtcDay(ctx.db, calendar));
  const rows = await transaction(ctx, (tx) => activeUsersFromSources(tx, range));
  const byDay = new Map(rows.map((row) => [row.day, row.users]));
  return { byDay: range.days.map((_, i) => byDay.get(i + 1) ?? 0), total: byDay.get(null) ?? 0 };
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
  // Two statements on two connections at once.
  const [figures, active] = await Promise.all([figuresByDay(ctx.db, range), activeUsers(ctx, range)]);
  const byDay = new Map(figures.map(({ day, ...sums }) => [day, sums]));
  const series = range.days.map((date, i) => ({ date, ...present(byDay.get(i + 1) ?? NONE, active.byDay[i]) }));
  const total = [...byDay.values()].reduce(add, NONE);
  return {
    startDate: range.startDate,
    endDate: range.endDate,
    timeZone: range.timeZone,
    ...present(total, active.total),
    series,
  };
}
