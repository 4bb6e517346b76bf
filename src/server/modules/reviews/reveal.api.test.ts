import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signUpLawyer, signUpMediator, type Account } from '../../../../tests/helpers/accounts';
import { backends } from '../../../../tests/helpers/backends';
import { runDueJobs } from '../../../../tests/helpers/jobs';
import { createCompletedRequest, createMatchedRequest } from '../../../../tests/helpers/matched';
import { call, setTier } from '../../../../tests/helpers/requests';
import { createTestApp, sessionCookie, type TestApp } from '../../../../tests/helpers/test-app';
import { inviteAndJoin } from '../../../../tests/helpers/two-sided';
import { ensureAdmin } from '../users/accounts.service';
import { revealDueReviews } from './reveal.service';

// Reviews of a two-sided case, revealed together (issue 23, docs/decisions/048): hidden from everyone (the reviewee
// included) until the four due reviews are in or 14 days have passed since completion; ratings move at the reveal.
describe.each(backends)('reviews revealed together on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  const signInAdmin = async () => {
    admin = sessionCookie(await call(t, 'POST', '/api/login', undefined, { email: 'reveal.admin@example.com', password: PASSWORD }));
  };
  beforeAll(async () => {
    t = await createTestApp(backend);
    await ensureAdmin(t.ctx, 'reveal.admin@example.com', PASSWORD);
    await signInAdmin();
  });
  afterAll(async () => {
    await t?.close();
  });

  const review = (cookie: string | undefined, body: unknown) => call(t, 'POST', '/api/reviews', cookie, body);
  const ratings = (list: { rating: number }[]) => list.map((r) => r.rating).sort();
  const requestReviews = async (cookie: string, id: string) => (await call(t, 'GET', `/api/requests/${id}/reviews`, cookie)).json();
  const aboutMe = async (who: Account) => ratings((await call(t, 'GET', '/api/reviews', who.cookie)).json());
  const summary = async (who: Account) => (await call(t, 'GET', '/api/reviews/summary', who.cookie)).json();
  const mediatorProfile = async (mediator: Account, viewer: Account) => (await call(t, 'GET', `/api/mediators/${mediator.user.id}`, viewer.cookie)).json();
  const lawyerProfileAsAdminSees = async (who: Account) =>
    ((await call(t, 'GET', `/api/admin/users?search=${encodeURIComponent(who.email)}`, admin)).json() as { lawyer: unknown }[])[0].lawyer;
  const told = async (who: Account, type: string) =>
    ((await call(t, 'GET', '/api/notifications', who.cookie)).json() as { type: string; message: string }[]).filter((n) => n.type === type);
  const relogin = async (who: Account): Promise<Account> => ({
    ...who,
    cookie: sessionCookie(await call(t, 'POST', '/api/login', undefined, { email: who.email, password: PASSWORD })),
  });

  /** A matched case, opposing counsel joined (after selection, so no proposal step), then completed. */
  async function twoSidedCompleted() {
    const matched = await createMatchedRequest(t);
    const second = await inviteAndJoin(t, matched.lawyer.cookie, matched.id);
    const done = await call(t, 'POST', `/api/requests/${matched.id}/complete`, matched.mediator.cookie, { completionResults: 'Settled.' });
    expect(done.statusCode).toBe(200);
    return { first: matched.lawyer, second, mediator: matched.mediator, id: matched.id };
  }

  it('four due reviews in any order stay hidden from everyone until the last; then all are revealed, ratings move, reviewees are told', async () => {
    const { first, second, mediator, id } = await twoSidedCompleted();
    const everyone = [first, second, mediator];

    const a = await review(second.cookie, { requestId: id, rating: 3, comment: 'Fair.' });
    expect(a.statusCode).toBe(201);
    expect(a.json()).toMatchObject({ reviewerId: second.user.id, revieweeId: mediator.user.id, rating: 3, revealedAt: null });
    const b = await review(mediator.cookie, { requestId: id, revieweeId: second.user.id, rating: 4 });
    expect(b.statusCode).toBe(201);
    expect(b.json()).toMatchObject({ revieweeId: second.user.id, revealedAt: null });
    expect((await review(first.cookie, { requestId: id, rating: 5 })).statusCode).toBe(201);
    // Once each, as today: the same reviewer and reviewee again is 409.
    expect((await review(second.cookie, { requestId: id, rating: 1 })).statusCode).toBe(409);
    expect((await review(mediator.cookie, { requestId: id, revieweeId: second.user.id, rating: 1 })).statusCode).toBe(409);

    // Hidden: each author sees only their own (marked by revealedAt null); the reviewees see nothing about them.
    expect((await requestReviews(second.cookie, id)).map((r: { reviewerId: string; revealedAt: null }) => [r.reviewerId, r.revealedAt])).toEqual([
      [second.user.id, null],
    ]);
    expect(await requestReviews(mediator.cookie, id)).toHaveLength(1);
    expect(await requestReviews(admin, id)).toEqual([]);
    expect(await aboutMe(mediator)).toEqual([]);
    expect(await aboutMe(second)).toEqual([]);
    expect(await summary(second)).toEqual({ averageRating: '0.00', reviewCount: 0 });
    expect(await mediatorProfile(mediator, first)).toMatchObject({ rating: '0.00', reviewCount: 0, reviews: [] });
    expect(await lawyerProfileAsAdminSees(second)).toMatchObject({ rating: '0.00', reviewCount: 0 });
    for (const who of everyone) expect(await told(who, 'review_received')).toEqual([]);
    for (const who of everyone) expect(await told(who, 'reviews_revealed')).toEqual([]);

    // The last due review reveals all four in its transaction.
    const last = await review(mediator.cookie, { requestId: id, revieweeId: first.user.id, rating: 2 });
    expect(last.statusCode).toBe(201);
    expect(last.json().revealedAt).not.toBeNull();
    for (const who of [...everyone, { cookie: admin }]) expect(ratings(await requestReviews(who.cookie, id))).toEqual([2, 3, 4, 5]);
    expect((await requestReviews(first.cookie, id)).every((r: { revealedAt: string | null }) => r.revealedAt !== null)).toBe(true);
    expect(await aboutMe(mediator)).toEqual([3, 5]);
    expect(await aboutMe(second)).toEqual([4]);
    expect(await mediatorProfile(mediator, first)).toMatchObject({ rating: '4.00', reviewCount: 2 });
    expect(await lawyerProfileAsAdminSees(first)).toMatchObject({ rating: '2.00', reviewCount: 1 });
    expect(await lawyerProfileAsAdminSees(second)).toMatchObject({ rating: '4.00', reviewCount: 1 });
    expect(await summary(first)).toEqual({ averageRating: '2.00', reviewCount: 1 });
    expect((await told(mediator, 'reviews_revealed')).map((n) => n.message)).toEqual([expect.stringContaining('You received 2 reviews')]);
    expect(await told(first, 'reviews_revealed')).toHaveLength(1);
    expect(await told(second, 'reviews_revealed')).toHaveLength(1);
    // E-mailed too, with the case's link and the way to turn that kind off (decision 048).
    await runDueJobs(t, (name) => name === 'notification.email');
    const [mail] = t.mailer.sent.filter((m) => m.to === mediator.email && /reviews of .* are revealed/.test(m.subject));
    expect(mail.text).toContain(`/requests/${id}`);
    expect(mail.text).toMatch(/e-mails about revealed reviews are on\. Turn them off: http:\/\/localhost:3000\/api\/email\/unsubscribe\?token=/);

    // Nothing more once revealed; the 14-day job later finds nothing to reveal and tells nobody again.
    expect((await review(first.cookie, { requestId: id, rating: 1 })).statusCode).toBe(409);
  });

  it('the mediator of a two-sided case names the counsel (400 without, or naming someone else); the second side may review, outsiders may not', async () => {
    const { first, second, mediator, id } = await twoSidedCompleted();
    const outsider = await signUpLawyer(t);
    const otherMediator = await signUpMediator(t);
    await setTier(t, otherMediator.user.id, 'pro');

    const unnamed = await review(mediator.cookie, { requestId: id, rating: 4 });
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json()).toMatchObject({
      message: 'Choose which counsel you are reviewing',
      fieldErrors: { revieweeId: 'Choose which counsel you are reviewing' },
    });
    expect((await review(mediator.cookie, { requestId: id, rating: 4, revieweeId: mediator.user.id })).statusCode).toBe(400);
    expect((await review(mediator.cookie, { requestId: id, rating: 4, revieweeId: outsider.user.id })).statusCode).toBe(400);
    // Counsel review the mediator only: naming the other counsel is 400.
    expect((await review(second.cookie, { requestId: id, rating: 4, revieweeId: first.user.id })).statusCode).toBe(400);
    expect((await review(second.cookie, { requestId: id, rating: 4, revieweeId: mediator.user.id })).statusCode).toBe(201);

    expect((await review(undefined, { requestId: id, rating: 5 })).statusCode).toBe(401);
    expect((await review(outsider.cookie, { requestId: id, rating: 5 })).statusCode).toBe(404);
    expect((await review(otherMediator.cookie, { requestId: id, rating: 5 })).statusCode).toBe(404);
    expect((await call(t, 'GET', `/api/requests/${id}/reviews`, outsider.cookie)).statusCode).toBe(404);
    // The second side's hidden review is not the first side's to see, nor the mediator's (its reviewee).
    expect(await requestReviews(first.cookie, id)).toEqual([]);
    expect(await requestReviews(mediator.cookie, id)).toEqual([]);
  });

  it('before completion a two-sided case refuses reviews as today (409), after the 400 checks', async () => {
    const matched = await createMatchedRequest(t);
    const second = await inviteAndJoin(t, matched.lawyer.cookie, matched.id);
    expect((await review(second.cookie, { requestId: matched.id, rating: 5 })).statusCode).toBe(409);
    expect((await review(matched.mediator.cookie, { requestId: matched.id, rating: 5 })).statusCode).toBe(400);
    expect((await review(matched.mediator.cookie, { requestId: matched.id, rating: 5, revieweeId: second.user.id })).statusCode).toBe(409);
  });

  it('a one-sided case is unchanged: the review shows and counts at once, with revealedAt its creation time', async () => {
    const { lawyer, mediator, id } = await createCompletedRequest(t);
    const made = await review(lawyer.cookie, { requestId: id, rating: 4 });
    expect(made.statusCode).toBe(201);
    expect(made.json().revealedAt).toBe(made.json().createdAt);
    expect(await requestReviews(mediator.cookie, id)).toHaveLength(1);
    expect(await mediatorProfile(mediator, lawyer)).toMatchObject({ rating: '4.00', reviewCount: 1 });
    expect(await told(mediator, 'review_received')).toHaveLength(1);
    expect(await told(mediator, 'reviews_revealed')).toEqual([]);
  });

  // Last: it moves the shared clock by 15 days (sessions idle that long end, so everyone signs in again).
  it('14 days after completion the job reveals whatever is in; later reviews are refused', async () => {
    const { first, second, mediator, id } = await twoSidedCompleted();
    expect((await review(first.cookie, { requestId: id, rating: 5 })).statusCode).toBe(201);
    expect((await review(mediator.cookie, { requestId: id, revieweeId: second.user.id, rating: 3 })).statusCode).toBe(201);
    t.clock.advance(13 * 24 * 60 * 60_000);
    await runDueJobs(t, (name) => name === 'review.reveal');
    expect(await mediatorProfile(mediator, await relogin(first))).toMatchObject({ reviewCount: 0 });

    t.clock.advance(2 * 24 * 60 * 60_000);
    expect(await runDueJobs(t, (name) => name === 'review.reveal')).toContain('review.reveal');
    const [a, b, m] = await Promise.all([first, second, mediator].map(relogin));
    await signInAdmin();
    for (const who of [a, b, m]) expect(ratings(await requestReviews(who.cookie, id))).toEqual([3, 5]);
    expect(await mediatorProfile(m, a)).toMatchObject({ rating: '5.00', reviewCount: 1 });
    expect(await lawyerProfileAsAdminSees(b)).toMatchObject({ rating: '3.00', reviewCount: 1 });
    expect(await lawyerProfileAsAdminSees(a)).toMatchObject({ rating: '0.00', reviewCount: 0 });
    expect(await told(m, 'reviews_revealed')).toHaveLength(1);
    expect(await told(b, 'reviews_revealed')).toHaveLength(1);
    expect(await told(a, 'reviews_revealed')).toEqual([]);

    const late = await review(b.cookie, { requestId: id, rating: 4 });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/closed 14 days after completion/);
    // The job again (a retry) changes nothing.
    await revealDueReviews(t.ctx, id);
    expect(await told(m, 'reviews_revealed')).toHaveLength(1);
    expect(await mediatorProfile(m, a)).toMatchObject({ rating: '5.00', reviewCount: 1 });
  });
});
