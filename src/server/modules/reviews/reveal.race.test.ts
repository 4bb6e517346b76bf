import { expect, it } from 'vitest';
import { describeOnPostgres, startRaceApp } from '../../../../tests/helpers/postgres-only';
import { createMatchedRequest } from '../../../../tests/helpers/matched';
import { call } from '../../../../tests/helpers/requests';
import { type TestApp } from '../../../../tests/helpers/test-app';
import { inviteAndJoin } from '../../../../tests/helpers/two-sided';
import { revealDueReviews } from './reveal.service';

// The last due review of a two-sided case and the 14-day reveal job at once (decision 048): both take the request's
// lock and reveal with a conditional update, so whichever comes second reveals nothing, and every rating counts once.
// Needs TEST_DATABASE_URL (PGlite has one connection).
describeOnPostgres('reveal.race.test.ts', 'review reveal races on postgres', () => {
  let t: TestApp;
  let admin: string;
  startRaceApp((app) => ({ t, admin } = app), { adminEmail: 'reveal.race.admin@example.com' });

  it('the last review and the reveal job at once, five times over: one reveal, ratings counted once, nothing left hidden', async () => {
    for (let round = 0; round < 5; round++) {
      const { lawyer: first, mediator, id } = await createMatchedRequest(t);
      const second = await inviteAndJoin(t, first.cookie, id);
      expect((await call(t, 'POST', `/api/requests/${id}/complete`, mediator.cookie, { completionResults: 'ok' })).statusCode).toBe(200);
      const review = (cookie: string, body: object) => call(t, 'POST', '/api/reviews', cookie, { requestId: id, ...body });
      expect((await review(first.cookie, { rating: 5 })).statusCode).toBe(201);
      expect((await review(second.cookie, { rating: 3 })).statusCode).toBe(201);
      expect((await review(mediator.cookie, { rating: 4, revieweeId: first.user.id })).statusCode).toBe(201);

      const [last] = await Promise.all([review(mediator.cookie, { rating: 2, revieweeId: second.user.id }), revealDueReviews(t.ctx, id)]);
      expect([201, 409]).toContain(last.statusCode);
      const shown = (await call(t, 'GET', `/api/requests/${id}/reviews`, admin)).json() as { revealedAt: string | null }[];
      expect(shown).toHaveLength(last.statusCode === 201 ? 4 : 3);
      expect(shown.every((r) => r.revealedAt !== null)).toBe(true);
      expect((await call(t, 'GET', `/api/mediators/${mediator.user.id}`, first.cookie)).json()).toMatchObject({ rating: '4.00', reviewCount: 2 });
      const lawyerRow = async (email: string) =>
        ((await call(t, 'GET', `/api/admin/users?search=${encodeURIComponent(email)}`, admin)).json() as { lawyer: unknown }[])[0].lawyer;
      expect(await lawyerRow(first.email)).toMatchObject({ rating: '4.00', reviewCount: 1 });
      expect(await lawyerRow(second.email)).toMatchObject(last.statusCode === 201 ? { rating: '2.00', reviewCount: 1 } : { rating: '0.00', reviewCount: 0 });
      const notices = (await call(t, 'GET', '/api/notifications', mediator.cookie)).json() as { type: string }[];
      expect(notices.filter((n) => n.type === 'reviews_revealed')).toHaveLength(1);
    }
  });
});
