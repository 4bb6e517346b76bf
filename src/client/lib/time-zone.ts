import { canonicalTimeZone } from '../../common/domain/date-range';

/**
 * The browser's IANA zone by its current name (Chromium reports "Asia/Calcutta" for Asia/Kolkata); UTC when the
 * browser names none. Sessions (issue 25) and the admin's analytics days read it.
 */
export const browserTimeZone = () => canonicalTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
