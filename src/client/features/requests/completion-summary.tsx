import { BadgeCheck, CheckCircle2, Clock, FileDown, PauseCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import type { RequestDto, SettlementDto } from '../../../common/api-types';
import { OUTCOME_LABELS } from '../../../common/domain/signing';
import { MEDIATION_OUTCOMES, type MediationOutcome } from '../../../common/enums';
import { parseCents } from '../../../common/money';
import { Alert } from '../../components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { displayMoney, formatDate } from '../../lib/format';
import { afterMatch } from './api';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <h3 className="text-sm font-semibold">{title}</h3>
      <p className="mt-1 whitespace-pre-line text-sm wrap-anywhere">{children}</p>
    </div>
  );
}

/** A refunded mediation in the mediator's words, with the figures of the Payment card. */
function refundedText(status: 'refunded_full' | 'refunded_partial', settled: SettlementDto | null): string {
  if (!settled) return `The payment for this mediation was ${status === 'refunded_full' ? 'refunded to the lawyer' : 'partly refunded to the lawyer'}.`;
  const refunded = `${displayMoney(settled.refunded)} was refunded to the lawyer`;
  if ((parseCents(settled.paidToMediator) ?? 0) === 0 && (parseCents(settled.held) ?? 0) === 0)
    return `${refunded}: nothing is paid to you for this mediation.`;
  const paid =
    (parseCents(settled.held) ?? 0) > 0
      ? `${displayMoney(settled.held)} is still held and is paid to you, less the platform fee, once your payout account is ready`
      : `${displayMoney(settled.paidToMediator)} was paid to you after the ${displayMoney(settled.platformFeeKept)} platform fee`;
  return `${refunded}, and ${paid}.`;
}

/**
 * Where the mediator's payout stands after completion (RULES.md 2.3): released, or due after the hold window, or
 * paused (a dispute, or a refund the admins decided).
 */
export function PayoutState({ request }: { request: RequestDto }) {
  const { paymentStatus, payoutReleaseAt } = afterMatch(request);
  const settled = request.settlement && !request.settlement.planned ? request.settlement : null;
  if (paymentStatus === 'released') {
    return (
      <Alert tone="success">
        <BadgeCheck aria-hidden="true" />
        <p>
          <strong>Payout released.</strong> {displayMoney(settled?.paidToMediator ?? request.mediatorPayout)} has been transferred to your payout account
          {settled ? `, after the ${displayMoney(settled.platformFeeKept)} platform fee` : ''}.
        </p>
      </Alert>
    );
  }
  if (paymentStatus === 'refunded_full' || paymentStatus === 'refunded_partial') {
    return (
      <Alert tone="warning">
        <PauseCircle aria-hidden="true" />
        <p>{refundedText(paymentStatus, settled)}</p>
      </Alert>
    );
  }
  return (
    <Alert tone="info">
      <Clock aria-hidden="true" />
      <p>
        {payoutReleaseAt ? (
          <>
            <strong>Payout scheduled for {formatDate(payoutReleaseAt)}.</strong>{' '}
          </>
        ) : (
          <>
            <strong>Payout pending.</strong>{' '}
          </>
        )}
        {displayMoney(request.mediatorPayout)} is released to your payout account automatically after the hold window.
      </p>
    </Alert>
  );
}

interface RecordedOutcome {
  outcome: MediationOutcome;
  outcomeDate: string;
}

/** The outcome recorded at completion (issue 26), read without relying on RequestDto declaring it; null when none was. */
function recordedOutcome(request: RequestDto): RecordedOutcome | null {
  const { outcome, outcomeDate } = request as Partial<Record<keyof RecordedOutcome, unknown>>;
  const known = (MEDIATION_OUTCOMES as readonly unknown[]).includes(outcome);
  return known && typeof outcomeDate === 'string' ? { outcome: outcome as MediationOutcome, outcomeDate } : null;
}

/** "Settled in full on November 28, 2026": a calendar date, the same day wherever it is read. */
const outcomeLine = ({ outcome, outcomeDate }: RecordedOutcome) =>
  `${OUTCOME_LABELS[outcome]} on ${new Date(`${outcomeDate}T12:00:00`).toLocaleDateString(undefined, { month: 'long', day: 'numeric', year: 'numeric' })}`;

/** The outcome and the certificate that states only it (never the terms), for whoever sees the completion. */
function OutcomeSection({ request, recorded }: { request: RequestDto; recorded: RecordedOutcome }) {
  return (
    <div className="grid min-w-0 gap-2">
      <p className="text-sm">
        <span className="font-semibold">Outcome:</span> {outcomeLine(recorded)}
      </p>
      <a
        href={`/api/requests/${request.id}/outcome-certificate`}
        download
        className="inline-flex items-center gap-1 justify-self-start text-sm underline underline-offset-4"
      >
        <FileDown className="size-4" aria-hidden="true" />
        Outcome certificate (PDF)
      </a>
    </div>
  );
}

/** A completed request's outcome, shown to both participants (spec 3: completionResults, deliverables, proposal). */
export function CompletionSummary({ request, showPayout }: { request: RequestDto; showPayout: boolean }) {
  const recorded = recordedOutcome(request);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CheckCircle2 className="size-5 text-success" aria-hidden="true" />
          Mediation completed
        </CardTitle>
        {request.completedAt ? <CardDescription>Completed on {formatDate(request.completedAt)}</CardDescription> : null}
      </CardHeader>
      <CardContent className="grid gap-4">
        {showPayout ? <PayoutState request={request} /> : null}
        {recorded ? <OutcomeSection request={request} recorded={recorded} /> : null}
        <Section title="Completion results">{request.completionResults || '—'}</Section>
        {request.deliverables ? <Section title="Deliverables">{request.deliverables}</Section> : null}
        {request.mediatorProposal ? <Section title="Final proposal">{request.mediatorProposal}</Section> : null}
      </CardContent>
    </Card>
  );
}
