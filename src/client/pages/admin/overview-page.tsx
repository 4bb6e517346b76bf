import { AnalyticsOverview } from '../../features/admin-analytics/analytics-overview';
import { usePageTitle } from '../../lib/use-page-title';
import { AdminTabs } from './admin-tabs';

/** /admin, /admin/dashboard and /admin/analytics (admins): the platform's figures over a date range. */
export function OverviewPage() {
  usePageTitle('Super Admin Dashboard');
  return (
    <div className="grid grid-cols-1 gap-6">
      <div>
        <h1 className="font-serif text-3xl font-semibold">Super Admin Dashboard</h1>
        <p className="mt-1 text-muted-foreground">Signups, mediations and money over the dates you choose, in your time zone.</p>
      </div>
      <AdminTabs />
      <AnalyticsOverview />
    </div>
  );
}
