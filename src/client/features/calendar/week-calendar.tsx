// The mediator's week (issue 25, decision 054): their scheduled sessions in FullCalendar's time grid (a day list on
// phones), in the browser's time zone, which the page names. Loaded lazily: only this page pays for the calendar.
import type { EventApi, EventInput, EventSourceFuncArg } from '@fullcalendar/core';
import listPlugin from '@fullcalendar/list';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import { useCallback, useState, type CSSProperties } from 'react';
import { useNavigate } from 'react-router';
import type { SessionDto } from '../../../common/schemas/scheduling';
import { apiGet } from '../../lib/api-client';

type ListedSession = Omit<SessionDto, 'history'>;

/** FullCalendar's event source: the sessions of the range it shows. */
function loadEvents(range: EventSourceFuncArg, ok: (events: EventInput[]) => void, fail: (error: Error) => void): void {
  sessionsAsEvents(range).then(ok, fail);
}

/** The sessions of the range the calendar shows, as its events. */
async function sessionsAsEvents(range: EventSourceFuncArg): Promise<EventInput[]> {
  const query = new URLSearchParams({ from: range.start.toISOString(), to: range.end.toISOString() });
  const { sessions } = await apiGet<{ sessions: ListedSession[] }>(`/api/sessions?${query}`);
  return sessions.map((s) => ({
    id: s.id,
    title: s.caseName,
    start: s.startsAt,
    end: s.endsAt,
    url: `/requests/${s.requestId}#session`,
    extendedProps: { place: s.location ?? (s.meetingLink ? 'Video meeting' : null) },
  }));
}

/**
 * FullCalendar's look in the product's colours (its CSS variables, read from the theme's, so dark mode follows) and
 * type scale: its default title is 1.75em and its buttons are slate grey.
 */
const THEMED = {
  '--fc-border-color': 'var(--border)',
  '--fc-page-bg-color': 'var(--card)',
  '--fc-neutral-bg-color': 'var(--muted)',
  '--fc-today-bg-color': 'color-mix(in oklch, var(--primary) 8%, transparent)',
  '--fc-now-indicator-color': 'var(--destructive)',
  '--fc-event-bg-color': 'var(--primary)',
  '--fc-event-border-color': 'var(--primary)',
  '--fc-event-text-color': 'var(--primary-foreground)',
  '--fc-button-text-color': 'var(--foreground)',
  '--fc-button-bg-color': 'var(--card)',
  '--fc-button-border-color': 'var(--border)',
  '--fc-button-hover-bg-color': 'var(--accent)',
  '--fc-button-hover-border-color': 'var(--border)',
  '--fc-button-active-bg-color': 'var(--accent)',
  '--fc-button-active-border-color': 'var(--primary)',
  '--fc-list-event-hover-bg-color': 'var(--accent)',
} as CSSProperties;

/** The working day the grid shows when nothing falls outside it. */
const DAY = { first: 7, last: 21 };

/**
 * The hours the grid must show to hold every session it lists (local hours, as the grid draws them): the working day,
 * widened to a session booked earlier or later — one at 10 pm must not vanish from the week. A session running past
 * midnight widens it to the whole day.
 *
 * @internal exported for its tests
 */
export function hoursToShow(events: readonly Pick<EventApi, 'start' | 'end'>[]): { first: number; last: number } {
  let { first, last } = DAY;
  for (const { start, end } of events) {
    if (!start) continue;
    first = Math.min(first, start.getHours());
    const finish = end ?? start;
    const sameDay = finish.toDateString() === start.toDateString();
    if (!sameDay) {
      if (finish.getHours() > 0 || finish.getMinutes() > 0) first = 0;
      last = 24;
    } else last = Math.max(last, finish.getHours() + (finish.getMinutes() > 0 ? 1 : 0));
  }
  return { first, last };
}

const time = (hour: number) => `${String(hour).padStart(2, '0')}:00:00`;

export default function WeekCalendar({ narrow }: { narrow: boolean }) {
  const navigate = useNavigate();
  const [hours, setHours] = useState(DAY);
  const widenToFit = useCallback((events: EventApi[]) => {
    const next = hoursToShow(events);
    setHours((shown) => (shown.first === next.first && shown.last === next.last ? shown : next));
  }, []);
  return (
    <div
      style={THEMED}
      className="text-sm [&_.fc-button]:text-sm [&_.fc-button]:font-medium [&_.fc-col-header-cell-cushion]:font-medium [&_.fc-toolbar]:flex-wrap [&_.fc-toolbar]:gap-2 [&_.fc-toolbar-title]:text-base! [&_.fc-toolbar-title]:font-semibold sm:[&_.fc-toolbar-title]:text-lg!"
    >
      <FullCalendar
        plugins={[timeGridPlugin, listPlugin]}
        initialView={narrow ? 'listWeek' : 'timeGridWeek'}
        // Remount when the width class changes: the view is chosen once.
        key={narrow ? 'list' : 'grid'}
        headerToolbar={{ left: 'prev,next today', center: 'title', right: narrow ? '' : 'timeGridWeek,timeGridDay' }}
        // Words, not FullCalendar's arrow icons: those are unnamed role="img" spans (axe: role-img-alt).
        buttonIcons={false}
        buttonText={{ prev: 'Previous', next: 'Next', today: 'This week', week: 'Week', day: 'Day' }}
        firstDay={1}
        height="auto"
        allDaySlot={false}
        nowIndicator
        slotMinTime={time(hours.first)}
        slotMaxTime={time(hours.last)}
        scrollTime="08:00:00"
        noEventsContent="No sessions this week"
        // Stable callbacks: a new `events` function makes FullCalendar fetch again, and a fetch calls eventsSet.
        eventsSet={widenToFit}
        events={loadEvents}
        eventClick={(click) => {
          // Inside the app: the router, not a page load.
          click.jsEvent.preventDefault();
          if (click.event.url) void navigate(click.event.url);
        }}
        eventContent={(arg) => (
          <div className="overflow-hidden px-1 text-xs leading-tight">
            <div className="font-medium">{arg.timeText}</div>
            <div className="truncate">{arg.event.title}</div>
            {arg.event.extendedProps.place ? <div className="truncate opacity-80">{String(arg.event.extendedProps.place)}</div> : null}
          </div>
        )}
      />
    </div>
  );
}
