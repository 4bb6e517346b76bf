import { CalendarClock, CalendarX, Hourglass, MapPin, Video } from 'lucide-react';
import { useState } from 'react';
import type { SchedulingDto } from '../../../common/schemas/scheduling';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { toast } from '../../components/ui/use-toast';
import { useClosePoll } from './api';
import { AnswerGrid } from './answer-grid';
import { AnswersOverview } from './answers-overview';
import { durationText, instantText, isCounsel, timeText, type SchedulingView } from './view';

type Poll = NonNullable<SchedulingDto['poll']>;

/** Where the poll stands, in the same words for everyone. */
function PollStatusLine({ poll, zone }: { poll: Poll; zone: string }) {
  if (poll.status === 'no_date') {
    return (
      <Alert tone="warning">
        <CalendarX aria-hidden="true" />
        <p>No offered time suits every required attendee</p>
      </Alert>
    );
  }
  const proposed = poll.status === 'proposed' ? poll.candidates.find((c) => c.id === poll.proposedCandidateId) : undefined;
  if (proposed) {
    return (
      <Alert tone="success">
        <CalendarClock aria-hidden="true" />
        <p>
          Proposed: <strong>{timeText(proposed, zone)}</strong>
          {poll.autoConfirmAt ? ` — stands at ${instantText(poll.autoConfirmAt, zone)} unless the mediator confirms another time` : ''}
        </p>
      </Alert>
    );
  }
  return (
    <Alert tone="info">
      <Hourglass aria-hidden="true" />
      <p>Waiting for answers</p>
    </Alert>
  );
}

function ClosePollButton({ view, poll }: { view: SchedulingView; poll: Poll }) {
  const close = useClosePoll(view.requestId, poll.id);
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    setError(null);
    try {
      await close.mutateAsync();
      toast({ title: 'Poll closed', description: 'No time was chosen. Offer dates again when you are ready.' });
      setOpen(false);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        Close poll
      </Button>
      <Dialog open={open} onOpenChange={(next) => !close.isPending && (setOpen(next), setError(null))}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Close this poll without a date?</DialogTitle>
            <DialogDescription>
              The answers given so far are kept with the closed poll.{poll.sessionId ? ' The session stays at its current time.' : ''}
            </DialogDescription>
          </DialogHeader>
          {error ? (
            <Alert tone="destructive">
              <p>{error}</p>
            </Alert>
          ) : null}
          <DialogFooter>
            <Button variant="outline" onClick={() => setOpen(false)} disabled={close.isPending}>
              Keep it open
            </Button>
            <Button onClick={() => void submit()} disabled={close.isPending}>
              {close.isPending ? 'Closing...' : 'Close poll'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}

/**
 * The case's live date poll: counsel answer for their side, the mediator reads every answer and confirms, admins read.
 * The mediator or the requesting counsel (who may have opened it) can close it without a date.
 */
export function PollPanel({ view, poll }: { view: SchedulingView; poll: Poll }) {
  const moving = poll.sessionId ? view.scheduling.sessions.find((s) => s.id === poll.sessionId) : undefined;
  const canClose = view.editable && (view.seat === 'mediator' || view.seat === 'first');
  return (
    <section className="grid min-w-0 gap-3" aria-labelledby="date-poll-title">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 flex-1 basis-64 gap-1">
          <h3 id="date-poll-title" className="font-semibold">
            {moving ? 'Moving the session' : 'Date poll'}
          </h3>
          <p className="text-sm text-muted-foreground wrap-anywhere">
            {moving ? `New times for the session of ${timeText(moving, view.zone)}. ` : ''}
            {poll.openedBy ? `Opened by ${poll.openedBy}, ` : 'Opened '}
            {instantText(poll.createdAt, view.zone)}. Sessions of {durationText(poll.durationMinutes)}.
          </p>
        </div>
        {canClose ? <ClosePollButton view={view} poll={poll} /> : null}
      </div>
      <PollStatusLine poll={poll} zone={view.zone} />
      {poll.location || poll.meetingLink || poll.note ? (
        <div className="grid gap-1 text-sm">
          {poll.location ? (
            <p className="flex items-start gap-2 wrap-anywhere">
              <MapPin className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
              {poll.location}
            </p>
          ) : null}
          {poll.meetingLink ? (
            <p className="flex items-start gap-2">
              <Video className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
              <a
                href={poll.meetingLink}
                target="_blank"
                rel="noopener noreferrer"
                className="min-w-0 text-primary underline-offset-4 wrap-anywhere hover:underline"
              >
                {poll.meetingLink}
              </a>
            </p>
          ) : null}
          {poll.note ? <p className="whitespace-pre-line wrap-anywhere">{poll.note}</p> : null}
        </div>
      ) : null}
      {isCounsel(view.seat) ? <AnswerGrid view={view} poll={poll} side={view.seat} /> : <AnswersOverview view={view} poll={poll} />}
    </section>
  );
}
