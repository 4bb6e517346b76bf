import { useQuery } from '@tanstack/react-query';
import { Activity, Briefcase, CheckCircle2, CreditCard, DollarSign, FilePlus2, FileText, MessageSquare, Search, Star, Users } from 'lucide-react';
import { Link, Navigate } from 'react-router';
import type { DashboardDto } from '../../../common/api-types';
import { TIER_LABELS } from '../../../common/domain/tiers';
import { displayTabCount } from '../../../common/tab-counts';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { QueryError } from '../../components/ui/query-error';
import { useCurrentUser } from '../../lib/current-user';
import { displayMoney, formatDateTime, formatRating } from '../../lib/format';
import { usePageTitle } from '../../lib/use-page-title';
import { StatCard } from '../../components/stat-card';
import { PendingInvitationNotice } from '../../features/case-sides/pending-invitation';
import { UpcomingSessionsCard } from '../../features/availability/upcoming-sessions-card';
import { DashboardHeading } from './dashboard-heading';

function QuickActions({ role }: { role: 'lawyer' | 'mediator' }) {
  const actions =
    role === 'lawyer'
      ? [
          { label: 'Create New Request', to: '/requests/new', icon: FilePlus2, primary: true },
          { label: 'View My Requests', to: '/requests', icon: FileText },
        ]
      : [
          { label: 'Browse Requests', to: '/requests', icon: Search, primary: true },
          { label: 'Manage Subscription', to: '/subscription', icon: CreditCard },
          { label: 'My Reviews', to: '/reviews', icon: Star },
        ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Quick Actions</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2">
        {[...actions, { label: 'Messages', to: '/messages', icon: MessageSquare }].map((a) => (
          <Button key={a.to} asChild variant={'primary' in a && a.primary ? 'default' : 'outline'} className="justify-start">
            <Link to={a.to}>
              <a.icon aria-hidden="true" />
              {a.label}
            </Link>
          </Button>
        ))}
      </CardContent>
    </Card>
  );
}

function RecentActivity({ items, failed }: { items: DashboardDto['recentActivity'] | undefined; failed: boolean }) {
  return (
    <Card className="lg:col-span-2">
      <CardHeader>
        <CardTitle>Recent Activity</CardTitle>
      </CardHeader>
      <CardContent>
        {failed && !items ? (
          <p className="py-8 text-center text-muted-foreground">Recent activity is unavailable right now.</p>
        ) : !items || items.length === 0 ? (
          <div className="flex flex-col items-center gap-2 py-8 text-center text-muted-foreground">
            <Activity className="size-8 opacity-60" aria-hidden="true" />
            <p>No recent activity to display</p>
          </div>
        ) : (
          <ul className="divide-y">
            {items.map((item) => (
              <li key={item.id} className="py-3 wrap-anywhere">
                {item.linkUrl ? (
                  <Link to={item.linkUrl} className="font-medium underline-offset-4 hover:underline">
                    {item.title}
                  </Link>
                ) : (
                  <p className="font-medium">{item.title}</p>
                )}
                <p className="text-sm text-muted-foreground">{item.message}</p>
                <p className="mt-1 text-xs text-muted-foreground">{formatDateTime(item.createdAt)}</p>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** /dashboard: a lawyer's or a mediator's. An admin's dashboard is /admin, so every screen an admin reaches is an admin's. */
export function DashboardPage() {
  const { user } = useCurrentUser();
  if (!user) return null;
  if (user.role === 'admin') return <Navigate to="/admin" replace />;
  return <MemberDashboard />;
}

function MemberDashboard() {
  usePageTitle('Dashboard');
  const { user } = useCurrentUser();
  const { data, isLoading, error, refetch, isRefetching } = useQuery<DashboardDto>({ queryKey: ['/api/dashboard'], staleTime: 0 });
  if (!user) return null;
  const role = user.role === 'mediator' ? 'mediator' : 'lawyer';

  return (
    <div className="grid gap-8">
      <DashboardHeading firstName={user.firstName} role={role} />

      {role === 'lawyer' ? <PendingInvitationNotice /> : null}

      {/* On failure the cards are replaced, not shown as zeros. */}
      {error && !data ? (
        <QueryError title="Your dashboard could not be loaded" error={error} onRetry={refetch} retrying={isRefetching} />
      ) : (
        <section aria-label="Summary" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {data?.role === 'mediator' || (role === 'mediator' && !data) ? (
            <>
              <StatCard
                label="This Month"
                icon={DollarSign}
                loading={isLoading}
                value={data?.role === 'mediator' ? displayMoney(data.thisMonthEarnings ?? '0') : ''}
                hint="Paid out this month; payouts start with completed mediations"
              />
              <StatCard
                label="Monthly Mediations"
                icon={Briefcase}
                loading={isLoading}
                value={data?.role === 'mediator' ? `${data.monthlyMediations.used} / ${data.monthlyMediations.limit ?? '∞'}` : ''}
                hint={
                  data?.role === 'mediator'
                    ? `${TIER_LABELS[data.subscriptionTier]} plan${data.monthlyMediations.limit === null ? ': unlimited' : ''}`
                    : undefined
                }
              />
              <StatCard
                label="Rating"
                icon={Star}
                loading={isLoading}
                value={data?.role === 'mediator' ? formatRating(data.rating, data.reviewCount) : ''}
                hint={data?.role === 'mediator' ? `${data.reviewCount} review${data.reviewCount === 1 ? '' : 's'}` : undefined}
              />
              <StatCard
                label="Available Requests"
                icon={Search}
                loading={isLoading}
                value={data?.role === 'mediator' ? displayTabCount(data.availableRequests) : 0}
                hint="Visible to you now"
              />
            </>
          ) : (
            <>
              <StatCard label="Active Requests" icon={FileText} loading={isLoading} value={data?.role === 'lawyer' ? data.activeRequests : 0} />
              <StatCard label="Matched Mediators" icon={Users} loading={isLoading} value={data?.role === 'lawyer' ? data.matchedMediators : 0} />
              <StatCard label="Completed" icon={CheckCircle2} loading={isLoading} value={data?.role === 'lawyer' ? data.completed : 0} />
              <StatCard label="Messages" icon={MessageSquare} loading={isLoading} value={data?.unreadMessages ?? 0} hint="Unread in your message threads" />
            </>
          )}
        </section>
      )}

      <UpcomingSessionsCard />

      <div className="grid gap-6 lg:grid-cols-3">
        <QuickActions role={role} />
        <RecentActivity items={data?.recentActivity} failed={!!error} />
      </div>
    </div>
  );
}
