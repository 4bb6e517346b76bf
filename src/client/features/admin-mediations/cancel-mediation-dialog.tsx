import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { AdminCancelInputSchema } from '../../../common/schemas/admin-cancellation';
import type { AdminMediation } from '../../../common/schemas/admin-lists';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { FormField } from '../../components/ui/form-field';
import { Textarea } from '../../components/ui/input';
import { Skeleton } from '../../components/ui/skeleton';
import { toast, toastError } from '../../components/ui/use-toast';
import { applyServerErrors } from '../../lib/form-errors';
import { displayMoney } from '../../lib/format';
import { cn } from '../../lib/utils';
import { useCancellationPreview, useCancelMediation } from './api';
import { REFUND_CHOICES } from './refund-choice';

type Values = z.input<typeof AdminCancelInputSchema>;
type Output = z.output<typeof AdminCancelInputSchema>;

/** What the chosen option refunds, worked out by the server with the rule the cancellation applies; the rule in words if it cannot. */
function RefundPreview({ requestId, kind }: { requestId: string; kind: Values['refund'] | undefined }) {
  const preview = useCancellationPreview(requestId, kind);
  if (!kind) return <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">Choose a refund to see what goes back to the lawyer.</p>;
  if (preview.isLoading) return <Skeleton className="h-20" />;
  if (!preview.data) {
    return (
      <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">
        The refund could not be worked out here. Full refunds the whole deposit, partial half of it, none nothing; the balance is refunded in every case.
      </p>
    );
  }
  const lines = [
    { term: `Deposit refunded (of ${displayMoney(preview.data.deposit)} held)`, value: displayMoney(preview.data.depositRefund) },
    { term: 'Balance refunded', value: displayMoney(preview.data.balanceRefund) },
    { term: 'Total refunded to the lawyer', value: displayMoney(preview.data.totalRefund) },
  ];
  return (
    <dl aria-label="Refund preview" className="grid gap-1 rounded-lg border p-3 text-sm">
      {lines.map((line) => (
        <div key={line.term} className="flex justify-between gap-4">
          <dt className="text-muted-foreground">{line.term}</dt>
          <dd className="font-medium tabular-nums">{line.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Cancel a mediation that is not completed (RULES.md 2.4 + 7): the admin chooses how much of the deposit goes back
 * (all, half, none; the balance always does) and says why. The kept part goes to the selected mediator less the
 * commission, or to the platform before selection.
 */
export function CancelMediationDialog({ mediation, onOpenChange }: { mediation: AdminMediation; onOpenChange: (open: boolean) => void }) {
  const formId = useId();
  const errorId = useId();
  const form = useForm<Values, unknown, Output>({ resolver: zodResolver(AdminCancelInputSchema), defaultValues: { reason: '' } });
  const refund = useWatch({ control: form.control, name: 'refund' });
  const cancel = useCancelMediation(mediation.id);
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const result = await cancel.mutateAsync(values);
      onOpenChange(false);
      toast({ title: 'Mediation cancelled', description: `${mediation.caseName}: ${displayMoney(result.refundAmount)} refunded to the lawyer.` });
    } catch (error) {
      applyServerErrors(error, form.setError, ['refund', 'reason']);
      toastError('Failed to cancel mediation', error);
    }
  });

  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Cancel mediation</DialogTitle>
          <DialogDescription>
            {mediation.caseName} (Case #{mediation.caseNumber}). The lawyer and the mediators are notified; this cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <form id={formId} onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-4">
          <fieldset className="grid gap-2" aria-describedby={errors.refund ? errorId : undefined}>
            <legend className="mb-1 text-sm font-medium">Refund of the deposit</legend>
            {REFUND_CHOICES.map((choice) => (
              <label
                key={choice.kind}
                className={cn(
                  'flex cursor-pointer items-start gap-3 rounded-lg border p-3 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
                  refund === choice.kind && 'border-primary bg-primary/5',
                )}
              >
                <input type="radio" value={choice.kind} className="mt-1 accent-[var(--primary)]" {...form.register('refund')} />
                <span className="min-w-0">
                  <span className="block font-medium">{choice.label}</span>
                  <span className="block text-sm text-muted-foreground">{choice.description}</span>
                </span>
              </label>
            ))}
            {errors.refund ? (
              <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
                {errors.refund.message}
              </p>
            ) : null}
          </fieldset>
          <Alert tone="info">
            <p>Anything paid beyond the deposit (the balance) is always refunded in full.</p>
          </Alert>
          <RefundPreview requestId={mediation.id} kind={refund} />
          <FormField label="Reason" required error={errors.reason?.message} hint="Recorded with the cancellation and in the audit log.">
            <Textarea rows={3} maxLength={1000} aria-required="true" {...form.register('reason')} />
          </FormField>
        </form>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Keep mediation
          </Button>
          <Button type="submit" form={formId} variant="destructive" disabled={cancel.isPending}>
            {cancel.isPending ? 'Cancelling...' : 'Cancel mediation'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
