// Issue 11, families 1 and 2: who may call every route, declared in one table (RULES.md 6 and 7).
// route-policy.api.test.ts fails when a registered route has no entry here or an entry names a route that is gone,
// and the authorization matrix calls every entry as every actor on requests in several states and compares.

/** Who calls: the owning lawyer and the accepted/selected mediator are relative to the request under test. */
export const ACTORS = ['anon', 'noRole', 'owner', 'otherLawyer', 'mediator', 'unrelatedMediator', 'suspended', 'admin'] as const;
export type Actor = (typeof ACTORS)[number];

/**
 * States of the request a route's `:id`/`:requestId` names. In `pending` the mediator matches and sees the request but
 * has not accepted; in `awaiting` their acceptance is pending; in `matched` and `completed` they are the selected one.
 */
export const STATES = ['draft', 'pending', 'awaiting', 'matched', 'completed'] as const;
export type State = (typeof STATES)[number];

/**
 * - a number: the exact status expected;
 * - 'ok': any 2xx (or 3xx for a redirecting route), called;
 * - 'allowed': permitted, but a success would change the shared fixtures (or end the caller's session), so the
 *   matrix does not call it; other suites (flows, races, state machine) exercise the success.
 */
export type Expect = number | 'ok' | 'allowed';

export interface RoutePolicy {
  /** Whether the route names a request (directly or through its file, payment or thread) and so varies by state. */
  perState: boolean;
  /** Not called by the matrix at all (transport routes that are not HTTP calls), with the reason. */
  notCalled?: string;
  expect: (actor: Actor, state: State) => Expect;
}

const LAWYERS: readonly Actor[] = ['owner', 'otherLawyer'];
const MEDIATORS: readonly Actor[] = ['mediator', 'unrelatedMediator'];
const isLawyer = (a: Actor) => LAWYERS.includes(a);
const isMediator = (a: Actor) => MEDIATORS.includes(a);
const signedOut = (a: Actor) => a === 'anon' || a === 'suspended'; // a suspension ends every session at once

/** Anyone, signed in or not, gets the same answer. */
const everyone =
  (e: Expect): RoutePolicy['expect'] =>
  () =>
    e;
/** 401 signed out, then `rest`. */
const signedIn =
  (rest: RoutePolicy['expect']): RoutePolicy['expect'] =>
  (a, s) =>
    signedOut(a) ? 401 : rest(a, s);
/** 401 signed out, 403 to anyone but an admin. */
const adminOnly = (adminExpect: Expect): RoutePolicy['expect'] => signedIn((a) => (a === 'admin' ? adminExpect : 403));
/** Lawyers or mediators who finished onboarding (403 for a user without a role); admins as given. */
const member = (rest: RoutePolicy['expect'], adminExpect: Expect = 'ok'): RoutePolicy['expect'] =>
  signedIn((a, s) => (a === 'noRole' ? 403 : a === 'admin' ? adminExpect : rest(a, s)));

/** Whether a mediator sees the request (RULES.md 5, 6): never a draft; the matching mediator from pending on. */
const mediatorSees = (a: Actor, s: State) => a === 'mediator' && s !== 'draft';
/** Who sees a request at all: its owner, a mediator it is visible to, admins. Everyone else: 404. */
const sees = (a: Actor, s: State) => a === 'owner' || a === 'admin' || mediatorSees(a, s);
/** The selected mediator (from matched on). */
const selected = (a: Actor, s: State) => a === 'mediator' && (s === 'matched' || s === 'completed');

/** A request route: 401, then 404 unless visible, then `rest` for those who see it. */
// A user without a role is refused (403 "Complete your profile first") whatever the id, so the answer tells nothing.
const onRequest = (rest: (a: Actor, s: State) => Expect): RoutePolicy['expect'] => signedIn((a, s) => (a === 'noRole' ? 403 : !sees(a, s) ? 404 : rest(a, s)));
/** The same, for routes that look the request up before the role: no role is 404 (equally no oracle). */
const withNoRole = (noRole: Expect, rest: (a: Actor, s: State) => Expect): RoutePolicy['expect'] => {
  const inner = onRequest(rest);
  return (a, s) => (a === 'noRole' ? noRole : inner(a, s));
};

