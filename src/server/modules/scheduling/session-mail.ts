// What a session sends (issue 25, decision 054): the calendar event every attendee's file is made of, and the e-mails
// of an invite, a move, a cancellation and a reminder, written to the outbox in the transaction that caused them. Each
// recipient reads the time in their own zone (the organizer's for people without an account), with the zone named.
import { formatInstant, formatSessionTime, lastFreeCancellation } from '../../../common/domain/scheduling';
import type { EmailKind } from '../../../common/email-templates';
import { composeEmail } from '../../../common/email-layout-message';
import type { MailMessage } from '../../adapters/mail';
import type { DbOrTx } from '../../db/client';
import { enqueueMail } from '../../outbox/messages';
import { getSettings } from '../settings/settings.repo';
import { sessionInvite, type SessionCalendarEvent } from './ics';
import * as repo from './scheduling.repo';

export interface SessionParty {
  name: string;
  email: string;
  required: boolean;
  userId: string | null;
}

export interface SessionContext {
  session: repo.SessionRow;
  caseName: string;
  organizer: { id: string; name: string; email: string };
  attendees: SessionParty[];
}

export const sessionUid = (sessionId: string) => `session-${sessionId}@mediatehub`;

/** The calendar event of a session as every attendee's file describes it. */
export function calendarEventOf(publicUrl: string, ctx: SessionContext, stamp: Date): SessionCalendarEvent {
  const { session } = ctx;
  const pageUrl = `${publicUrl}/requests/${session.requestId}`;
  const lines = [`Mediation session for ${ctx.caseName}, with ${ctx.organizer.name} as mediator.`];
  if (session.meetingLink) lines.push(`Join: ${session.meetingLink}`);
  return {
    uid: sessionUid(session.id),
    sequence: session.sequence,
    status: session.status === 'cancelled' ? 'cancelled' : 'confirmed',
    startsAt: session.startsAt,
    endsAt: session.endsAt,
    timeZone: session.timeZone,
    summary: `Mediation: ${ctx.caseName}`,
    description: lines.join('\n'),
    location: session.location,
    url: session.meetingLink,
    pageUrl,
    organizer: { name: ctx.organizer.name, email: ctx.organizer.email },
    attendees: ctx.attendees.map((a) => ({ name: a.name, email: a.email, required: a.required })),
    stamp,
  };
}

/** Everyone a session's e-mails go to: the organizer (the mediator) first, then each attendee once by address. */
function recipientsOf(ctx: SessionContext): SessionParty[] {
  const all = [{ name: ctx.organizer.name, email: ctx.organizer.email, required: true, userId: ctx.organizer.id }, ...ctx.attendees];
  const seen = new Set<string>();
  return all.filter((p) => {
    const key = p.email.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

async function zonesOf(db: DbOrTx, parties: SessionParty[]): Promise<Map<string, string | null>> {
  return repo.userTimeZones(
    db,
    parties.flatMap((p) => (p.userId ? [p.userId] : [])),
  );
}

interface SessionMailOptions {
  kind: Extract<EmailKind, 'session_invite' | 'session_cancelled' | 'session_reminder'>;
  /** The reminder's sentence about cancelling; the invite and the cancellation have none. */
  cancelBy?: (timeZone: string) => string;
  /** Whether the mail carries the calendar file (the invite and the cancellation do; a reminder does not). */
  withCalendar: boolean;
}

/** Writes one e-mail per recipient of the session to the outbox, in the caller's transaction. */
export async function enqueueSessionMails(
  db: DbOrTx,
  app: { publicUrl: string },
  ctx: SessionContext,
  now: Date,
  options: SessionMailOptions,
): Promise<number> {
  const recipients = recipientsOf(ctx);
  const zones = await zonesOf(db, recipients);
  const { emailTemplates } = await getSettings(db);
  const event = calendarEventOf(app.publicUrl, ctx, now);
  const method = ctx.session.status === 'cancelled' ? 'CANCEL' : 'REQUEST';
  const ics = options.withCalendar ? sessionInvite(event) : null;
  for (const to of recipients) {
    const zone = (to.userId && zones.get(to.userId)) || ctx.session.timeZone;
    const email = composeEmail(options.kind, emailTemplates, {
      firstName: to.name.split(' ')[0] ?? to.name,
      caseName: ctx.caseName,
      sessionTime: formatSessionTime(ctx.session.startsAt, ctx.session.endsAt, zone),
      cancelBy: options.cancelBy?.(zone) ?? '',
      // People without an account are sent to the product's home: the case page needs a sign-in.
      link: to.userId ? event.pageUrl : app.publicUrl,
    });
    const mail: MailMessage = { to: to.email, subject: email.subject, text: email.text, html: email.html };
    if (ics) mail.calendar = { method, filename: method === 'CANCEL' ? 'cancel.ics' : 'invite.ics', content: ics };
    await enqueueMail(db, mail);
  }
  return recipients.length;
}

/** The reminder's sentence: the last moment to cancel without it being late, or that a cancellation now is late. */
export function cancelBySentence(session: repo.SessionRow, windowHours: number, now: Date): (timeZone: string) => string {
  const last = lastFreeCancellation(session.startsAt, windowHours);
  return (zone) =>
    last.getTime() > now.getTime()
      ? `The last moment to cancel without a late-cancellation fee: ${formatInstant(last, zone)}.`
      : 'A cancellation now counts as a late cancellation.'; // already inside the window
}
