import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signUpLawyer, signUpMediator } from '../../../tests/helpers/accounts';
import { backends } from '../../../tests/helpers/backends';
import { call, createLiveRequest, setTier } from '../../../tests/helpers/requests';
import { createTestApp, sessionCookie, type TestApp } from '../../../tests/helpers/test-app';
import { ensureAdmin } from '../modules/users/accounts.service';

/*
 * Spec section 3's field names against every response of spec section 7 that returns an entity (issue 21, decision
 * 036). A client written to the spec reads these names; an answer may carry more (RULES.md 7 adds some, the screens
 * need others), but none may be missing or renamed. The tables are copied from product-spec.md section 3, in its
 * order; change them only when the spec changes.
 */

/** product-spec.md section 3, "Entities". */
const SPEC = {
  users: [
    'id',
    'email',
    'password',
    'firstName',
    'lastName',
    'profileImageUrl',
    'role',
    'profileCompleted',
    'status',
    'emailVerified',
    'verificationToken',
    'createdAt',
    'updatedAt',
  ],
  /** "The current-user response carries the user plus a profile (lawyerProfile or mediatorProfile)." */
  currentUser: ['lawyerProfile', 'mediatorProfile'],
  lawyer_profiles: ['id', 'userId', 'firmName', 'barNumber', 'practiceArea', 'jurisdiction', 'phoneNumber', 'bio', 'createdAt'],
  mediator_profiles: [
    'id',
    'userId',
    'certifications',
    'specializations',
    'yearsExperience',
    'hourlyRate',
    'bio',
    'jurisdiction',
    'phoneNumber',
    'websiteUrl',
    'photoUrl',
    'mediationTraining',
    'languagesSpoken',
    'rating',
    'reviewCount',
    'totalMediationsCompleted',
    'subscriptionTier',
    'subscriptionStartDate',
    'monthlyMediationCount',
    // (a card payment provider account identifier: see UNNAMED)
    'createdAt',
  ],
  mediation_requests: [
    'id',
    'lawyerId',
    'caseNumber',
    'caseName',
    'caseType',
    'jurisdiction',
    'courtInfo',
    'trialDate',
    'description',
    'opposingLawyerName',
    'opposingLawyerBarNumber',
    'opposingLawyerFirmName',
    'opposingLawyerEmail',
    'opposingLawyerPhone',
    'mediationType',
    'preferredDate',
    'estimatedDuration',
    'hourlyRate',
    'hoursNeeded',
    'flatFee',
    'budget',
    'mediationBriefUrl',
    'caseFilesUrls',
    'documentsUrl',
    'status',
    'selectedMediatorId',
    'depositAmount',
    'platformFee',
    'openToAllAt',
    'completionResults',
    'deliverables',
    'mediatorProposal',
    'completedAt',
    'createdAt',
    'updatedAt',
  ],
  /** "The detail screen reads the same request as …" */
  requestDetail: [
    'id',
    'caseName',
    'caseNumber',
    'caseDescription',
    'disputeType',
    'jurisdiction',
    'desiredDate',
    'budget',
    'hourlyRate',
    'status',
    'lawyerId',
    'selectedMediatorId',
  ],
  /** "The admin list reads …" */
  requestAdminList: ['caseType', 'caseNumber', 'status', 'budget', 'preferredDate', 'selectedMediatorId'],
  mediator_acceptances: ['id', 'requestId', 'mediatorId', 'status', 'proposedRate', 'note', 'acceptedAt'],
  /** "In the selection list each acceptance also carries a nested mediator: …" */
  acceptanceMediator: ['firstName', 'lastName', 'profileImageUrl', 'rating', 'specialization', 'bio', 'yearsOfExperience', 'hourlyRate'],
  payments: [
    'id',
    'requestId',
    'lawyerId',
    'mediatorId',
    // (a card payment intent identifier: see UNNAMED)
    'depositAmount',
    'platformFee',
    'mediatorPayout',
    'status',
    'refundAmount',
    'refundReason',
    // (a transfer identifier: see UNNAMED)
    'createdAt',
    'updatedAt',
  ],
  /** "depositAmount (shown as amount in admin)" */
  paymentAdmin: ['amount'],
  subscriptions: [
    'id',
    'mediatorId',
    'tier',
    // (a payment provider subscription identifier: see UNNAMED)
    'currentPeriodStart',
    'currentPeriodEnd',
    'cancelAtPeriodEnd',
    'createdAt',
    'updatedAt',
  ],
  /** "…; the thread also shows senderName." */
  messages: ['id', 'requestId', 'senderId', 'recipientId', 'content', 'attachmentUrl', 'isRead', 'createdAt', 'senderName'],
  reviews: ['id', 'requestId', 'reviewerId', 'revieweeId', 'rating', 'comment', 'createdAt'],
  notifications: ['id', 'userId', 'type', 'title', 'message', 'linkUrl', 'isRead', 'createdAt'],
  platform_settings: ['id', 'commissionPercentage', 'minimumPlatformFee', 'defaultDeposit', 'termsOfService', 'privacyPolicy', 'emailTemplates', 'updatedAt'],
  mediatorRatingSummary: ['mediatorId', 'mediatorName', 'reviewCount', 'averageRating'],
  analytics: [
    'totalMediatorSignups',
    'totalLawyerSignups',
    'totalMediationsSubmitted',
    'totalMediationsMatched',
    'totalRevenue',
    'totalForPlatform',
    'totalForMediators',
    'activeUsers',
  ],
} as const;

