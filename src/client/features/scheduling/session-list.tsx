import { CalendarPlus, MapPin, Video } from 'lucide-react';
import { useId, useState } from 'react';
import { ReasonInputSchema, type SessionDto } from '../../../common/schemas/scheduling';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { FormField } from '../../components/ui/form-field';
import { Textarea } from '../../components/ui/input';
import { toast } from '../../components/ui/use-toast';
import { ApiError } from '../../lib/api-client';
import { cn } from '../../lib/utils';
import { inviteUrl, useCancelSession } from './api';
import { byStart, instantText, timeText, type SchedulingView } from './view';

type SessionEvent = SessionDto['history'][number];

const LATE_WARNING = 'This is inside the mediator’s cancellation window: the cancellation will be marked late.';

const isUpcoming = (s: SessionDto, now: number) => s.status === 'scheduled' && Date.parse(s.endsAt) > now;

/** The next scheduled session first, then the others in time order (cancelled ones stay listed). */
function ordered(sessions: SessionDto[], now: number): SessionDto[] {
  const inOrder = byStart(sessions);
  const next = inOrder.find((s) => isUpcoming(s, now));
  return next ? [next, ...inOrder.filter((s) => s !== next)] : inOrder;
}

function eventText(e: SessionEvent, zone: string): string {
  const by = e.by ? ` by ${e.by}` : '';
  if (e.kind === 'scheduled') return `Scheduled for ${timeText(e, zone)}${by}`;
  if (e.kind === 'rescheduled') {
    const from = e.previousStartsAt ? ` from ${instantText(e.previousStartsAt, zone)}` : '';
    return `Moved${from} to ${timeText(e, zone)}${by}`;
  }
  return `Cancelled${e.late ? ' late' : ''}${by}${e.reason ? `: ${e.reason}` : ''}`;
}

function History({ events, zone }: { events: SessionEvent[]; zone: string }) {
  if (!events.length) return null;
  return (
    <details className="text-sm">
      <summary className="cursor-pointer rounded-sm text-muted-foreground">History ({events.length})</summary>
      <ol className="mt-2 grid gap-1.5 border-l pl-3">
        {events.map((e, i) => (
          <li key={`${e.sequence}-${e.kind}-${i}`} className="wrap-anywhere">
            <span>{eventText(e, zone)}</span>
            <span className="block text-xs text-muted-foreground">{instantText(e.at, zone)}</span>
          </li>
        ))}
      </ol>
    </details>
  );
}

