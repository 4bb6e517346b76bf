import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo, useState } from 'react';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { DISPUTE_OUTCOMES, type DisputeOutcome } from '../../../common/enums';
import { formatCents } from '../../../common/money';
import type { AdminDisputeDto } from '../../../common/schemas/disputes';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { FormField } from '../../components/ui/form-field';
import { Input, Textarea } from '../../components/ui/input';
import { toast, toastError } from '../../components/ui/use-toast';
import { applyServerErrors } from '../../lib/form-errors';
import { displayCents, displayMoney } from '../../lib/format';
import { cn } from '../../lib/utils';
import { useResolveDispute } from './api';
import { MoneyLines } from './money-lines';
import { heldCents, OUTCOME_LABELS, previewResolution, RESOLVED_LABELS, type ResolutionSplit } from './resolution';
import { refundCentsOf, resolveFormSchema, type ResolveFormOutput, type ResolveFormValues } from './resolve-form-schema';

type Form = UseFormReturn<ResolveFormValues, unknown, ResolveFormOutput>;

/** A case paid by more than one payer (decision 052): a refund goes back to each of them, not to "the lawyer". */
const sharedByPayers = (dispute: AdminDisputeDto) => dispute.payers.length > 1;

function outcomeDescription(dispute: AdminDisputeDto, outcome: DisputeOutcome): string {
  const to = sharedByPayers(dispute) ? 'the payers' : 'the lawyer';
  if (outcome === 'release') return `The mediator receives the planned ${displayMoney(dispute.mediatorPayout)} now.`;
  if (outcome === 'refund_full')
    return `${displayMoney(dispute.amountHeld)} goes back to ${to}${sharedByPayers(dispute) ? ', each what it paid' : ''}; nothing to the mediator.`;
  return `An amount you choose goes back to ${to}${sharedByPayers(dispute) ? ', shared by what each paid' : ''}; the mediator receives the rest less the ${Number(dispute.commissionPercentage)}% commission.`;
}

