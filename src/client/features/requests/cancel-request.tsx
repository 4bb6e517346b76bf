import { useState } from 'react';
import type { RequestDto } from '../../../common/api-types';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { FormField } from '../../components/ui/form-field';
import { Textarea } from '../../components/ui/input';
import { QueryError } from '../../components/ui/query-error';
import { Skeleton } from '../../components/ui/skeleton';
import { toast, toastError } from '../../components/ui/use-toast';
import { displayMoney } from '../../lib/format';
import { useCancellationPreview, useCancelRequest } from './api';

/** Cancel with the refund the policy gives shown before confirming (RULES.md 2.4). */
export function CancelRequestButton({ request }: { request: RequestDto }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const preview = useCancellationPreview(request.id, open);
  const cancel = useCancelRequest(request.id);
  const onConfirm = async () => {
    try {
      await cancel.mutateAsync(reason);
      setOpen(false);
      toast({
        title: 'Request cancelled',
        description:
          preview.data && preview.data.totalRefund !== '0.00'
            ? `${displayMoney(preview.data.totalRefund)} will be refunded to your card.`
            : 'The request is cancelled.',
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
            <div className="grid gap-2 rounded-lg border bg-muted/50 p-4 text-sm">
              <p className="font-semibold">Refund: {displayMoney(preview.data.totalRefund)}</p>
              <p>{preview.data.reason}</p>
              {preview.data.cancellationFee !== '0.00' ? (
                <p>The mediator receives a cancellation fee of {displayMoney(preview.data.cancellationFee)} from the deposit.</p>
              ) : null}
            </div>
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
