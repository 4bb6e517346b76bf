import { ChevronRight } from 'lucide-react';
import type { AdminDisputeDto } from '../../../common/schemas/disputes';
import { Card } from '../../components/ui/card';
import { displayMoney, formatDate } from '../../lib/format';
import { DisputeStatusBadge } from './dispute-status-badge';

/** One dispute in the admins' list: the case, the people, the money held and the start of the reason; opens the detail. */
export function DisputeCard({ dispute, onOpen }: { dispute: AdminDisputeDto; onOpen: (dispute: AdminDisputeDto) => void }) {
  return (
    <Card className="relative grid gap-3 p-4 transition-colors focus-within:border-primary hover:border-primary/60 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold wrap-anywhere">
            <button type="button" className="text-left after:absolute after:inset-0 focus-visible:outline-none" onClick={() => onOpen(dispute)}>
              {dispute.caseName}
            </button>
          </h3>
          <p className="text-sm text-muted-foreground">Case #{dispute.caseNumber}</p>
        </div>
        <DisputeStatusBadge dispute={dispute} />
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
        <div className="min-w-0">
          <dt className="text-muted-foreground">Lawyer</dt>
          <dd className="truncate">{dispute.lawyer.name}</dd>
        </div>
        <div className="min-w-0">
          <dt className="text-muted-foreground">Mediator</dt>
          <dd className="truncate">{dispute.mediator?.name ?? '—'}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{dispute.status === 'open' ? 'Amount held' : 'Refunded'}</dt>
          <dd className="tabular-nums">{displayMoney(dispute.status === 'open' ? dispute.amountHeld : (dispute.refundAmount ?? '0.00'))}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Opened</dt>
          <dd>{formatDate(dispute.createdAt)}</dd>
        </div>
      </dl>
      <p className="line-clamp-2 pr-6 text-sm wrap-anywhere text-muted-foreground">{dispute.reason}</p>
      <ChevronRight className="absolute right-3 bottom-3 size-4 text-muted-foreground" aria-hidden="true" />
    </Card>
  );
}
