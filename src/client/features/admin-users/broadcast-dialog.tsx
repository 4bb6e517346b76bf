import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { BroadcastInputSchema } from '../../../common/schemas/admin-broadcast';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { FormField } from '../../components/ui/form-field';
import { Input, Textarea } from '../../components/ui/input';
import { toast, toastError } from '../../components/ui/use-toast';
import { ApiError } from '../../lib/api-client';
import { useBroadcast } from './api';

/** The server's own fields, limits and texts (BroadcastInputSchema), checked before sending (DESIGN 4: written once). */
const BroadcastFormSchema = BroadcastInputSchema.shape.notification.pick({ title: true, message: true });
const TITLE_MAX = BroadcastFormSchema.shape.title.maxLength ?? 120;
const MESSAGE_MAX = BroadcastFormSchema.shape.message.maxLength ?? 1000;
type BroadcastValues = z.infer<typeof BroadcastFormSchema>;

/** The server names the fields `notification.title` / `notification.message`. */
function placeServerErrors(error: unknown, setError: (field: keyof BroadcastValues, message: string) => void): void {
  if (!(error instanceof ApiError)) return;
  for (const field of ['title', 'message'] as const) {
    const message = error.fieldErrors[`notification.${field}`] ?? error.fieldErrors[field];
    if (message) setError(field, message);
  }
}

function Counter({ value, max }: { value: string | undefined; max: number }) {
  return (
    <span>
      {(value ?? '').length} / {max} characters
    </span>
  );
}

function BroadcastForm({ onDone }: { onDone: () => void }) {
  const formId = useId();
  const broadcast = useBroadcast();
  const form = useForm<BroadcastValues>({ resolver: zodResolver(BroadcastFormSchema), defaultValues: { title: '', message: '' } });
  const [title, message] = useWatch({ control: form.control, name: ['title', 'message'] });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const { sent } = await broadcast.mutateAsync({ notification: { type: 'broadcast', title: values.title, message: values.message } });
      toast({
        title: 'Notification broadcast successfully',
        description: sent === 1 ? 'Sent to 1 user.' : `Sent to ${sent.toLocaleString()} users.`,
        variant: 'success',
      });
      onDone();
    } catch (error) {
      placeServerErrors(error, (field, text) => form.setError(field, { type: 'server', message: text }));
      toastError('Failed to broadcast notification', error);
    }
  });

  return (
    <>
      <form id={formId} onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-4">
        <FormField label="Title" required error={errors.title?.message} hint={<Counter value={title} max={TITLE_MAX} />}>
          <Input autoComplete="off" aria-required="true" {...form.register('title')} />
        </FormField>
        <FormField label="Message" required error={errors.message?.message} hint={<Counter value={message} max={MESSAGE_MAX} />}>
          <Textarea rows={5} aria-required="true" {...form.register('message')} />
        </FormField>
      </form>
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={broadcast.isPending}>
          Cancel
        </Button>
        <Button type="submit" form={formId} disabled={broadcast.isPending}>
          {broadcast.isPending ? 'Sending...' : 'Send to all users'}
        </Button>
      </DialogFooter>
    </>
  );
}

/**
 * 'Broadcast notification' (spec 7): a title and a message sent as a `broadcast` notification to every active user
 * (verified, not suspended) except you. In-app only: no e-mail goes out. Opened by BroadcastButton.
 */
export function BroadcastDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Broadcast notification</DialogTitle>
          <DialogDescription>Every active user (e-mail verified, not suspended) sees it in their notifications. No e-mail is sent.</DialogDescription>
        </DialogHeader>
        {open ? <BroadcastForm onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}
