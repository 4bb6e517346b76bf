import { FilePlus2, Inbox, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { RequestDto } from '../../../common/api-types';
import { DEFAULT_SETTINGS } from '../../../common/constants';
import type { SubscriptionTier } from '../../../common/enums';
import { displayTabCount } from '../../../common/tab-counts';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { PagedListView } from '../../components/paged-list';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { useCurrentUser } from '../../lib/current-user';
import { useRequestCounts, useRequests, type MediatorView } from '../../features/requests/api';
import { RequestCard } from '../../features/requests/request-card';
import { usePublicSettings } from '../../features/settings/public-settings';
import type { PagedList } from '../../lib/use-paged-list';
import { usePageTitle } from '../../lib/use-page-title';

function RequestList({ list, role, empty }: { list: PagedList<RequestDto>; role: 'lawyer' | 'mediator' | 'admin'; empty: React.ReactNode }) {
  return (
    <PagedListView
      list={list}
      itemKey={(r) => r.id}
      loadingLabel="Loading requests"
      renderItem={(r) => <RequestCard request={r} viewerRole={role} />}
      empty={empty}
    />
  );
}

/** A Free mediator's empty Available tab says why it may be empty and how to see requests sooner (RULES.md 5). */
function PriorityHint() {
  const { data: settings } = usePublicSettings();
  const minutes = settings?.priorityHeadStartMinutes ?? DEFAULT_SETTINGS.priorityHeadStartMinutes;
  return (
    <div className="grid max-w-md gap-3 rounded-lg border border-primary/30 bg-primary/5 p-4 text-left text-sm text-foreground">
      <p className="flex items-start gap-2">
        <Sparkles className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
        <span>
          Pro and Unlimited members see matching requests first, {minutes} minute{minutes === 1 ? '' : 's'} before Free members, so many requests are accepted
          before they reach this tab. Upgrade to see new matching requests the moment they are posted.
        </span>
      </p>
      <Button asChild size="sm" className="justify-self-start">
        <Link to="/subscription">Upgrade your plan</Link>
      </Button>
    </div>
  );
}

function MediatorTab({ view, tier }: { view: MediatorView; tier: SubscriptionTier }) {
  const list = useRequests(view);
  return (
    <RequestList
      list={list}
      role="mediator"
      empty={
        <Card>
          <CardContent className="flex flex-col items-center gap-3 px-4 py-10 sm:px-10 text-center text-muted-foreground">
            <Inbox className="size-10" aria-hidden="true" />
            <p>No requests available in this category.</p>
            {view === 'available' && tier === 'free' ? <PriorityHint /> : null}
          </CardContent>
        </Card>
      }
    />
  );
}

function MediatorRequests({ tier }: { tier: SubscriptionTier }) {
  const [tab, setTab] = useState<MediatorView>('available');
  const { data: counts } = useRequestCounts(true);
  // Counts are the server's totals (not the pages loaded so far), counted up to 100 and shown as "99+" from there
  // (docs/decisions/022); until they arrive, or if they fail, none is shown.
  const label = (name: string, view: MediatorView) => (counts ? `${name} (${displayTabCount(counts[view] ?? 0)})` : name);
  return (
    <div className="grid gap-6">
      <div>
        <h1 className="font-serif text-3xl font-semibold">Browse Requests</h1>
        <p className="mt-1 text-muted-foreground">Requests matched to your jurisdiction and specializations, and those open to all mediators.</p>
      </div>
      <Tabs value={tab} onValueChange={(v) => setTab(v as MediatorView)}>
        <TabsList className="grid h-auto w-full grid-cols-3 sm:inline-flex sm:w-auto">
          <TabsTrigger value="available" className="px-1.5 text-xs sm:px-3 sm:text-sm">
            {label('Available', 'available')}
          </TabsTrigger>
          <TabsTrigger value="accepted" className="px-1.5 text-xs sm:px-3 sm:text-sm">
            {label('My Accepted', 'accepted')}
          </TabsTrigger>
          <TabsTrigger value="completed" className="px-1.5 text-xs sm:px-3 sm:text-sm">
            {label('Completed', 'completed')}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="available">
          <MediatorTab view="available" tier={tier} />
        </TabsContent>
        <TabsContent value="accepted">
          <MediatorTab view="accepted" tier={tier} />
        </TabsContent>
        <TabsContent value="completed">
          <MediatorTab view="completed" tier={tier} />
        </TabsContent>
      </Tabs>
    </div>
  );
}

/** A lawyer sees their own requests; an admin sees everyone's (the same API answers each by role). */
const REQUESTS_TITLE = { lawyer: 'My Mediation Requests', admin: 'All Mediation Requests' } as const;

function LawyerRequests({ role }: { role: 'lawyer' | 'admin' }) {
  const list = useRequests();
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-serif text-3xl font-semibold">{REQUESTS_TITLE[role]}</h1>
          <p className="mt-1 text-muted-foreground">
            {role === 'admin' ? 'Every lawyer’s requests, from posting to completion.' : 'Track your cases from posting to completion.'}
          </p>
        </div>
        {role === 'lawyer' ? (
          <Button asChild>
            <Link to="/requests/new">
              <FilePlus2 aria-hidden="true" />
              New Request
            </Link>
          </Button>
        ) : null}
      </div>
      <RequestList
        list={list}
        role={role}
        empty={
          <Card>
            <CardContent className="flex flex-col items-center gap-4 p-10 text-center">
              <Inbox className="size-10 text-muted-foreground" aria-hidden="true" />
              {role === 'admin' ? (
                <p className="text-muted-foreground">No mediation requests yet. Lawyers’ requests appear here once they post them.</p>
              ) : (
                <>
                  <p className="text-muted-foreground">No mediation requests yet. Create your first request to get started.</p>
                  <Button asChild>
                    <Link to="/requests/new">Create First Request</Link>
                  </Button>
                </>
              )}
            </CardContent>
          </Card>
        }
      />
    </div>
  );
}

export function RequestsPage() {
  const { user } = useCurrentUser();
  usePageTitle(user?.role === 'mediator' ? 'Browse Requests' : REQUESTS_TITLE[user?.role === 'admin' ? 'admin' : 'lawyer']);
  if (!user) return null;
  return user.role === 'mediator' ? (
    <MediatorRequests tier={user.mediatorProfile?.subscriptionTier ?? 'free'} />
  ) : (
    <LawyerRequests role={user.role === 'admin' ? 'admin' : 'lawyer'} />
  );
}
