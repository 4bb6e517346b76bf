import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { PASSWORD, signUpLawyer, signUpMediator } from '../../../../tests/helpers/accounts';
import { describeOnPostgres, startRaceApp } from '../../../../tests/helpers/postgres-only';
import { call, createLiveRequest, setTier, validRequest } from '../../../../tests/helpers/requests';
import type { TestApp } from '../../../../tests/helpers/test-app';

// "Delete my account" racing the same user giving themselves a new case (decision 061): the deletion locks the
// account's row, the new request or acceptance holds it shared first, so each pair ends one way or the other — never a
// case left to a deleted account, never a 5xx. The delay before the second call varies so that both orders occur (the
// deletion spends its first tens of milliseconds on the password hash, before any lock). Needs TEST_DATABASE_URL.

const DELAYS_MS = [0, 0, 20, 40, 60, 80, 120, 160, 220, 300];

describeOnPostgres('account-deletion.race.test.ts', 'deleting my account while I add a case, on postgres', () => {
  let t: TestApp;
  startRaceApp((app) => ({ t } = app));

  const rowsOf = async <T>(query: ReturnType<typeof sql>) => ((await t.ctx.db.execute(query)) as unknown as { rows: T[] }).rows;
  const userState = async (id: string) =>
    (await rowsOf<{ anonymized: boolean }>(sql`SELECT anonymized_at IS NOT NULL AS anonymized FROM users WHERE id = ${id}`))[0];
  const deleteMine = (cookie: string) => call(t, 'POST', '/api/profile/delete-account', cookie, { password: PASSWORD });

  it('against a new request: refused (the account is gone) or in, and then the account is anonymised with it', async () => {
    const seen = new Set<string>();
    for (const delay of DELAYS_MS) {
      const lawyer = await signUpLawyer(t);
      const [deleted, created] = await Promise.all([
        deleteMine(lawyer.cookie),
        sleep(delay).then(() => call(t, 'POST', '/api/requests', lawyer.cookie, validRequest({ caseName: `Race ${delay}` }))),
      ]);
      expect(deleted.statusCode, deleted.body).toBe(200);
      const requests = await rowsOf<{ id: string }>(sql`SELECT id FROM mediation_requests WHERE lawyer_id = ${lawyer.user.id}`);
      const user = await userState(lawyer.user.id);
      if (created.statusCode === 201) {
        // The request came first: the deletion saw it (history) and anonymised.
        expect(deleted.json()).toEqual({ outcome: 'anonymized' });
        expect(user.anonymized).toBe(true);
        expect(requests.map((r) => r.id)).toEqual([created.json().id]);
        seen.add('request first');
      } else {
        expect(created.statusCode, created.body).toBe(401);
        expect(deleted.json()).toEqual({ outcome: 'removed' });
        expect(user).toBeUndefined();
        expect(requests).toEqual([]);
        seen.add('deletion first');
      }
    }
    expect(seen.size).toBeGreaterThan(0);
  }, 120_000);

  it('against an acceptance: the acceptance is in and the deletion refused, or the account is gone and the acceptance refused', async () => {
    const owner = await signUpLawyer(t);
    for (const delay of DELAYS_MS) {
      const requestId = await createLiveRequest(t, owner.cookie, { caseName: `Accept race ${delay}` });
      const mediator = await signUpMediator(t);
      await setTier(t, mediator.user.id, 'pro');
      const [deleted, accepted] = await Promise.all([
        deleteMine(mediator.cookie),
        sleep(delay).then(() => call(t, 'POST', `/api/requests/${requestId}/accept`, mediator.cookie, { noConflictConfirmed: true })),
      ]);
      const acceptances = await rowsOf<{ status: string }>(
        sql`SELECT status FROM mediator_acceptances WHERE request_id = ${requestId} AND mediator_id = ${mediator.user.id}`,
      );
      const user = await userState(mediator.user.id);
      if (accepted.statusCode === 201) {
        expect(deleted.statusCode, deleted.body).toBe(409);
        expect(deleted.json().message).toContain(`Accept race ${delay}`);
        expect(user).toEqual({ anonymized: false });
        expect(acceptances).toEqual([{ status: 'pending' }]);
      } else {
        expect(accepted.statusCode, accepted.body).toBe(401);
        expect(deleted.statusCode, deleted.body).toBe(200);
        expect(user).toBeUndefined();
        expect(acceptances).toEqual([]);
      }
    }
  }, 180_000);
});
