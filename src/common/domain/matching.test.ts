import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REQUEST_STATUSES, SUBSCRIPTION_TIERS, type RequestStatus, type SubscriptionTier } from '../enums';
import { acceptedBeforeOpenToAll, hasReached, isAvailableTo, isOpenToAll, matchesRequest, type VisibilityMediator, type VisibilityRequest } from './matching';
import { monthlyCap } from './tiers';

// RULES.md 5. The request went live at T0; Free matching mediators see it from T0+5 min, everyone from T0+20 min.
const MIN = 60_000;
const T0 = Date.parse('2026-03-02T15:00:00Z');
const t = (minutes: number, ms = 0) => new Date(T0 + minutes * MIN + ms);

const request = (overrides: Partial<VisibilityRequest> = {}): VisibilityRequest => ({
  status: 'pending_mediators',
  jurisdiction: 'California',
  caseType: 'Family Law',
  openToFreeAt: t(5),
  openToAllAt: t(20),
  acceptances: [],
  ...overrides,
});
const mediator = (tier: SubscriptionTier, matching = true, id = 'me'): VisibilityMediator => ({
  id,
  tier,
  jurisdiction: matching ? 'California' : 'Texas',
  specializations: ['Divorce', 'Family Law'],
});
type Acceptance = VisibilityRequest['acceptances'][number];
const acc = (mediatorId: string, minutes: number, status: Acceptance['status'] = 'pending'): Acceptance => ({ mediatorId, status, acceptedAt: t(minutes) });

describe('matchesRequest (trimmed, case-insensitive)', () => {
  it.each<[string, string[], string, string, boolean]>([
    ['California', ['Family Law'], 'California', 'Family Law', true],
    ['california', ['family law'], 'CALIFORNIA', 'FAMILY LAW', true],
    ['  California ', [' Family Law  '], 'California', 'Family Law', true],
    ['California', ['Family Law'], ' california\t', '  family LAW ', true],
    ['California', ['Divorce', 'Employment', 'family law'], 'California', 'Family Law', true],
    ['Texas', ['Family Law'], 'California', 'Family Law', false],
    ['California', ['Divorce'], 'California', 'Family Law', false],
    ['California', ['Family'], 'California', 'Family Law', false], // no partial matches
    ['California', ['Family Law'], 'California', 'Family', false],
    ['Cal', ['Family Law'], 'California', 'Family Law', false],
    ['California', [], 'California', 'Family Law', false],
  ])('mediator %j %j vs request %j %j → %s', (jurisdiction, specializations, reqJurisdiction, caseType, expected) => {
    expect(matchesRequest({ jurisdiction, specializations }, { jurisdiction: reqJurisdiction, caseType })).toBe(expected);
  });
});

describe('isOpenToAll', () => {
  it.each<[string, Partial<VisibilityRequest>, Date, boolean]>([
    ['before the window closes', {}, t(19, 59_999), false],
    ['exactly when it closes, nobody accepted', {}, t(20), true],
    ['after it closes, nobody accepted', {}, t(60), true],
    ['no openToAllAt', { openToAllAt: null }, t(600), false],
    ['a pending acceptance before the window closed', { acceptances: [acc('m1', 10)] }, t(60), false],
    ['a selected acceptance before the window closed', { acceptances: [acc('m1', 10, 'selected')] }, t(60), false],
    ['only a rejected acceptance before the window closed', { acceptances: [acc('m1', 10, 'rejected')] }, t(60), true],
    ['an acceptance exactly at openToAllAt is not "before"', { acceptances: [acc('m1', 20)] }, t(60), true],
    ['an acceptance after the window closed keeps it open', { acceptances: [acc('m1', 30)] }, t(60), true],
  ])('%s → %s', (_name, overrides, now, expected) => {
    expect(isOpenToAll(request(overrides), now)).toBe(expected);
  });
});

