import { useState } from 'react';
import type { CancellationPreviewDto, RequestDto } from '../../../common/api-types';
import { REFUND_POLICY } from '../../../common/domain/refunds';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { FormField } from '../../components/ui/form-field';
import { Textarea } from '../../components/ui/input';
import { QueryError } from '../../components/ui/query-error';
import { Skeleton } from '../../components/ui/skeleton';
import { toast, toastError } from '../../components/ui/use-toast';
import { displayMoney, formatDateTime } from '../../lib/format';
import { useCancellationPreview, useCancelRequest } from './api';

const DEPOSIT_PART = { full: 'all of', partial: '50% of', none: 'none of' } as const;

/** The policy's outcome as lines (RULES.md 2.4): deposit part, balance, the mediator's fee, the total refunded. */
export function CancellationBreakdown({ preview }: { preview: CancellationPreviewDto }) {
  const deposit = preview.deposit !== '0.00';
  const kept = preview.cancellationFee !== '0.00' || preview.platformFee !== '0.00';
  return (
    <div className="grid gap-3 rounded-lg border bg-muted/50 p-4 text-sm">
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-2" aria-label="Refund breakdown">
        {deposit ? (
          <>
            <dt>
              Deposit refund ({DEPOSIT_PART[preview.kind]} the {displayMoney(preview.deposit)} deposit)
            </dt>
            <dd className="text-right">{displayMoney(preview.depositRefund)}</dd>
          </>
        ) : null}
        {preview.balanceRefund !== '0.00' ? (
          <>
            <dt>Balance refund</dt>
            <dd className="text-right">{displayMoney(preview.balanceRefund)}</dd>
          </>
        ) : null}
        {kept ? (
          <>
            <dt className="text-muted-foreground">The mediator&apos;s cancellation fee (kept from the deposit)</dt>
            <dd className="text-right text-muted-foreground">{displayMoney(preview.cancellationFee)}</dd>
            {preview.platformFee !== '0.00' ? (
              <>
                <dt className="text-muted-foreground">Platform commission (kept from the deposit)</dt>
                <dd className="text-right text-muted-foreground">{displayMoney(preview.platformFee)}</dd>
              </>
            ) : null}
          </>
        ) : null}
        <dt className="border-t pt-2 font-semibold">Total refunded to your card</dt>
        <dd className="border-t pt-2 text-right font-semibold" data-testid="total-refund">
          {displayMoney(preview.totalRefund)}
        </dd>
      </dl>
      <p>{preview.reason}</p>
      <details>
        <summary className="cursor-pointer text-muted-foreground">Refund policy</summary>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-muted-foreground">
          {REFUND_POLICY.lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </details>
    </div>
  );
}

/** A cancelled request's page says what was refunded and when (from the ledger, RequestDto.refund). */
export function CancellationSummary({ request, isOwner }: { request: RequestDto; isOwner: boolean }) {
  const refund = request.refund;
  const to = isOwner ? 'your card' : "the lawyer's card";
  return (
    <Alert tone="info">
      <div className="grid gap-1">
        <p className="font-semibold">This request was cancelled.</p>
        {refund ? (
          <p>
            {displayMoney(refund.amount)} was refunded to {to} on {formatDateTime(refund.refundedAt)}.{refund.reason ? ` ${refund.reason}` : ''}
          </p>
        ) : request.paymentStatus === 'held' ? (
          <p>The refund is being processed.</p>
        ) : request.paymentStatus === 'refunded_partial' ? (
          <p>Nothing was refunded: the deposit was kept as a late cancellation fee under the refund policy.</p>
        ) : (
          <p>Nothing was charged, so there is nothing to refund.</p>
        )}
      </div>
    </Alert>
  );
}

/** Cancel with the refund the policy gives shown, line by line, before confirming (RULES.md 2.4). */
export function CancelRequestButton({ request }: { request: RequestDto }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const preview = useCancellationPreview(request.id, open);
  const cancel = useCancelRequest(request.id);
  const onConfirm = async () => {
    try {
      const result = (await cancel.mutateAsync(reason)) as { refundAmount?: string } | undefined;
      const refunded = result?.refundAmount ?? preview.data?.totalRefund ?? '0.00';
      setOpen(false);
      toast({
        title: 'Request cancelled',
        description: refunded !== '0.00' ? `${displayMoney(refunded)} will be refunded to your card.` : 'The request is cancelled.',
      });
    } catch (error) {
      toastError('Error', error);
    }
  };
  return (
    <>
      <Button variant="outline" className="text-destructive" onClick={() => setOpen(true)}>
        Cancel request
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Cancel this request?</DialogTitle>
            <DialogDescription>{request.caseName} will be withdrawn and mediators who accepted it are told.</DialogDescription>
          </DialogHeader>
          {preview.error && !preview.data ? (
            <QueryError title="The refund could not be worked out" error={preview.error} onRetry={preview.refetch} retrying={preview.isRefetching} />
          ) : preview.isLoading || !preview.data ? (
            <Skeleton className="h-20" />
          ) : (
            <CancellationBreakdown preview={preview.data} />
          )}
          <FormField label="Reason (optional)">
            <Textarea rows={2} value={reason} onChange={(e) => setReason(e.target.value)} />
          </FormField>
          <DialogFooter>
            <Button variant="outline" onClick={() => setOpen(false)}>
              Keep request
            </Button>
            <Button variant="destructive" onClick={() => void onConfirm()} disabled={cancel.isPending || preview.isLoading}>
              {cancel.isPending ? 'Cancelling...' : 'Cancel request'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