/**
 * A term sheet's proposal or envelope (decision 055), named by its own id: they exist from matched on (before, the id
 * names nothing: 404 to every member). 401, 403 without a role, then 404 unless the caller sees its case (a side's
 * proposal is that side's and the mediator's: admins get 404 too), then `rest`.
 */
const hasTermSheet = (s: State) => s === 'matched' || s === 'completed';
const onProposal = (rest: (a: Actor, s: State) => Expect): RoutePolicy['expect'] =>
  signedIn((a, s) => (a === 'noRole' ? 403 : !hasTermSheet(s) || !(a === 'owner' || selected(a, s)) ? 404 : rest(a, s)));
const onEnvelope = (rest: (a: Actor, s: State) => Expect): RoutePolicy['expect'] =>
  signedIn((a, s) => (a === 'noRole' ? 403 : !hasTermSheet(s) || !sees(a, s) ? 404 : rest(a, s)));

const route = (expect: RoutePolicy['expect'], perState = false): RoutePolicy => ({ perState, expect });

export const ROUTE_POLICY: Record<string, RoutePolicy> = {
  // Health, settings, docs and the client's pages: public.
  'GET /api/health': route(everyone('ok')),
  'GET /api/ready': route(everyone('ok')),
  // Prometheus (decision 059): 404 without METRICS_TOKEN, as here; with it, the token alone decides (metrics.api.test.ts).
  'GET /metrics': route(everyone(404)),
  'GET /api/settings/public': route(everyone('ok')),
  'GET /api/docs/': route(everyone('ok')),
  'GET /api/docs/static/*': route(everyone(404)),
  'GET /api/docs/static/index.html': route(everyone('ok')),
  'GET /api/docs/static/swagger-initializer.js': route(everyone('ok')),
  'GET /api/docs/json': route(everyone('ok')),
  'GET /api/docs/yaml': route(everyone('ok')),
  'GET /ws': { perState: false, notCalled: 'WebSocket upgrade (session and Origin checked in realtime.api tests)', expect: everyone(404) },

  // Accounts.
  'POST /api/register': route(everyone('allowed')),
  'POST /api/login': route(everyone('allowed')),
  'POST /api/logout': route(everyone('allowed')),
  'GET /api/logout': route(everyone('allowed')),
  'GET /api/user': route(signedIn(() => 'ok')),
  'PATCH /api/user/role': route(signedIn((a) => (a === 'noRole' ? 'allowed' : 409))),
  'GET /api/verify-email': route(everyone('ok')), // an unknown token redirects to /auth?verified=false
  'POST /api/verify-email/resend': route(everyone('ok')), // 200 whatever the address
  'POST /api/password/forgot': route(everyone('ok')),
  'POST /api/password/reset': route(everyone(400)), // an unknown token
  'POST /api/password/change': route(signedIn(() => 400)), // a wrong current password
  'POST /api/profile/lawyer': route(signedIn((a) => (isLawyer(a) ? 'allowed' : 403))),
  'POST /api/profile/mediator': route(signedIn((a) => (isMediator(a) ? 'allowed' : 403))),
  'GET /api/profile': route(signedIn(() => 'ok')),
  'PATCH /api/profile': route(signedIn(() => 'allowed')), // one's own names and photo, whatever the role
  'GET /api/profile/email-preferences': route(signedIn(() => 'ok')),
  'PATCH /api/profile/email-preferences': route(signedIn(() => 'allowed')),
  // People's own data (decision 061): one's own archive and account. The matrix names no archive (404 to everyone), and
  // a deletion without a body is 400 before anything else is looked at; the flows are api-tested in account-data/.
  'GET /api/profile/data-export': route(signedIn(() => 'ok')),
  'POST /api/profile/data-export': route(signedIn(() => 'allowed')),
  'GET /api/profile/data-export/:id/download': route(signedIn(() => 404)),
  'POST /api/profile/delete-account': route(signedIn(() => 400)),
  'GET /api/email/unsubscribe': route(everyone('ok')), // a forged token: redirected to the page that says so
  'POST /api/email/unsubscribe': route(everyone(400)),
  // The List-Unsubscribe URL (decision 060): GET leads to the page like the link; POST without a token is refused.
  'GET /api/email/unsubscribe/one-click': route(everyone('ok')),
  'POST /api/email/unsubscribe/one-click': route(everyone(400)),
  'POST /api/contact': route(everyone('allowed')),
  'GET /api/dashboard': route(member(() => 'ok')),

  // Files.
  'POST /api/files/upload': route(signedIn(() => 'allowed')),
  // A request's brief: its owner and the selected mediator only (RULES.md 6); the rest 404.
  'GET /api/files/objects/:id': route(
    signedIn((a, s) => (a === 'owner' || a === 'admin' || selected(a, s) ? 'ok' : 404)),
    true,
  ),
  'PUT /api/files/local-upload/:key': route(everyone(403)), // no signature
  'POST /api/payments/stripe/webhook': route(everyone(404)), // the local provider is configured

  // Notifications (the owner's own notification in :id).
  'GET /api/notifications': route(signedIn(() => 'ok')),
  'GET /api/notifications/unread': route(signedIn(() => 'ok')),
  'PATCH /api/notifications/read-all': route(signedIn(() => 'allowed')),
  'PATCH /api/notifications/:id/read': route(signedIn((a) => (a === 'owner' ? 'allowed' : 404))),

  // Requests.
  'GET /api/requests': route(member(() => 'ok')),
  'GET /api/requests/counts': route(member(() => 'ok')),
  'POST /api/requests': route(member((a) => (isLawyer(a) ? 'allowed' : 403), 403)),
  'GET /api/requests/:id': route(
    onRequest(() => 'ok'),
    true,
  ),
  'POST /api/requests/:id/submit': route(
    onRequest((a, s) => (a !== 'owner' ? 403 : s === 'draft' ? 'allowed' : 409)),
    true,
  ),
  'GET /api/requests/:id/pending-acceptances': route(
    onRequest((a) => (a === 'mediator' ? 403 : 'ok')),
    true,
  ),
  'POST /api/requests/:id/accept': route(
    withNoRole(404, (a, s) => (a !== 'mediator' ? 403 : s === 'pending' ? 'allowed' : 409)),
    true,
  ),
  // The caller's own acceptance: none is 404; the selected one can no longer be withdrawn (409).
  'DELETE /api/requests/:id/acceptance': route(
    onRequest((a, s) => (a !== 'mediator' || s === 'pending' ? 404 : s === 'awaiting' ? 'allowed' : 409)),
    true,
  ),
  'POST /api/requests/:id/select-mediator/:mediatorId': route(
    onRequest((a, s) => (a !== 'owner' ? 403 : s === 'awaiting' ? 'allowed' : 409)),
    true,
  ),
  'GET /api/requests/:id/cancellation': route(
    onRequest((a, s) => (a === 'mediator' ? 403 : s === 'completed' ? 409 : 'ok')),
    true,
  ),
  'POST /api/requests/:id/cancel': route(
    onRequest((a, s) => (a === 'mediator' ? 403 : s === 'completed' ? 409 : 'allowed')),
    true,
  ),
  'POST /api/requests/:id/start': route(
    onRequest((a, s) => (!selected(a, s) ? 403 : s === 'matched' ? 'allowed' : 409)),
    true,
  ),
  'POST /api/requests/:id/complete': route(
    onRequest((a, s) => (!selected(a, s) ? 403 : s === 'matched' ? 'allowed' : 409)),
    true,
  ),
  'POST /api/requests/:id/dispute': route(
    withNoRole(404, (a) => (a !== 'owner' ? 403 : 409)),
    true,
  ), // the completed one is disputed already
  // Case documents (decision 044): `:uploadId` is the owner's brief (shared with the selected mediator); counsel add,
  // only the uploader changes or reads the log; a mediator not selected may not open it (404).
  'POST /api/requests/:id/documents': route(
    onRequest((a) => (a === 'owner' ? 400 : 403)), // the body names an object nobody uploaded
    true,
  ),
  'PATCH /api/requests/:id/documents/:uploadId': route(
    onRequest((a, s) => (a === 'owner' ? 'allowed' : a === 'admin' || selected(a, s) ? 403 : 404)),
    true,
  ),
  'GET /api/requests/:id/documents/:uploadId/accesses': route(
    onRequest((a, s) => (a === 'owner' ? 'ok' : a === 'admin' || selected(a, s) ? 403 : 404)),
    true,
  ),
  // Opposing counsel's invitation (decision 043): the owner's to send, re-send, revoke and read; nobody has sent one on
  // the fixtures (re-send and revoke: 409), and the owner's invite without a body is 400.
  'GET /api/requests/:id/invitation': route(
    onRequest((a) => (a === 'owner' ? 'ok' : 403)),
    true,
  ),
  'POST /api/requests/:id/invitation': route(
    onRequest((a) => (a === 'owner' ? 400 : 403)),
    true,
  ),
  'POST /api/requests/:id/invitation/resend': route(
    onRequest((a) => (a === 'owner' ? 409 : 403)),
    true,
  ),
  'DELETE /api/requests/:id/invitation': route(
    onRequest((a) => (a === 'owner' ? 409 : 403)),
    true,
  ),
  // The link is the credential: a token nobody was sent is 404 to everyone (joining needs a signed-in member first).
  'GET /api/invitations/:token': route(everyone(404)),
  'POST /api/invitations/:token/accept': route(signedIn((a) => (a === 'noRole' ? 403 : 404))),
  'POST /api/invitations/:token/decline': route(everyone(404)),
  // The other side's answer to a proposed mediator (decision 045): the fixtures are one-sided, so whoever sees the
  // request is not opposing counsel (403); the owner has no open proposal to withdraw (409).
  'POST /api/requests/:id/selection-proposal/approve': route(
    onRequest(() => 403),
    true,
  ),
  'POST /api/requests/:id/selection-proposal/decline': route(
    onRequest(() => 403),
    true,
  ),
  'DELETE /api/requests/:id/selection-proposal': route(
    onRequest((a) => (a === 'owner' ? 409 : 403)),
    true,
  ),
  // Parties per side and the conflict preview (decision 047): each counsel writes their side's list (the owner's call
  // without a body is 400); the preview is for mediators who see the request.
  'PUT /api/requests/:id/parties': route(
    onRequest((a) => (a === 'owner' ? 400 : 403)),
    true,
  ),
  // The fee split (decision 049): counsel and the selected mediator read it (null on the one-sided fixtures); only
  // counsel propose and accept (the owner's bodiless proposal is 400, its accept 409: nobody joined), and pay a share
  // (the matrix's side is not a side: 400).
  // Scheduling the session (issue 25, decision 054). Time zones: anyone signed in (no body: 400). Availability: the
  // mediator's own (403 otherwise; no body: 400; an exception the id does not name: 404). A case's scheduling: its
  // seats and admins read it (404 unless visible, 403 without a seat); polls are opened by the mediator or the first
  // side, answered and attendees named by counsel, confirmed by the mediator, sessions cancelled by any seat (the
  // matrix sends no body: 400 after the seat). Closing a poll, removing an attendee: 409 outside matched, 404 for an id
  // that names no poll or attendee. The feed's token is the authority: an unknown one is 404 to everyone.
  'PUT /api/profile/time-zone': route(signedIn(() => 400)),
  'GET /api/availability': route(member((a) => (isMediator(a) ? 'ok' : 403), 403)),
  'PUT /api/availability': route(member((a) => (isMediator(a) ? 400 : 403), 403)),
  'POST /api/availability/exceptions': route(member((a) => (isMediator(a) ? 400 : 403), 403)),
  'DELETE /api/availability/exceptions/:exceptionId': route(member((a) => (isMediator(a) ? 404 : 403), 403)),
  'GET /api/sessions': route(member(() => 'ok')),
  'GET /api/calendar-feed': route(member(() => 'ok')),
  'POST /api/calendar-feed': route(member(() => 'allowed')),
  'DELETE /api/calendar-feed': route(member(() => 'allowed')),
  'GET /api/calendar/:token': route(everyone(404)),
  'GET /api/requests/:id/scheduling': route(
    onRequest((a, s) => (a === 'owner' || a === 'admin' || selected(a, s) ? 'ok' : 403)),
    true,
  ),
  'GET /api/requests/:id/poll-slots': route(
    onRequest((a, s) => (a === 'owner' || selected(a, s) ? 400 : 403)),
    true,
  ),
  'POST /api/requests/:id/attendees': route(
    onRequest((a) => (a === 'owner' ? 400 : 403)),
    true,
  ),
  'DELETE /api/requests/:id/attendees/:attendeeId': route(
    onRequest((a, s) => (a === 'owner' ? (s === 'matched' ? 404 : 409) : 403)),
    true,
  ),
  'POST /api/requests/:id/polls': route(
    onRequest((a, s) => (a === 'owner' || selected(a, s) ? 400 : 403)),
    true,
  ),
  'PUT /api/requests/:id/polls/:pollId/answers': route(
    onRequest((a) => (a === 'owner' ? 400 : 403)),
    true,
  ),
  'POST /api/requests/:id/polls/:pollId/confirm': route(
    onRequest((a, s) => (selected(a, s) ? 400 : 403)),
    true,
  ),
  'POST /api/requests/:id/polls/:pollId/close': route(
    onRequest((a, s) => (a === 'owner' || selected(a, s) ? (s === 'matched' ? 404 : 409) : 403)),
    true,
  ),
  'POST /api/requests/:id/sessions/:sessionId/cancel': route(
    onRequest((a, s) => (a === 'owner' || selected(a, s) ? 400 : 403)),
    true,
  ),
  'GET /api/requests/:id/sessions/:sessionId/invite.ics': route(
    onRequest((a, s) => (a === 'owner' || a === 'admin' || selected(a, s) ? 404 : 403)),
    true,
  ),
  // The invoice (decision 053): counsel, the selected mediator and admins, once matched (409 before).
  'GET /api/requests/:id/invoice': route(
    onRequest((a, s) => (a === 'owner' || a === 'admin' || selected(a, s) ? (s === 'matched' || s === 'completed' ? 'ok' : 409) : 403)),
    true,
  ),
  'GET /api/requests/:id/fee-split': route(
    onRequest((a, s) => (a === 'owner' || a === 'admin' || selected(a, s) ? 'ok' : 403)),
    true,
  ),
  'POST /api/requests/:id/fee-split': route(
    onRequest((a) => (a === 'owner' ? 400 : 403)),
    true,
  ),
  'POST /api/requests/:id/fee-split/accept': route(
    onRequest((a) => (a === 'owner' ? 409 : 403)),
    true,
  ),
  'POST /api/requests/:id/shares/:side/pay': route(
    onRequest((a) => (a === 'owner' ? 400 : 403)),
    true,
  ),
  'GET /api/requests/:id/conflicts': route(
    onRequest((a) => (a === 'mediator' ? 'ok' : 403)),
    true,
  ),
  'GET /api/requests/:id/reviews': route(
    onRequest(() => 'ok'),
    true,
  ),
  'POST /api/reviews': route(
    onRequest((a, s) => (a === 'owner' || selected(a, s) ? (s === 'completed' ? 'allowed' : 409) : 403)),
    true,
  ),
  'GET /api/reviews': route(member(() => 'ok')),
  'GET /api/reviews/summary': route(member(() => 'ok')),

  // The signed outcome (issue 26, decision 055). The agreement to mediate's settings are each mediator's own. A case's
  // signing is read by its seats and admins (404 unless visible, 403 without a seat); only the seats write, each its
  // part: versions by the mediator (counsel the first only), proposals by counsel, answered by the mediator, withdrawn
  // by their author; a version marked final by the mediator; an envelope signed or refused by its signers. The
  // matrix sends no body: 400 after the seat. On the fixtures version 2 was sent for signature once matched (the
  // completion voided its envelope) and the owner's proposal is open; once completed every write is 409 after the
  // body. The outcome certificate: the seats and admins, once completed with an outcome (409 before).
  'GET /api/agreement-template': route(member((a) => (isMediator(a) ? 'ok' : 403), 403)),
  'PUT /api/agreement-template': route(member((a) => (isMediator(a) ? 400 : 403), 403)),
  'GET /api/requests/:id/signing': route(
    onRequest((a, s) => (a === 'owner' || a === 'admin' || selected(a, s) ? 'ok' : 403)),
    true,
  ),
  'POST /api/requests/:id/term-sheet/versions': route(
    onRequest((a, s) => (a === 'owner' || selected(a, s) ? 400 : 403)),
    true,
  ),
  'POST /api/requests/:id/term-sheet/proposals': route(
    onRequest((a) => (a === 'owner' ? 400 : 403)),
    true,
  ),
  'POST /api/requests/:id/term-sheet/versions/:number/final': route(
    onRequest((a, s) => (selected(a, s) ? 409 : 403)), // out for signature already (matched), or closed (completed)
    true,
  ),
  'POST /api/term-sheet-proposals/:id/accept': route(
    onProposal((a, s) => (a === 'owner' ? 403 : s === 'matched' ? 'allowed' : 409)),
    true,
  ),
  'POST /api/term-sheet-proposals/:id/decline': route(
    onProposal((a) => (a === 'owner' ? 403 : 400)),
    true,
  ),
  'POST /api/term-sheet-proposals/:id/withdraw': route(
    onProposal((a, s) => (a !== 'owner' ? 403 : s === 'matched' ? 'allowed' : 409)),
    true,
  ),
  'POST /api/signing/envelopes/:id/sign': route(
    onEnvelope((a) => (a === 'owner' ? 400 : 403)),
    true,
  ),
  'POST /api/signing/envelopes/:id/refuse': route(
    onEnvelope((a) => (a === 'owner' ? 400 : 403)),
    true,
  ),
  'GET /api/signing/envelopes/:id/document': route(
    onEnvelope(() => 'ok'),
    true,
  ),
  'GET /api/signing/envelopes/:id/audit-certificate': route(
    onEnvelope(() => 'ok'),
    true,
  ),
  'GET /api/requests/:id/outcome-certificate': route(
    onRequest((a, s) => (a === 'owner' || a === 'admin' || selected(a, s) ? (s === 'completed' ? 'ok' : 409) : 403)),
    true,
  ),
  // A party's link is the credential (no account): whoever holds it gets the same answer, signed in or not. The
  // matrix holds a party's link to the open envelope; asking a code uses their link to the replaced one (409: it
  // signs nothing). Without a body, signing and refusing are 400 after the link. The verification is public.
  'GET /api/sign/:token': route(everyone('ok')),
  'GET /api/sign/:token/document': route(everyone('ok')),
  'POST /api/sign/:token/code': route(everyone(409)),
  'POST /api/sign/:token': route(everyone(400)),
  'POST /api/sign/:token/refuse': route(everyone(400)),
  'POST /api/verify': route(everyone('ok')),

  // Messages: the thread exists from matched on, between the owner and the selected mediator; admins read it.
  'GET /api/messages': route(signedIn(() => 'ok')),
  'GET /api/messages/:requestId': route(
    signedIn((a, s) => (!sees(a, s) || s === 'draft' || s === 'pending' || s === 'awaiting' ? 404 : 'ok')),
    true,
  ),
  'POST /api/messages': route(
    signedIn((a, s) => (!sees(a, s) || s === 'draft' || s === 'pending' || s === 'awaiting' ? 404 : a === 'admin' ? 403 : 'allowed')),
    true,
  ),
  // An admin reading a thread marks nothing as read (they are no party to it): 200 { marked: 0 }.
  'POST /api/messages/:requestId/read': route(
    signedIn((a, s) => (!sees(a, s) || s === 'draft' || s === 'pending' || s === 'awaiting' ? 404 : a === 'admin' ? 'ok' : 'allowed')),
    true,
  ),

  // Payments (the payment of the request under test in :id; a draft has none: 404 for all).
  'POST /api/payments/local/confirm': route(signedIn(() => 404)), // a client secret nobody was given
  'GET /api/payments': route(signedIn(() => 'ok')),
  'GET /api/payments/:id': route(
    signedIn((a, s) => (s === 'draft' ? 404 : a === 'owner' || a === 'admin' || selected(a, s) ? 'ok' : 404)),
    true,
  ),
  'GET /api/payouts/account': route(signedIn((a) => (isMediator(a) ? 'ok' : 403))),
  'POST /api/payouts/account': route(signedIn((a) => (isMediator(a) ? 'allowed' : 403))),

  // Mediators (the mediator under test in :id).
  // A mediator sees only their own profile (another mediator's is 404); lawyers see every mediator's.
  'GET /api/mediators/:id': route(member((a) => (a === 'unrelatedMediator' ? 404 : 'ok'))),
  'GET /api/mediators/:id/acceptances': route(member((a) => (a === 'mediator' ? 'ok' : a === 'unrelatedMediator' ? 404 : 403))),
  'GET /api/subscription': route(signedIn((a) => (isMediator(a) ? 'ok' : 403))),
  'POST /api/subscription/upgrade': route(signedIn((a) => (isMediator(a) ? 'allowed' : 403))),
  'POST /api/subscription/cancel': route(signedIn((a) => (isMediator(a) ? 'allowed' : 403))),
  'POST /api/subscription/resume': route(signedIn((a) => (isMediator(a) ? 409 : 403))), // nothing cancelled on Free
  'GET /api/subscription/charges': route(signedIn((a) => (isMediator(a) ? 'ok' : 403))),
  'GET /api/subscription/charges/:id': route(signedIn((a) => (isMediator(a) ? 404 : 403))), // the id is a request's

  // Admin (admin-guard.api.test.ts covers the same from the admin side).
  'GET /api/admin/analytics': route(adminOnly('ok')),
  'GET /api/admin/users': route(adminOnly('ok')),
  'PATCH /api/admin/users/:userId/status': route(adminOnly('allowed')),
  'DELETE /api/admin/users/:userId': route(adminOnly('allowed')),
  'POST /api/admin/impersonate/:userId': route(adminOnly('allowed')),
  'POST /api/admin/impersonate/stop': route(adminOnly(409)), // nobody is being impersonated in these sessions
  'GET /api/admin/audit-log': route(adminOnly('ok')),
  'GET /api/admin/settings': route(adminOnly('ok')),
  'PATCH /api/admin/settings': route(adminOnly('allowed')),
  'GET /api/admin/mediations': route(adminOnly('ok')),
  'GET /api/admin/payments': route(adminOnly('ok')),
  'GET /api/admin/mediator-ratings': route(adminOnly('ok')),
  'POST /api/admin/broadcast-notification': route(adminOnly('allowed')),
  'GET /api/admin/support': route(adminOnly('ok')),
  'PATCH /api/admin/support/:id': route(adminOnly('allowed')),
  'GET /api/admin/disputes': route(adminOnly('ok')),
  'GET /api/admin/disputes/:id': route(adminOnly('ok')),
  'POST /api/admin/disputes/:id/resolve': route(adminOnly('allowed')),
  'PATCH /api/admin/mediations/:requestId/reassign': route(adminOnly('allowed'), true),
  'POST /api/admin/mediations/:requestId/cancel': route(adminOnly('allowed'), true),
  // The retention of closed cases' documents (decision 061): read, and a hold without a body is 400.
  'GET /api/admin/mediations/:requestId/retention': route(adminOnly('ok'), true),
  'PUT /api/admin/mediations/:requestId/retention-hold': route(adminOnly(400), true),
};
