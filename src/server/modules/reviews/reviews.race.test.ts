import { expect, it } from 'vitest';
import { signUpLawyer, signUpMediator } from '../../../../tests/helpers/accounts';
import { call, createLiveRequest, setTier } from '../../../../tests/helpers/requests';
import { type TestApp } from '../../../../tests/helpers/test-app';
import { describeOnPostgres, startRaceApp } from '../../../../tests/helpers/postgres-only';

// Reviews arriving at once for the same reviewee (RULES.md 6): the rating and count on the profile are recomputed
// under that profile's lock, so neither review's figure is lost. Needs TEST_DATABASE_URL (PGlite has one connection,
// so nothing runs concurrently there); fails loudly in CI without it.

describeOnPostgres('reviews.race.test.ts', 'review races on postgres', () => {
  let t: TestApp;
  let admin: string;
  startRaceApp((app) => ({ t, admin } = app), { adminEmail: 'reviews.race.admin@example.com' });

  it('three mediators review the same lawyer at once, five times over: every review counts in the lawyer profile', async () => {
    for (let round = 0; round < 5; round++) {
      const lawyer = await signUpLawyer(t);
      const done: { id: string; cookie: string }[] = [];
      for (let i = 0; i < 3; i++) {
        const mediator = await signUpMediator(t);
        await setTier(t, mediator.user.id, 'pro');
        const id = await createLiveRequest(t, lawyer.cookie);
        expect((await call(t, 'POST', `/api/requests/${id}/accept`, mediator.cookie, { noConflictConfirmed: true })).statusCode).toBe(201);
        expect((await call(t, 'POST', `/api/requests/${id}/select-mediator/${mediator.user.id}`, lawyer.cookie)).statusCode).toBe(200);
        expect((await call(t, 'POST', `/api/requests/${id}/complete`, mediator.cookie, { completionResults: 'ok' })).statusCode).toBe(200);
        done.push({ id, cookie: mediator.cookie });
      }
      const answers = await Promise.all(done.map((d, i) => call(t, 'POST', '/api/reviews', d.cookie, { requestId: d.id, rating: [5, 4, 4][i] })));
      expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
      const [row] = (await call(t, 'GET', `/api/admin/users?search=${encodeURIComponent(lawyer.email)}`, admin)).json() as { lawyer: unknown }[];
      expect(row.lawyer).toMatchObject({ rating: '4.33', reviewCount: 3 });
    }
  });
});
