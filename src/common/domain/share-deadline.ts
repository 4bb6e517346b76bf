// When a side of a two-sided case must have paid its share (issue 24, docs/decisions/051). Pure: the server schedules
// with these, the client shows the same dates.

const HOUR = 3600_000;
const DAY = 24 * HOUR;

/**
 * The deadline for shares owed from `from` (the other side joining, or a selection starting to wait for the shares):
 * `days` after it, or the start of the preferred date (UTC) if that comes first, never less than one day after it (a
 * side always has a day to pay, even when the preferred date is tomorrow or past).
 */
export function shareDeadline(from: Date, preferredDate: string | null, days: number): Date {
  const byDays = from.getTime() + days * DAY;
  const byDate = preferredDate ? Date.parse(`${preferredDate}T00:00:00Z`) : Number.POSITIVE_INFINITY;
  return new Date(Math.max(from.getTime() + DAY, Math.min(byDays, Number.isNaN(byDate) ? byDays : byDate)));
}

/** The reminder: two days before the deadline, or halfway to it when less than four days were given. */
export function shareReminderAt(from: Date, dueBy: Date): Date {
  const given = dueBy.getTime() - from.getTime();
  return new Date(given >= 4 * DAY ? dueBy.getTime() - 2 * DAY : from.getTime() + Math.floor(given / 2));
}
