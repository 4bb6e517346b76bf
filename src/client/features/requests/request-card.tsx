import { CalendarDays, MapPin, Wallet } from 'lucide-react';
import { Link } from 'react-router';
import type { RequestDto } from '../../../common/api-types';
import { Card, CardContent } from '../../components/ui/card';
import { StatusBadge } from '../../components/ui/status-badge';
import { payoutShown } from './payout-shown';
import { displayMoney, formatDate } from '../../lib/format';

/** A request in a list (spec 2 /requests): mediators see their payout instead of the budget. */
export function RequestCard({ request, viewerRole }: { request: RequestDto; viewerRole: 'lawyer' | 'mediator' | 'admin' }) {
  const isMediator = viewerRole === 'mediator';
  return (
    <Card className="relative transition-shadow focus-within:ring-2 focus-within:ring-ring hover:shadow-md">
      <CardContent className="grid grid-cols-1 gap-3 p-5">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h2 className="truncate text-base font-semibold">
              <Link to={`/requests/${request.id}`} className="after:absolute after:inset-0 focus-visible:outline-none">
                {request.caseName}
              </Link>
            </h2>
            <p className="text-sm text-muted-foreground wrap-anywhere">
              Case #{request.caseNumber} · {request.caseType}
            </p>
          </div>
          <StatusBadge status={request.status} />
        </div>
        <dl className="grid gap-2 text-sm sm:grid-cols-3">
          <div className="flex items-center gap-2">
            <MapPin className="size-4 text-muted-foreground" aria-hidden="true" />
            <dt className="sr-only">Jurisdiction</dt>
            <dd className="min-w-0 wrap-anywhere">{request.jurisdiction}</dd>
          </div>
          <div className="flex items-center gap-2">
            <Wallet className="size-4 text-muted-foreground" aria-hidden="true" />
            <dt className="text-muted-foreground">{isMediator ? 'Your Payout' : 'Budget'}:</dt>
            <dd className="font-medium">{displayMoney(isMediator ? payoutShown(request) : request.budget)}</dd>
          </div>
          <div className="flex items-center gap-2">
            <CalendarDays className="size-4 text-muted-foreground" aria-hidden="true" />
            <dt className="sr-only">Preferred date</dt>
            <dd>{request.preferredDate ? formatDate(request.preferredDate) : 'Date flexible'}</dd>
          </div>
        </dl>
        <p className="line-clamp-2 text-sm text-muted-foreground wrap-anywhere">{request.description}</p>
      </CardContent>
    </Card>
  );
}
