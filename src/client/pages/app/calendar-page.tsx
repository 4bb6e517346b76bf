import { lazy, Suspense, useSyncExternalStore } from 'react';
import { Card, CardContent } from '../../components/ui/card';
import { usePageTitle } from '../../lib/use-page-title';

// The mediator's calendar (issue 25): the week's sessions. The calendar component is its own chunk.
const WeekCalendar = lazy(() => import('../../features/calendar/week-calendar'));

const NARROW = '(max-width: 639px)';
const subscribe = (change: () => void) => {
  const query = window.matchMedia(NARROW);
  query.addEventListener('change', change);
  return () => query.removeEventListener('change', change);
};

export function CalendarPage() {
  usePageTitle('Calendar');
  const narrow = useSyncExternalStore(subscribe, () => window.matchMedia(NARROW).matches);
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Calendar</h1>
        <p className="text-sm text-muted-foreground">Your scheduled sessions, shown in your time zone ({zone.replace(/_/g, ' ')}).</p>
      </div>
      <Card>
        <CardContent className="p-2 sm:p-4">
          <Suspense fallback={<p className="p-6 text-sm text-muted-foreground">Loading the calendar…</p>}>
            <WeekCalendar narrow={narrow} />
          </Suspense>
        </CardContent>
      </Card>
    </div>
  );
}
