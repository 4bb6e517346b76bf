import { Plus, X } from 'lucide-react';
import { useController, useFieldArray, type UseFormReturn } from 'react-hook-form';
import { WEEKDAYS, type Weekday } from '../../../common/domain/scheduling';
import type { z } from 'zod';
import type { AvailabilityInput, AvailabilityInputSchema } from '../../../common/schemas/scheduling';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';

export type AvailabilityForm = UseFormReturn<AvailabilityFormValues, unknown, AvailabilityInput>;
export type AvailabilityFormValues = z.input<typeof AvailabilityInputSchema>;

const DAY_NAMES: Record<Weekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};
const MAX_PERIODS = 4;
const QUARTER_HOUR_S = 900;
const DAY_MINUTES = 24 * 60;
// On a phone the two times share the row with the Remove icon; wider, they keep one size.
const TIME_INPUT = 'min-w-0 flex-1 px-2 sm:w-32 sm:flex-none sm:px-3';

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const clock = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** A new period: 9 to 5 on a free day, else the hour after the day's last period (so it does not overlap it). */
function nextPeriod(periods: readonly { end: string }[]): { start: string; end: string } {
  const lastEnd = periods.at(-1)?.end ?? '';
  const start = /^\d\d:\d\d$/.test(lastEnd) ? minutesOf(lastEnd) : DAY_MINUTES;
  if (start >= DAY_MINUTES) return { start: '09:00', end: '17:00' };
  return { start: clock(start), end: clock(Math.min(start + 60, DAY_MINUTES)) };
}

/**
 * A period's end. A time input stops at 23:59, and the schedule writes the end of the day as 24:00: an end of 00:00
 * means midnight at the end of the day, so it is kept as 24:00 and shown as 00:00.
 */
function EndTimeInput({ form, name, label }: { form: AvailabilityForm; name: `weekly.${Weekday}.${number}.end`; label: string }) {
  const {
    field: { ref, value, onChange, onBlur },
  } = useController({ control: form.control, name });
  return (
    <Input
      type="time"
      step={QUARTER_HOUR_S}
      aria-label={label}
      className={TIME_INPUT}
      name={name}
      ref={ref}
      onBlur={onBlur}
      value={value === '24:00' ? '00:00' : value}
      onChange={(e) => onChange(e.target.value === '00:00' ? '24:00' : e.target.value)}
    />
  );
}

function WeekdayRow({ form, day }: { form: AvailabilityForm; day: Weekday }) {
  const periods = useFieldArray({ control: form.control, name: `weekly.${day}` });
  const errors = form.formState.errors.weekly?.[day];
  const name = DAY_NAMES[day];
  return (
    // Phones: the day and its Add button on one line, the periods under them; wider: day, periods, Add in a row.
    <li className="grid grid-cols-[minmax(0,1fr)_auto] items-start gap-x-3 gap-y-2 py-3 sm:grid-cols-[7rem_minmax(0,1fr)_auto]">
      <p className="col-start-1 row-start-1 font-medium sm:pt-1.5" id={`hours-${day}`}>
        {name}
      </p>
      <div className="col-span-2 row-start-2 grid grid-cols-1 gap-2 sm:col-span-1 sm:col-start-2 sm:row-start-1" role="group" aria-labelledby={`hours-${day}`}>
        {periods.fields.length === 0 ? <p className="text-sm text-muted-foreground sm:pt-2">Not working</p> : null}
        {periods.fields.map((period, i) => {
          const label = periods.fields.length > 1 ? `${name}, period ${i + 1}` : name;
          const error = errors?.[i]?.start?.message ?? errors?.[i]?.end?.message;
          return (
            <div key={period.id} className="grid grid-cols-1 gap-1">
              <div className="flex items-center gap-2">
                <Input type="time" step={QUARTER_HOUR_S} aria-label={`${label}, from`} className={TIME_INPUT} {...form.register(`weekly.${day}.${i}.start`)} />
                <span aria-hidden="true">–</span>
                <EndTimeInput form={form} name={`weekly.${day}.${i}.end`} label={`${label}, until`} />
                <Button variant="ghost" size="sm" className="px-2 sm:px-3" onClick={() => periods.remove(i)} aria-label={`Remove ${label}`}>
                  <X aria-hidden="true" />
                  {/* A phone has room for the two times and the icon only. */}
                  <span className="sr-only sm:not-sr-only">Remove</span>
                </Button>
              </div>
              {error ? (
                <p className="text-sm font-medium text-destructive" role="alert">
                  {error}
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
      {periods.fields.length < MAX_PERIODS ? (
        <Button
          variant="outline"
          size="sm"
          className="col-start-2 row-start-1 sm:col-start-3"
          aria-label={`Add hours on ${name}`}
          onClick={() => periods.append(nextPeriod(form.getValues(`weekly.${day}`)))}
        >
          <Plus aria-hidden="true" />
          Add hours
        </Button>
      ) : null}
    </li>
  );
}

/** Weekly working hours, Monday to Sunday, up to four periods a day; the schedule's one error shows under the week. */
export function WeeklyHoursFields({ form }: { form: AvailabilityForm }) {
  const error = form.formState.errors.weekly?.message;
  return (
    <fieldset className="grid min-w-0 gap-1">
      <legend className="text-sm font-medium">Weekly hours</legend>
      <ul className="divide-y lg:max-w-2xl">
        {WEEKDAYS.map((day) => (
          <WeekdayRow key={day} form={form} day={day} />
        ))}
      </ul>
      {error ? (
        <p className="text-sm font-medium text-destructive" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