describe('isAvailableTo', () => {
  it.each<[string, VisibilityMediator, Partial<VisibilityRequest>, Date, boolean]>([
    // priority matching
    ['Pro matching, at once', mediator('pro'), {}, t(0), true],
    ['Unlimited matching, at once', mediator('unlimited'), {}, t(0), true],
    ['Free matching, during the head start', mediator('free'), {}, t(0), false],
    ['Free matching, 1 ms before the head start ends', mediator('free'), {}, t(5, -1), false],
    ['Free matching, when the head start ends', mediator('free'), {}, t(5), true],
    ['Free matching, no openToFreeAt', mediator('free'), { openToFreeAt: null }, t(10), false],
    ['Free matching, no openToFreeAt, open to all', mediator('free'), { openToFreeAt: null }, t(20), true],
    // non-matching mediators: only once open to all
    ['Pro non-matching, in the window', mediator('pro', false), {}, t(0), false],
    ['Pro non-matching, 1 ms before open to all', mediator('pro', false), {}, t(20, -1), false],
    ['Pro non-matching, open to all', mediator('pro', false), {}, t(20), true],
    ['Free non-matching, open to all', mediator('free', false), {}, t(25), true],
    ['non-matching, someone accepted in the window', mediator('pro', false), { acceptances: [acc('m1', 3)] }, t(25), false],
    ['matching, someone accepted in the window', mediator('pro'), { status: 'awaiting_selection', acceptances: [acc('m1', 3)] }, t(25), true],
    ['Free matching, someone accepted in the window', mediator('free'), { status: 'awaiting_selection', acceptances: [acc('m1', 3)] }, t(25), true],
    [
      'non-matching, only accepted after it opened to all',
      mediator('free', false),
      { status: 'awaiting_selection', acceptances: [acc('m1', 21)] },
      t(25),
      true,
    ],
    ['non-matching, only a rejected acceptance before', mediator('free', false), { acceptances: [acc('m1', 3, 'rejected')] }, t(25), true],
    // the selection list
    ['two acceptances', mediator('pro'), { status: 'awaiting_selection', acceptances: [acc('a', 1), acc('b', 2)] }, t(3), true],
    ['three acceptances hide it', mediator('pro'), { status: 'awaiting_selection', acceptances: [acc('a', 1), acc('b', 2), acc('c', 3)] }, t(4), false],
    [
      'three acceptances hide it even when open to all',
      mediator('pro', false),
      { status: 'awaiting_selection', acceptances: [acc('a', 21), acc('b', 22), acc('c', 23)] },
      t(30),
      false,
    ],
    [
      'three, one rejected: two live',
      mediator('pro'),
      { status: 'awaiting_selection', acceptances: [acc('a', 1), acc('b', 2), acc('c', 3, 'rejected')] },
      t(4),
      true,
    ],
    // one's own acceptance
    ['own pending acceptance hides it', mediator('pro'), { status: 'awaiting_selection', acceptances: [acc('me', 1)] }, t(3), false],
    ['own rejected acceptance hides it', mediator('pro'), { status: 'awaiting_selection', acceptances: [acc('me', 1, 'rejected')] }, t(3), false],
    ['own acceptance hides it when open to all', mediator('pro', false), { status: 'awaiting_selection', acceptances: [acc('me', 21)] }, t(30), false],
    ['live in awaiting_selection', mediator('unlimited'), { status: 'awaiting_selection', acceptances: [acc('x', 1)] }, t(2), true],
  ])('%s → %s', (_name, m, overrides, now, expected) => {
    expect(isAvailableTo(m, request(overrides), now)).toBe(expected);
  });

  it('trims and ignores case on both sides', () => {
    const m = { id: 'me', tier: 'pro' as const, jurisdiction: ' CALIFORNIA ', specializations: ['  family law'] };
    expect(isAvailableTo(m, request({ jurisdiction: 'california  ', caseType: 'Family LAW ' }), t(0))).toBe(true);
  });

  const hidden: RequestStatus[] = ['draft', 'matched', 'in_progress', 'completed', 'cancelled'];
  it.each(hidden)('a %s request is never available, even open to all', (status) => {
    for (const tier of SUBSCRIPTION_TIERS) {
      expect(isAvailableTo(mediator(tier), request({ status }), t(60))).toBe(false);
      expect(isAvailableTo(mediator(tier, false), request({ status }), t(60))).toBe(false);
    }
  });
});

describe('hasReached (accept: 404 when never reached, else the state decides)', () => {
  const reached = (m: VisibilityMediator, overrides: Partial<VisibilityRequest>, now: Date) => {
    const r = request(overrides);
    return hasReached(m, { ...r, acceptedBeforeOpenToAll: acceptedBeforeOpenToAll(r) }, now);
  };
  it.each<[string, VisibilityMediator, Partial<VisibilityRequest>, Date, boolean]>([
    ['a draft never', mediator('pro'), { status: 'draft' }, t(30), false],
    ['Pro matching, at once', mediator('pro'), {}, t(0), true],
    ['Free matching, during the head start', mediator('free'), {}, t(5, -1), false],
    ['Free matching, after the head start', mediator('free'), {}, t(5), true],
    ['non-matching, in the window', mediator('pro', false), {}, t(19), false],
    ['non-matching, open to all', mediator('free', false), {}, t(20), true],
    ['non-matching, someone accepted in the window', mediator('pro', false), { acceptances: [acc('m1', 3)] }, t(25), false],
    ['non-matching, the early acceptance withdrawn', mediator('pro', false), { acceptances: [acc('m1', 3, 'rejected')] }, t(25), true],
    // Reached stays reached whatever happened next: full, matched or cancelled answer 409, not 404.
    ['matching, full with three', mediator('pro'), { status: 'awaiting_selection', acceptances: [acc('a', 1), acc('b', 2), acc('c', 3)] }, t(4), true],
    ['matching, cancelled', mediator('pro'), { status: 'cancelled' }, t(4), true],
    ['non-matching, matched after opening to all', mediator('pro', false), { status: 'matched', acceptances: [acc('m1', 21, 'selected')] }, t(30), true],
  ])('%s', (_name, m, overrides, now, expected) => {
    expect(reached(m, overrides, now)).toBe(expected);
  });
});

