import { zodResolver } from '@hookform/resolvers/zod';
import { ClipboardCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import type { RequestDto } from '../../../common/api-types';
import { dateIn } from '../../../common/domain/date-range';
import { OUTCOME_LABELS } from '../../../common/domain/signing';
import { MEDIATION_OUTCOMES } from '../../../common/enums';
import { CompleteSchema } from '../../../common/schemas/after-match';
import { OutcomeInputSchema } from '../../../common/schemas/signing';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { FormField } from '../../components/ui/form-field';
import { Input, Textarea } from '../../components/ui/input';
import { NativeSelect } from '../../components/ui/native-select';
import { toast, toastError } from '../../components/ui/use-toast';
import { applyServerErrors } from '../../lib/form-errors';
import { displayMoney } from '../../lib/format';
import { browserTimeZone } from '../../lib/time-zone';
import { useCompleteRequest } from './api';

const { completionResults, deliverables, mediatorProposal } = CompleteSchema.shape;

/**
 * The spec's fields, and the outcome beside them (issue 26): '' is "Not recorded", and then neither the outcome nor
 * its date is sent, so the spec's own call is unchanged. A chosen outcome needs its date, checked in the shared words.
 * Built from the API schema's fields, not by extending it: zod refuses to overwrite keys of a schema with refinements.
 */
const CompletionFormSchema = z
  .object({
    completionResults,
    deliverables,
    mediatorProposal,
    outcome: z.union([z.literal(''), z.enum(MEDIATION_OUTCOMES)]),
    outcomeDate: z.string(),
  })
  .superRefine(({ outcome, outcomeDate }, ctx) => {
    if (!outcome) return;
    const checked = OutcomeInputSchema.shape.outcomeDate.unwrap().safeParse(outcomeDate);
    if (!checked.success) ctx.addIssue({ code: 'custom', path: ['outcomeDate'], message: checked.error.issues[0].message });
  })
  .transform(({ outcome, outcomeDate, ...spec }) => (outcome ? { ...spec, outcome, outcomeDate } : spec));

type CompleteValues = z.input<typeof CompletionFormSchema>;
type CompleteBody = z.output<typeof CompletionFormSchema>;
type CompletionForm = UseFormReturn<CompleteValues, unknown, CompleteBody>;
const FIELDS = ['completionResults', 'deliverables', 'mediatorProposal', 'outcome', 'outcomeDate'];

/** What the outcome certificate will say: the outcome and its date, which is today in the browser's zone unless changed. */
function OutcomeFields({ form }: { form: CompletionForm }) {
  const { errors } = form.formState;
  const outcome = useWatch({ control: form.control, name: 'outcome' });
  return (
    <fieldset className="grid gap-4 rounded-lg border p-4">
      <legend className="px-1 text-sm font-medium">Outcome (optional)</legend>
      <FormField label="Outcome" error={errors.outcome?.message} hint="Only the outcome and the date go on the outcome certificate, never the terms.">
        <NativeSelect
          {...form.register('outcome', {
            onChange: (e: { target: { value: string } }) => {
              if (e.target.value && !form.getValues('outcomeDate')) form.setValue('outcomeDate', dateIn(new Date(), browserTimeZone()));
            },
          })}
        >
          <option value="">Not recorded</option>
          {MEDIATION_OUTCOMES.map((value) => (
            <option key={value} value={value}>
              {OUTCOME_LABELS[value]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      {outcome ? (
        <FormField label="Date of the mediation" error={errors.outcomeDate?.message}>
          <Input type="date" {...form.register('outcomeDate')} />
        </FormField>
      ) : null}
    </fieldset>
  );
}

/**
 * The completion dialog (spec 2 + 5): results required (confirm disabled while they are blank), deliverables and the
 * final proposal optional, and the outcome for the certificate optional (issue 26). Checked with the shared schemas,
 * so the form reports the server's words.
 */
export function CompletionDialog({ request, open, onOpenChange }: { request: RequestDto; open: boolean; onOpenChange: (open: boolean) => void }) {
  const navigate = useNavigate();
  const formId = useId();
  const complete = useCompleteRequest(request.id);
  const form: CompletionForm = useForm<CompleteValues, unknown, CompleteBody>({
    resolver: zodResolver(CompletionFormSchema),
    defaultValues: { completionResults: '', deliverables: '', mediatorProposal: '', outcome: '', outcomeDate: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const results = useWatch({ control: form.control, name: 'completionResults' }) ?? '';

  const onConfirm = form.handleSubmit(async (values) => {
    try {
      // The hook is typed with the spec's fields; a chosen outcome and its date go in the same body.
      await complete.mutateAsync(values);
      onOpenChange(false);
      toast({ title: 'Request Completed', description: 'The lawyer has been notified. Thank you for completing the mediation.' });
      navigate('/requests');
    } catch (error) {
      applyServerErrors(error, form.setError, FIELDS);
      toastError('Completion Failed', error);
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Complete {request.caseName}</DialogTitle>
          <DialogDescription>Record the outcome. The lawyer is notified, and your payout is scheduled.</DialogDescription>
        </DialogHeader>
        <form id={formId} onSubmit={onConfirm} noValidate className="grid gap-4">
          <FormField
            label="Completion results"
            required
            error={errors.completionResults?.message}
            hint="The outcome of the mediation, e.g. a settlement reached."
          >
            <Textarea rows={4} aria-required="true" {...form.register('completionResults')} />
          </FormField>
          <FormField label="Deliverables (optional)" error={errors.deliverables?.message}>
            <Textarea rows={3} {...form.register('deliverables')} />
          </FormField>
          <FormField label="Final proposal (optional)" error={errors.mediatorProposal?.message}>
            <Textarea rows={3} {...form.register('mediatorProposal')} />
          </FormField>
          <OutcomeFields form={form} />
        </form>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={!results.trim() || isSubmitting}>
            {isSubmitting ? 'Completing...' : 'Confirm Completion'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** 'Mark as Complete' for the selected mediator while the request is matched or in progress (spec 2). */
export function CompleteCard({ request }: { request: RequestDto }) {
  const [open, setOpen] = useState(false);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ClipboardCheck className="size-5 text-primary" aria-hidden="true" />
          Mark as Complete
        </CardTitle>
        <CardDescription>
          When the mediation has taken place, record its results. Your payout of {displayMoney(request.mediatorPayout)} is then released automatically.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button onClick={() => setOpen(true)}>Mark as Complete</Button>
        <CompletionDialog request={request} open={open} onOpenChange={setOpen} />
      </CardContent>
    </Card>
  );
}
