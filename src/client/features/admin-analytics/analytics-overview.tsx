import { lazy, Suspense, useState } from 'react';
import { ListSkeleton } from '../../components/paged-list';
import { QueryError } from '../../components/ui/query-error';
import { useAnalytics } from './api';
import { AnalyticsCards } from './analytics-cards';
import { browserTimeZone } from '../../lib/time-zone';
import { defaultRange, rangeErrors } from './date-range';
import { DateRangeFields } from './date-range-fields';

const AnalyticsCharts = lazy(() => import('./analytics-charts'));

/**
 * The admin overview (spec 2 /admin): a date range, the eight figures for it and the same day by day. A valid range
 * is fetched as soon as it is typed; an invalid one shows why under its field and keeps the last figures.
 */
export function AnalyticsOverview({ now = new Date() }: { now?: Date }) {
  // The admin's own calendar days: "today" and each day of the charts.
  const [timeZone] = useState(browserTimeZone);
  const [dates, setDates] = useState(() => defaultRange(now, timeZone));
  const errors = rangeErrors(dates.startDate, dates.endDate);
  const [applied, setApplied] = useState(dates);
  const analytics = useAnalytics(applied);

  const change = (next: { startDate: string; endDate: string }) => {
    const range = { ...next, timeZone };
    setDates(range);
    const nextErrors = rangeErrors(next.startDate, next.endDate);
    if (!nextErrors.startDate && !nextErrors.endDate) setApplied(range);
  };

  return (
    <div className="grid gap-6">
      <DateRangeFields startDate={dates.startDate} endDate={dates.endDate} errors={errors} onChange={change} />
      {analytics.error ? <QueryError error={analytics.error} onRetry={analytics.refetch} retrying={analytics.isRefetching} /> : null}
      <section aria-labelledby="overview-figures" className="grid gap-4" aria-busy={analytics.isFetching}>
        <h2 id="overview-figures" className="text-xl font-semibold">
          Figures
        </h2>
        <AnalyticsCards figures={analytics.data} />
      </section>
      <section aria-labelledby="overview-trends" className="grid gap-4">
        <h2 id="overview-trends" className="text-xl font-semibold">
          Day by day
        </h2>
        {analytics.data ? (
          <Suspense fallback={<ListSkeleton label="Loading charts" rows={2} className="h-64" />}>
            <AnalyticsCharts series={analytics.data.series} />
          </Suspense>
        ) : analytics.error ? null : (
          <ListSkeleton label="Loading charts" rows={2} className="h-64" />
        )}
      </section>
    </div>
  );
}
