import { readFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';
import ICAL from 'ical.js';
import { printedMails, type PrintedMail } from './mail';

// What the scheduling journey (tests/e2e/scheduling-journey.spec.ts) needs: people in browser contexts of their own
// time zone, the times the pages should show worked out independently of the product, calendar files read back by
// ical.js, and the e-mails the server printed.

/**
 * A session's time as a reader in `timeZone` should see it, written by the test itself from Intl (not the product's
 * formatter): "Tue, Mar 10, 2026, 9:00 AM – 1:00 PM EDT".
 */
export function expectedTime(start: Date, end: Date, timeZone: string): string {
  const parts = (d: Date) =>
    Object.fromEntries(
      new Intl.DateTimeFormat('en-US', {
        timeZone,
        weekday: 'short',
        month: 'short',
        day: 'numeric',
        year: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        hour12: true,
        timeZoneName: 'short',
      })
        .formatToParts(d)
        .map((p) => [p.type, p.value]),
    );
  const [s, e] = [parts(start), parts(end)];
  const date = (p: Record<string, string>) => `${p.weekday}, ${p.month} ${p.day}, ${p.year}`;
  const clock = (p: Record<string, string>) => `${p.hour}:${p.minute} ${p.dayPeriod}`;
  const endText = date(e) === date(s) ? clock(e) : `${date(e)}, ${clock(e)}`;
  return `${date(s)}, ${clock(s)} – ${endText} ${e.timeZoneName}`;
}

/** The local date (YYYY-MM-DD) and time (HH:MM) of an instant in a zone, as date and time inputs take them. */
export function localInputs(instant: Date, timeZone: string): { date: string; time: string } {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(instant)
      .map((x) => [x.type, x.value]),
  );
  return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` };
}

/** Clicks "Add to calendar" on the page's next session and reads the downloaded file back with ical.js. */
export async function downloadInvite(page: Page) {
  const session = page.getByTestId('session').first();
  const [download] = await Promise.all([page.waitForEvent('download'), session.getByRole('link', { name: 'Add to calendar' }).click()]);
  const text = await readFile((await download.path())!, 'utf8');
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  const vevent = calendar.getFirstSubcomponent('vevent')!;
  const event = new ICAL.Event(vevent);
  return {
    text,
    method: calendar.getFirstPropertyValue('method'),
    uid: event.uid,
    sequence: event.sequence,
    start: event.startDate.toJSDate().toISOString(),
    end: event.endDate.toJSDate().toISOString(),
    tzid: vevent.getFirstProperty('dtstart')!.getParameter('tzid') ?? null,
    attendees: event.attendees.map((a) =>
      String(a.getFirstValue())
        .replace(/^mailto:/i, '')
        .toLowerCase(),
    ),
  };
}

/** Waits until the server has printed an e-mail to `to` whose subject matches, and returns it. */
export async function mailTo(to: string, subject: RegExp, timeout = 30_000): Promise<PrintedMail> {
  let found: PrintedMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await printedMails()).findLast((m) => m.to.toLowerCase() === to.toLowerCase() && subject.test(m.subject));
        return !!found;
      },
      { timeout, message: `an e-mail to ${to} with a subject like ${subject}` },
    )
    .toBe(true);
  return found!;
}

/** The e-mails to `to` whose subject matches. */
export async function mailsTo(to: string, subject: RegExp): Promise<PrintedMail[]> {
  return (await printedMails()).filter((m) => m.to.toLowerCase() === to.toLowerCase() && subject.test(m.subject));
}
