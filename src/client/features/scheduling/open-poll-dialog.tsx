import { CalendarSearch, Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { addDays, dateIn } from '../../../common/domain/date-range';
import { SESSION_LENGTHS, zonedToUtc } from '../../../common/domain/scheduling';
import { PollInputSchema, SCHEDULING_TEXTS, SessionMinutesSchema, SlotsQuerySchema, type SessionDto } from '../../../common/schemas/scheduling';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { NativeSelect } from '../../components/ui/native-select';
import { toast } from '../../components/ui/use-toast';
import { ApiError } from '../../lib/api-client';
import { useOpenPoll, usePollSlots } from './api';
import { byStart, durationText, timeText, type SchedulingView } from './view';

const MAX_TIMES = 20;
const RANGE_DAYS = 14;
const CONFIRM_WITHIN_TEXT = 'Enter a whole number of hours from 1 to 168';

/** Half and full days first (the usual lengths), then every length from 1 to 12 hours in half hours. */
const NAMED_LENGTHS = [
  { minutes: SESSION_LENGTHS.half_day, label: `Half day (${durationText(SESSION_LENGTHS.half_day)})` },
  { minutes: SESSION_LENGTHS.full_day, label: `Full day (${durationText(SESSION_LENGTHS.full_day)})` },
];
const OTHER_LENGTHS = Array.from({ length: 23 }, (_, i) => 60 + i * 30).filter((m) => !NAMED_LENGTHS.some((n) => n.minutes === m));

type Time = { startsAt: string; manual: boolean; checked: boolean };
type Errors = Partial<Record<'durationMinutes' | 'range' | 'candidates' | 'manual' | 'location' | 'meetingLink' | 'confirmWithinHours', string>>;

/** The first problem of each field, keyed by its top-level name ("candidates.0.startsAt" reads as "candidates"). */
function byField(entries: [string, string][]): Errors {
  const errors: Record<string, string> = {};
  for (const [path, message] of entries) errors[path.split('.')[0]] ??= message;
  return errors;
}

/** A moved session keeps its length unless changed (when it is one the list offers). */
function lengthOf(session: SessionDto | null): number | null {
  if (!session) return null;
  const minutes = (Date.parse(session.endsAt) - Date.parse(session.startsAt)) / 60_000;
  return SessionMinutesSchema.safeParse(minutes).success ? minutes : null;
}

function PollForm({ view, session, onDone }: { view: SchedulingView; session: SessionDto | null; onDone: () => void }) {
  const id = useId();
  const { scheduling, zone } = view;
  const [today] = useState(() => dateIn(new Date(), zone));
  const [minutes, setMinutes] = useState(() => lengthOf(session) ?? scheduling.sessionMinutes);
  const [fromDate, setFromDate] = useState(today);
  const [toDate, setToDate] = useState(addDays(today, RANGE_DAYS));
  const [times, setTimes] = useState<Time[]>([]);
  const [suggested, setSuggested] = useState<number | null>(null);
  const [manualDate, setManualDate] = useState('');
  const [manualTime, setManualTime] = useState('');
  const [location, setLocation] = useState(session?.location ?? '');
  const [meetingLink, setMeetingLink] = useState(session?.meetingLink ?? scheduling.meetingLink ?? '');
  const [confirmWithin, setConfirmWithin] = useState('48');
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState<string | null>(null);
  const slots = usePollSlots(view.requestId);
  const openPoll = useOpenPoll(view.requestId);
  const chosen = times.filter((t) => t.checked);

  const changeLength = (next: number) => {
    setMinutes(next);
    // Suggestions were drawn for the old length: the mediator's hours may not hold the new one.
    setTimes((all) => all.filter((t) => t.manual));
    setSuggested(null);
  };

  const suggest = async () => {
    const range = SlotsQuerySchema.safeParse({ fromDate, toDate, minutes });
    if (!range.success) return setErrors({ range: range.error.issues[0].message });
    setErrors({});
    try {
      const found = await slots.mutateAsync({ fromDate, toDate, minutes });
      const manual = times.filter((t) => t.manual && !found.slots.some((s) => Date.parse(s.startsAt) === Date.parse(t.startsAt)));
      setTimes(byStart([...manual, ...found.slots.map((s) => ({ startsAt: s.startsAt, manual: false, checked: true }))]));
      setSuggested(found.slots.length);
    } catch (e) {
      setErrors({ range: e instanceof Error ? e.message : String(e) });
    }
  };

  const addTime = () => {
    if (!manualDate || !manualTime) return setErrors({ manual: 'Enter a date and a start time' });
    const startsAt = zonedToUtc(manualDate, manualTime, zone);
    if (startsAt.getTime() <= Date.now()) return setErrors({ manual: SCHEDULING_TEXTS.candidateFuture });
    if (times.some((t) => Date.parse(t.startsAt) === startsAt.getTime())) return setErrors({ manual: 'This time is already in the list' });
    if (chosen.length >= MAX_TIMES) return setErrors({ manual: `At most ${MAX_TIMES} times: untick one to add another` });
    setErrors({});
    setTimes(byStart([...times, { startsAt: startsAt.toISOString(), manual: true, checked: true }]));
    setManualTime('');
  };

  const submit = async () => {
    setMessage(null);
    if (!/^\d+$/.test(confirmWithin.trim()) || Number(confirmWithin) < 1 || Number(confirmWithin) > 168)
      return setErrors({ confirmWithinHours: CONFIRM_WITHIN_TEXT });
    const body = {
      durationMinutes: minutes,
      candidates: chosen.map((t) => ({ startsAt: t.startsAt })),
      location,
      meetingLink,
      confirmWithinHours: Number(confirmWithin),
      ...(session ? { sessionId: session.id } : {}),
    };
    const checked = PollInputSchema.safeParse(body);
    if (!checked.success) return setErrors(byField(checked.error.issues.map((i) => [i.path.join('.'), i.message])));
    setErrors({});
    try {
      await openPoll.mutateAsync(body);
      toast({ title: session ? 'New times offered' : 'Dates offered', description: 'Counsel answer for their side; the mediator confirms a time.' });
      onDone();
    } catch (e) {
      if (e instanceof ApiError) setErrors(byField(Object.entries(e.fieldErrors)));
      setMessage(e instanceof Error ? e.message : String(e));
    }
  };

  return (
    <div className="grid gap-5">
      <FormField label="Length of the session" error={errors.durationMinutes}>
        <NativeSelect value={minutes} onChange={(e) => changeLength(Number(e.target.value))}>
          {NAMED_LENGTHS.map((n) => (
            <option key={n.minutes} value={n.minutes}>
              {n.label}
            </option>
          ))}
          <optgroup label="Other lengths">
            {OTHER_LENGTHS.map((m) => (
              <option key={m} value={m}>
                {durationText(m)}
              </option>
            ))}
          </optgroup>
        </NativeSelect>
      </FormField>

      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-medium">Times from the mediator’s availability</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField label="From">
            <Input type="date" min={today} value={fromDate} onChange={(e) => setFromDate(e.target.value)} />
          </FormField>
          <FormField label="To">
            <Input type="date" min={fromDate || today} value={toDate} onChange={(e) => setToDate(e.target.value)} />
          </FormField>
        </div>
        <Button variant="outline" className="h-auto min-h-10 justify-self-start whitespace-normal" onClick={() => void suggest()} disabled={slots.isPending}>
          <CalendarSearch aria-hidden="true" />
          {slots.isPending ? 'Looking...' : 'Suggest times from the mediator’s availability'}
        </Button>
        {errors.range ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {errors.range}
          </p>
        ) : null}
        {suggested === 0 ? <p className="text-sm text-muted-foreground">The mediator has no free time of this length in these dates.</p> : null}
      </fieldset>

      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-medium">Add a time</legend>
        <p className="text-xs text-muted-foreground" id={`${id}-zone`}>
          Dates and times in your time zone: {zone}.
        </p>
        <div className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
          <FormField label="Date">
            <Input type="date" min={today} value={manualDate} onChange={(e) => setManualDate(e.target.value)} />
          </FormField>
          <FormField label="Start time">
            <Input type="time" step={900} value={manualTime} onChange={(e) => setManualTime(e.target.value)} />
          </FormField>
          <Button variant="outline" onClick={addTime} aria-describedby={`${id}-zone`}>
            <Plus aria-hidden="true" />
            Add this time
          </Button>
        </div>
        {errors.manual ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {errors.manual}
          </p>
        ) : null}
      </fieldset>

      <fieldset className="grid gap-2" aria-describedby={errors.candidates ? `${id}-candidates` : undefined}>
        <legend className="mb-2 text-sm font-medium">
          Times offered ({chosen.length} of at most {MAX_TIMES})
        </legend>
        {times.length ? (
          <ul className="grid gap-1.5">
            {times.map((t) => (
              <li key={t.startsAt}>
                <label className="flex items-start gap-3 rounded-md border p-2.5 text-sm has-checked:border-primary/50">
                  <input
                    type="checkbox"
                    className="mt-0.5 size-4 shrink-0 accent-primary"
                    checked={t.checked}
                    onChange={(e) => setTimes(times.map((x) => (x === t ? { ...x, checked: e.target.checked } : x)))}
                  />
                  <span className="min-w-0 wrap-anywhere">
                    {timeText({ startsAt: t.startsAt, endsAt: new Date(Date.parse(t.startsAt) + minutes * 60_000).toISOString() }, zone)}
                    {t.manual ? <span className="text-muted-foreground"> (added by hand)</span> : null}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">No times yet: suggest them from the mediator’s availability, or add them by hand.</p>
        )}
        {errors.candidates ? (
          <p id={`${id}-candidates`} role="alert" className="text-sm font-medium text-destructive">
            {errors.candidates}
          </p>
        ) : null}
      </fieldset>

      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="Place (optional)" error={errors.location}>
          <Input maxLength={300} value={location} onChange={(e) => setLocation(e.target.value)} />
        </FormField>
        <FormField label="Meeting link (optional)" error={errors.meetingLink} hint="https://…">
          <Input type="url" maxLength={500} value={meetingLink} onChange={(e) => setMeetingLink(e.target.value)} />
        </FormField>
      </div>
      <FormField
        label="Confirm within (hours)"
        error={errors.confirmWithinHours}
        hint="Once every required attendee answered, the earliest time that suits them all stands after this long unless the mediator confirms another."
      >
        <Input
          type="number"
          inputMode="numeric"
          min={1}
          max={168}
          step={1}
          className="max-w-32"
          value={confirmWithin}
          onChange={(e) => setConfirmWithin(e.target.value)}
        />
      </FormField>
      {message ? (
        <Alert tone="destructive">
          <p>{message}</p>
        </Alert>
      ) : null}
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={openPoll.isPending}>
          Cancel
        </Button>
        <Button onClick={() => void submit()} disabled={openPoll.isPending}>
          {openPoll.isPending ? 'Sending...' : session ? 'Offer new times' : 'Offer dates'}
        </Button>
      </DialogFooter>
    </div>
  );
}

/** Opens a date poll: a new session's, or (with `session`) one to move that session. */
export function OpenPollDialog({
  view,
  session,
  open,
  onOpenChange,
}: {
  view: SchedulingView;
  session: SessionDto | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{session ? 'Move the session' : 'Offer dates'}</DialogTitle>
          <DialogDescription>
            {session
              ? `Offer new times for the session of ${timeText(session, view.zone)}. It stays where it is until a new time is confirmed.`
              : 'Offer candidate times. Each counsel answers for their side’s attendees; the mediator confirms a time.'}
          </DialogDescription>
        </DialogHeader>
        {open ? <PollForm view={view} session={session} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}
