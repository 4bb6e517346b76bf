import { Inbox } from 'lucide-react';
import { Link } from 'react-router';
import type { AcceptanceStatus, RequestStatus } from '../../../common/enums';
import { PagedListView } from '../../components/paged-list';
import { Badge } from '../../components/ui/badge';
import { Card, CardContent } from '../../components/ui/card';
import { StatusBadge } from '../../components/ui/status-badge';
import { useCurrentUser } from '../../lib/current-user';
import { displayMoney, formatDate, formatDateTime } from '../../lib/format';
import { usePagedList } from '../../lib/use-paged-list';
import { usePageTitle } from '../../lib/use-page-title';

interface MyAcceptance {
  id: string;
  requestId: string;
  status: AcceptanceStatus;
  proposedRate: string | null;
  note: string | null;
  acceptedAt: string;
  request: { id: string; caseName: string; caseNumber: string; caseType: string; jurisdiction: string; status: RequestStatus; preferredDate: string | null };
}

const ACCEPTANCE_LABEL: Record<AcceptanceStatus, { label: string; tone: 'blue' | 'green' | 'muted' }> = {
  pending: { label: 'Awaiting the lawyer', tone: 'blue' },
  selected: { label: 'Selected', tone: 'green' },
  rejected: { label: 'Not selected', tone: 'muted' },
};

function AcceptanceItem({ acceptance: a }: { acceptance: MyAcceptance }) {
  return (
    <Card className="relative hover:shadow-md">
      <CardContent className="flex flex-wrap items-center justify-between gap-3 p-5">
        <div className="min-w-0">
          <h2 className="wrap-anywhere font-semibold">
            <Link to={`/requests/${a.requestId}`} className="after:absolute after:inset-0">
              {a.request.caseName}
            </Link>
          </h2>
          <p className="wrap-anywhere text-sm text-muted-foreground">
            Case #{a.request.caseNumber} · {a.request.caseType} · {a.request.jurisdiction}
            {a.request.preferredDate ? ` · ${formatDate(a.request.preferredDate)}` : ''}
          </p>
          <p className="mt-1 text-xs text-muted-foreground">
            Accepted {formatDateTime(a.acceptedAt)}
            {a.proposedRate ? ` · proposed ${displayMoney(a.proposedRate)}/hour` : ''}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Badge tone={ACCEPTANCE_LABEL[a.status].tone}>{ACCEPTANCE_LABEL[a.status].label}</Badge>
          <StatusBadge status={a.request.status} />
        </div>
      </CardContent>
    </Card>
  );
}

/** My Acceptances (mediators): every request I accepted and where it stands. */
export function AcceptancesPage() {
  usePageTitle('My Acceptances');
  const { user } = useCurrentUser();
  const list = usePagedList<MyAcceptance>({
    queryKey: ['/api/mediators', user?.id, 'acceptances'],
    url: `/api/mediators/${user?.id}/acceptances`,
    enabled: !!user,
  });
  return (
    <div className="grid gap-6">
      <div>
        <h1 className="font-serif text-3xl font-semibold">My Acceptances</h1>
        <p className="mt-1 text-muted-foreground">The requests you accepted and whether the lawyer selected you.</p>
      </div>
      <PagedListView
        list={list}
        itemKey={(a) => a.id}
        loadingLabel="Loading your acceptances"
        skeletonClassName="h-28"
        className="grid gap-3"
        renderItem={(a) => <AcceptanceItem acceptance={a} />}
        empty={
          <Card>
            <CardContent className="flex flex-col items-center gap-3 p-10 text-center text-muted-foreground">
              <Inbox className="size-10" aria-hidden="true" />
              <p>You have not accepted any requests yet.</p>
              <Link to="/requests" className="font-medium text-primary underline underline-offset-4">
                Browse available requests
              </Link>
            </CardContent>
          </Card>
        }
      />
    </div>
  );
}
