import { useMutation } from '@tanstack/react-query';
import { Handshake } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { RequestDto } from '../../../common/api-types';
import type { SubscriptionTier } from '../../../common/enums';
import { FREE_TIER_COUNTEROFFER } from '../../../common/schemas/requests';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { FormField } from '../../components/ui/form-field';
import { Input, Textarea } from '../../components/ui/input';
import { toast, toastError } from '../../components/ui/use-toast';
import { ApiError, apiRequest } from '../../lib/api-client';
import { displayMoney } from '../../lib/format';
import { refreshRequests } from './api';

/** The accept card and dialog (spec 2 + RULES.md 5: counteroffer for Pro/Unlimited, conflict-of-interest check). */
export function AcceptCard({ request, tier }: { request: RequestDto; tier: SubscriptionTier }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [rate, setRate] = useState('');
  const [note, setNote] = useState('');
  const [noConflict, setNoConflict] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const canCounter = tier !== 'free';
  const accept = useMutation({
    mutationFn: () =>
      apiRequest('POST', `/api/requests/${request.id}/accept`, {
        ...(canCounter ? { proposedRate: rate.trim() || null, note: note.trim() || null } : {}),
        noConflictConfirmed: noConflict,
      }),
  });
  const onConfirm = async () => {
    setErrors({});
    try {
      await accept.mutateAsync();
      setOpen(false);
      toast({ title: 'Request Accepted', description: 'The lawyer has been notified of your acceptance.' });
      await refreshRequests();
      navigate('/requests');
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.fieldErrors);
      toastError('Acceptance Failed', error);
    }
  };
  const parties = [request.opposingLawyerName, request.opposingLawyerFirmName].filter(Boolean).join(', ');
  return (
    <Card className="border-primary/40">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Handshake className="size-5 text-primary" aria-hidden="true" />
          Accept this request
        </CardTitle>
        <CardDescription>
          Your payout: <strong className="text-foreground">{displayMoney(request.mediatorPayout)}</strong>. The lawyer chooses among the first three mediators who accept.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button onClick={() => setOpen(true)}>Accept Request</Button>
      </CardContent>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Accept {request.caseName}</DialogTitle>
            <DialogDescription>Case #{request.caseNumber} · {request.jurisdiction}</DialogDescription>
          </DialogHeader>
          {canCounter ? (
            <div className="grid gap-4">
              <FormField label="Proposed rate ($/hour, optional)" hint={`Leave blank to accept the original rate${request.hourlyRate ? ` of ${displayMoney(request.hourlyRate)}/hour` : ''}.`} error={errors.proposedRate}>
                <Input type="number" min={1} step="0.01" inputMode="decimal" value={rate} onChange={(e) => setRate(e.target.value)} />
              </FormField>
              <FormField label="Note to the lawyer (optional)" error={errors.note}>
                <Textarea rows={3} value={note} onChange={(e) => setNote(e.target.value)} />
              </FormField>
            </div>
          ) : (
            <Alert tone="info">
              <p>{FREE_TIER_COUNTEROFFER}</p>
            </Alert>
          )}
          <label className="flex items-start gap-3 rounded-md border p-3 text-sm">
            <input type="checkbox" className="mt-0.5 size-4" checked={noConflict} onChange={(e) => setNoConflict(e.target.checked)} />
            <span>
              I confirm I have no conflict of interest with the parties{parties ? ` (opposing counsel: ${parties})` : ''}.
            </span>
          </label>
          {errors.noConflictConfirmed ? <p className="text-sm font-medium text-destructive">{errors.noConflictConfirmed}</p> : null}
          <DialogFooter>
            <Button variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button onClick={() => void onConfirm()} disabled={!noConflict || accept.isPending}>
              {accept.isPending ? 'Accepting...' : 'Confirm Acceptance'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
