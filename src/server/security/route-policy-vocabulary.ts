// The words the route policy is written in (route-policy.ts, route-policy-cases.ts): who calls, the request's states,
// what an answer may be, and who sees what (RULES.md 6 and 7).

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
export const isLawyer = (a: Actor) => LAWYERS.includes(a);
export const isMediator = (a: Actor) => MEDIATORS.includes(a);
const signedOut = (a: Actor) => a === 'anon' || a === 'suspended'; // a suspension ends every session at once

/** Anyone, signed in or not, gets the same answer. */
export const everyone =
  (e: Expect): RoutePolicy['expect'] =>
  () =>
    e;
/** 401 signed out, then `rest`. */
export const signedIn =
  (rest: RoutePolicy['expect']): RoutePolicy['expect'] =>
  (a, s) =>
    signedOut(a) ? 401 : rest(a, s);
/** 401 signed out, 403 to anyone but an admin. */
export const adminOnly = (adminExpect: Expect): RoutePolicy['expect'] => signedIn((a) => (a === 'admin' ? adminExpect : 403));
/** Lawyers or mediators who finished onboarding (403 for a user without a role); admins as given. */
export const member = (rest: RoutePolicy['expect'], adminExpect: Expect = 'ok'): RoutePolicy['expect'] =>
  signedIn((a, s) => (a === 'noRole' ? 403 : a === 'admin' ? adminExpect : rest(a, s)));

/** Whether a mediator sees the request (RULES.md 5, 6): never a draft; the matching mediator from pending on. */
const mediatorSees = (a: Actor, s: State) => a === 'mediator' && s !== 'draft';
/** Who sees a request at all: its owner, a mediator it is visible to, admins. Everyone else: 404. */
export const sees = (a: Actor, s: State) => a === 'owner' || a === 'admin' || mediatorSees(a, s);
/** The selected mediator (from matched on). */
export const selected = (a: Actor, s: State) => a === 'mediator' && (s === 'matched' || s === 'completed');

/** A request route: 401, then 404 unless visible, then `rest` for those who see it. */
// A user without a role is refused (403 "Complete your profile first") whatever the id, so the answer tells nothing.
export const onRequest = (rest: (a: Actor, s: State) => Expect): RoutePolicy['expect'] =>
  signedIn((a, s) => (a === 'noRole' ? 403 : !sees(a, s) ? 404 : rest(a, s)));
/** The same, for routes that look the request up before the role: no role is 404 (equally no oracle). */
export const withNoRole = (noRole: Expect, rest: (a: Actor, s: State) => Expect): RoutePolicy['expect'] => {
  const inner = onRequest(rest);
  return (a, s) => (a === 'noRole' ? noRole : inner(a, s));
};

/**
 * A term sheet's proposal or envelope (decision 055), named by its own id: they exist from matched on (before, the id
 * names nothing: 404 to every member). 401, 403 without a role, then 404 unless the caller sees its case (a side's
 * proposal is that side's and the mediator's: admins get 404 too), then `rest`.
 */
const hasTermSheet = (s: State) => s === 'matched' || s === 'completed';
export const onProposal = (rest: (a: Actor, s: State) => Expect): RoutePolicy['expect'] =>
  signedIn((a, s) => (a === 'noRole' ? 403 : !hasTermSheet(s) || !(a === 'owner' || selected(a, s)) ? 404 : rest(a, s)));
export const onEnvelope = (rest: (a: Actor, s: State) => Expect): RoutePolicy['expect'] =>
  signedIn((a, s) => (a === 'noRole' ? 403 : !hasTermSheet(s) || !sees(a, s) ? 404 : rest(a, s)));

export const route = (expect: RoutePolicy['expect'], perState = false): RoutePolicy => ({ perState, expect });