function OutcomeChoices({ form, dispute }: { form: Form; dispute: AdminDisputeDto }) {
  const selected = useWatch({ control: form.control, name: 'outcome' });
  const error = form.formState.errors.outcome?.message;
  const errorId = useId();
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-2 text-sm font-medium">Outcome</legend>
      {DISPUTE_OUTCOMES.map((outcome) => (
        <label
          key={outcome}
          className={cn(
            'flex cursor-pointer items-start gap-3 rounded-lg border p-3 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
            selected === outcome && 'border-primary bg-primary/5',
          )}
        >
          <input type="radio" value={outcome} className="mt-1 accent-[var(--primary)]" {...form.register('outcome')} />
          <span className="min-w-0">
            <span className="block font-medium">{OUTCOME_LABELS[outcome]}</span>
            <span className="block text-sm text-muted-foreground">{outcomeDescription(dispute, outcome)}</span>
          </span>
        </label>
      ))}
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** Who gets what, from the shared rules the server applies (dispute-resolution.ts). */
export function ResolutionPreview({ split, hint }: { split: ResolutionSplit | null; hint: string }) {
  if (!split) return <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">{hint}</p>;
  return (
    <MoneyLines
      label="Resolution preview"
      lines={[
        ...(split.toPayers.length
          ? split.toPayers.map((p) => ({ term: `Refunded to ${p.label}`, value: displayCents(p.amount) }))
          : [{ term: 'Refunded to the lawyer', value: displayCents(split.toLawyer) }]),
        { term: 'Paid to the mediator', value: displayCents(split.toMediator) },
        { term: 'Kept as platform fee', value: displayCents(split.platformFee) },
      ]}
    />
  );
}

function usePreview(form: Form, dispute: AdminDisputeDto) {
  const outcome = useWatch({ control: form.control, name: 'outcome' }) as DisputeOutcome | undefined;
  const amount = useWatch({ control: form.control, name: 'refundAmount' });
  return useMemo(() => {
    if (!outcome) return { split: null, hint: 'Choose an outcome to see who receives what.' };
    const cents = refundCentsOf(amount);
    const split = previewResolution(dispute, outcome, cents ?? null);
    return { split, hint: `Enter a refund of more than $0 and less than ${displayMoney(dispute.amountHeld)} to see the split.` };
  }, [outcome, amount, dispute]);
}

/**
 * Resolve an open dispute (RULES.md 2.5): release, full refund or partial refund, with a required note. The form is
 * checked as the server checks it, shows the split live, and asks for a confirmation before anything moves.
 */
export function ResolveDisputeDialog({ dispute, onOpenChange }: { dispute: AdminDisputeDto; onOpenChange: (open: boolean) => void }) {
  const formId = useId();
  const held = heldCents(dispute);
  const schema = useMemo(() => resolveFormSchema(held), [held]);
  const form = useForm<ResolveFormValues, unknown, ResolveFormOutput>({
    resolver: zodResolver(schema),
    defaultValues: { refundAmount: '', note: '' },
  });
  const [confirming, setConfirming] = useState<ResolveFormOutput | null>(null);
  const resolve = useResolveDispute(dispute.id);
  const preview = usePreview(form, dispute);
  const outcome = useWatch({ control: form.control, name: 'outcome' });
  const { errors } = form.formState;

  const onReview = form.handleSubmit((values) => setConfirming(values));

  const onConfirm = async () => {
    if (!confirming) return;
    const refund = confirming.outcome === 'refund_partial' ? refundCentsOf(confirming.refundAmount) : null;
    try {
      await resolve.mutateAsync({
        outcome: confirming.outcome,
        note: confirming.note,
        ...(refund ? { refundAmount: formatCents(refund) } : {}),
      });
      onOpenChange(false);
      toast({
        title: 'Dispute resolved',
        description: `${dispute.caseName}: ${RESOLVED_LABELS[confirming.outcome].toLowerCase()}. Both sides have been told.`,
      });
    } catch (error) {
      setConfirming(null);
      applyServerErrors(error, form.setError, ['outcome', 'refundAmount', 'note']);
      toastError('Failed to resolve dispute', error);
    }
  };

  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Resolve dispute</DialogTitle>
          <DialogDescription>
            {dispute.caseName} (Case #{dispute.caseNumber}): {displayMoney(dispute.amountHeld)} held.
          </DialogDescription>
        </DialogHeader>
        {confirming ? (
          <div className="grid gap-3">
            <Alert tone="warning">
              <p>
                <strong>{OUTCOME_LABELS[confirming.outcome]}?</strong> The money moves at once and this cannot be undone.{' '}
                {sharedByPayers(dispute) ? 'Both counsel and the mediator are told.' : 'The lawyer and the mediator are told.'}
              </p>
            </Alert>
            <ResolutionPreview split={preview.split} hint={preview.hint} />
          </div>
        ) : (
          <form id={formId} onSubmit={onReview} noValidate className="grid gap-4">
            <OutcomeChoices form={form} dispute={dispute} />
            {outcome === 'refund_partial' ? (
              <FormField
                label={sharedByPayers(dispute) ? 'Refund to the payers ($)' : 'Refund to the lawyer ($)'}
                required
                error={errors.refundAmount?.message}
                hint={`More than $0 and less than ${displayMoney(dispute.amountHeld)}, at most two decimals.`}
              >
                <Input inputMode="decimal" autoComplete="off" aria-required="true" {...form.register('refundAmount')} />
              </FormField>
            ) : null}
            <ResolutionPreview split={preview.split} hint={preview.hint} />
            <FormField label="Note" required error={errors.note?.message} hint="Why you decided this; kept in the audit log.">
              <Textarea rows={3} maxLength={5000} aria-required="true" {...form.register('note')} />
            </FormField>
          </form>
        )}
        <DialogFooter>
          {confirming ? (
            <>
              <Button variant="outline" onClick={() => setConfirming(null)} disabled={resolve.isPending}>
                Back
              </Button>
              <Button onClick={() => void onConfirm()} disabled={resolve.isPending}>
                {resolve.isPending ? 'Resolving...' : 'Confirm resolution'}
              </Button>
            </>
          ) : (
            <>
              <Button variant="outline" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit" form={formId}>
                Review resolution
              </Button>
            </>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
