import { Check } from 'lucide-react';
import { useState } from 'react';
import type { PollAnswer } from '../../../common/domain/scheduling';
import { CASE_SIDES } from '../../../common/enums';
import type { SchedulingDto } from '../../../common/schemas/scheduling';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { toast } from '../../components/ui/use-toast';
import { cn } from '../../lib/utils';
import { useConfirmPoll } from './api';
import { ANSWER_LABELS, byStart, SIDE_LABELS, sideAttendees, timeText, type SchedulingView } from './view';

type Poll = NonNullable<SchedulingDto['poll']>;
type Candidate = Poll['candidates'][number];

const ANSWER_TONES: Record<PollAnswer, 'green' | 'yellow' | 'destructive'> = { yes: 'green', if_need_be: 'yellow', no: 'destructive' };

function CandidateAnswers({ view, candidate }: { view: SchedulingView; candidate: Candidate }) {
  const answers = new Map(candidate.answers.map((a) => [a.attendeeId, a.answer]));
  const sides = CASE_SIDES.map((side) => ({ side, attendees: sideAttendees(view.scheduling.attendees, side) })).filter((s) => s.attendees.length);
  return (
    <div className={cn('grid gap-3', sides.length > 1 && 'md:grid-cols-2 md:gap-6')}>
      {sides.map(({ side, attendees }) => (
        <div key={side} className="grid content-start gap-1">
          <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{SIDE_LABELS[side]}</p>
          <ul className="grid gap-1 text-sm">
            {attendees.map((a) => {
              const answer = answers.get(a.id);
              return (
                <li key={a.id} className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 border-t pt-1 first:border-t-0 first:pt-0">
                  <span className="min-w-0 wrap-anywhere">
                    {a.name}{' '}
                    <span className="text-muted-foreground">
                      ({a.role}
                      {a.required ? '' : ', optional'})
                    </span>
                  </span>
                  {answer ? <Badge tone={ANSWER_TONES[answer]}>{ANSWER_LABELS[answer]}</Badge> : <Badge tone="muted">No answer yet</Badge>}
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </div>
  );
}

/**
 * Every answer of both sides, for the mediator (who confirms a time every required attendee can make) and admins (who
 * only read). The proposed time is highlighted: it stands unless another is confirmed first.
 */
export function AnswersOverview({ view, poll }: { view: SchedulingView; poll: Poll }) {
  const confirm = useConfirmPoll(view.requestId, poll.id);
  const [chosen, setChosen] = useState<Candidate | null>(null);
  const [error, setError] = useState<string | null>(null);
  const canConfirm = view.editable && view.scheduling.canConfirm;
  const submit = async (candidate: Candidate) => {
    setError(null);
    try {
      await confirm.mutateAsync(candidate.id);
      toast({ title: 'Session confirmed', description: 'Every attendee is sent the invite.' });
      setChosen(null);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <>
      <ul className="grid gap-3" aria-label="Answers per time">
        {byStart(poll.candidates).map((c) => {
          const proposed = c.id === poll.proposedCandidateId;
          return (
            <li key={c.id} className={cn('grid min-w-0 gap-3 rounded-lg border p-3', proposed && 'border-primary/50 bg-primary/5')} data-testid="candidate">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="min-w-0 font-medium wrap-anywhere">{timeText(c, view.zone)}</p>
                <div className="flex flex-wrap items-center gap-2">
                  {proposed ? <Badge tone="blue">Proposed</Badge> : null}
                  {c.everyoneRequiredCanMake ? (
                    <span className="flex items-center gap-1 text-xs text-success">
                      <Check className="size-3.5" aria-hidden="true" />
                      Every required attendee can make it
                    </span>
                  ) : null}
                  {canConfirm && c.everyoneRequiredCanMake ? (
                    <Button size="sm" variant={proposed ? 'default' : 'outline'} onClick={() => setChosen(c)} aria-label={`Confirm ${timeText(c, view.zone)}`}>
                      Confirm
                    </Button>
                  ) : null}
                </div>
              </div>
              <CandidateAnswers view={view} candidate={c} />
            </li>
          );
        })}
      </ul>
      <Dialog open={chosen !== null} onOpenChange={(open) => !open && !confirm.isPending && (setChosen(null), setError(null))}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Confirm this time?</DialogTitle>
            <DialogDescription>
              {chosen ? timeText(chosen, view.zone) : ''}. The poll closes and every attendee is sent the invite
              {poll.sessionId ? '; the session moves to this time.' : '.'}
            </DialogDescription>
          </DialogHeader>
          {error ? (
            <Alert tone="destructive">
              <p>{error}</p>
            </Alert>
          ) : null}
          <DialogFooter>
            <Button variant="outline" onClick={() => setChosen(null)} disabled={confirm.isPending}>
              Not yet
            </Button>
            <Button onClick={() => chosen && void submit(chosen)} disabled={confirm.isPending}>
              {confirm.isPending ? 'Confirming...' : 'Confirm this time'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
