import { EyeOff } from 'lucide-react';
import { useId, useMemo, useState, type CSSProperties } from 'react';
import { POLL_ANSWERS, type PollAnswer } from '../../../common/domain/scheduling';
import type { CaseSide } from '../../../common/enums';
import type { SchedulingDto } from '../../../common/schemas/scheduling';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import { cn } from '../../lib/utils';
import { useAnswerPoll, type AnswerRow } from './api';
import { ANSWER_LABELS, byStart, sideAttendees, timeText, type SchedulingView } from './view';

type Poll = NonNullable<SchedulingDto['poll']>;
type Attendee = SchedulingDto['attendees'][number];

const cellKey = (candidateId: string, attendeeId: string) => `${candidateId} ${attendeeId}`;

const CHECKED_TONES: Record<PollAnswer, string> = {
  yes: 'has-checked:bg-emerald-100 has-checked:text-emerald-950 dark:has-checked:bg-emerald-400/25 dark:has-checked:text-emerald-50',
  if_need_be: 'has-checked:bg-amber-100 has-checked:text-amber-950 dark:has-checked:bg-amber-400/25 dark:has-checked:text-amber-50',
  no: 'has-checked:bg-rose-100 has-checked:text-rose-950 dark:has-checked:bg-rose-400/25 dark:has-checked:text-rose-50',
};

const attendeeLabel = (a: Attendee) => `${a.name} (${a.role})${a.required ? '' : ' (optional)'}`;

