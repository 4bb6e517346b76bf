import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signUpLawyer, signUpMediator } from '../../../../tests/helpers/accounts';
import { backends } from '../../../../tests/helpers/backends';
import { createCompletedRequest, createMatchedRequest } from '../../../../tests/helpers/matched';
import { call, createLiveRequest, setTier } from '../../../../tests/helpers/requests';
import { createTestApp, sessionCookie, type TestApp } from '../../../../tests/helpers/test-app';
import { ensureAdmin } from '../users/accounts.service';

describe.each(backends)('reviews on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  const review = (cookie: string | undefined, body: unknown) => call(t, 'POST', '/api/reviews', cookie, body);

  it('each side reviews the other once after completion; the server works out the reviewee; ratings move at once', async () => {
    const { lawyer, mediator, id } = await createCompletedRequest(t);
    const byLawyer = await review(lawyer.cookie, { requestId: id, rating: 4, comment: '  Calm and prepared.  ' });
    expect(byLawyer.statusCode).toBe(201);
    expect(byLawyer.json()).toMatchObject({
      requestId: id,
      reviewerId: lawyer.user.id,
      revieweeId: mediator.user.id,
      rating: 4,
      comment: 'Calm and prepared.',
      reviewerRole: 'lawyer',
      reviewerName: 'Lena Lawyer',
    });
    expect((await review(lawyer.cookie, { requestId: id, rating: 5 })).statusCode).toBe(409);

    const byMediator = await review(mediator.cookie, { requestId: id, revieweeId: lawyer.user.id, rating: '5' });
    expect(byMediator.statusCode).toBe(201);
    expect(byMediator.json()).toMatchObject({ revieweeId: lawyer.user.id, rating: 5, comment: null, reviewerRole: 'mediator' });

    const profile = (await call(t, 'GET', `/api/mediators/${mediator.user.id}`, lawyer.cookie)).json();
    expect(profile).toMatchObject({ rating: '4.00', reviewCount: 1 });
    expect(profile.reviews.map((r: { rating: number }) => r.rating)).toEqual([4]);
    expect((await call(t, 'GET', `/api/requests/${id}/reviews`, lawyer.cookie)).json()).toHaveLength(2);
    expect((await call(t, 'GET', '/api/reviews', mediator.cookie)).json().map((r: { rating: number }) => r.rating)).toEqual([4]);
    expect((await call(t, 'GET', '/api/reviews/summary', lawyer.cookie)).json()).toEqual({ averageRating: '5.00', reviewCount: 1 });
    const told = (await call(t, 'GET', '/api/notifications', mediator.cookie)).json() as { type: string }[];
    expect(told.filter((n) => n.type === 'review_received')).toHaveLength(1);
  });

  it("a mediator's review moves the lawyer's rating and count on their profile, as a lawyer's moves the mediator's", async () => {
    await ensureAdmin(t.ctx, 'reviews.admin@example.com', PASSWORD);
    const admin = sessionCookie(await call(t, 'POST', '/api/login', undefined, { email: 'reviews.admin@example.com', password: PASSWORD }));
    const lawyerAsAdminSees = async (email: string) =>
      ((await call(t, 'GET', `/api/admin/users?search=${encodeURIComponent(email)}`, admin)).json() as { lawyer: unknown }[])[0].lawyer;
    const first = await createCompletedRequest(t);
    expect(await lawyerAsAdminSees(first.lawyer.email)).toMatchObject({ rating: '0.00', reviewCount: 0 });
    expect((await review(first.mediator.cookie, { requestId: first.id, rating: 5 })).statusCode).toBe(201);
    expect(await lawyerAsAdminSees(first.lawyer.email)).toMatchObject({ rating: '5.00', reviewCount: 1 });
    // A second mediation of the same lawyer with the same mediator, reviewed 4: 4.50 over two.
    const id = await createLiveRequest(t, first.lawyer.cookie);
    expect((await call(t, 'POST', `/api/requests/${id}/accept`, first.mediator.cookie, { noConflictConfirmed: true })).statusCode).toBe(201);
    expect((await call(t, 'POST', `/api/requests/${id}/select-mediator/${first.mediator.user.id}`, first.lawyer.cookie)).statusCode).toBe(200);
    expect((await call(t, 'POST', `/api/requests/${id}/complete`, first.mediator.cookie, { completionResults: 'ok' })).statusCode).toBe(200);
    expect((await review(first.mediator.cookie, { requestId: id, rating: 4 })).statusCode).toBe(201);
    expect(await lawyerAsAdminSees(first.lawyer.email)).toMatchObject({ rating: '4.50', reviewCount: 2 });
  });

  it('averages to two decimals over many mediations', async () => {
    const first = await createCompletedRequest(t);
    expect((await review(first.lawyer.cookie, { requestId: first.id, rating: 5 })).statusCode).toBe(201);
    // The same mediator completes two more requests for other lawyers: 5, 4, 4 → 4.33.
    for (const rating of [4, 4]) {
      const lawyer = await signUpLawyer(t);
      const id = await createLiveRequest(t, lawyer.cookie);
      expect((await call(t, 'POST', `/api/requests/${id}/accept`, first.mediator.cookie, { noConflictConfirmed: true })).statusCode).toBe(201);
      expect((await call(t, 'POST', `/api/requests/${id}/select-mediator/${first.mediator.user.id}`, lawyer.cookie)).statusCode).toBe(200);
      expect((await call(t, 'POST', `/api/requests/${id}/complete`, first.mediator.cookie, { completionResults: 'ok' })).statusCode).toBe(200);
      expect((await review(lawyer.cookie, { requestId: id, rating })).statusCode).toBe(201);
    }
    expect((await call(t, 'GET', `/api/mediators/${first.mediator.user.id}`, first.lawyer.cookie)).json()).toMatchObject({ rating: '4.33', reviewCount: 3 });
  });

  it('refuses in the contract order: 401, 404 outsiders, 403 non-participants, 400 input, 409 before completion', async () => {
    const { lawyer, mediator, id } = await createMatchedRequest(t);
    const outsider = await signUpLawyer(t);
    const other = await signUpMediator(t);
    await setTier(t, other.user.id, 'pro');
    expect((await review(undefined, { requestId: id, rating: 5 })).statusCode).toBe(401);
    expect((await review(outsider.cookie, { requestId: id, rating: 5 })).statusCode).toBe(404);
    expect((await review(other.cookie, { requestId: id, rating: 5 })).statusCode).toBe(404);
    expect((await review(lawyer.cookie, { requestId: 'nope', rating: 5 })).statusCode).toBe(404);
    expect((await review(lawyer.cookie, { rating: 5 })).statusCode).toBe(400);
    for (const rating of [0, 6, 3.5, 'five', null]) {
      const bad = await review(lawyer.cookie, { requestId: id, rating });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fieldErrors.rating).toBe('Please choose a rating from 1 to 5 stars');
    }
    expect((await review(lawyer.cookie, { requestId: id, rating: 5, revieweeId: lawyer.user.id })).statusCode).toBe(400);
    expect((await review(lawyer.cookie, { requestId: id, rating: 5 })).statusCode).toBe(409);
    expect((await review(mediator.cookie, { requestId: id, rating: 5 })).statusCode).toBe(409);
    expect((await call(t, 'GET', `/api/requests/${id}/reviews`, lawyer.cookie)).json()).toEqual([]);
    expect((await call(t, 'GET', `/api/requests/${id}/reviews`, outsider.cookie)).statusCode).toBe(404);
  });

  it('a mediator who accepted but was not selected may see the request but not review it (403)', async () => {
    const lawyer = await signUpLawyer(t);
    const [chosen, passed] = [await signUpMediator(t), await signUpMediator(t)];
    for (const m of [chosen, passed]) await setTier(t, m.user.id, 'pro');
    const id = await createLiveRequest(t, lawyer.cookie);
    for (const m of [chosen, passed])
      expect((await call(t, 'POST', `/api/requests/${id}/accept`, m.cookie, { noConflictConfirmed: true })).statusCode).toBe(201);
    expect((await call(t, 'POST', `/api/requests/${id}/select-mediator/${chosen.user.id}`, lawyer.cookie)).statusCode).toBe(200);
    expect((await call(t, 'POST', `/api/requests/${id}/complete`, passed.cookie, { completionResults: 'x' })).statusCode).toBe(403);
    expect((await call(t, 'POST', `/api/requests/${id}/complete`, chosen.cookie, { completionResults: 'x' })).statusCode).toBe(200);
    const refused = await review(passed.cookie, { requestId: id, rating: 1 });
    expect(refused.statusCode).toBe(403);
    expect((await call(t, 'GET', `/api/mediators/${chosen.user.id}`, lawyer.cookie)).json().reviewCount).toBe(0);
  });
});
