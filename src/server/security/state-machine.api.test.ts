import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSITIONS, checkTransition, type RequestAction, type RequestActor } from '../../common/domain/request-status';
import type { RequestStatus } from '../../common/enums';
import { PASSWORD, signUpLawyer, signUpMediator } from '../../../tests/helpers/accounts';
import { backends } from '../../../tests/helpers/backends';
import { call, createLiveRequest, setTier, validRequest } from '../../../tests/helpers/requests';
import { fingerprintInOneQuery } from '../../../tests/helpers/state-machine-fingerprint';
import { fingerprintTables, WATCHED_TABLES } from '../../../tests/helpers/table-fingerprint';
import { createTestApp, sessionCookie, type TestApp } from '../../../tests/helpers/test-app';
import { ensureAdmin } from '../modules/users/accounts.service';

// Issue 11, family 4: state machine legality. Every request state × lifecycle action × actor is called through the
// API; the expected answer comes from the pure table below (RULES.md 4 for who may do what from which state, RULES.md
// 6 for 404 before 403 before 409, the route policy's table for the cases RULES.md leaves to a route). Only the legal
// cells succeed, each on a fresh request brought to its state through the API, and its state afterwards is checked;
// a second call of the same action after the success is refused and changes nothing. Every refused call leaves the
// watched tables exactly as they were.

/** Fixture states: the seven statuses, plus a completed request with an open dispute and a cancelled one nobody was selected for. */
const STATES = ['draft', 'pending', 'awaiting', 'matched', 'in_progress', 'completed', 'disputed', 'cancelled', 'cancelled_unselected'] as const;
type State = (typeof STATES)[number];

const STATUS_OF: Record<State, RequestStatus> = {
  draft: 'draft',
  pending: 'pending_mediators',
  awaiting: 'awaiting_selection',
  matched: 'matched',
  in_progress: 'in_progress',
  completed: 'completed',
  disputed: 'completed',
  cancelled: 'cancelled',
  cancelled_unselected: 'cancelled',
};

/**
 * Who calls, relative to the request: its owner, another lawyer, `mediator` (matching; has accepted from `awaiting`
 * on, selected from `matched` on — also in `cancelled` — and rejected in `cancelled_unselected`), `matchingMediator`
 * (matches it and could accept it, never has), an admin, and nobody signed in.
 */
const ACTORS = ['anon', 'owner', 'otherLawyer', 'mediator', 'matchingMediator', 'admin'] as const;
type Actor = (typeof ACTORS)[number];

const ACTIONS = ['submit', 'accept', 'withdraw', 'select', 'start', 'complete', 'cancel', 'adminCancel', 'reassign', 'dispute', 'review'] as const;
type Action = (typeof ACTIONS)[number];

// ---- The expected outcome of every cell: a pure table, written from RULES.md, not from the product's code. ----

/** RULES.md 4 (+ 2.4 for cancel, 6 for reviews, decision 016 for disputes): the statuses each action is legal from. */
const LEGAL_FROM: Record<Action, readonly RequestStatus[]> = {
  submit: ['draft'],
  accept: ['pending_mediators', 'awaiting_selection'],
  withdraw: ['pending_mediators', 'awaiting_selection'],
  select: ['awaiting_selection'],
  start: ['matched'],
  complete: ['matched', 'in_progress'],
  cancel: ['draft', 'pending_mediators', 'awaiting_selection', 'matched'], // the owner; an admin as adminCancel
  adminCancel: ['draft', 'pending_mediators', 'awaiting_selection', 'matched', 'in_progress'],
  reassign: ['matched', 'in_progress'],
  dispute: ['completed'],
  review: ['completed'],
};

/** The status a legal call leaves the request in (withdraw: the fixtures' request has only the one acceptance). */
const NEXT: Record<Action, (from: RequestStatus) => RequestStatus> = {
  submit: () => 'draft', // the deposit's confirmation makes it live, not the submit
  accept: () => 'awaiting_selection',
  withdraw: () => 'pending_mediators',
  select: () => 'matched',
  start: () => 'in_progress',
  complete: () => 'completed',
  cancel: () => 'cancelled',
  adminCancel: () => 'cancelled',
  reassign: (from) => from,
  dispute: () => 'completed',
  review: () => 'completed',
};