/** One attendee's answer to one time: three radios in a row, a native radio group (arrow keys move within it). */
function AnswerChoice({
  name,
  attendee,
  time,
  value,
  disabled,
  onChange,
}: {
  name: string;
  attendee: Attendee;
  time: string;
  value: PollAnswer | undefined;
  disabled: boolean;
  onChange: (answer: PollAnswer) => void;
}) {
  return (
    <fieldset className="min-w-0" data-testid="answer-choice">
      {/* Phones read the attendee here; wider screens read them in the column heading, so it stays for screen readers. */}
      <legend className="mb-1 text-sm wrap-anywhere sm:sr-only">
        {attendeeLabel(attendee)}
        <span className="sr-only">, {time}</span>
      </legend>
      <div className="grid grid-cols-[1fr_1.5fr_1fr] overflow-hidden rounded-md border bg-background">
        {POLL_ANSWERS.map((answer) => (
          <label
            key={answer}
            className={cn(
              'flex min-h-10 cursor-pointer items-center justify-center border-l px-1.5 py-1 text-center text-sm leading-tight first:border-l-0 hover:bg-accent',
              'has-focus-visible:relative has-focus-visible:outline-2 has-focus-visible:-outline-offset-2 has-focus-visible:outline-ring has-checked:font-semibold',
              'has-disabled:cursor-not-allowed has-disabled:opacity-70',
              CHECKED_TONES[answer],
            )}
          >
            <input
              type="radio"
              className="sr-only"
              name={name}
              value={answer}
              checked={value === answer}
              disabled={disabled}
              onChange={() => onChange(answer)}
            />
            {ANSWER_LABELS[answer]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function otherSideLine(poll: Poll, side: CaseSide): string | null {
  const answered = poll.sidesAnswered[side === 'first' ? 'second' : 'first'];
  if (answered === null) return null;
  return answered ? 'The other side has answered every time.' : 'The other side has not answered every time yet.';
}

/**
 * Counsel's answers for their side's attendees: a row per candidate time, a column per attendee (stacked per time on
 * phones). All answers go in one save; the other side never sees them, and this grid never shows theirs.
 */
export function AnswerGrid({ view, poll, side }: { view: SchedulingView; poll: Poll; side: CaseSide }) {
  const gridId = useId();
  const attendees = sideAttendees(view.scheduling.attendees, side);
  const candidates = byStart(poll.candidates);
  const saved = useMemo(
    () => new Map(poll.candidates.flatMap((c) => c.answers.map((a) => [cellKey(c.id, a.attendeeId), a.answer] as const))),
    [poll.candidates],
  );
  const [draft, setDraft] = useState<Record<string, PollAnswer>>({});
  const [error, setError] = useState<string | null>(null);
  const answer = useAnswerPoll(view.requestId, poll.id);
  const valueOf = (candidateId: string, attendeeId: string) => draft[cellKey(candidateId, attendeeId)] ?? saved.get(cellKey(candidateId, attendeeId));

  const rows: AnswerRow[] = candidates.flatMap((c) =>
    attendees.flatMap((a) => {
      const value = valueOf(c.id, a.id);
      return value ? [{ candidateId: c.id, attendeeId: a.id, answer: value }] : [];
    }),
  );
  const remaining =
    candidates.length * attendees.filter((a) => a.required).length - rows.filter((r) => attendees.find((a) => a.id === r.attendeeId)?.required).length;
  const unsaved = Object.entries(draft).some(([k, v]) => saved.get(k) !== v);

  const save = async () => {
    setError(null);
    try {
      await answer.mutateAsync(rows);
      setDraft({});
      toast({ title: 'Answers saved', description: 'The mediator sees them; the other side does not.' });
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };

  if (!attendees.length) return <p className="text-sm text-muted-foreground">Your side has no attendees yet: add them below to answer.</p>;
  // Wide screens: the time, then one column per attendee; phones: one block per time, the attendees stacked in it.
  // Wider than the card (many attendees): the grid scrolls sideways inside it, never the page.
  const columns = {
    '--answer-columns': `minmax(10rem, 1fr) repeat(${attendees.length}, minmax(14rem, 16rem))`,
    '--answer-min-width': `calc(10rem + ${attendees.length} * 14.75rem + 1.5rem)`,
  } as CSSProperties;
  return (
    <div className="grid min-w-0 gap-3">
      <p className="flex items-start gap-2 text-sm text-muted-foreground">
        <EyeOff className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>The other side does not see your answers; the mediator does. {otherSideLine(poll, side)}</span>
      </p>
      {/* Relative: the screen-reader-only legends are positioned inside the scrolling box, not against the page. */}
      <div className="relative min-w-0 sm:overflow-x-auto" role="group" aria-labelledby={`${gridId}-title`}>
        <h4 id={`${gridId}-title`} className="sr-only">
          Your side’s answers
        </h4>
        <div className="grid gap-3 sm:min-w-(--answer-min-width) sm:gap-0" style={columns}>
          <div
            className="hidden items-end gap-3 border-b px-3 pb-2 text-xs font-medium text-muted-foreground sm:grid sm:grid-cols-(--answer-columns)"
            aria-hidden="true"
          >
            <span>Time</span>
            {attendees.map((a) => (
              <span key={a.id} className="max-w-56 wrap-anywhere">
                <span className="block text-sm text-foreground">{a.name}</span>
                {a.role}
                {a.required ? '' : ' (optional)'}
              </span>
            ))}
          </div>
          {candidates.map((c) => {
            const time = timeText(c, view.zone);
            const proposed = c.id === poll.proposedCandidateId;
            return (
              <div
                key={c.id}
                className={cn(
                  'grid gap-3 rounded-lg border p-3 sm:grid-cols-(--answer-columns) sm:items-center sm:rounded-none sm:border-0 sm:border-b',
                  proposed && 'border-primary/50 bg-primary/5',
                )}
                data-testid="answer-row"
              >
                <p className="text-sm font-medium wrap-anywhere">
                  {time}
                  {proposed ? (
                    <Badge tone="blue" className="ml-2 align-middle">
                      Proposed
                    </Badge>
                  ) : null}
                </p>
                {attendees.map((a) => (
                  <AnswerChoice
                    key={a.id}
                    name={`${gridId}-${c.id}-${a.id}`}
                    attendee={a}
                    time={time}
                    value={valueOf(c.id, a.id)}
                    disabled={!view.editable || answer.isPending}
                    onChange={(value) => setDraft((d) => ({ ...d, [cellKey(c.id, a.id)]: value }))}
                  />
                ))}
              </div>
            );
          })}
        </div>
      </div>
      <p className="text-sm" data-testid="answers-remaining">
        {remaining > 0
          ? `${remaining} ${remaining === 1 ? 'answer' : 'answers'} still needed from your side’s required attendees.`
          : unsaved || !poll.myAnswersComplete
            ? 'Every time is answered: save to send your answers.'
            : 'Your side has answered every time.'}
      </p>
      {error ? (
        <Alert tone="destructive">
          <p>{error}</p>
        </Alert>
      ) : null}
      {view.editable ? (
        <Button className="justify-self-start" onClick={() => void save()} disabled={!unsaved || answer.isPending}>
          {answer.isPending ? 'Saving...' : 'Save answers'}
        </Button>
      ) : null}
    </div>
  );
}
