import { zodResolver } from '@hookform/resolvers/zod';
import { ClipboardCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import type { RequestDto } from '../../../common/api-types';
import { CompleteSchema } from '../../../common/schemas/after-match';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { FormField } from '../../components/ui/form-field';
import { Textarea } from '../../components/ui/input';
import { toast, toastError } from '../../components/ui/use-toast';
import { applyServerErrors } from '../../lib/form-errors';
import { displayMoney } from '../../lib/format';
import { useCompleteRequest } from './api';

type CompleteValues = z.input<typeof CompleteSchema>;
type CompleteBody = z.output<typeof CompleteSchema>;
const FIELDS = ['completionResults', 'deliverables', 'mediatorProposal'];

/**
 * The completion dialog (spec 2 + 5): results required (confirm disabled while they are blank), deliverables and the
 * final proposal optional. Checked with the shared CompleteSchema, so the form reports the server's words.
 */
export function CompletionDialog({ request, open, onOpenChange }: { request: RequestDto; open: boolean; onOpenChange: (open: boolean) => void }) {
  const navigate = useNavigate();
  const formId = useId();
  const complete = useCompleteRequest(request.id);
  const form = useForm<CompleteValues, unknown, CompleteBody>({
    resolver: zodResolver(CompleteSchema),
    defaultValues: { completionResults: '', deliverables: '', mediatorProposal: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const results = useWatch({ control: form.control, name: 'completionResults' }) ?? '';

  const onConfirm = form.handleSubmit(async (values) => {
    try {
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
