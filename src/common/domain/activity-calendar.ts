// How a range of local days (docs/decisions/021) reads the activity rollup, which keeps one row per user and UTC day
// with the first and last quarter-hour of that day in which they were active (docs/decisions/031). Pure.
//
// Each UTC day of the range is cut by at most one local midnight (a range boundary) into a part before it, which
// belongs to the local day its first instant falls in, and a part after it, which belongs to the next one. A user was
// active in the part before a midnight at quarter m if their first quarter that day is < m, in the part after it if
// their last quarter is ≥ m: exact, because every boundary is on a quarter-hour. Where that does not hold (a zone's
// offset off the quarter-hour grid, or two boundaries inside one UTC day: no zone in use has either) there is no
// calendar and the caller counts from the source tables instead.

const DAY_MS = 86_400_000;
export const QUARTER_MS = 15 * 60_000;

export interface ActivityCalendar {
  /** The range's number of local days. */
  days: number;
  /** Every UTC day from the one holding the range's first instant to the one holding its last, as YYYY-MM-DD. */
  utcDays: string[];
  /** Per UTC day: the range's local day (1-based) its first instant belongs to; 0 before the range's first day. */
  dayAtStart: number[];
  /** Per UTC day: the quarter (1–95) at which a range boundary falls strictly inside it, or null. */
  midnightQuarter: (number | null)[];
}

/** The calendar of a range given by its boundaries (the first instant of each day, then the one after the last). */
export function activityCalendar(boundaries: readonly Date[]): ActivityCalendar | null {
  const instants = boundaries.map((b) => b.getTime());
  if (instants.length < 2 || instants.some((t) => t % QUARTER_MS !== 0)) return null;
  const first = Math.floor(instants[0] / DAY_MS) * DAY_MS;
  const last = Math.floor((instants[instants.length - 1] - 1) / DAY_MS) * DAY_MS;
  const calendar: ActivityCalendar = { days: instants.length - 1, utcDays: [], dayAtStart: [], midnightQuarter: [] };
  for (let start = first; start <= last; start += DAY_MS) {
    const inside = instants.filter((t) => t > start && t < start + DAY_MS);
    if (inside.length > 1) return null;
    calendar.utcDays.push(new Date(start).toISOString().slice(0, 10));
    calendar.dayAtStart.push(instants.filter((t) => t <= start).length);
    calendar.midnightQuarter.push(inside.length ? (inside[0] - start) / QUARTER_MS : null);
  }
  return calendar;
}

/** What the rollup says of one UTC day of the calendar (counted by `activeUsersFromRollup`, users other than admins). */
export interface UtcDayActivity {
  /** Index into the calendar's utcDays. */
  index: number;
  /** Users active in the part before the day's midnight (the whole day when it has none). */
  before: number;
  /** Users active in the part after the day's midnight (0 when it has none). */
  after: number;
  /** Users counted in `before` who were also active in the previous UTC day's part after its midnight: the same local day. */
  alsoBefore: number;
  /** Users whose first activity within the range is in this UTC day. */
  firstInRange: number;
}

/** Distinct active users per local day of the range (index 0 is day 1) and over the whole range. */
export function activeUsersFromCalendar(calendar: ActivityCalendar, counts: readonly UtcDayActivity[]): { byDay: number[]; total: number } {
  const byDay = new Array<number>(calendar.days).fill(0);
  const add = (day: number, users: number) => {
    if (day >= 1 && day <= calendar.days) byDay[day - 1] += users;
  };
  let total = 0;
  for (const c of counts) {
    const day = calendar.dayAtStart[c.index];
    add(day, c.before - c.alsoBefore);
    if (calendar.midnightQuarter[c.index] !== null) add(day + 1, c.after);
    total += c.firstInRange;
  }
  return { byDay, total };
}
