import { canonicalTimeZone } from '../../common/domain/date-range';

/** The browser's time zone by its current IANA name (Chromium reports "Asia/Calcutta" for Asia/Kolkata). */
export const browserTimeZone = () => canonicalTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone);