/** RULES.md 6: who sees the request at all (everyone else: 404, as if it did not exist). */
function sees(actor: Actor, state: State): boolean {
  if (actor === 'owner' || actor === 'admin') return true;
  // From pending on: Available (it matches them; Unlimited tier sees at once), then their acceptance or selection.
  if (actor === 'mediator') return state !== 'draft';
  if (actor === 'matchingMediator') return state === 'pending' || state === 'awaiting';
  return false;
}
const isSelected = (actor: Actor, state: State) => actor === 'mediator' && ['matched', 'in_progress', 'completed', 'disputed', 'cancelled'].includes(state);
/** The mediator's acceptance exists (pending, selected, or rejected by the cancellation). */
const hasAccepted = (actor: Actor, state: State) => actor === 'mediator' && state !== 'draft' && state !== 'pending';

type Expected = 'legal' | 401 | 403 | 404 | 409;

/** Extra conditions RULES.md 4 puts on a legal state: the open dispute of decision 016, the mediator's own acceptance. */
function stateAllows(action: Action, actor: Actor, state: State): boolean {
  if (!LEGAL_FROM[action].includes(STATUS_OF[state])) return false;
  if (action === 'dispute') return state === 'completed'; // one open dispute at a time
  if (action === 'accept') return !hasAccepted(actor, state); // not yet accepted by them
  if (action === 'withdraw') return state === 'awaiting'; // their acceptance is pending
  return true;
}

function expected(action: Action, actor: Actor, state: State): Expected {
  if (actor === 'anon') return 401;
  const legalOr409 = (): Expected => (stateAllows(action, actor, state) ? 'legal' : 409);
  switch (action) {
    case 'adminCancel':
    case 'reassign':
      // Admin routes: 403 to any other signed-in user, whatever the request (route policy: adminOnly).
      return actor === 'admin' ? legalOr409() : 403;
    case 'accept':
      if (actor === 'mediator' || actor === 'matchingMediator') {
        // A matching mediator the request has reached (any state but draft) learns it is too late (409), as the loser
        // of a race would; it never reached a draft (404).
        return state === 'draft' ? 404 : legalOr409();
      }
      return sees(actor, state) ? 403 : 404;
    case 'withdraw':
      // The resource is the caller's own acceptance: without one it does not exist (404, route policy).
      return hasAccepted(actor, state) ? legalOr409() : 404;
    default:
      break;
  }
  if (!sees(actor, state)) return 404;
  const allowedActor: Record<Exclude<Action, 'adminCancel' | 'reassign' | 'accept' | 'withdraw'>, boolean> = {
    submit: actor === 'owner',
    select: actor === 'owner',
    start: isSelected(actor, state),
    complete: isSelected(actor, state),
    cancel: actor === 'owner' || actor === 'admin', // an admin may use the owner's route too (RULES.md 2.4: "admin: anything not completed")
    dispute: actor === 'owner',
    review: actor === 'owner' || isSelected(actor, state),
  };
  if (!allowedActor[action]) return 403;
  if (action === 'cancel' && actor === 'admin') return stateAllows('adminCancel', actor, state) ? 'legal' : 409;
  return legalOr409();
}

/** What a second call of the same action by the same actor answers after a success. */
const REPEAT: Record<Action, number> = {
  submit: 200, // RULES.md 4: "the same clientSecret on repeat"
  accept: 409,
  withdraw: 404, // their acceptance is gone
  select: 409,
  start: 409,
  complete: 409,
  cancel: 409,
  adminCancel: 409,
  reassign: 409,
  dispute: 409,
  review: 409,
};

/** The product's own transition table agrees with RULES.md 4 as written above (actors as request-status.ts names them). */
const RULES_ACTORS: Partial<Record<RequestAction, Partial<Record<RequestActor, Action>>>> = {
  submit: { owner: 'submit' },
  accept: { mediator: 'accept' },
  withdraw: { mediator: 'withdraw' },
  select: { owner: 'select' },
  start: { selected_mediator: 'start' },
  complete: { selected_mediator: 'complete' },
  cancel: { owner: 'cancel', admin: 'adminCancel' },
  reassign: { admin: 'reassign' },
};

