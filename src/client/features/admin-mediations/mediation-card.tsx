import { ExternalLink } from 'lucide-react';
import { Link } from 'react-router';
import type { AdminMediation } from '../../../common/schemas/admin-lists';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { StatusBadge } from '../../components/ui/status-badge';
import { displayMoney, formatDate } from '../../lib/format';
import { canCancel, canReassign, isClosed } from './mediation-actions';

/** The dates that matter for this mediation, in the order they happened. */
function datesOf(m: AdminMediation): { term: string; value: string }[] {
  const dates = [
    { term: 'Created', value: m.createdAt },
    { term: 'Submitted', value: m.submittedAt },
    { term: 'Preferred date', value: m.preferredDate },
    { term: 'Completed', value: m.completedAt },
    { term: 'Cancelled', value: m.cancelledAt },
  ];
  return dates.filter((d): d is { term: string; value: string } => Boolean(d.value)).map((d) => ({ term: d.term, value: formatDate(d.value) }));
}

/** One mediation in the admins' list: case, parties, budget, status and dates, with the actions its state allows. */
export function MediationCard({
  mediation,
  onReassign,
  onCancel,
  onRetention,
}: {
  mediation: AdminMediation;
  onReassign: (m: AdminMediation) => void;
  onCancel: (m: AdminMediation) => void;
  /** The retention of a closed case's documents (decision 061). */
  onRetention: (m: AdminMediation) => void;
}) {
  const headingId = `mediation-${mediation.id}`;
  return (
    <Card className="grid gap-3 p-4 sm:p-5" aria-labelledby={headingId} role="article">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={headingId} className="font-semibold wrap-anywhere">
            {mediation.caseName}
          </h2>
          <p className="text-sm text-muted-foreground">Case #{mediation.caseNumber}</p>
        </div>
        <StatusBadge status={mediation.status} />
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
        <div className="min-w-0">
          <dt className="text-muted-foreground">Lawyer</dt>
          <dd className="truncate">{mediation.lawyer.name}</dd>
        </div>
        {mediation.opposingLawyer ? (
          <div className="min-w-0">
            <dt className="text-muted-foreground">Opposing counsel</dt>
            <dd className="truncate">{mediation.opposingLawyer.name}</dd>
          </div>
        ) : null}
        <div className="min-w-0">
          <dt className="text-muted-foreground">Mediator</dt>
          <dd className="truncate">{mediation.selectedMediator?.name ?? 'Not selected'}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Budget</dt>
          <dd className="tabular-nums">{displayMoney(mediation.budget)}</dd>
        </div>
        {datesOf(mediation).map((d) => (
          <div key={d.term}>
            <dt className="text-muted-foreground">{d.term}</dt>
            <dd>{d.value}</dd>
          </div>
        ))}
      </dl>
      <div className="flex flex-wrap items-center gap-2">
        <Button asChild variant="link" size="sm" className="px-0">
          <Link to={`/requests/${mediation.id}`} aria-label={`Open the request ${mediation.caseName}`}>
            Open the request
            <ExternalLink className="size-3.5" aria-hidden="true" />
          </Link>
        </Button>
        {/* The actions wrap as one group, kept together at the right on a phone too. */}
        <div className="ml-auto flex gap-2">
          {canReassign(mediation.status) ? (
            <Button variant="outline" size="sm" onClick={() => onReassign(mediation)} aria-label={`Reassign the mediator of ${mediation.caseName}`}>
              Reassign
            </Button>
          ) : null}
          {isClosed(mediation.status) ? (
            <Button variant="outline" size="sm" onClick={() => onRetention(mediation)} aria-label={`Documents retention of ${mediation.caseName}`}>
              Documents
            </Button>
          ) : null}
          {canCancel(mediation.status) ? (
            <Button variant="destructive" size="sm" onClick={() => onCancel(mediation)} aria-label={`Cancel ${mediation.caseName}`}>
              Cancel
            </Button>
          ) : null}
        </div>
      </div>
    </Card>
  );
}