/** Asks why (both counsel and the mediator read it) and warns when the cancellation will count as late. */
function CancelSessionDialog({
  view,
  session,
  late,
  open,
  onOpenChange,
}: {
  view: SchedulingView;
  session: SessionDto;
  /** Whether it was already past the last free cancellation when the dialog opened. */
  late: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const cancel = useCancelSession(view.requestId);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<{ reason?: string; message?: string }>({});
  const submit = async () => {
    const checked = ReasonInputSchema.safeParse({ reason });
    if (!checked.success) return setError({ reason: checked.error.issues[0].message });
    setError({});
    try {
      await cancel.mutateAsync({ sessionId: session.id, reason: checked.data.reason });
      toast({ title: 'Session cancelled', description: 'Everyone invited is told, with your reason.' });
      onOpenChange(false);
      setReason('');
    } catch (e) {
      setError({ reason: e instanceof ApiError ? e.fieldErrors.reason : undefined, message: e instanceof Error ? e.message : String(e) });
    }
  };
  return (
    <Dialog open={open} onOpenChange={(next) => !cancel.isPending && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Cancel this session?</DialogTitle>
          <DialogDescription>{timeText(session, view.zone)}. Every attendee gets the cancellation by e-mail.</DialogDescription>
        </DialogHeader>
        {late ? (
          <Alert tone="warning">
            <p>{LATE_WARNING}</p>
          </Alert>
        ) : null}
        <FormField label="Reason" required error={error.reason} hint="Both sides and the mediator read it.">
          <Textarea rows={3} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
        </FormField>
        {error.message ? (
          <Alert tone="destructive">
            <p>{error.message}</p>
          </Alert>
        ) : null}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={cancel.isPending}>
            Keep the session
          </Button>
          <Button variant="destructive" onClick={() => void submit()} disabled={cancel.isPending}>
            {cancel.isPending ? 'Cancelling...' : 'Cancel session'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function SessionItem({ view, session, next, onMove }: { view: SchedulingView; session: SessionDto; next: boolean; onMove: (session: SessionDto) => void }) {
  const [cancelling, setCancelling] = useState<{ late: boolean } | null>(null);
  const titleId = useId();
  const cancelled = session.status === 'cancelled';
  const changeable = view.editable && isUpcoming(session, view.now);
  return (
    <li className={cn('grid min-w-0 gap-2 rounded-lg border p-3', next && 'border-primary/50 bg-primary/5')} aria-labelledby={titleId} data-testid="session">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p id={titleId} className={cn('min-w-0 font-medium wrap-anywhere', cancelled && 'text-muted-foreground line-through')}>
          {timeText(session, view.zone)}
        </p>
        <div className="flex flex-wrap gap-1">
          {next ? <Badge tone="blue">Next session</Badge> : null}
          {cancelled ? <Badge tone="muted">Cancelled</Badge> : null}
          {session.lateCancellation ? <Badge tone="yellow">Late</Badge> : null}
        </div>
      </div>
      {session.location ? (
        <p className="flex items-start gap-2 text-sm wrap-anywhere">
          <MapPin className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          {session.location}
        </p>
      ) : null}
      {session.meetingLink ? (
        <p className="flex items-start gap-2 text-sm">
          <Video className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <a
            href={session.meetingLink}
            target="_blank"
            rel="noopener noreferrer"
            className="min-w-0 text-primary underline-offset-4 wrap-anywhere hover:underline"
          >
            {session.meetingLink}
          </a>
        </p>
      ) : null}
      {cancelled && session.cancelReason ? <p className="text-sm wrap-anywhere">Reason: {session.cancelReason}</p> : null}
      {!cancelled ? (
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline" size="sm">
            <a href={inviteUrl(view.requestId, session.id)} download>
              <CalendarPlus aria-hidden="true" />
              Add to calendar
            </a>
          </Button>
          {changeable && view.scheduling.canOpenPoll ? (
            <Button variant="outline" size="sm" onClick={() => onMove(session)}>
              Move
            </Button>
          ) : null}
          {changeable ? (
            <Button variant="outline" size="sm" onClick={() => setCancelling({ late: Date.now() > Date.parse(session.lastFreeCancellation) })}>
              Cancel session
            </Button>
          ) : null}
        </div>
      ) : null}
      <History events={session.history} zone={view.zone} />
      {changeable ? (
        <CancelSessionDialog
          view={view}
          session={session}
          late={cancelling?.late ?? false}
          open={cancelling !== null}
          onOpenChange={(open) => !open && setCancelling(null)}
        />
      ) : null}
    </li>
  );
}

/** The case's sessions, the next one first; "Move" opens a poll for new times (the card owns that dialog). */
export function SessionList({ view, onMove }: { view: SchedulingView; onMove: (session: SessionDto) => void }) {
  const sessions = ordered(view.scheduling.sessions, view.now);
  if (!sessions.length) return null;
  const nextId = isUpcoming(sessions[0], view.now) ? sessions[0].id : null;
  return (
    <section className="grid gap-2" aria-label="Sessions">
      <ul className="grid gap-3">
        {sessions.map((s) => (
          <SessionItem key={s.id} view={view} session={s} next={s.id === nextId} onMove={onMove} />
        ))}
      </ul>
    </section>
  );
}