describe('monthlyCap (Free 3, Pro 10, Unlimited none)', () => {
  it.each<[SubscriptionTier, number | null]>([
    ['free', 3],
    ['pro', 10],
    ['unlimited', null],
  ])('%s → %j', (tier, cap) => {
    expect(monthlyCap(tier)).toBe(cap);
  });
});

describe('visibility properties', () => {
  const RUNS = { numRuns: 500 };
  const word = fc.constantFrom('California', 'Texas', 'Family Law', 'Divorce', 'Employment');
  const looks = fc.tuple(fc.constantFrom('', ' ', '\t'), fc.constantFrom('', '  ', '\n'), fc.constantFrom('upper', 'lower', 'same'));
  const dress = (s: string, [before, after, kase]: [string, string, string]) =>
    `${before}${kase === 'upper' ? s.toUpperCase() : kase === 'lower' ? s.toLowerCase() : s}${after}`;
  const minutes = fc.integer({ min: -5, max: 60 });
  const acceptance = fc.record({
    mediatorId: fc.constantFrom('me', 'a', 'b', 'c', 'd'),
    status: fc.constantFrom<Acceptance['status']>('pending', 'selected', 'rejected'),
    acceptedAt: minutes.map((m) => t(m)),
  });
  const req = fc.record({
    status: fc.constantFrom(...REQUEST_STATUSES),
    jurisdiction: word,
    caseType: word,
    openToFreeAt: fc.option(minutes.map((m) => t(m))),
    openToAllAt: fc.option(minutes.map((m) => t(m))),
    acceptances: fc.array(acceptance, { maxLength: 4 }),
  });
  const med = fc.record({
    id: fc.constantFrom('me', 'a'),
    tier: fc.constantFrom(...SUBSCRIPTION_TIERS),
    jurisdiction: word,
    specializations: fc.array(word, { maxLength: 3 }),
  });

  it('once visible, a request stays visible as time passes (acceptances unchanged)', () => {
    fc.assert(
      fc.property(med, req, minutes, fc.integer({ min: 0, max: 60 }), (m, r, at, later) => {
        if (isAvailableTo(m, r, t(at))) expect(isAvailableTo(m, r, t(at + later))).toBe(true);
      }),
      RUNS,
    );
  });

  it('Pro and Unlimited see at least what Free sees, and the same as each other', () => {
    fc.assert(
      fc.property(med, req, minutes, (m, r, at) => {
        const sees = (tier: SubscriptionTier) => isAvailableTo({ ...m, tier }, r, t(at));
        if (sees('free')) expect(sees('pro')).toBe(true);
        expect(sees('pro')).toBe(sees('unlimited'));
      }),
      RUNS,
    );
  });

  it('never available when not live, at three live acceptances, or already accepted by them', () => {
    fc.assert(
      fc.property(med, req, minutes, (m, r, at) => {
        const live = r.acceptances.filter((a) => a.status !== 'rejected').length;
        const blocked = !['pending_mediators', 'awaiting_selection'].includes(r.status) || live >= 3 || r.acceptances.some((a) => a.mediatorId === m.id);
        if (blocked) expect(isAvailableTo(m, r, t(at))).toBe(false);
      }),
      RUNS,
    );
  });

  it('matching ignores case and surrounding whitespace', () => {
    fc.assert(
      fc.property(word, word, word, looks, looks, looks, looks, (j, s, c, d1, d2, d3, d4) => {
        const mediatorSide = { jurisdiction: dress(j, d1), specializations: [dress(s, d2)] };
        expect(matchesRequest(mediatorSide, { jurisdiction: dress(j, d3), caseType: dress(c, d4) })).toBe(s === c);
      }),
      RUNS,
    );
  });
});
