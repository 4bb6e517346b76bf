import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REQUEST_STATUSES, type RequestStatus } from '../enums';
import { MAX_ACCEPTANCES, REQUEST_STATUS_LABELS, REQUEST_STATUS_TONES, checkTransition, type RequestAction, type RequestActor } from './request-status';

const ACTIONS: RequestAction[] = ['submit', 'go_live', 'accept', 'withdraw', 'select', 'start', 'complete', 'cancel', 'reassign'];
const ACTORS: RequestActor[] = ['owner', 'other_lawyer', 'mediator', 'selected_mediator', 'admin', 'provider'];

/**
 * The lifecycle model the property below walks: the state an action leads to (withdraw depends on whether acceptances
 * remain). The services set these states themselves; this is the spec's diagram (ARCHITECTURE, Request lifecycle).
 */
function nextStatus(action: RequestAction, status: RequestStatus, remainingAcceptances = 0): RequestStatus {
  switch (action) {
    case 'submit':
      return 'draft';
    case 'go_live':
      return 'pending_mediators';
    case 'accept':
      return 'awaiting_selection';
    case 'withdraw':
      return remainingAcceptances > 0 ? 'awaiting_selection' : 'pending_mediators';
    case 'select':
      return 'matched';
    case 'start':
      return 'in_progress';
    case 'complete':
      return 'completed';
    case 'cancel':
      return 'cancelled';
    case 'reassign':
      return status;
  }
}

// Written by hand from RULES.md 4 (and 2.4 for cancel), not from TRANSITIONS.
// ok = allowed; 403 = this actor may never do it; 409 = they may, but not in this state.
// Columns:                       owner other mediator selected admin provider
const EXPECTED: Record<RequestAction, Record<RequestStatus, string>> = {
  submit: {
    draft: /* */ 'ok  403 403 403 403 403',
    pending_mediators: /* */ '409 403 403 403 403 403',
    awaiting_selection: /* */ '409 403 403 403 403 403',
    matched: /* */ '409 403 403 403 403 403',
    in_progress: /* */ '409 403 403 403 403 403',
    completed: /* */ '409 403 403 403 403 403',
    cancelled: /* */ '409 403 403 403 403 403',
  },
  go_live: {
    draft: /* */ '403 403 403 403 403 ok',
    pending_mediators: /* */ '403 403 403 403 403 409',
    awaiting_selection: /* */ '403 403 403 403 403 409',
    matched: /* */ '403 403 403 403 403 409',
    in_progress: /* */ '403 403 403 403 403 409',
    completed: /* */ '403 403 403 403 403 409',
    cancelled: /* */ '403 403 403 403 403 409',
  },
  accept: {
    draft: /* */ '403 403 409 403 403 403',
    pending_mediators: /* */ '403 403 ok  403 403 403',
    awaiting_selection: /* */ '403 403 ok  403 403 403',
    matched: /* */ '403 403 409 403 403 403',
    in_progress: /* */ '403 403 409 403 403 403',
    completed: /* */ '403 403 409 403 403 403',
    cancelled: /* */ '403 403 409 403 403 403',
  },
  withdraw: {
    draft: /* */ '403 403 409 403 403 403',
    pending_mediators: /* */ '403 403 ok  403 403 403',
    awaiting_selection: /* */ '403 403 ok  403 403 403',
    matched: /* */ '403 403 409 403 403 403',
    in_progress: /* */ '403 403 409 403 403 403',
    completed: /* */ '403 403 409 403 403 403',
    cancelled: /* */ '403 403 409 403 403 403',
  },
  select: {
    draft: /* */ '409 403 403 403 403 403',
    pending_mediators: /* */ '409 403 403 403 403 403',
    awaiting_selection: /* */ 'ok  403 403 403 403 403',
    matched: /* */ '409 403 403 403 403 403',
    in_progress: /* */ '409 403 403 403 403 403',
    completed: /* */ '409 403 403 403 403 403',
    cancelled: /* */ '409 403 403 403 403 403',
  },
  start: {
    draft: /* */ '403 403 403 409 403 403',
    pending_mediators: /* */ '403 403 403 409 403 403',
    awaiting_selection: /* */ '403 403 403 409 403 403',
    matched: /* */ '403 403 403 ok  403 403',
    in_progress: /* */ '403 403 403 409 403 403',
    completed: /* */ '403 403 403 409 403 403',
    cancelled: /* */ '403 403 403 409 403 403',
  },
  complete: {
    draft: /* */ '403 403 403 409 403 403',
    pending_mediators: /* */ '403 403 403 409 403 403',
    awaiting_selection: /* */ '403 403 403 409 403 403',
    matched: /* */ '403 403 403 ok  403 403',
    in_progress: /* */ '403 403 403 ok  403 403',
    completed: /* */ '403 403 403 409 403 403',
    cancelled: /* */ '403 403 403 409 403 403',
  },
  cancel: {
    draft: /* */ 'ok  403 403 403 ok  403',
    pending_mediators: /* */ 'ok  403 403 403 ok  403',
    awaiting_selection: /* */ 'ok  403 403 403 ok  403',
    matched: /* */ 'ok  403 403 403 ok  403',
    in_progress: /* */ '409 403 403 403 ok  403',
    completed: /* */ '409 403 403 403 409 403',
    cancelled: /* */ '409 403 403 403 409 403',
  },
  reassign: {
    draft: /* */ '403 403 403 403 409 403',
    pending_mediators: /* */ '403 403 403 403 409 403',
    awaiting_selection: /* */ '403 403 403 403 409 403',
    matched: /* */ '403 403 403 403 ok  403',
    in_progress: /* */ '403 403 403 403 ok  403',
    completed: /* */ '403 403 403 403 409 403',
    cancelled: /* */ '403 403 403 403 409 403',
  },
};

