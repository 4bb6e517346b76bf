import { zodResolver } from '@hookform/resolvers/zod';
import { Info } from 'lucide-react';
import { useController, useForm } from 'react-hook-form';
import { SESSION_LENGTHS, WEEKDAYS } from '../../../common/domain/scheduling';
import { AvailabilityInputSchema, type AvailabilityDto, type AvailabilityInput } from '../../../common/schemas/scheduling';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { NativeSelect } from '../../components/ui/native-select';
import { QueryError } from '../../components/ui/query-error';
import { Separator } from '../../components/ui/separator';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/use-toast';
import { applyServerErrors } from '../../lib/form-errors';
import { useAvailability, useSaveAvailability } from './api';
import { DaysOff } from './days-off';
import { browserTimeZone } from '../../lib/time-zone';
import { TimeZoneInput } from './time-zone-input';
import { WeeklyHoursFields, type AvailabilityForm, type AvailabilityFormValues } from './weekly-hours-fields';

const hoursText = (minutes: number) => `${minutes / 60} hour${minutes === 60 ? '' : 's'}`;
/** 1 to 12 hours in half hours; half and full days are offered by name above them. */
const OTHER_LENGTHS = Array.from({ length: 23 }, (_, i) => 60 + i * 30).filter((m) => m !== SESSION_LENGTHS.half_day && m !== SESSION_LENGTHS.full_day);

/** Every field the server may name, so its errors land under the field they are about. */
const SERVER_FIELDS = [
  'timeZone',
  'weekly',
  'sessionMinutes',
  'cancellationWindowHours',
  'meetingLink',
  ...WEEKDAYS.flatMap((day) => [0, 1, 2, 3].flatMap((i) => [`weekly.${day}.${i}.start`, `weekly.${day}.${i}.end`])),
];

/** The form's values for saved availability, or for the defaults (read in the browser's zone until saved). */
function formValues(dto: AvailabilityDto): AvailabilityFormValues {
  return {
    timeZone: dto.saved ? dto.timeZone : browserTimeZone(),
    weekly: Object.fromEntries(
      WEEKDAYS.map((day) => [day, (dto.weekly[day] ?? []).map(({ start, end }) => ({ start, end }))]),
    ) as AvailabilityFormValues['weekly'],
    sessionMinutes: dto.sessionMinutes,
    cancellationWindowHours: dto.cancellationWindowHours,
    meetingLink: dto.meetingLink ?? '',
  };
}

function ZoneField({ form }: { form: AvailabilityForm }) {
  const {
    field: { ref, value, onChange, onBlur },
  } = useController({ control: form.control, name: 'timeZone' });
  return (
    <FormField label="Zone of these hours" error={form.formState.errors.timeZone?.message} className="max-w-md">
      <TimeZoneInput name="timeZone" value={value} onChange={(e) => onChange(e.target.value)} onBlur={onBlur} ref={ref} />
    </FormField>
  );
}

function AvailabilityFormBody({ dto }: { dto: AvailabilityDto }) {
  const save = useSaveAvailability();
  const form: AvailabilityForm = useForm<AvailabilityFormValues, unknown, AvailabilityInput>({
    resolver: zodResolver(AvailabilityInputSchema),
    defaultValues: formValues(dto),
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      form.reset(formValues(await save.mutateAsync(values)));
      toast({ title: 'Availability saved', description: 'Date polls draw candidate times from these hours.' });
    } catch (error) {
      if (!applyServerErrors(error, form.setError, SERVER_FIELDS)) form.setError('root', { message: error instanceof Error ? error.message : String(error) });
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-6">
      {dto.saved ? null : (
        <Alert tone="info">
          <Info aria-hidden="true" />
          <p>These are the defaults: you have not saved your availability yet. Date polls draw from them until you save.</p>
        </Alert>
      )}
      <ZoneField form={form} />
      <WeeklyHoursFields form={form} />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Default session length" error={errors.sessionMinutes?.message} className="content-start">
          <NativeSelect {...form.register('sessionMinutes', { valueAsNumber: true })}>
            <option value={SESSION_LENGTHS.half_day}>Half day (4 hours)</option>
            <option value={SESSION_LENGTHS.full_day}>Full day (8 hours)</option>
            <optgroup label="Other lengths">
              {OTHER_LENGTHS.map((minutes) => (
                <option key={minutes} value={minutes}>
                  {hoursText(minutes)}
                </option>
              ))}
            </optgroup>
          </NativeSelect>
        </FormField>
        <FormField
          label="Cancellation window (hours)"
          hint="A cancellation later than this before a session is marked late"
          error={errors.cancellationWindowHours?.message}
          className="content-start"
        >
          <Input type="number" inputMode="numeric" min={0} max={336} step={1} {...form.register('cancellationWindowHours', { valueAsNumber: true })} />
        </FormField>
      </div>
      <FormField label="Meeting link" hint="The video call your sessions use unless a date poll gives another." error={errors.meetingLink?.message}>
        <Input type="url" inputMode="url" placeholder="https://…" {...form.register('meetingLink')} />
      </FormField>
      {errors.root ? <Alert tone="destructive">{errors.root.message}</Alert> : null}
      <Button type="submit" disabled={save.isPending} className="justify-self-start">
        {save.isPending ? 'Saving...' : 'Save availability'}
      </Button>
    </form>
  );
}

/** A mediator's availability (issue 25): weekly hours in their zone, session length, cancellation window, link, days off. */
export function AvailabilityCard() {
  const availability = useAvailability(true);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Availability</CardTitle>
        <CardDescription>The hours date polls offer your cases, and the terms your sessions are held under.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {availability.isPending ? (
          <div className="grid gap-3" role="status" aria-label="Loading your availability">
            <Skeleton className="h-10 max-w-md" />
            <Skeleton className="h-64" />
          </div>
        ) : availability.isError ? (
          <QueryError error={availability.error} onRetry={availability.refetch} retrying={availability.isRefetching} />
        ) : (
          <>
            <AvailabilityFormBody dto={availability.data} />
            <Separator />
            <DaysOff exceptions={availability.data.exceptions} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
