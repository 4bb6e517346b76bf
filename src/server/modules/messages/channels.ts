// Who reads and writes which channel of a request's thread (decision 046). The rules themselves are the pure ones of
// common/domain/case-access.ts; this file applies them to a request row and the session.
import { canReadChannel, isTwoSided, seatOf, type ChannelReader } from '../../../common/domain/case-access';
import type { MessageChannel } from '../../../common/enums';
import type { SessionUser } from '../../plugins/session';
import type { RequestRow } from '../requests/requests.repo';
import { THREAD_STATUSES } from './messages.repo';

/** A channel the caller may read, and as whom. */
export interface ChannelView {
  channel: MessageChannel;
  reader: Exclude<ChannelReader, null>;
  twoSided: boolean;
}

/** The thread exists from matched on, once a mediator is selected (a cancelled request keeps it, read-only). */
export function threadExists(request: RequestRow): boolean {
  return !!request.selectedMediatorId && (THREAD_STATUSES as readonly string[]).includes(request.status);
}

/**
 * The caller's seat in the thread. An admin viewing as someone reads a two-sided case as the admin they are: the
 * private channels are confidential to the sides and the mediator, impersonation included. In a one-sided case
 * impersonation acts as the user, as it always did (the spec's thread is open to admins anyway).
 */
export function readerOf(request: RequestRow, user: SessionUser, impersonatorId: string | null): ChannelReader {
  if (isTwoSided(request) && impersonatorId) return 'admin';
  return seatOf(request, user.id) ?? (user.role === 'admin' ? 'admin' : null);
}

/** Without `?channel=`: the spec's thread; in a two-sided case counsel's own private channel, else the joint one. */
export function defaultChannel(twoSided: boolean, reader: Exclude<ChannelReader, null>): MessageChannel {
  if (!twoSided) return 'first';
  return reader === 'first' || reader === 'second' ? reader : 'joint';
}

/** The channel the caller asked for (or their default) if they may read it, else null (→ 404). */
export function resolveChannel(request: RequestRow, user: SessionUser, impersonatorId: string | null, asked: MessageChannel | undefined): ChannelView | null {
  if (!threadExists(request)) return null;
  const reader = readerOf(request, user, impersonatorId);
  if (reader === null) return null;
  const twoSided = isTwoSided(request);
  const channel = asked ?? defaultChannel(twoSided, reader);
  return canReadChannel(channel, reader, twoSided) ? { channel, reader, twoSided } : null;
}

/** Who takes part in a channel: they hear of its new messages (realtime) and are notified of them. */
export function channelMembers(request: RequestRow, channel: MessageChannel): string[] {
  const mediator = request.selectedMediatorId!;
  if (channel === 'first') return [request.lawyerId, mediator];
  if (channel === 'second') return [request.opposingLawyerId!, mediator];
  return [request.lawyerId, request.opposingLawyerId!, mediator];
}

/** A private channel's message goes to the sender's counterpart; the joint channel has no single recipient. */
export function recipientOf(request: RequestRow, channel: MessageChannel, senderId: string): string | null {
  if (channel === 'joint') return null;
  const counsel = channel === 'first' ? request.lawyerId : request.opposingLawyerId!;
  return senderId === request.selectedMediatorId ? counsel : request.selectedMediatorId!;
}

/** Where a new-message notification points: the spec's `/messages/{id}`, with the channel in a two-sided case. */
export function channelLink(request: RequestRow, channel: MessageChannel): string {
  return isTwoSided(request) ? `/messages/${request.id}?channel=${channel}` : `/messages/${request.id}`;
}

/**
 * The notification links a read of the channel settles: the first side's channel also holds the messages written
 * before the second side joined, whose notifications point at `/messages/{id}`.
 */
export function channelLinks(request: RequestRow, channel: MessageChannel): string[] {
  const link = channelLink(request, channel);
  return channel === 'first' && link !== `/messages/${request.id}` ? [`/messages/${request.id}`, link] : [link];
}
