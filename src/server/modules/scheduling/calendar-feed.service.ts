// A user's private calendar feed (issue 25, decision 054): a secret URL a calendar subscribes to, listing their
// sessions (cancelled ones too, so a subscriber drops them). Only the token's hash is stored: the URL is shown once,
// when made; making a new one revokes the old, and revoking leaves none.
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import type { SessionUser } from '../../plugins/session';
import { hashToken, newToken } from '../auth/tokens';
import { sessionFeed } from './ics';
import * as repo from './scheduling.repo';
import { sessionContext } from './sessions.service';
import { calendarEventOf } from './session-mail';
import { findRequest } from '../requests/requests.repo';

const FEED_NOT_FOUND = 'Calendar feed not found';
/** How far back a feed lists sessions: a calendar keeps what it already has. */
const FEED_HISTORY_MS = 90 * 86_400_000;

export const feedUrl = (publicUrl: string, token: string) => `${publicUrl}/api/calendar/${token}.ics`;

export async function getFeed(ctx: AppContext, user: SessionUser) {
  const row = await repo.findFeed(ctx.db, user.id);
  return { active: !!row, createdAt: row ? row.createdAt.toISOString() : null, url: null };
}

export async function makeFeed(ctx: AppContext, user: SessionUser) {
  const { token, hash } = newToken();
  const now = ctx.clock.now();
  await repo.replaceFeed(ctx.db, user.id, hash, now);
  return { active: true, createdAt: now.toISOString(), url: feedUrl(ctx.publicUrl, token) };
}

export async function revokeFeed(ctx: AppContext, user: SessionUser) {
  await repo.deleteFeed(ctx.db, user.id);
  return { active: false, createdAt: null, url: null };
}

/** The feed's text for the token in its URL; 404 for a token that is unknown or revoked. */
export async function feedFor(ctx: AppContext, token: string): Promise<string> {
  const userId = token ? await repo.feedOwner(ctx.db, hashToken(token)) : undefined;
  if (!userId) throw notFound(FEED_NOT_FOUND);
  const now = ctx.clock.now();
  const rows = await repo.sessionsForUser(ctx.db, userId, { from: new Date(now.getTime() - FEED_HISTORY_MS), scheduledOnly: false });
  const events = [];
  for (const { session } of rows) {
    const request = await findRequest(ctx.db, session.requestId);
    if (request?.selectedMediatorId) events.push(calendarEventOf(ctx.publicUrl, await sessionContext(ctx.db, request, session), now));
  }
  return sessionFeed('MediateHub sessions', events);
}
