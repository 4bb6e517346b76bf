import { zodResolver } from '@hookform/resolvers/zod';
import { Handshake, ThumbsDown, ThumbsUp } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { RequestDto } from '../../../common/api-types';
import { DeclineProposalSchema } from '../../../common/schemas/cases';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { FormField } from '../../components/ui/form-field';
import { Textarea } from '../../components/ui/input';
import { toast, toastError } from '../../components/ui/use-toast';
import { applyServerErrors } from '../../lib/form-errors';
import { displayMoney, formatDateTime } from '../../lib/format';
import { formatCents, parseCents } from '../../../common/money';
import { useApproveProposal, useDeclineProposal, useWithdrawProposal } from './api';

type DeclineValues = z.input<typeof DeclineProposalSchema>;
type DeclineBody = z.output<typeof DeclineProposalSchema>;

function DeclineDialog({ request, open, onOpenChange }: { request: RequestDto; open: boolean; onOpenChange: (open: boolean) => void }) {
  const decline = useDeclineProposal(request.id);
  const form = useForm<DeclineValues, unknown, DeclineBody>({ resolver: zodResolver(DeclineProposalSchema), defaultValues: { reason: '' } });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await decline.mutateAsync(values.reason);
      onOpenChange(false);
      form.reset();
      toast({ title: 'Mediator declined', description: 'The requesting side sees your reason and may propose another mediator.' });
    } catch (error) {
      applyServerErrors(error, form.setError, ['reason']);
      toastError('Could not decline', error);
    }
  });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Decline the proposed mediator</DialogTitle>
          <DialogDescription>Say why, so the requesting side can propose someone both sides accept.</DialogDescription>
        </DialogHeader>
        <form id="decline-proposal" onSubmit={onSubmit} noValidate className="grid gap-4">
          <FormField label="Reason" required error={errors.reason?.message}>
            <Textarea rows={4} maxLength={1000} aria-required="true" {...form.register('reason')} />
          </FormField>
        </form>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form="decline-proposal" variant="destructive" disabled={isSubmitting}>
            {isSubmitting ? 'Declining...' : 'Decline mediator'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/**
 * The proposal step of a two-sided case's selection (decision 045). Opposing counsel approves or declines the
 * mediator the requesting side proposed; the requesting side sees the proposal's state and may withdraw it.
 */
export function ProposalPanel({ request }: { request: RequestDto }) {
  const proposal = request.selectionProposal;
  const seat = request.sides?.mySeat;
  const approve = useApproveProposal(request.id);
  const withdraw = useWithdrawProposal(request.id);
  const [declining, setDeclining] = useState(false);
  if (!request.opposingLawyerId || request.status !== 'awaiting_selection') return null;

  if (!proposal || proposal.status === 'withdrawn') {
    return seat === 'second' ? (
      <Alert tone="info">
        <Handshake aria-hidden="true" />
        <p>The requesting side will propose one of the mediators who accepted. You approve or decline the proposal here.</p>
      </Alert>
    ) : (
      <Alert tone="info">
        <Handshake aria-hidden="true" />
        <p>Opposing counsel has joined: the mediator you choose is proposed to them, and selected once they approve.</p>
      </Alert>
    );
  }

  if (proposal.status === 'declined') {
    return (
      <Alert tone="warning">
        <ThumbsDown aria-hidden="true" />
        <div className="grid gap-1">
          <p>
            <strong>{seat === 'second' ? 'You declined' : 'Opposing counsel declined'}</strong> {proposal.mediatorName}
            {proposal.respondedAt ? ` on ${formatDateTime(proposal.respondedAt)}` : ''}.
            {seat === 'first' ? ' Propose another mediator, or the same one again after talking it through.' : ''}
          </p>
          {proposal.declineReason ? <blockquote className="border-l-2 pl-3 italic wrap-anywhere">“{proposal.declineReason}”</blockquote> : null}
        </div>
      </Alert>
    );
  }

  if (proposal.status === 'approved') {
    return <ApprovedWaiting request={request} mediatorName={proposal.mediatorName} />;
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Handshake className="size-5 text-primary" aria-hidden="true" />
          {seat === 'second' ? 'Approve the proposed mediator' : 'Waiting for opposing counsel'}
        </CardTitle>
        <CardDescription>
          {seat === 'second'
            ? `The requesting side proposes ${proposal.mediatorName} to mediate this case. The selection, and its payment, happen only once you approve.`
            : `You proposed ${proposal.mediatorName} on ${formatDateTime(proposal.createdAt)}. Opposing counsel approves or declines with a reason.`}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-2">
        {seat === 'second' ? (
          <>
            <Button
              disabled={approve.isPending}
              onClick={() =>
                approve
                  .mutateAsync()
                  .then((updated) =>
                    toast({
                      title: 'Mediator approved',
                      description:
                        updated.status === 'matched'
                          ? `${proposal.mediatorName} is now the mediator of this case.`
                          : 'The selection takes effect once each side has paid its share of the fee.',
                    }),
                  )
                  .catch((e) => toastError('Could not approve', e))
              }
            >
              <ThumbsUp aria-hidden="true" />
              {approve.isPending ? 'Approving...' : 'Approve mediator'}
            </Button>
            <Button variant="outline" onClick={() => setDeclining(true)}>
              <ThumbsDown aria-hidden="true" />
              Decline
            </Button>
            <DeclineDialog request={request} open={declining} onOpenChange={setDeclining} />
          </>
        ) : seat === 'first' ? (
          <Button
            variant="outline"
            disabled={withdraw.isPending}
            onClick={() =>
              withdraw
                .mutateAsync()
                .then(() => toast({ title: 'Proposal withdrawn' }))
                .catch((e) => toastError('Could not withdraw', e))
            }
          >
            Withdraw proposal
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** What an approved selection still waits for (decision 050): each side's share of the fee, in money. */
function ApprovedWaiting({ request, mediatorName }: { request: RequestDto; mediatorName: string }) {
  const seat = request.sides?.mySeat;
  const shares = request.sides?.feeSplit?.waitingSelection ? request.sides.feeSplit.shares : null;
  if (!shares) {
    return (
      <Alert tone="success">
        <ThumbsUp aria-hidden="true" />
        <p>{mediatorName} was approved by opposing counsel. The selection completes once the payment goes through.</p>
      </Alert>
    );
  }
  const due = (side: 'first' | 'second') => parseCents(shares[side].depositOutstanding)! + parseCents(shares[side].balanceOutstanding)!;
  const other = seat === 'first' ? 'second' : 'first';
  const mine = seat === 'first' || seat === 'second' ? due(seat) : null;
  const text = (cents: number) => displayMoney(formatCents(cents));
  return (
    <Alert tone={mine ? 'warning' : 'success'} data-testid="selection-waiting">
      <ThumbsUp aria-hidden="true" />
      <p>
        Both sides approved {mediatorName}. The selection takes effect once each side has paid its share of the fee.{' '}
        {mine === null
          ? ''
          : mine > 0
            ? `Your side owes ${text(mine)}: pay it under “Sharing the fee” below.`
            : due(other) > 0
              ? `Your share is paid; the other side still owes ${text(due(other))}.`
              : ''}
      </p>
    </Alert>
  );
}
