import { zodResolver } from '@hookform/resolvers/zod';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { CaseSide } from '../../../common/enums';
import { AttendeeInputSchema, type SchedulingDto } from '../../../common/schemas/scheduling';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { toast, toastError } from '../../components/ui/use-toast';
import { applyServerErrors } from '../../lib/form-errors';
import { useAddAttendee, useRemoveAttendee } from './api';
import { sideAttendees, type SchedulingView } from './view';

type Attendee = SchedulingDto['attendees'][number];
type AttendeeValues = z.input<typeof AttendeeInputSchema>;
type AttendeeBody = z.output<typeof AttendeeInputSchema>;
const FIELDS = ['name', 'email', 'role', 'required'];

function AddAttendeeForm({ requestId, onDone }: { requestId: string; onDone: () => void }) {
  const add = useAddAttendee(requestId);
  const [message, setMessage] = useState<string | null>(null);
  const form = useForm<AttendeeValues, unknown, AttendeeBody>({
    resolver: zodResolver(AttendeeInputSchema),
    defaultValues: { name: '', email: '', role: '', required: true },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    setMessage(null);
    try {
      await add.mutateAsync(values);
      toast({ title: 'Attendee added', description: `${values.name} is asked for the next date poll and invited to the session.` });
      form.reset();
      onDone();
    } catch (error) {
      applyServerErrors(error, form.setError, FIELDS);
      setMessage(error instanceof Error ? error.message : String(error));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3 rounded-lg border p-3" aria-label="Add attendee">
      <div className="grid gap-3 sm:grid-cols-3">
        <FormField label="Name" required error={errors.name?.message}>
          <Input autoComplete="off" maxLength={200} {...form.register('name')} />
        </FormField>
        <FormField label="E-mail" required error={errors.email?.message}>
          <Input type="email" autoComplete="off" maxLength={254} {...form.register('email')} />
        </FormField>
        <FormField label="Role" required error={errors.role?.message} hint="For example: Client, Insurer’s representative">
          <Input maxLength={100} {...form.register('role')} />
        </FormField>
      </div>
      <label className="flex items-start gap-3 text-sm">
        <input type="checkbox" className="mt-0.5 size-4 accent-primary" {...form.register('required')} />
        <span>
          <span className="font-medium">Required</span>
          <span className="block text-muted-foreground">A time is only proposed when every required attendee can make it.</span>
        </span>
      </label>
      {errors.required?.message ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {errors.required.message}
        </p>
      ) : null}
      {message ? (
        <Alert tone="destructive">
          <p>{message}</p>
        </Alert>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Adding...' : 'Add attendee'}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function AttendeeItem({ view, attendee }: { view: SchedulingView; attendee: Attendee }) {
  const remove = useRemoveAttendee(view.requestId);
  const onRemove = () =>
    remove
      .mutateAsync(attendee.id)
      .then(() => toast({ title: 'Attendee removed', description: `${attendee.name} is no longer asked or invited.` }))
      .catch((e) => toastError('Could not remove the attendee', e));
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3" data-testid="attendee">
      <div className="min-w-0">
        <p className="text-sm font-medium wrap-anywhere">
          {attendee.name}
          {attendee.isCounsel ? <span className="font-normal text-muted-foreground"> (counsel)</span> : null}
        </p>
        <p className="text-xs text-muted-foreground wrap-anywhere">
          {attendee.role} · {attendee.email}
        </p>
      </div>
      <div className="flex items-center gap-2">
        <Badge tone={attendee.required ? 'blue' : 'muted'}>{attendee.required ? 'Required' : 'Optional'}</Badge>
        {view.editable && !attendee.isCounsel ? (
          <Button variant="outline" size="sm" onClick={() => void onRemove()} disabled={remove.isPending} aria-label={`Remove ${attendee.name}`}>
            Remove
          </Button>
        ) : null}
      </div>
    </li>
  );
}

/** Counsel's own side's attendees: who is asked in the date poll and invited to the session. */
export function AttendeesSection({ view, side }: { view: SchedulingView; side: CaseSide }) {
  const [adding, setAdding] = useState(false);
  const attendees = sideAttendees(view.scheduling.attendees, side);
  return (
    <section className="grid min-w-0 gap-3" aria-labelledby="attendees-title">
      <div className="grid gap-1">
        <h3 id="attendees-title" className="font-semibold">
          Your side’s attendees
        </h3>
        <p className="text-sm text-muted-foreground">Everyone listed answers the date poll (you answer for them) and receives the invite.</p>
      </div>
      {attendees.length ? (
        <ul className="grid gap-2">
          {attendees.map((a) => (
            <AttendeeItem key={a.id} view={view} attendee={a} />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">You attend as counsel. Add your client and anyone else who should be there.</p>
      )}
      {view.editable && adding ? <AddAttendeeForm requestId={view.requestId} onDone={() => setAdding(false)} /> : null}
      {view.editable && !adding ? (
        <Button variant="outline" className="justify-self-start" onClick={() => setAdding(true)}>
          <UserPlus aria-hidden="true" />
          Add attendee
        </Button>
      ) : null}
    </section>
  );
}
