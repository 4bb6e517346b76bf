import {
  addDays,
  dateIn,
  daysBetweenInclusive,
  DATE_RANGE_TEXTS,
  DEFAULT_RANGE_DAYS_BACK,
  isCalendarDate,
  MAX_RANGE_DAYS,
} from '../../../common/domain/date-range';
import type { AnalyticsRange } from './api';

/** Spec 2: the start defaults to 30 days ago, the end to today (both in the admin's zone). */
export function defaultRange(now: Date, timeZone: string): AnalyticsRange {
  const endDate = dateIn(now, timeZone);
  return { startDate: addDays(endDate, -DEFAULT_RANGE_DAYS_BACK), endDate, timeZone };
}

export type RangeErrors = Partial<Record<'startDate' | 'endDate', string>>;

/** The same checks the server makes (RULES.md 7), shown under the fields before anything is sent. */
export function rangeErrors(startDate: string, endDate: string): RangeErrors {
  const errors: RangeErrors = {};
  if (!isCalendarDate(startDate)) errors.startDate = DATE_RANGE_TEXTS.date;
  if (!isCalendarDate(endDate)) errors.endDate = DATE_RANGE_TEXTS.date;
  if (errors.startDate || errors.endDate) return errors;
  const length = daysBetweenInclusive(startDate, endDate);
  if (length < 1) return { startDate: DATE_RANGE_TEXTS.order };
  if (length > MAX_RANGE_DAYS) return { endDate: DATE_RANGE_TEXTS.tooLong };
  return {};
}
