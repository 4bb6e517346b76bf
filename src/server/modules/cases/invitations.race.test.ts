import { expect, it } from 'vitest';
import { signUpLawyer } from '../../../../tests/helpers/accounts';
import { describeOnPostgres, startRaceApp } from '../../../../tests/helpers/postgres-only';
import { call, validRequest } from '../../../../tests/helpers/requests';
import type { TestApp } from '../../../../tests/helpers/test-app';
import { invitationToken } from '../../../../tests/helpers/two-sided';

// One seat for the second side (decision 043): answers to one invitation arriving at once, on the PostgreSQL server.

describeOnPostgres('invitations.race.test.ts', 'invitation races on postgres', () => {
  let t: TestApp;
  startRaceApp((app) => ({ t } = app));

  const invited = async () => {
    const owner = await signUpLawyer(t);
    const id = (await call(t, 'POST', '/api/requests', owner.cookie, validRequest())).json().id as string;
    const email = `race.${Date.now().toString(36)}.${Math.random().toString(36).slice(2)}@example.com`;
    expect((await call(t, 'POST', `/api/requests/${id}/invitation`, owner.cookie, { email, name: 'Olivia Opponent' })).statusCode).toBe(201);
    return { owner, id, token: invitationToken(t, email) };
  };

  it('two accounts accept the same invitation at once, five times over: one joins, the other gets 409, one seat taken', async () => {
    for (let round = 0; round < 5; round++) {
      const { id, token } = await invited();
      const [a, b] = [await signUpLawyer(t), await signUpLawyer(t)];
      const answers = await Promise.all([a, b].map((who) => call(t, 'POST', `/api/invitations/${token}/accept`, who.cookie)));
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const winner = answers[0].statusCode === 200 ? a : b;
      const loser = winner === a ? b : a;
      expect((await call(t, 'GET', `/api/requests/${id}`, winner.cookie)).json().opposingLawyerId).toBe(winner.user.id);
      expect((await call(t, 'GET', `/api/requests/${id}`, loser.cookie)).statusCode).toBe(404);
    }
  });

  it('accept, decline and revoke at once: exactly one wins, and the request agrees with the invitation', async () => {
    for (let round = 0; round < 5; round++) {
      const { owner, id, token } = await invited();
      const counsel = await signUpLawyer(t);
      const answers = await Promise.all([
        call(t, 'POST', `/api/invitations/${token}/accept`, counsel.cookie),
        call(t, 'POST', `/api/invitations/${token}/decline`, undefined, { reason: 'no' }),
        call(t, 'DELETE', `/api/requests/${id}/invitation`, owner.cookie),
      ]);
      expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
      expect(answers.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
      const state = (await call(t, 'GET', `/api/requests/${id}/invitation`, owner.cookie)).json().state as string;
      const request = (await call(t, 'GET', `/api/requests/${id}`, owner.cookie)).json();
      expect(request.opposingLawyerId).toBe(state === 'joined' ? counsel.user.id : null);
      expect(['joined', 'declined', 'revoked']).toContain(state);
    }
  });
});
