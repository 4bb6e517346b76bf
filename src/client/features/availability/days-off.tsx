import { zodResolver } from '@hookform/resolvers/zod';
import { CalendarOff, Trash2 } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { AvailabilityExceptionInputSchema, type AvailabilityDto } from '../../../common/schemas/scheduling';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { toast, toastError } from '../../components/ui/use-toast';
import { applyServerErrors } from '../../lib/form-errors';
import { formatDate } from '../../lib/format';
import { useAddDaysOff, useRemoveDaysOff } from './api';

type DaysOffValues = z.input<typeof AvailabilityExceptionInputSchema>;
type Blocked = AvailabilityDto['exceptions'][number];

const rangeText = ({ startDate, endDate }: Blocked) => (startDate === endDate ? formatDate(startDate) : `${formatDate(startDate)} – ${formatDate(endDate)}`);

function AddDaysOffForm() {
  const add = useAddDaysOff();
  const form = useForm<DaysOffValues>({ resolver: zodResolver(AvailabilityExceptionInputSchema), defaultValues: { startDate: '', endDate: '', note: '' } });
  const { errors } = form.formState;
  const startDate = useWatch({ control: form.control, name: 'startDate' });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await add.mutateAsync(values);
      form.reset();
      toast({ title: 'Days off added', description: 'Date polls drawn from your hours skip these dates.' });
    } catch (error) {
      if (!applyServerErrors(error, form.setError, ['startDate', 'endDate', 'note']))
        form.setError('root', { message: error instanceof Error ? error.message : String(error) });
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 rounded-lg border p-4" aria-label="Add days off">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="From" error={errors.startDate?.message} className="content-start">
          <Input
            type="date"
            {...form.register('startDate', {
              // A single day off is the common case: the last day follows the first until it is set.
              onChange: (e: { target: { value: string } }) => {
                if (!form.getValues('endDate')) form.setValue('endDate', e.target.value);
              },
            })}
          />
        </FormField>
        <FormField label="To" hint="The last day off, included." error={errors.endDate?.message} className="content-start">
          <Input type="date" min={startDate || undefined} {...form.register('endDate')} />
        </FormField>
      </div>
      <FormField label="Note (optional)" hint="Only you see it." error={errors.note?.message}>
        <Input maxLength={200} placeholder="e.g. Holiday" {...form.register('note')} />
      </FormField>
      {errors.root ? <Alert tone="destructive">{errors.root.message}</Alert> : null}
      <Button type="submit" variant="outline" disabled={add.isPending} className="justify-self-start">
        {add.isPending ? 'Adding...' : 'Add days off'}
      </Button>
    </form>
  );
}

/** Blocked dates (holidays, hearings elsewhere), read in the mediator's zone: times drawn from the hours skip them. */
export function DaysOff({ exceptions }: { exceptions: AvailabilityDto['exceptions'] }) {
  const remove = useRemoveDaysOff();
  const removeOne = async (blocked: Blocked) => {
    try {
      await remove.mutateAsync(blocked.id);
      toast({ title: 'Days off removed', description: `${rangeText(blocked)} is open again.` });
    } catch (error) {
      toastError('Could not remove the days off', error);
    }
  };
  return (
    <section className="grid gap-4" aria-labelledby="days-off-title">
      <div>
        <h3 id="days-off-title" className="font-semibold">
          Days off
        </h3>
        <p className="text-sm text-muted-foreground">Date polls drawn from your hours skip these dates (read in the zone of your hours).</p>
      </div>
      {exceptions.length === 0 ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <CalendarOff className="size-4" aria-hidden="true" />
          No days off.
        </p>
      ) : (
        <ul className="divide-y rounded-lg border">
          {exceptions.map((blocked) => (
            <li key={blocked.id} className="flex items-center justify-between gap-3 px-4 py-2">
              <div className="min-w-0 wrap-anywhere">
                <p className="font-medium">{rangeText(blocked)}</p>
                {blocked.note ? <p className="text-sm text-muted-foreground">{blocked.note}</p> : null}
              </div>
              <Button variant="ghost" size="sm" disabled={remove.isPending} onClick={() => void removeOne(blocked)} aria-label={`Remove ${rangeText(blocked)}`}>
                <Trash2 aria-hidden="true" />
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <AddDaysOffForm />
    </section>
  );
}
