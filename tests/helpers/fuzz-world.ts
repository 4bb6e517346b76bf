import { createHash, randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { ensureAdmin } from '../../src/server/modules/users/accounts.service';
import { SESSION_IDLE_MS } from '../../src/server/plugins/session';
import { insertSession } from '../../src/server/plugins/session.repo';
import type { JsonSchema } from '../../src/server/security/schema-arbitrary';
import { PASSWORD, signUpVerified, uniqueEmail } from './accounts';
import { createCompletedRequest, createMatchedRequest } from './matched';
import { call, createLiveRequest, validRequest } from './requests';
import { newToken } from '../../src/server/modules/auth/tokens';
import { createUnsubscribeToken } from '../../src/server/modules/email-preferences/unsubscribe-token';
import { replaceFeed } from '../../src/server/modules/scheduling/scheduling.repo';
import { openTermSheet } from './term-sheet-fixture';
import { sessionCookie, type TestApp } from './test-app';
import { invitationToken, inviteAndJoin } from './two-sided';

// The world the API fuzzer (src/server/security/openapi-fuzz/) calls into: an app with signed-in callers of every
// role, objects of every kind that exist (requests in several states, payments, notifications, a dispute, a support
// message, an uploaded object, a case's sessions, term sheets and envelopes), their ids by the name a parameter gives
// them, and the operations of the served OpenAPI description (GET /api/docs/json).

export const PUBLIC_ORIGIN = 'http://localhost:3000';

// `opposing`: opposing counsel who joined one of the lawyer's cases (issue 23), the only caller of the second side's routes.
export type Role = 'anon' | 'fresh' | 'lawyer' | 'mediator' | 'admin' | 'opposing';
export const SIGNED_IN: Role[] = ['fresh', 'lawyer', 'mediator', 'admin', 'opposing'];

export interface Operation {
  method: string;
  path: string;
  parameters?: { in: 'path' | 'query' | 'header' | 'cookie'; name: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
}

const rowsOfIds = (body: unknown): string[] => {
  const found: string[] = [];
  const walk = (value: unknown, depth: number) => {
    if (depth > 3 || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) return value.forEach((v) => walk(v, depth + 1));
    const record = value as Record<string, unknown>;
    if (typeof record.id === 'string') found.push(record.id);
    for (const v of Object.values(record)) if (typeof v === 'object') walk(v, depth + 1);
  };
  walk(body, 0);
  return found;
};

const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n%%EOF\n');

/** Sets the world up in a fresh app (the caller creates and closes it). */
export async function createFuzzWorld(t: TestApp) {
  const cookies: Partial<Record<Role, string>> = {};
  const userIds: Partial<Record<Role, string>> = {};
  const pools: Record<string, string[]> = {};

  const matched = await createMatchedRequest(t);
  const completed = await createCompletedRequest(t);
  cookies.lawyer = matched.lawyer.cookie;
  userIds.lawyer = matched.lawyer.user.id;
  cookies.mediator = matched.mediator.cookie;
  userIds.mediator = matched.mediator.user.id;
  const fresh = await signUpVerified(t);
  cookies.fresh = fresh.cookie;
  userIds.fresh = fresh.user.id;
  const adminEmail = uniqueEmail('admin');
  userIds.admin = (await ensureAdmin(t.ctx, adminEmail, PASSWORD)).id;
  cookies.admin = sessionCookie(await call(t, 'POST', '/api/login', undefined, { email: adminEmail, password: PASSWORD }));

  const live = await createLiveRequest(t, matched.lawyer.cookie);
  const draft = (await call(t, 'POST', '/api/requests', matched.lawyer.cookie, validRequest())).json().id as string;
  const disputed = await call(t, 'POST', `/api/requests/${completed.id}/dispute`, completed.lawyer.cookie, { reason: 'The agreed plan was not delivered.' });
  expect(disputed.statusCode, disputed.body).toBe(201);
  await call(t, 'POST', '/api/contact', undefined, { name: 'Ann', email: 'ann@example.com', subject: 'Hello', message: 'A question.' });
  await call(t, 'POST', '/api/messages', matched.lawyer.cookie, { requestId: matched.id, content: 'Hello there' });
  const upload = await call(t, 'POST', '/api/files/upload', matched.lawyer.cookie, { fileName: 'brief.pdf', size: 1000, purpose: 'brief' });
  expect(upload.statusCode, upload.body).toBe(200);
  const { uploadURL, objectPath } = upload.json() as { uploadURL: string; objectPath: string };

  // A two-sided case (issue 23) awaiting selection with a proposal open: opposing counsel's routes have a caller.
  const twoSided = await createLiveRequest(t, matched.lawyer.cookie);
  const opposing = await inviteAndJoin(t, matched.lawyer.cookie, twoSided);
  cookies.opposing = opposing.cookie;
  userIds.opposing = opposing.user.id;
  for (const m of [matched.mediator, completed.mediator]) {
    // Both mediated the lawyer's earlier cases (the same firms): the conflict check asks for a disclosure.
    const accepted = await call(t, 'POST', `/api/requests/${twoSided}/accept`, m.cookie, {
      noConflictConfirmed: true,
      disclosure: 'I mediated earlier cases with both firms.',
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
  }
  expect((await call(t, 'POST', `/api/requests/${twoSided}/select-mediator/${matched.mediator.user.id}`, matched.lawyer.cookie)).statusCode).toBe(202);
  // A case document of the lawyer's, for the routes that take an upload id.
  const docUpload = await call(t, 'POST', '/api/files/upload', matched.lawyer.cookie, { fileName: 'exhibit.pdf', size: PDF.length, purpose: 'case_file' });
  const { uploadURL: docUrl, objectPath: docPath } = docUpload.json() as { uploadURL: string; objectPath: string };
  await t.app.inject({ method: 'PUT', url: docUrl, headers: { 'content-type': 'application/pdf' }, payload: PDF });
  const attached = await call(t, 'POST', `/api/requests/${twoSided}/documents`, matched.lawyer.cookie, { objectPath: docPath, visibility: 'everyone' });
  expect(attached.statusCode, attached.body).toBe(201);
  pools.caseDocument = [attached.json().uploadId as string];

  // Invitation links of opposing counsel (issue 23), for the routes that take a token: one per open request.
  pools.token = [];
  for (const requestId of [live, draft]) {
    const email = uniqueEmail('invited');
    const invited = await call(t, 'POST', `/api/requests/${requestId}/invitation`, matched.lawyer.cookie, { email, name: 'Olivia Opponent' });
    expect(invited.statusCode, invited.body).toBe(201);
    pools.token.push(invitationToken(t, email));
  }
  // The tokens of e-mails' unsubscribe links (decision 060): a valid one turns a kind off for a user no call acts as.
  const unsubscribed = await signUpVerified(t);
  pools.unsubscribeToken = [createUnsubscribeToken(t.ctx.secret, unsubscribed.user.id, 'new_message')];

  /** A case of the lawyer's matched with the mediator, out of reach of the request routes' fuzz (which cancels the others). */
  const matchedCase = async () => {
    const id = await createLiveRequest(t, matched.lawyer.cookie);
    expect((await call(t, 'POST', `/api/requests/${id}/accept`, matched.mediator.cookie, { noConflictConfirmed: true })).statusCode).toBe(201);
    expect((await call(t, 'POST', `/api/requests/${id}/select-mediator/${matched.mediator.user.id}`, matched.lawyer.cookie)).statusCode).toBe(200);
    return id;
  };

  // Scheduling (issue 25): a matched case of its own, with a session confirmed from a poll, a live poll moving it with
  // its candidate, an attendee of the lawyer's side; a blocked date of the mediator's; a calendar feed of a user no call
  // acts as (making a feed replaces the token).
  const scheduled = { id: await matchedCase(), lawyer: matched.lawyer, mediator: matched.mediator };
  const schedule = async (method: 'POST' | 'PUT', url: string, cookie: string, body?: unknown) => {
    const res = await call(t, method, url, cookie, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  pools.exceptionId = (
    await schedule('POST', '/api/availability/exceptions', matched.mediator.cookie, { startDate: '2026-06-01', endDate: '2026-06-02' })
  ).exceptions.map((e: { id: string }) => e.id);
  const pollOf = async () => (await call(t, 'GET', `/api/requests/${scheduled.id}/scheduling`, scheduled.mediator.cookie)).json();
  await schedule('POST', `/api/requests/${scheduled.id}/polls`, scheduled.mediator.cookie, {
    durationMinutes: 120,
    candidates: [{ startsAt: '2026-03-20T14:00:00Z' }],
  });
  await schedule('POST', `/api/requests/${scheduled.id}/attendees`, scheduled.lawyer.cookie, {
    name: 'Cleo Client',
    email: 'cleo@example.com',
    role: 'Client',
  });
  const first = await pollOf();
  const answers = first.poll.candidates.flatMap((c: { id: string }) =>
    first.attendees.map((a: { id: string }) => ({ candidateId: c.id, attendeeId: a.id, answer: 'yes' })),
  );
  await schedule('PUT', `/api/requests/${scheduled.id}/polls/${first.poll.id}/answers`, scheduled.lawyer.cookie, { answers });
  await schedule('POST', `/api/requests/${scheduled.id}/polls/${first.poll.id}/confirm`, scheduled.mediator.cookie, {
    candidateId: first.poll.candidates[0].id,
  });
  const session = (await pollOf()).sessions[0].id as string;
  await schedule('POST', `/api/requests/${scheduled.id}/polls`, scheduled.mediator.cookie, {
    durationMinutes: 120,
    sessionId: session,
    candidates: [{ startsAt: '2026-03-23T14:00:00Z' }],
  });
  const moving = await pollOf();
  pools.scheduledRequest = [scheduled.id];
  pools.pollId = [moving.poll.id];
  pools.candidateId = moving.poll.candidates.map((c: { id: string }) => c.id);
  pools.sessionId = [session];
  pools.attendeeId = moving.attendees.filter((a: { isCounsel: boolean }) => !a.isCounsel).map((a: { id: string }) => a.id);
  const feed = newToken();
  await replaceFeed(t.ctx.db, completed.lawyer.user.id, feed.hash, t.clock.now());
  pools.feedToken = [feed.token];

  // The signed outcome (issue 26), on cases of its own: one whose opposing counsel joined after the selection, with
  // version 2 of its term sheet out for signature to both counsel and a party (version 1's envelope replaced, its party
  // link kept) and opposing counsel's edits proposed, for every pool; one whose envelope only the lawyer signs, in the
  // envelope pool alone (the lawyer's password is in the pool: a valid case seals it); one whose envelope waits on a
  // party, in the link pool alone (the fuzz's own new versions void the first case's envelope, not this one); one
  // completed with its outcome, for the certificate.
  const termSheetOn = (requestId: string, counselCookie: string, partyEmail: string) =>
    openTermSheet(t, {
      requestId,
      mediatorCookie: matched.mediator.cookie,
      counselCookie,
      parties: [
        { name: 'Ann Applicant', side: 'first', email: partyEmail },
        { name: 'Rob Respondent', side: 'second', email: '' },
      ],
    });
  const signingCase = await matchedCase();
  await inviteAndJoin(t, matched.lawyer.cookie, signingCase, opposing);
  const termSheet = await termSheetOn(signingCase, opposing.cookie, uniqueEmail('party'));
  const sealable = await termSheetOn(await matchedCase(), matched.lawyer.cookie, '');
  const partyOnly = await termSheetOn(await matchedCase(), matched.lawyer.cookie, uniqueEmail('party'));
  const withOutcome = await matchedCase();
  const completion = { completionResults: 'Settled in full.', outcome: 'settled_full', outcomeDate: '2026-03-02' };
  expect((await call(t, 'POST', `/api/requests/${withOutcome}/complete`, matched.mediator.cookie, completion)).statusCode).toBe(200);
  pools.signingRequest = [signingCase, withOutcome];
  pools.proposal = [termSheet.proposalId];
  pools.envelope = [termSheet.envelopeId, sealable.envelopeId];
  pools.versionNumber = ['1', String(termSheet.version)];
  pools.signingToken = [...termSheet.liveTokens, ...termSheet.replacedTokens, ...partyOnly.liveTokens];

  const victims = [await signUpVerified(t), await signUpVerified(t), await signUpVerified(t)];
  const listed = async (url: string, role: Role) => rowsOfIds((await call(t, 'GET', url, cookies[role])).json());

  pools.request = [matched.id, completed.id, live, draft, twoSided];
  pools.mediator = [matched.mediator.user.id, completed.mediator.user.id];
  pools.victim = victims.map((v) => v.user.id);
  pools.user = [...pools.victim, matched.lawyer.user.id, matched.mediator.user.id, fresh.user.id, userIds.admin];
  pools.object = [objectPath.split('/').pop()!];
  pools.objectPath = [objectPath];
  pools.uploadKey = [new URL(uploadURL, PUBLIC_ORIGIN).pathname.split('/').pop()!];
  pools.payment = await listed('/api/payments', 'lawyer');
  pools.notification = [...(await listed('/api/notifications', 'mediator')), ...(await listed('/api/notifications', 'lawyer'))];
  pools.dispute = await listed('/api/admin/disputes', 'admin');
  pools.support = await listed('/api/admin/support?handled=all', 'admin');
  if (!pools.support.length) pools.support = await listed('/api/admin/support', 'admin');
  for (const name of [
    'request',
    'payment',
    'notification',
    'dispute',
    'support',
    'object',
    'uploadKey',
    'token',
    'pollId',
    'sessionId',
    'attendeeId',
    'exceptionId',
    'feedToken',
    'signingRequest',
    'proposal',
    'envelope',
    'signingToken',
  ])
    expect(pools[name].length, name).toBeGreaterThan(0);

  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, Operation>> };
  const operations: Operation[] = Object.entries(doc.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, operation]) => ({ ...operation, method: method.toUpperCase(), path })),
  );

  /** Ids a real caller would use, by the name of the path parameter, query parameter or body field. */
  function poolFor(path: string, name: string): string[] {
    if (name === 'id' || name === 'requestId') {
      if (path.startsWith('/api/files/objects')) return pools.object;
      if (path.startsWith('/api/payments')) return pools.payment;
      if (path.startsWith('/api/notifications')) return pools.notification;
      if (path.startsWith('/api/admin/disputes')) return pools.dispute;
      if (path.startsWith('/api/admin/support')) return pools.support;
      if (path.startsWith('/api/mediators')) return pools.mediator;
      if (/^\/api\/requests\/\{id\}\/(scheduling|poll-slots|attendees|polls|sessions)/.test(path)) return pools.scheduledRequest;
      if (/^\/api\/requests\/\{id\}\/(signing|term-sheet|outcome-certificate)/.test(path)) return pools.signingRequest;
      if (path.startsWith('/api/term-sheet-proposals/')) return pools.proposal;
      if (path.startsWith('/api/signing/envelopes/')) return pools.envelope;
      return pools.request;
    }
    if (name === 'key') return pools.uploadKey;
    if (name === 'token' && path.startsWith('/api/email/unsubscribe')) return pools.unsubscribeToken;
    if (name === 'token') return path.startsWith('/api/calendar/') ? pools.feedToken : path.startsWith('/api/sign/') ? pools.signingToken : pools.token;
    if (name === 'number') return pools.versionNumber;
    // Counsel sign with their account's password (every account of the world has the same one).
    if (name === 'password' && path.startsWith('/api/signing/envelopes/')) return [PASSWORD];
    if (['pollId', 'candidateId', 'sessionId', 'attendeeId', 'exceptionId'].includes(name)) return pools[name];
    if (name === 'timeZone') return ['Europe/London', 'Asia/Kolkata', 'America/New_York'];
    if (name === 'fromDate' || name === 'startDate') return ['2026-03-09', '2026-07-01'];
    if (name === 'toDate' || name === 'endDate') return ['2026-03-20', '2026-07-03'];
    if (name === 'startsAt') return ['2026-03-25T14:00:00Z', '2026-03-26T09:30:00+01:00'];
    if (name === 'uploadId') return pools.caseDocument;
    if (name === 'mediatorId') return pools.mediator;
    // Admin actions on users aim at users of their own, never at the callers (who must stay signed in).
    if (name === 'userId' || name === 'userIds') return pools.victim;
    if (name === 'revieweeId' || name === 'actorId' || name === 'targetId') return pools.user;
    if (name === 'mediationBriefUrl' || name === 'caseFilesUrls' || name === 'objectPath' || name === 'profileImageUrl') return pools.objectPath;
    return [];
  }

  /** A session of its own for one call that may end or turn it (logout, impersonation, sign-in, a role choice). */
  async function mintSession(role: Role): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const now = t.ctx.clock.now();
    await insertSession(
      t.ctx.db,
      createHash('sha256').update(token).digest('hex'),
      { userId: userIds[role]!, createdAt: now.toISOString() },
      new Date(now.getTime() + SESSION_IDLE_MS),
    );
    return `sid=${token}`;
  }

  return { operations, cookies, userIds, pools, poolFor, mintSession };
}

export type FuzzWorld = Awaited<ReturnType<typeof createFuzzWorld>>;