const CODE = { ok: 'ok', '403': 'forbidden', '409': 'conflict' } as const;
const CASES = ACTIONS.flatMap((action) =>
  REQUEST_STATUSES.flatMap((status) => {
    const cells = EXPECTED[action][status].trim().split(/\s+/) as (keyof typeof CODE)[];
    return ACTORS.map((actor, i) => [action, status, actor, CODE[cells[i]]] as const);
  }),
);

describe('checkTransition: every state × action × actor', () => {
  it('the expected table is complete (7 states × 9 actions × 6 actors)', () => {
    expect(REQUEST_STATUSES).toHaveLength(7);
    expect(CASES).toHaveLength(7 * 9 * 6);
    expect(CASES.every(([, , , expected]) => expected !== undefined)).toBe(true);
  });

  it.each(CASES)('%s from %s by %s → %s', (action, status, actor, expected) => {
    expect(checkTransition(action, status, actor)).toBe(expected);
  });
});

describe('nextStatus', () => {
  it.each<[RequestAction, RequestStatus, number, RequestStatus]>([
    ['submit', 'draft', 0, 'draft'], // submit only creates the deposit intent
    ['go_live', 'draft', 0, 'pending_mediators'],
    ['accept', 'pending_mediators', 0, 'awaiting_selection'],
    ['accept', 'awaiting_selection', 1, 'awaiting_selection'],
    ['withdraw', 'awaiting_selection', 0, 'pending_mediators'],
    ['withdraw', 'awaiting_selection', 1, 'awaiting_selection'],
    ['withdraw', 'awaiting_selection', 2, 'awaiting_selection'],
    ['select', 'awaiting_selection', 0, 'matched'],
    ['start', 'matched', 0, 'in_progress'],
    ['complete', 'matched', 0, 'completed'],
    ['complete', 'in_progress', 0, 'completed'],
    ['cancel', 'draft', 0, 'cancelled'],
    ['cancel', 'matched', 0, 'cancelled'],
    ['cancel', 'in_progress', 0, 'cancelled'],
    ['reassign', 'matched', 0, 'matched'],
    ['reassign', 'in_progress', 0, 'in_progress'],
  ])('%s from %s (%i acceptances left) → %s', (action, status, remaining, expected) => {
    expect(nextStatus(action, status, remaining)).toBe(expected);
  });

  it('at most three acceptances form the selection list', () => {
    expect(MAX_ACCEPTANCES).toBe(3);
  });
});

describe('labels and badge tones (spec 4)', () => {
  it.each<[RequestStatus, string, string]>([
    ['draft', 'Draft', 'muted'],
    ['pending_mediators', 'Pending Mediators', 'yellow'],
    ['awaiting_selection', 'Awaiting Selection', 'blue'],
    ['matched', 'Matched', 'green'],
    ['in_progress', 'In Progress', 'purple'],
    ['completed', 'Completed', 'primary'],
    ['cancelled', 'Cancelled', 'destructive'],
  ])('%s → %s, %s', (status, label, tone) => {
    expect(REQUEST_STATUS_LABELS[status]).toBe(label);
    expect(REQUEST_STATUS_TONES[status]).toBe(tone);
  });
});

describe('lifecycle properties', () => {
  const order: Record<RequestStatus, number> = {
    draft: 0,
    pending_mediators: 1,
    awaiting_selection: 2,
    matched: 3,
    in_progress: 4,
    completed: 5,
    cancelled: 6,
  };
  const step = fc.record({ action: fc.constantFrom(...ACTIONS), actor: fc.constantFrom(...ACTORS), remaining: fc.integer({ min: 0, max: 2 }) });

  it('any sequence of allowed steps only moves forward (except withdraw), and completed/cancelled are final', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        let status: RequestStatus = 'draft';
        for (const { action, actor, remaining } of steps) {
          const verdict = checkTransition(action, status, actor);
          if (status === 'completed' || status === 'cancelled') expect(verdict).not.toBe('ok');
          if (verdict !== 'ok') continue;
          const next = nextStatus(action, status, remaining);
          if (action === 'withdraw') expect(['pending_mediators', 'awaiting_selection']).toContain(next);
          else expect(order[next]).toBeGreaterThanOrEqual(order[status]);
          status = next;
        }
      }),
      { numRuns: 500 },
    );
  });
});