/**
 * RULES.md 7's own additions to the spec's names, checked the same way: an acceptance's mediator "carries id,
 * firstName, lastName, profileImageUrl, rating, reviewCount, specialization … and specializations, bio,
 * yearsOfExperience, hourlyRate, verified"; "mediators also get mediatorPayout"; the subscription's
 * monthlyMediations.
 */
const RULES = {
  acceptanceMediator: ['id', 'reviewCount', 'specializations', 'verified'],
  requestForMediator: ['mediatorPayout'],
  subscription: ['monthlyMediations'],
} as const;

/**
 * Deliberate exclusions: named by the spec, never returned, and why. Each is checked to be absent.
 * (`session` — sid, sess, expire — is the server's own table and no call returns it.)
 */
const EXCLUDED: Record<string, Record<string, string>> = {
  users: {
    password: 'RULES.md 7: GET /api/user carries the user "never the password hash"; no other answer does either',
    verificationToken: 'RULES.md 7: "…or tokens" (the e-mail link is the only place a verification token goes)',
  },
};

/**
 * Named by the spec only in words ("a card payment intent identifier", …), so no client can ask for them by name:
 * they are the payment provider's handles, which only the server uses (RULES.md 3: the provider's word, never the
 * browser's, moves state). Listed here under the server's own column names, with the spec's words, and checked to be
 * absent like the exclusions above. (Admins see each money movement's provider reference in the payments list's
 * ledger, `providerRef`, to reconcile with the provider's own records.)
 */
const UNNAMED: Record<string, Record<string, string>> = {
  mediator_profiles: { payoutAccountId: 'a card payment provider account identifier' },
  payments: { paymentIntentId: 'a card payment intent identifier', transferId: 'a transfer identifier' },
  subscriptions: { providerSubscriptionId: 'a payment provider subscription identifier' },
};

type Json = Record<string, unknown>;

/** A table of SPEC less its deliberate exclusions: what an answer must carry. */
const required = (entity: keyof typeof SPEC): string[] => SPEC[entity].filter((field) => !Object.hasOwn(EXCLUDED[entity] ?? {}, field));

/** The names of `fields` that `value` lacks: empty when every one is there (null values count as there). */
function missing(value: unknown, fields: readonly string[]): string[] {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return [...fields];
  return fields.filter((field) => !Object.hasOwn(value, field));
}