// ---- The calls. ----

type Account = { cookie: string; id: string };

describe('state machine table (RULES.md 4)', () => {
  it('request-status.ts allows exactly the transitions RULES.md 4 lists, per actor', () => {
    const statuses = [...new Set(Object.values(STATUS_OF))];
    const actors: RequestActor[] = ['owner', 'other_lawyer', 'mediator', 'selected_mediator', 'admin'];
    const wrong: string[] = [];
    for (const [action, byActor] of Object.entries(RULES_ACTORS) as [RequestAction, Partial<Record<RequestActor, Action>>][]) {
      for (const actor of actors) {
        for (const status of statuses) {
          const mine = byActor[actor];
          const want = mine === undefined ? 'forbidden' : LEGAL_FROM[mine].includes(status) ? 'ok' : 'conflict';
          const got = checkTransition(action, status, actor);
          if (got !== want) wrong.push(`${action} ${status} as ${actor}: RULES ${want}, request-status.ts ${got}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(Object.keys(TRANSITIONS).sort()).toEqual([...Object.keys(RULES_ACTORS), 'go_live'].sort());
  });
});

describe.each(backends)('state machine legality on %s', (backend) => {
  let t: TestApp;
  const actors = {} as Record<Exclude<Actor, 'anon'>, Account>;
  const fixtures = {} as Record<State, string>;

  const ok = async (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, cookie: string, payload?: unknown) => {
    const res = await call(t, method, url, cookie, payload);
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };

  let made = 0;
  /** A new request of the owner's, brought to `state` through the API only. */
  async function build(state: State): Promise<string> {
    const { owner, mediator } = actors;
    const overrides = { caseName: `State ${state} ${++made}` };
    if (state === 'draft') return (await ok('POST', '/api/requests', owner.cookie, validRequest(overrides))).id;
    const id = await createLiveRequest(t, owner.cookie, overrides);
    if (state === 'pending') return id;
    await ok('POST', `/api/requests/${id}/accept`, mediator.cookie, { noConflictConfirmed: true });
    if (state === 'awaiting') return id;
    if (state === 'cancelled_unselected') {
      await ok('POST', `/api/requests/${id}/cancel`, owner.cookie, { reason: 'No longer needed' });
      return id;
    }
    await ok('POST', `/api/requests/${id}/select-mediator/${mediator.id}`, owner.cookie);
    if (state === 'matched') return id;
    if (state === 'cancelled') {
      await ok('POST', `/api/requests/${id}/cancel`, owner.cookie, { reason: 'Settled out of mediation' });
      return id;
    }
    if (state === 'in_progress') {
      await ok('POST', `/api/requests/${id}/start`, mediator.cookie);
      return id;
    }
    await ok('POST', `/api/requests/${id}/complete`, mediator.cookie, { completionResults: 'Settled.' });
    if (state === 'completed') return id;
    await ok('POST', `/api/requests/${id}/dispute`, owner.cookie, { reason: 'The session ended early.' });
    return id;
  }

  /** The HTTP call of an action on a request. */
  function callFor(action: Action, id: string): { method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; url: string; payload?: unknown } {
    switch (action) {
      case 'submit':
        return { method: 'POST', url: `/api/requests/${id}/submit` };
      case 'accept':
        return { method: 'POST', url: `/api/requests/${id}/accept`, payload: { noConflictConfirmed: true } };
      case 'withdraw':
        return { method: 'DELETE', url: `/api/requests/${id}/acceptance` };
      case 'select':
        return { method: 'POST', url: `/api/requests/${id}/select-mediator/${actors.mediator.id}` };
      case 'start':
        return { method: 'POST', url: `/api/requests/${id}/start` };
      case 'complete':
        return { method: 'POST', url: `/api/requests/${id}/complete`, payload: { completionResults: 'Settled by this call.' } };
      case 'cancel':
        return { method: 'POST', url: `/api/requests/${id}/cancel`, payload: { reason: 'Cancelled by this call' } };
      case 'adminCancel':
        return { method: 'POST', url: `/api/admin/mediations/${id}/cancel`, payload: { refund: 'full', reason: 'Cancelled by this call' } };
      case 'reassign':
        return { method: 'PATCH', url: `/api/admin/mediations/${id}/reassign`, payload: { mediatorId: actors.matchingMediator.id } };
      case 'dispute':
        return { method: 'POST', url: `/api/requests/${id}/dispute`, payload: { reason: 'Something went wrong.' } };
      case 'review':
        return { method: 'POST', url: '/api/reviews', payload: { requestId: id, rating: 4, comment: 'Fine.' } };
    }
  }

  const act = (action: Action, actor: Actor, id: string) => {
    const { method, url, payload } = callFor(action, id);
    return call(t, method, url, actor === 'anon' ? undefined : actors[actor].cookie, payload);
  };

  async function requestRow(id: string) {
    const rows = (await t.ctx.db.execute(
      sql`SELECT status, selected_mediator_id AS "selectedMediatorId",
            (SELECT count(*)::int FROM disputes d WHERE d.request_id = r.id AND d.status = 'open') AS "openDisputes",
            (SELECT count(*)::int FROM reviews v WHERE v.request_id = r.id) AS reviews
          FROM mediation_requests r WHERE r.id = ${id}`,
    )) as unknown as { rows: { status: RequestStatus; selectedMediatorId: string | null; openDisputes: number; reviews: number }[] };
    return rows.rows[0];
  }

  beforeAll(async () => {
    t = await createTestApp(backend);
    const account = (a: { cookie: string; user: { id: string } }): Account => ({ cookie: a.cookie, id: a.user.id });
    actors.owner = account(await signUpLawyer(t));
    actors.otherLawyer = account(await signUpLawyer(t));
    // Both mediators match the requests (California, Family Law); Unlimited, so they see them at once and no monthly
    // cap interferes with the dozens of acceptances the fresh requests need.
    actors.mediator = account(await signUpMediator(t));
    actors.matchingMediator = account(await signUpMediator(t));
    await setTier(t, actors.mediator.id, 'unlimited');
    await setTier(t, actors.matchingMediator.id, 'unlimited');
    const admin = await ensureAdmin(t.ctx, 'state.admin@example.com', PASSWORD);
    const login = await call(t, 'POST', '/api/login', undefined, { email: 'state.admin@example.com', password: PASSWORD });
    actors.admin = { id: admin.id, cookie: sessionCookie(login) };
    for (const state of STATES) fixtures[state] = await build(state);
    expect(await fingerprintInOneQuery(t)).toEqual(await fingerprintTables(t));
    for (const state of STATES) expect((await requestRow(fixtures[state])).status, state).toBe(STATUS_OF[state]);
    expect((await requestRow(fixtures.disputed)).openDisputes).toBe(1);
  }, 120_000);

  afterAll(async () => {
    t?.ctx.database.pool?.on('error', () => undefined);
    await t?.close();
  });

  it('a cancelled request stays visible to the mediator who had accepted it: in full if they were selected, as before selection if not', async () => {
    const get = (actor: 'mediator' | 'matchingMediator', state: State) => call(t, 'GET', `/api/requests/${fixtures[state]}`, actors[actor].cookie);
    const selected = await get('mediator', 'cancelled');
    expect([selected.statusCode, selected.json().status]).toEqual([200, 'cancelled']);
    expect(selected.body).toContain('olivia@opponent.example'); // they were selected: the counterpart's contact data stays
    const rejected = await get('mediator', 'cancelled_unselected');
    expect([rejected.statusCode, rejected.json().status]).toEqual([200, 'cancelled']);
    expect(rejected.body).not.toContain('olivia@opponent.example'); // never selected: never the contact data
    for (const state of ['cancelled', 'cancelled_unselected'] as const) expect((await get('matchingMediator', state)).statusCode).toBe(404);
  });

  it('every state × action × actor: only the legal cells succeed, the rest are refused as the table says and change nothing', async () => {
    const started = Date.now();
    const wrong: string[] = [];
    const changed: string[] = [];
    let cells = 0;
    let calls = 0;
    let legal = 0;
    let fingerprintMs = 0;
    const refusedBody = (where: string, status: number, body: string) => {
      let json: unknown;
      try {
        json = JSON.parse(body);
      } catch {
        json = undefined;
      }
      const b = json as { message?: unknown; code?: unknown } | undefined;
      if (typeof b?.message !== 'string' || typeof b.code !== 'string' || !b.message)
        wrong.push(`${where}: ${status} without { message, code }: ${body.slice(0, 120)}`);
    };
    // The fingerprint after a refused call is the one before the next, unless a legal cell ran in between.
    let last: Record<string, string> | undefined;
    const refused = async (where: string, want: number, action: Action, actor: Actor, id: string) => {
      const f0 = Date.now();
      const before = last ?? (await fingerprintInOneQuery(t));
      const f1 = Date.now();
      const res = await act(action, actor, id);
      calls++;
      const f2 = Date.now();
      const after = await fingerprintInOneQuery(t);
      fingerprintMs += f1 - f0 + Date.now() - f2;
      last = after;
      if (res.statusCode !== want) wrong.push(`${where}: expected ${want}, got ${res.statusCode} ${res.body.slice(0, 160)}`);
      if (res.statusCode >= 400) refusedBody(where, res.statusCode, res.body);
      const diff = WATCHED_TABLES.filter((table) => before[table] !== after[table]);
      if (diff.length) changed.push(`${where}: ${diff.join(', ')}`);
      return res;
    };

    for (const state of STATES) {
      for (const action of ACTIONS) {
        for (const actor of ACTORS) {
          cells++;
          const want = expected(action, actor, state);
          const where = `${action} [${state}] as ${actor}`;
          if (want !== 'legal') {
            await refused(where, want, action, actor, fixtures[state]);
            continue;
          }
          // A legal cell: on a fresh request in that state, so cells never interfere.
          legal++;
          last = undefined;
          const id = await build(state);
          const from = await requestRow(id);
          const res = await act(action, actor, id);
          calls++;
          if (res.statusCode < 200 || res.statusCode >= 300) {
            wrong.push(`${where}: expected success, got ${res.statusCode} ${res.body.slice(0, 160)}`);
            continue;
          }
          const now = await requestRow(id);
          const next = NEXT[action](from.status);
          if (now.status !== next) wrong.push(`${where}: status ${now.status} afterwards, expected ${next}`);
          if (action === 'select' && now.selectedMediatorId !== actors.mediator.id) wrong.push(`${where}: selected ${now.selectedMediatorId}`);
          if (action === 'reassign' && now.selectedMediatorId !== actors.matchingMediator.id) wrong.push(`${where}: selected ${now.selectedMediatorId}`);
          if (action === 'dispute' && now.openDisputes !== 1) wrong.push(`${where}: ${now.openDisputes} open disputes`);
          if (action === 'review' && now.reviews !== from.reviews + 1) wrong.push(`${where}: ${now.reviews} reviews`);
          // The same call again: refused (submit: the same client secret), and nothing changes.
          const again = await refused(`${where}, repeated`, REPEAT[action], action, actor, id);
          if (action === 'submit' && again.statusCode === 200 && again.json().clientSecret !== res.json().clientSecret) {
            wrong.push(`${where}, repeated: another client secret`);
          }
          if ((await requestRow(id)).status !== next) wrong.push(`${where}, repeated: status moved on`);
        }
      }
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    if (process.env.STATE_MACHINE_DUMP) (await import('node:fs')).writeFileSync(process.env.STATE_MACHINE_DUMP, [...wrong, '---', ...changed].join('\n'));
    expect(wrong).toEqual([]);
    expect(changed).toEqual([]);
    expect(cells).toBe(STATES.length * ACTIONS.length * ACTORS.length);
    expect(legal).toBeGreaterThan(25);
    console.info(
      `[state machine ${backend}] ${cells} cells (${legal} legal, each with its repeat), ${calls} calls, 0 wrong, 0 changes, ${seconds} s (fingerprints ${(fingerprintMs / 1000).toFixed(1)} s)`,
    );
  }, 300_000);
});
