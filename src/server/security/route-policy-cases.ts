// The route policy of the case's own routes beyond the spec (route-policy.ts holds the spec's): documents, the
// opposing side, the fee split, scheduling and signing (decisions 043–055).
import { everyone, isMediator, member, onEnvelope, onProposal, onRequest, route, selected, signedIn, type RoutePolicy } from './route-policy-vocabulary';

export const CASE_ROUTE_POLICY: Record<string, RoutePolicy> = {
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
};
