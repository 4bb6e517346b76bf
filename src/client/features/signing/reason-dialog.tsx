import { useState, type ReactNode } from 'react';
import { ReasonInputSchema } from '../../../common/schemas/signing';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { FormField } from '../../components/ui/form-field';
import { Textarea } from '../../components/ui/input';
import { ApiError } from '../../lib/api-client';
import { messageOf } from './view';

/** A refusal that says why (declining a proposal, refusing to sign): the reason is checked, then sent. */
export function ReasonDialog({
  open,
  onOpenChange,
  title,
  description,
  hint,
  action,
  pending,
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  hint: string;
  /** The confirming button's words, e.g. "Refuse to sign". */
  action: string;
  pending: boolean;
  onSubmit: (reason: string) => Promise<unknown>;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<{ reason?: string; message?: string }>({});
  const close = () => {
    onOpenChange(false);
    setReason('');
    setError({});
  };
  const submit = async () => {
    const checked = ReasonInputSchema.safeParse({ reason });
    if (!checked.success) return setError({ reason: checked.error.issues[0].message });
    setError({});
    try {
      await onSubmit(checked.data.reason);
      close();
    } catch (e) {
      const field = e instanceof ApiError ? e.fieldErrors.reason : undefined;
      setError({ reason: field, message: field ? undefined : messageOf(e) });
    }
  };
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && (next ? onOpenChange(true) : close())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <FormField label="Reason" required error={error.reason} hint={hint}>
          <Textarea rows={3} maxLength={1000} value={reason} onChange={(e) => setReason(e.target.value)} />
        </FormField>
        {error.message ? (
          <Alert tone="destructive">
            <p>{error.message}</p>
          </Alert>
        ) : null}
        <DialogFooter>
          <Button variant="outline" onClick={close} disabled={pending}>
            Go back
          </Button>
          <Button variant="destructive" onClick={() => void submit()} disabled={pending}>
            {pending ? 'Sending...' : action}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
