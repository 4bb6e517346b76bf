import { CalendarClock, MapPin, Video } from 'lucide-react';
import { Link } from 'react-router';
import { formatSessionTime } from '../../../common/domain/scheduling';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { useUpcomingSessions, type UpcomingSession } from './api';

const SHOWN = 5;

function SessionItem({ session, timeZone }: { session: UpcomingSession; timeZone: string }) {
  return (
    <li className="grid gap-1 py-3 wrap-anywhere">
      <Link to={`/requests/${session.requestId}#session`} className="font-medium underline-offset-4 hover:underline">
        {session.caseName}
      </Link>
      <p className="text-sm">{formatSessionTime(new Date(session.startsAt), new Date(session.endsAt), timeZone)}</p>
      {session.location ? (
        <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
          <MapPin className="size-4 shrink-0" aria-hidden="true" />
          {session.location}
        </p>
      ) : null}
      {session.meetingLink ? (
        <p className="flex items-center gap-1.5 text-sm">
          <Video className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <a
            href={session.meetingLink}
            target="_blank"
            rel="noopener noreferrer"
            className="text-primary underline-offset-4 hover:underline"
            aria-label={`Join the meeting for ${session.caseName} (opens in a new tab)`}
          >
            Join the meeting
          </a>
        </p>
      ) : null}
    </li>
  );
}

/**
 * The dashboard's next sessions (issue 25), in the browser's zone with the zone named. Small on purpose: the dashboard
 * chunk carries it, and its query starts after the page is drawn.
 */
export function UpcomingSessionsCard() {
  const { data, error, refetch, isRefetching } = useUpcomingSessions();
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const sessions = data?.sessions.slice(0, SHOWN);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Upcoming sessions</CardTitle>
      </CardHeader>
      <CardContent>
        {sessions ? (
          sessions.length ? (
            <ul className="divide-y">
              {sessions.map((session) => (
                <SessionItem key={session.id} session={session} timeZone={timeZone} />
              ))}
            </ul>
          ) : (
            <div className="flex flex-col items-center gap-2 py-6 text-center text-muted-foreground">
              <CalendarClock className="size-8 opacity-60" aria-hidden="true" />
              <p>No sessions scheduled</p>
            </div>
          )
        ) : error ? (
          <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
            <p className="text-muted-foreground">Your sessions could not be loaded: {error.message}</p>
            <Button variant="outline" size="sm" onClick={() => void refetch()} disabled={isRefetching}>
              {isRefetching ? 'Trying again...' : 'Try again'}
            </Button>
          </div>
        ) : (
          <div className="grid gap-3" role="status" aria-label="Loading your sessions">
            <Skeleton className="h-12" />
            <Skeleton className="h-12" />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
