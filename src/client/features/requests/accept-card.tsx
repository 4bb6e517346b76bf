import { zodResolver } from '@hookform/resolvers/zod';
import { Handshake } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { RequestDto } from '../../../common/api-types';
import type { SubscriptionTier } from '../../../common/enums';
import type { z } from 'zod';
import { AcceptSchema, FREE_TIER_COUNTEROFFER } from '../../../common/schemas/requests';
import { DISCLOSURE_REQUIRED } from '../../../common/schemas/cases';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { FormField } from '../../components/ui/form-field';
import { Input, Textarea } from '../../components/ui/input';
import { toast, toastError } from '../../components/ui/use-toast';
import { applyServerErrors } from '../../lib/form-errors';
import { displayMoney } from '../../lib/format';
import { useAccept } from './api';
import { ConflictMatchList } from './disclosure-block';
import { useConflictPreview } from './parties-api';

type AcceptValues = z.input<typeof AcceptSchema>;
type AcceptBody = z.output<typeof AcceptSchema>;
const FIELDS = ['proposedRate', 'note', 'noConflictConfirmed', 'disclosure'];

/**
 * The accept card and dialog (spec 2 + RULES.md 5: counteroffer for Pro/Unlimited, conflict-of-interest check). The
 * form is checked with the shared AcceptSchema, so it reports the server's words.
 */
export function AcceptCard({ request, tier }: { request: RequestDto; tier: SubscriptionTier }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const formId = useId();
  const accept = useAccept(request.id);
  // The checkbox starts unticked; the schema's literal `true` is what it must become, so no default is given.
  const form = useForm<AcceptValues, unknown, AcceptBody>({
    resolver: zodResolver(AcceptSchema),
    defaultValues: { proposedRate: '', note: '', disclosure: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const canCounter = tier !== 'free';
  const confirmed = useWatch({ control: form.control, name: 'noConflictConfirmed' }) === true;
  // The conflict check's preview (decision 047): names of this case met in the mediator's earlier cases.
  const preview = useConflictPreview(request.id, open);
  const matches = preview.data?.matches ?? [];

  const onConfirm = form.handleSubmit(async ({ disclosure, ...values }) => {
    if (matches.length && !disclosure) {
      form.setError('disclosure', { message: DISCLOSURE_REQUIRED });
      return;
    }
    try {
      // Free-tier mediators send no counteroffer fields at all (RULES.md 5); no disclosure field unless one is written.
      const fields = canCounter ? values : { noConflictConfirmed: values.noConflictConfirmed };
      await accept.mutateAsync(disclosure ? { ...fields, disclosure } : fields);
      setOpen(false);
      toast({ title: 'Request Accepted', description: 'The lawyer has been notified of your acceptance.' });
      navigate('/requests');
    } catch (error) {
      applyServerErrors(error, form.setError, FIELDS);
      toastError('Acceptance Failed', error);
    }
  });
  const parties = [request.opposingLawyerName, request.opposingLawyerFirmName].filter(Boolean).join(', ');
  return (
    <Card className="border-primary/40">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Handshake className="size-5 text-primary" aria-hidden="true" />
          Accept this request
        </CardTitle>
        <CardDescription>
          Your payout: <strong className="text-foreground">{displayMoney(request.mediatorPayout)}</strong>. The lawyer chooses among the first three mediators
          who accept.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button onClick={() => setOpen(true)}>Accept Request</Button>
      </CardContent>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Accept {request.caseName}</DialogTitle>
            <DialogDescription>
              Case #{request.caseNumber} · {request.jurisdiction}
            </DialogDescription>
          </DialogHeader>
          <form id={formId} onSubmit={onConfirm} noValidate className="grid gap-4">
            {matches.length ? (
              <>
                <Alert tone="warning">
                  <div className="grid min-w-0 gap-2">
                    <p className="font-medium">Possible conflict: names of this case appear in your earlier cases.</p>
                    <ConflictMatchList matches={matches} />
                  </div>
                </Alert>
                <FormField
                  label="Disclosure"
                  required
                  hint="Describe your earlier involvement. Both sides read it before a mediator is selected."
                  error={errors.disclosure?.message}
                >
                  <Textarea rows={4} {...form.register('disclosure')} />
                </FormField>
              </>
            ) : null}
            {canCounter ? (
              <>
                <FormField
                  label="Proposed rate ($/hour, optional)"
                  hint={`Leave blank to accept the original rate${request.hourlyRate ? ` of ${displayMoney(request.hourlyRate)}/hour` : ''}.`}
                  error={errors.proposedRate?.message}
                >
                  <Input type="number" min={1} step="0.01" inputMode="decimal" {...form.register('proposedRate')} />
                </FormField>
                <FormField label="Note to the lawyer (optional)" error={errors.note?.message}>
                  <Textarea rows={3} {...form.register('note')} />
                </FormField>
              </>
            ) : (
              <Alert tone="info">
                <p>{FREE_TIER_COUNTEROFFER}</p>
              </Alert>
            )}
            <div className="grid gap-2">
              <label className="flex items-start gap-3 rounded-md border p-3 text-sm">
                <input
                  type="checkbox"
                  className="mt-0.5 size-4 shrink-0"
                  aria-invalid={errors.noConflictConfirmed ? true : undefined}
                  aria-describedby={errors.noConflictConfirmed ? `${formId}-conflict` : undefined}
                  {...form.register('noConflictConfirmed')}
                />
                <span className="min-w-0 wrap-anywhere">
                  {matches.length ? 'Apart from what I disclose above, I' : 'I'} confirm I have no conflict of interest with the parties
                  {parties ? ` (opposing counsel: ${parties})` : ''}.
                </span>
              </label>
              {errors.noConflictConfirmed ? (
                <p id={`${formId}-conflict`} role="alert" className="text-sm font-medium text-destructive">
                  {errors.noConflictConfirmed.message}
                </p>
              ) : null}
            </div>
          </form>
          <DialogFooter>
            <Button variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" form={formId} disabled={!confirmed || isSubmitting}>
              {isSubmitting ? 'Accepting...' : 'Confirm Acceptance'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
