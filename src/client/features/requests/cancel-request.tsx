import { useState, type ReactNode } from 'react';
import type { CancellationPreviewDto, RequestDto } from '../../../common/api-types';
import { REFUND_POLICY } from '../../../common/domain/refunds';
import { formatCents, parseCents } from '../../../common/money';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { FormField } from '../../components/ui/form-field';
import { Textarea } from '../../components/ui/input';
import { QueryError } from '../../components/ui/query-error';
import { Skeleton } from '../../components/ui/skeleton';
import { toast, toastError } from '../../components/ui/use-toast';
import { displayMoney, formatDateTime } from '../../lib/format';
import { useCancellationPreview, useCancelRequest, useOwnPayment } from './api';
import { ownMoneyOf } from './own-money';

const DEPOSIT_PART = { full: 'all of', partial: '50% of', none: 'none of' } as const;

/**
 * The policy's outcome as lines (RULES.md 2.4): deposit part, balance, the mediator's fee, the total refunded. On a
 * two-sided case (`shared`) the total is what both sides get back together, and the line under it what goes back to
 * the canceller's own card (decision 049: each side gets back what it paid, the canceller bears what is kept).
 */
export function CancellationBreakdown({ preview, shared = false }: { preview: CancellationPreviewDto; shared?: boolean }) {
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
        {/* Each group spans both columns, so the rule above the total runs unbroken across the gap between them. */}
        <div className="col-span-2 grid grid-cols-subgrid border-t pt-2 font-semibold">
          <dt>{shared ? 'Total refunded to both sides' : 'Total refunded to your card'}</dt>
          <dd className="text-right" data-testid="total-refund">
            {displayMoney(preview.totalRefund)}
          </dd>
        </div>
        {shared ? (
          <div className="col-span-2 grid grid-cols-subgrid font-semibold">
            <dt>Of it, to your card</dt>
            <dd className="text-right" data-testid="your-refund">
              {displayMoney(preview.yourRefund)}
            </dd>
          </div>
        ) : null}
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

/** The notice's frame: the cancellation, then what happened to the money. */
function Cancelled({ children }: { children: ReactNode }) {
  return (
    <Alert tone="info">
      <div className="grid gap-1">
        <p className="font-semibold">This request was cancelled.</p>
        {children}
      </div>
    </Alert>
  );
}

/**
 * A cancelled two-sided case, for either side's counsel: what the viewer paid and what went back to their own card
 * (their payment view), never the case's totals (decision 049; the second side is not shown the first side's money).
 */
function OwnCancellationSummary({ request }: { request: RequestDto }) {
  const own = useOwnPayment(request.id, true);
  if (own.isLoading) {
    return (
      <Cancelled>
        <Skeleton className="h-5 w-64 max-w-full" />
      </Cancelled>
    );
  }
  if (own.error) {
    return (
      <Cancelled>
        <p>What went back to your card could not be loaded: your payments and receipts show it.</p>
      </Cancelled>
    );
  }
  const money = own.data ? ownMoneyOf(own.data) : null;
  const reason = money?.reason ?? own.data?.refundReason ?? null;
  let text: string;
  if (!money || money.charged === '0.00') text = 'You paid nothing toward this case, so nothing is refunded to you.';
  else if (money.refunded !== '0.00')
    text = `Of the ${displayMoney(money.charged)} you paid, ${displayMoney(money.refunded)} was refunded to your card on ${formatDateTime(money.refundedAt)}.${reason ? ` ${reason}` : ''}`;
  else if (request.paymentStatus === 'held') text = 'Your refund is being processed.';
  else text = 'Nothing was refunded to you: what you paid of the deposit was kept as a late cancellation fee under the refund policy.';
  return (
    <Cancelled>
      <p>{text}</p>
    </Cancelled>
  );
}

/**
 * A cancelled request's page says what was refunded and when (from the ledger, RequestDto.refund). On a two-sided case
 * each counsel reads their own refund; the mediator and admins read what went back to the payers.
 */
export function CancellationSummary({ request, isOwner, isSecondSide = false }: { request: RequestDto; isOwner: boolean; isSecondSide?: boolean }) {
  const shared = !!request.opposingLawyerId;
  if (shared && (isOwner || isSecondSide)) return <OwnCancellationSummary request={request} />;
  const refund = request.refund;
  const to = isOwner ? 'your card' : shared ? "the payers' cards" : "the lawyer's card";
  return (
    <Cancelled>
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
    </Cancelled>
  );
}

/** The toast after cancelling: what goes back to the canceller's card, and on a two-sided case to the other side's. */
function cancelledText(result: { refundAmount?: string; yourRefund?: string } | undefined, preview: CancellationPreviewDto | undefined, shared: boolean) {
  const total = result?.refundAmount ?? preview?.totalRefund ?? '0.00';
  if (!shared) return total !== '0.00' ? `${displayMoney(total)} will be refunded to your card.` : 'The request is cancelled.';
  const yours = result?.yourRefund ?? preview?.yourRefund ?? '0.00';
  const others = formatCents((parseCents(total) ?? 0) - (parseCents(yours) ?? 0));
  const parts = [
    ...(yours !== '0.00' ? [`${displayMoney(yours)} will be refunded to your card`] : []),
    ...(others !== '0.00' ? [`${displayMoney(others)} to the other side's card`] : []),
  ];
  return parts.length ? `${parts.join(', and ')}.` : 'The request is cancelled.';
}

/** Cancel with the refund the policy gives shown, line by line, before confirming (RULES.md 2.4). */
export function CancelRequestButton({ request }: { request: RequestDto }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const preview = useCancellationPreview(request.id, open);
  const cancel = useCancelRequest(request.id);
  const shared = !!request.opposingLawyerId;
  const onConfirm = async () => {
    try {
      const result = (await cancel.mutateAsync(reason)) as { refundAmount?: string; yourRefund?: string } | undefined;
      setOpen(false);
      toast({ title: 'Request cancelled', description: cancelledText(result, preview.data, shared) });
    } catch (error) {
      toastError('Error', error);
    }
  };
  return (
    <>
      <Button variant="outline" className="text-destructive hover:text-destructive" onClick={() => setOpen(true)}>
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
            <CancellationBreakdown preview={preview.data} shared={shared} />
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
