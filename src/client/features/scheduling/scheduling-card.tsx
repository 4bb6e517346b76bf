import { CalendarPlus } from 'lucide-react';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useLocation } from 'react-router';
import type { SessionDto } from '../../../common/schemas/scheduling';
import { Button } from '../../components/ui/button';
import { QueryError } from '../../components/ui/query-error';
import { Skeleton } from '../../components/ui/skeleton';
import { AgreementRequired, isAgreementRequired } from '../../components/agreement-required';
import { browserTimeZone } from '../../lib/time-zone';
import { useEnsureTimeZone, useScheduling } from './api';
import { AttendeesSection } from './attendees-section';
import { OpenPollDialog } from './open-poll-dialog';
import { PollPanel } from './poll-panel';
import { SessionCardFrame } from './session-card-frame';
import { SessionList } from './session-list';
import { isCounsel, isLivePoll, type SchedulingSeat, type SchedulingView } from './view';

/** Links to /requests/:id#session land here once the card has its content (the page has no hash scrolling). */
function useScrollToSession(ready: boolean, target: RefObject<HTMLDivElement | null>) {
  const { hash } = useLocation();
  const done = useRef(false);
  useEffect(() => {
    if (!ready || done.current || hash !== '#session') return;
    done.current = true;
    target.current?.scrollIntoView({ block: 'start' });
  }, [ready, hash, target]);
}

function NothingYet({ view }: { view: SchedulingView }) {
  const { canOpenPoll } = view.scheduling;
  let text = 'No session is scheduled yet.';
  if (canOpenPoll) text += ' Offer dates to find a time that suits both sides and the mediator.';
  else if (view.editable && view.seat === 'second') text += ' The requesting counsel or the mediator offers dates; you then answer for your side.';
  return <p className="text-sm text-muted-foreground">{text}</p>;
}

/** The Session card's content (issue 25): sessions, the live date poll, counsel's attendees, and offering dates. */
export function SchedulingCard({ requestId, seat, closed }: { requestId: string; seat: SchedulingSeat; closed: boolean }) {
  const { data, dataUpdatedAt, error, refetch, isRefetching } = useScheduling(requestId);
  const [polling, setPolling] = useState<{ session: SessionDto | null } | null>(null);
  const root = useRef<HTMLDivElement>(null);
  useEnsureTimeZone(data?.viewerTimeZone);
  useScrollToSession(!!data, root);

  if (!data) {
    return (
      <SessionCardFrame ref={root}>
        {isAgreementRequired(error) ? (
          <AgreementRequired requestId={requestId} what="The case’s sessions" />
        ) : error ? (
          <QueryError title="The sessions could not be loaded" error={error} onRetry={refetch} retrying={isRefetching} />
        ) : (
          <Skeleton className="h-24" />
        )}
      </SessionCardFrame>
    );
  }
  const view: SchedulingView = {
    requestId,
    seat,
    editable: seat !== 'admin' && !closed,
    zone: data.viewerTimeZone ?? browserTimeZone(),
    scheduling: data,
    now: dataUpdatedAt,
  };
  const livePoll = isLivePoll(data.poll) ? data.poll : null;
  return (
    <SessionCardFrame ref={root} zone={view.zone}>
      {!data.sessions.length && !livePoll ? <NothingYet view={view} /> : null}
      <SessionList view={view} onMove={(session) => setPolling({ session })} />
      {livePoll ? <PollPanel view={view} poll={livePoll} /> : null}
      {view.editable && data.canOpenPoll ? (
        <Button className="justify-self-start" onClick={() => setPolling({ session: null })}>
          <CalendarPlus aria-hidden="true" />
          Offer dates
        </Button>
      ) : null}
      {isCounsel(seat) ? <AttendeesSection view={view} side={seat} /> : null}
      {view.editable && data.canOpenPoll ? (
        <OpenPollDialog view={view} session={polling?.session ?? null} open={polling !== null} onOpenChange={(open) => !open && setPolling(null)} />
      ) : null}
    </SessionCardFrame>
  );
}
