import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { CircleCheck, Flag, PauseCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import type { RequestDto, SettlementDto } from '../../../common/api-types';
import { parseCents } from '../../../common/money';
import { DisputeInputSchema, type RequestDispute } from '../../../common/schemas/disputes';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { FormField } from '../../components/ui/form-field';
import { Textarea } from '../../components/ui/input';
import { toast, toastError } from '../../components/ui/use-toast';
import { apiRequest } from '../../lib/api-client';
import { applyServerErrors } from '../../lib/form-errors';
import { displayMoney, formatDate, formatDateTime } from '../../lib/format';
import { afterMatch, refreshRequests, useOwnPayment } from './api';
import { refundedSince } from './own-money';

type ReasonValues = z.input<typeof DisputeInputSchema>;
type ReasonBody = z.output<typeof DisputeInputSchema>;

/** The request's dispute, whether or not the server sends the field (an older server: null). */
export function disputeOf(request: RequestDto): RequestDispute | null {
  return (request as RequestDto & { dispute?: RequestDispute | null }).dispute ?? null;
}

/**
 * Whether counsel who paid toward the payout may report a problem now (RULES.md 2.3; on a two-sided case either side,
 * decision 049): completed, payment held, within the window, none open.
 */
export function canReportProblem(request: RequestDto, isOwner: boolean, now = new Date()): boolean {
  const { paymentStatus, payoutReleaseAt } = afterMatch(request);
  const dispute = disputeOf(request);
  return isOwner && request.status === 'completed' && paymentStatus === 'held' && !!payoutReleaseAt && now < new Date(payoutReleaseAt) && !dispute;
}

function useReportProblem(id: string) {
  return useMutation({
    mutationFn: (input: ReasonBody) => apiRequest<RequestDispute>('POST', `/api/requests/${id}/dispute`, input),
    onSuccess: refreshRequests,
  });
}

function ReportProblemDialog({ request, open, onOpenChange }: { request: RequestDto; open: boolean; onOpenChange: (open: boolean) => void }) {
  const formId = useId();
  const report = useReportProblem(request.id);
  const form = useForm<ReasonValues, unknown, ReasonBody>({ resolver: zodResolver(DisputeInputSchema), defaultValues: { reason: '' } });
  const { errors, isSubmitting } = form.formState;
  const reason = useWatch({ control: form.control, name: 'reason' }) ?? '';

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await report.mutateAsync(values);
      onOpenChange(false);
      form.reset();
      toast({ title: 'Problem reported', description: 'The payout is paused while our team reviews it. We will be in touch.' });
    } catch (error) {
      applyServerErrors(error, form.setError, ['reason']);
      toastError('Could not report the problem', error);
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Report a problem</DialogTitle>
          <DialogDescription>
            Tell our team what went wrong with {request.caseName}. The mediator&apos;s payout is paused until we resolve it: released, or refunded to you in
            part or in full.
          </DialogDescription>
        </DialogHeader>
        <form id={formId} onSubmit={onSubmit} noValidate className="grid gap-4">
          <FormField
            label="What went wrong?"
            required
            error={errors.reason?.message}
            hint="For example: the mediator did not attend, or the session ended early."
          >
            <Textarea rows={5} maxLength={5000} aria-required="true" {...form.register('reason')} />
          </FormField>
        </form>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={!reason.trim() || isSubmitting}>
            {isSubmitting ? 'Reporting...' : 'Report Problem'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/**
 * The resolution in the reader's words, with the figures of the Payment card (issue 21): the lawyer reads "to you",
 * the mediator "to the lawyer", and a partial refund says what was kept and paid of the rest. On a two-sided case
 * (`shared`) the refund went back to each payer (decision 052): a counsel reads their own part (`yourRefund`, once
 * known), everyone else what went back to the payers.
 */
export function resolutionText(
  dispute: RequestDispute,
  settlement: SettlementDto | null,
  reader: 'lawyer' | 'mediator' | 'admin',
  { shared = false, yourRefund = null }: { shared?: boolean; yourRefund?: string | null } = {},
): string {
  const own = shared && reader === 'lawyer' && yourRefund && yourRefund !== '0.00' ? yourRefund : null;
  const lawyer = shared ? 'the payers' : reader === 'lawyer' ? 'you' : 'the lawyer';
  const mediator = reader === 'mediator' ? 'you' : 'the mediator';
  const settled = settlement && !settlement.planned ? settlement : null;
  // What the mediator was paid: from the request's figures, or the dispute's own record of the transfer.
  const paidAmount = settled && (parseCents(settled.paidToMediator) ?? 0) > 0 ? settled.paidToMediator : (dispute.mediatorPaid ?? null);
  const fee = settled && (parseCents(settled.platformFeeKept) ?? 0) > 0 ? `the ${displayMoney(settled.platformFeeKept)} platform fee` : 'the platform fee';
  if (dispute.outcome === 'release') {
    return `Our team reviewed the problem and released the payout${paidAmount ? ` of ${displayMoney(paidAmount)}` : ''} to ${mediator}.`;
  }
  if (dispute.outcome === 'refund_full') {
    if (own) return `Our team reviewed the problem and refunded everything in full, to each payer what it paid: ${displayMoney(own)} was refunded to you.`;
    return `Our team reviewed the problem and refunded ${displayMoney(dispute.refundAmount)} to ${lawyer} in full.`;
  }
  const rest = paidAmount ? `${displayMoney(paidAmount)} was paid to ${mediator} after ${fee}` : `the rest is paid to ${mediator}, less the platform fee`;
  if (own) {
    return `Our team reviewed the problem: ${displayMoney(own)} was refunded to you (your part of the ${displayMoney(dispute.refundAmount)} refund, shared between the payers by what each paid), and ${rest}.`;
  }
  return `Our team reviewed the problem: ${displayMoney(dispute.refundAmount)} was refunded to ${lawyer}, and ${rest}.`;
}

/** The resolved dispute's notice: a two-sided case's counsel reads their own part of the refund, from their payment. */
function ResolvedNotice({ request, dispute, reader }: { request: RequestDto; dispute: RequestDispute; reader: 'lawyer' | 'mediator' | 'admin' }) {
  const shared = !!request.opposingLawyerId;
  const refunded = dispute.outcome === 'refund_full' || dispute.outcome === 'refund_partial';
  const own = useOwnPayment(request.id, shared && reader === 'lawyer' && refunded);
  const yourRefund = own.data && dispute.resolvedAt ? refundedSince(own.data, dispute.resolvedAt) : null;
  return (
    <Alert tone="info">
      <CircleCheck aria-hidden="true" />
      <div className="min-w-0">
        <p>
          <strong>Problem resolved{dispute.resolvedAt ? ` on ${formatDate(dispute.resolvedAt)}` : ''}.</strong>{' '}
          {resolutionText(dispute, request.settlement, reader, { shared, yourRefund })}
        </p>
      </div>
    </Alert>
  );
}

/**
 * A completed request's dispute (RULES.md 2.3 + 2.5): for the owning lawyer, "Report a problem" while the payout is
 * held and the hold window runs; for both sides, the notice that the payout is paused while a problem is reviewed,
 * and the resolution once the admins decided.
 */
export function ReportProblem({ request, isOwner, reader }: { request: RequestDto; isOwner: boolean; reader?: 'lawyer' | 'mediator' | 'admin' }) {
  const [open, setOpen] = useState(false);
  const dispute = disputeOf(request);
  if (request.status !== 'completed') return null;
  if (dispute?.status === 'open') {
    return (
      <Alert tone="warning">
        <PauseCircle aria-hidden="true" />
        <div className="min-w-0">
          <p>
            <strong>Problem reported — the payout is paused while our team reviews it.</strong>
          </p>
          <p className="mt-1 whitespace-pre-line wrap-anywhere">
            Reported on {formatDate(dispute.createdAt)}: {dispute.reason}
          </p>
        </div>
      </Alert>
    );
  }
  if (dispute?.status === 'resolved') return <ResolvedNotice request={request} dispute={dispute} reader={reader ?? (isOwner ? 'lawyer' : 'mediator')} />;
  if (!canReportProblem(request, isOwner)) return null;
  const { payoutReleaseAt } = afterMatch(request);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Flag className="size-5 text-primary" aria-hidden="true" />
          Something went wrong?
        </CardTitle>
        <CardDescription>
          You can report a problem until {formatDateTime(payoutReleaseAt)}. The mediator&apos;s payout waits while our team reviews it.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="outline" onClick={() => setOpen(true)}>
          Report a problem
        </Button>
        <ReportProblemDialog request={request} open={open} onOpenChange={setOpen} />
      </CardContent>
    </Card>
  );
}
