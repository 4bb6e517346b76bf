import { ExternalLink } from 'lucide-react';
import { Link } from 'react-router';
import type { AdminDisputeDto } from '../../../common/schemas/disputes';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { displayCents, displayMoney, formatDate, formatDateTime } from '../../lib/format';
import { useDispute } from './api';
import { DisputeStatusBadge } from './dispute-status-badge';
import { MoneyLines } from './money-lines';
import { heldCents, previewResolution, RESOLVED_LABELS } from './resolution';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="grid min-w-0 gap-1.5">
      <h3 className="text-sm font-semibold">{title}</h3>
      {children}
    </section>
  );
}

/** The request's money as the escrow holds it, and what a full refund or a release would mean. */
function HeldMoney({ dispute }: { dispute: AdminDisputeDto }) {
  const held = heldCents(dispute);
  if (held === 0) {
    return (
      <p className="text-sm text-muted-foreground">Nothing is held any more for this request (payment {dispute.paymentStatus?.replace('_', ' ') ?? 'none'}).</p>
    );
  }
  const release = previewResolution(dispute, 'release', null)!;
  return (
    <>
      <MoneyLines
        label="Money held"
        lines={[
          { term: 'Budget', value: displayMoney(dispute.budget) },
          { term: 'Deposit held', value: displayMoney(dispute.depositHeld) },
          { term: 'Balance held', value: displayMoney(dispute.balanceHeld) },
          { term: 'Platform fee (planned)', value: displayMoney(dispute.platformFee) },
          { term: 'Mediator payout (planned, on hold)', value: displayMoney(dispute.mediatorPayout) },
          { term: 'Total held', value: displayMoney(dispute.amountHeld), strong: true },
        ]}
      />
      <ul className="list-disc space-y-1 pl-5 text-sm text-muted-foreground">
        <li>Release: the mediator receives {displayCents(release.toMediator)} now; nothing is refunded.</li>
        <li>Full refund: {displayCents(held)} back to the lawyer; nothing to the mediator.</li>
        <li>
          Partial refund: the amount you choose back to the lawyer (taken from the balance first); the mediator receives the rest less the{' '}
          {Number(dispute.commissionPercentage)}% commission.
        </li>
      </ul>
    </>
  );
}

/** A dispute in full, for admins: the reason, the people, the money held; resolve it while open, or read how it was. */
export function DisputeDetailDialog({
  dispute: initial,
  onOpenChange,
  onResolve,
}: {
  dispute: AdminDisputeDto;
  onOpenChange: (open: boolean) => void;
  onResolve: (dispute: AdminDisputeDto) => void;
}) {
  const { data } = useDispute(initial);
  const dispute = data ?? initial;
  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{dispute.caseName}</DialogTitle>
          <DialogDescription>
            Case #{dispute.caseNumber} · reported on {formatDateTime(dispute.createdAt)}
          </DialogDescription>
        </DialogHeader>
        <div className="flex flex-wrap items-center gap-2">
          <DisputeStatusBadge dispute={dispute} />
          <Button asChild variant="link" className="h-auto p-0">
            <Link to={`/requests/${dispute.requestId}`}>
              Open the request
              <ExternalLink aria-hidden="true" />
            </Link>
          </Button>
        </div>
        <Section title="Reason">
          <p className="whitespace-pre-line text-sm wrap-anywhere">{dispute.reason}</p>
        </Section>
        <Section title="People">
          <p className="text-sm wrap-anywhere">
            Lawyer: {dispute.lawyer.name} ({dispute.lawyer.email})
          </p>
          <p className="text-sm wrap-anywhere">Mediator: {dispute.mediator ? `${dispute.mediator.name} (${dispute.mediator.email})` : 'none selected'}</p>
        </Section>
        {dispute.status === 'resolved' ? (
          <Section title="Resolution">
            <p className="text-sm">
              {dispute.outcome ? RESOLVED_LABELS[dispute.outcome] : 'Resolved'}
              {dispute.refundAmount ? `: ${displayMoney(dispute.refundAmount)} refunded to the lawyer` : ''}
              {dispute.mediatorPaid ? `${dispute.refundAmount ? ',' : ':'} ${displayMoney(dispute.mediatorPaid)} paid to the mediator` : ''}
              {dispute.resolvedAt ? ` on ${formatDate(dispute.resolvedAt)}` : ''}.
            </p>
            {dispute.resolutionNote ? <p className="whitespace-pre-line text-sm wrap-anywhere text-muted-foreground">{dispute.resolutionNote}</p> : null}
          </Section>
        ) : (
          <Section title="Money">
            <HeldMoney dispute={dispute} />
            {dispute.payoutReleaseAt ? (
              <p className="text-sm text-muted-foreground">The payout was due on {formatDateTime(dispute.payoutReleaseAt)}; it waits until you resolve this.</p>
            ) : null}
          </Section>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Close
          </Button>
          {dispute.status === 'open' ? (
            <Button onClick={() => onResolve(dispute)} disabled={heldCents(dispute) === 0}>
              Resolve dispute
            </Button>
          ) : null}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
