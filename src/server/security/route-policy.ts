// Issue 11, families 1 and 2: who may call every route, declared in one table (RULES.md 6 and 7).
// route-policy.api.test.ts fails when a registered route has no entry here or an entry names a route that is gone,
// and the authorization matrix calls every entry as every actor on requests in several states and compares.
import { CASE_ROUTE_POLICY } from './route-policy-cases';
import {
  adminOnly,
  everyone,
  isLawyer,
  isMediator,
  member,
  onRequest,
  route,
  sees,
  selected,
  signedIn,
  withNoRole,
  type RoutePolicy,
} from './route-policy-vocabulary';

export { ACTORS, STATES, type Actor, type Expect, type State } from './route-policy-vocabulary';

export const ROUTE_POLICY: Record<string, RoutePolicy> = {
  ...CASE_ROUTE_POLICY,
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