describe.each(backends)("spec 3's field names in spec 7's answers on %s", (backend) => {
  let t: TestApp;
  /** Every checked answer: what it is, then the object, then the tables it must satisfy. */
  const checked: { label: string; value: unknown; fields: readonly string[] }[] = [];
  const excludedChecks: { label: string; value: unknown; entity: string }[] = [];

  const get = async (url: string, cookie: string) => {
    const res = await call(t, 'GET', url, cookie);
    if (res.statusCode !== 200) throw new Error(`GET ${url}: ${res.statusCode} ${res.body}`);
    return res.json() as unknown;
  };
  const post = async (url: string, cookie: string, body?: unknown, status = [200, 201]) => {
    const res = await call(t, 'POST', url, cookie, body);
    if (!status.includes(res.statusCode)) throw new Error(`POST ${url}: ${res.statusCode} ${res.body}`);
    return res.json() as Json;
  };
  /** One object of an answer against the tables (checked in the first test below). */
  const check = (label: string, value: unknown, ...tables: (readonly string[])[]) => {
    checked.push({ label, value, fields: tables.flat() });
  };
  /** Every item of a list answer (which must not be empty, or the check would prove nothing). */
  const checkEach = (label: string, list: unknown, ...tables: (readonly string[])[]) => {
    if (!Array.isArray(list) || list.length === 0) throw new Error(`${label}: expected a non-empty list, got ${JSON.stringify(list)}`);
    list.forEach((item, i) => check(`${label}[${i}]`, item, ...tables));
  };

  beforeAll(async () => {
    t = await createTestApp(backend);
    await ensureAdmin(t.ctx, 'contract.admin@example.com', PASSWORD);
    const admin = sessionCookie(await call(t, 'POST', '/api/login', undefined, { email: 'contract.admin@example.com', password: PASSWORD }));
    const lawyer = await signUpLawyer(t, { barNumber: 'CA-123456', phoneNumber: '+1 555 0101', bio: 'Family law litigator' });
    const mediator = await signUpMediator(t, {
      bio: 'Family mediator for twelve years',
      yearsExperience: 12,
      certifications: ['Certified Family Mediator'],
      phoneNumber: '+1 555 0102',
    });
    await setTier(t, mediator.user.id, 'pro'); // a counteroffer needs Pro (RULES.md 4)
    const mediatorId = mediator.user.id;

    // Created and paid with the local provider: live, pending_mediators.
    const id = await createLiveRequest(t, lawyer.cookie, { preferredDate: '2026-04-15', courtInfo: 'Superior Court of California' });
    await post(`/api/requests/${id}/accept`, mediator.cookie, { noConflictConfirmed: true, proposedRate: 350, note: 'Available mornings' }, [201]);

    // awaiting_selection: the selection list, the mediator's acceptances, the request as the mediator sees it before selection.
    const pending = await get(`/api/requests/${id}/pending-acceptances`, lawyer.cookie);
    checkEach('GET /api/requests/{id}/pending-acceptances', pending, SPEC.mediator_acceptances);
    (pending as Json[]).forEach((a, i) =>
      check(`GET /api/requests/{id}/pending-acceptances[${i}].mediator`, a.mediator, SPEC.acceptanceMediator, RULES.acceptanceMediator),
    );
    checkEach('GET /api/mediators/{id}/acceptances', await get(`/api/mediators/${mediatorId}/acceptances`, mediator.cookie), SPEC.mediator_acceptances);
    const beforeSelection = 'before selection, as the mediator';
    check(`GET /api/requests/{id} ${beforeSelection}`, await get(`/api/requests/${id}`, mediator.cookie), SPEC.mediation_requests, SPEC.requestDetail);
    checkEach(
      `GET /api/requests?view=accepted ${beforeSelection}`,
      await get('/api/requests?view=accepted', mediator.cookie),
      SPEC.mediation_requests,
      RULES.requestForMediator,
    );

    // Selected (the balance charged to the saved card), a message sent, completed, reviewed both ways.
    await post(`/api/requests/${id}/select-mediator/${mediatorId}`, lawyer.cookie);
    await post('/api/messages', lawyer.cookie, { requestId: id, content: 'Could we meet on the 15th at 10?' }, [201]);
    await post(`/api/requests/${id}/complete`, mediator.cookie, { completionResults: 'Settled: parenting plan agreed.' });
    await post('/api/reviews', lawyer.cookie, { requestId: id, rating: 5, comment: 'Calm and well prepared.' }, [201]);
    await post('/api/reviews', mediator.cookie, { requestId: id, rating: 4 }, [201]);

    for (const [who, cookie] of [
      ['lawyer', lawyer.cookie],
      ['mediator', mediator.cookie],
    ] as const) {
      const user = (await get('/api/user', cookie)) as Json;
      check(`GET /api/user (${who})`, user, required('users'), SPEC.currentUser);
      excludedChecks.push({ label: `GET /api/user (${who})`, value: user, entity: 'users' });
      const list = await get(who === 'mediator' ? '/api/requests?view=completed' : '/api/requests', cookie);
      checkEach(`GET /api/requests (${who})`, list, SPEC.mediation_requests, who === 'mediator' ? RULES.requestForMediator : []);
      check(`GET /api/requests/{id} (${who})`, await get(`/api/requests/${id}`, cookie), SPEC.mediation_requests, SPEC.requestDetail);
      checkEach(`GET /api/requests/{id}/reviews (${who})`, await get(`/api/requests/${id}/reviews`, cookie), SPEC.reviews);
      checkEach(`GET /api/messages/{requestId} (${who})`, await get(`/api/messages/${id}`, cookie), SPEC.messages);
      checkEach(`GET /api/notifications (${who})`, await get('/api/notifications', cookie), SPEC.notifications);
    }
    check('GET /api/user (lawyer).lawyerProfile', ((await get('/api/user', lawyer.cookie)) as Json).lawyerProfile, SPEC.lawyer_profiles);
    // GET /api/mediators/{id} is "a mediator's own profile" (spec 7); a lawyer choosing reads the same names (RULES.md 7).
    const profiles = [
      ['GET /api/user (mediator).mediatorProfile', ((await get('/api/user', mediator.cookie)) as Json).mediatorProfile],
      ['GET /api/mediators/{id} (the mediator)', await get(`/api/mediators/${mediatorId}`, mediator.cookie)],
      ['GET /api/mediators/{id} (a lawyer)', await get(`/api/mediators/${mediatorId}`, lawyer.cookie)],
    ] as const;
    for (const [label, profile] of profiles) {
      check(label, profile, SPEC.mediator_profiles);
      excludedChecks.push({ label, value: profile, entity: 'mediator_profiles' });
    }
    const subscription = await get('/api/subscription', mediator.cookie);
    check('GET /api/subscription', subscription, SPEC.subscriptions, RULES.subscription);
    excludedChecks.push({ label: 'GET /api/subscription', value: subscription, entity: 'subscriptions' });

    // The admin's answers (spec 7: GET /api/admin/analytics, users, mediations, payments, settings, mediator-ratings).
    const users = await get('/api/admin/users', admin);
    checkEach('GET /api/admin/users', users, required('users'));
    (users as Json[]).forEach((u, i) => excludedChecks.push({ label: `GET /api/admin/users[${i}]`, value: u, entity: 'users' }));
    checkEach('GET /api/admin/mediations', await get('/api/admin/mediations', admin), SPEC.requestAdminList);
    const payments = [
      ['GET /api/admin/payments', await get('/api/admin/payments', admin), SPEC.paymentAdmin],
      ['GET /api/payments (lawyer)', await get('/api/payments', lawyer.cookie), []],
    ] as const;
    for (const [label, list, extra] of payments) {
      checkEach(label, list, SPEC.payments, extra);
      (list as Json[]).forEach((p, i) => excludedChecks.push({ label: `${label}[${i}]`, value: p, entity: 'payments' }));
    }
    check('GET /api/admin/settings', await get('/api/admin/settings', admin), SPEC.platform_settings);
    const ratings = await get('/api/admin/mediator-ratings', admin);
    checkEach('GET /api/admin/mediator-ratings', ratings, SPEC.mediatorRatingSummary);
    expect((ratings as Json[]).map((r) => r.averageRating)).toEqual(['5.00']); // RULES.md 7: a two-decimal string
    const analytics = (await get('/api/admin/analytics?startDate=2026-03-01&endDate=2026-03-31', admin)) as Json;
    check('GET /api/admin/analytics', analytics, SPEC.analytics);
    checkEach('GET /api/admin/analytics series', analytics.series, SPEC.analytics);
  }, 180_000);
  afterAll(async () => {
    t?.ctx.database.pool?.on('error', () => undefined);
    await t?.close();
  });

  it('every answer carries every field spec 3 names for its entity (extra fields allowed, none missing or renamed)', () => {
    expect(checked.length).toBeGreaterThan(30);
    const gaps = checked.map(({ label, value, fields }) => ({ label, missing: missing(value, fields) })).filter((g) => g.missing.length);
    expect(gaps).toEqual([]);
  });

  it('the deliberate exclusions and the provider identifiers are absent wherever their entity is answered', () => {
    expect(new Set(excludedChecks.map((c) => c.entity))).toEqual(new Set(['users', 'payments', 'mediator_profiles', 'subscriptions']));
    const leaks = excludedChecks.flatMap(({ label, value, entity }) =>
      [...Object.keys(EXCLUDED[entity] ?? {}), ...Object.keys(UNNAMED[entity] ?? {})]
        .filter((field) => Object.hasOwn(value as object, field))
        .map((field) => `${label}: ${field}`),
    );
    expect(leaks).toEqual([]);
    // Every exclusion names a field of the spec's table and gives its reason.
    for (const [entity, fields] of Object.entries(EXCLUDED)) {
      for (const [field, reason] of Object.entries(fields)) {
        expect((SPEC as Record<string, readonly string[]>)[entity]).toContain(field);
        expect(reason.length).toBeGreaterThan(20);
      }
    }
    expect(Object.keys(UNNAMED).every((entity) => entity in SPEC)).toBe(true);
  });

  it('the check itself fails on a renamed field', () => {
    const renamed = { ...(checked.find((c) => c.label === 'GET /api/admin/analytics')!.value as Json) };
    renamed.platformRevenue = renamed.totalForPlatform;
    delete renamed.totalForPlatform;
    expect(missing(renamed, SPEC.analytics)).toEqual(['totalForPlatform']);
  });
});
