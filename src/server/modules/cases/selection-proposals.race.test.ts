import { expect, it } from 'vitest';
import { signUpLawyer, signUpMediator } from '../../../../tests/helpers/accounts';
import { describeOnPostgres, startRaceApp } from '../../../../tests/helpers/postgres-only';
import { call, createLiveRequest, setTier } from '../../../../tests/helpers/requests';
import type { TestApp } from '../../../../tests/helpers/test-app';
import { inviteAndJoin } from '../../../../tests/helpers/two-sided';
import { payShare } from '../../../../tests/helpers/fee-split';

// Approve ⇄ decline ⇄ withdraw ⇄ cancel at once on one two-sided case (decision 045), on the PostgreSQL server: one
// outcome, no 5xx, and the money agrees with it (the balance charged at most once, and refunded if cancelled).

describeOnPostgres('selection-proposals.race.test.ts', 'proposal races on postgres', () => {
  let t: TestApp;
  let admin: string;
  startRaceApp((app) => ({ t, admin } = app), { adminEmail: 'proposals.race.admin@example.com' });

  it('the proposed mediator withdrawing while the other side approves, six times over: selected with the mediator in, or the proposal closed and nothing charged', async () => {
    for (let round = 0; round < 6; round++) {
      const owner = await signUpLawyer(t);
      const mediator = await signUpMediator(t);
      await setTier(t, mediator.user.id, 'pro');
      const id = await createLiveRequest(t, owner.cookie);
      const opposing = await inviteAndJoin(t, owner.cookie, id);
      await payShare(t, opposing, id, 'second');
      expect((await call(t, 'POST', `/api/requests/${id}/accept`, mediator.cookie, { noConflictConfirmed: true })).statusCode).toBe(201);
      expect((await call(t, 'POST', `/api/requests/${id}/select-mediator/${mediator.user.id}`, owner.cookie)).statusCode).toBe(202);

      const [approved, withdrawn] = await Promise.all([
        call(t, 'POST', `/api/requests/${id}/selection-proposal/approve`, opposing.cookie),
        call(t, 'DELETE', `/api/requests/${id}/acceptance`, mediator.cookie),
      ]);
      for (const a of [approved, withdrawn]) expect(a.statusCode, a.body).toBeLessThan(500);
      const request = (await call(t, 'GET', `/api/requests/${id}`, admin)).json();
      const s = request.settlement;
      const cents = (v: string) => Math.round(Number(v) * 100);
      expect(cents(s.charged)).toBe(cents(s.refunded) + cents(s.platformFeeKept) + cents(s.paidToMediator) + cents(s.held));
      if (withdrawn.statusCode === 200) {
        // The withdrawal won: the proposal closed (or its approval came first and the balance shares went back).
        expect(request.status).toBe('pending_mediators');
        expect(cents(s.held)).toBe(cents(request.depositAmount));
        if (approved.statusCode !== 200) expect(request.selectionProposal.status).toBe('withdrawn');
      } else {
        expect(withdrawn.statusCode).toBe(409);
        expect(request.status).toBe('matched');
        expect(cents(s.held)).toBe(cents(request.budget));
      }
    }
  });

  it('approve, decline, withdraw and cancel at once, six times over: one answer wins, never 5xx, no double charge', async () => {
    for (let round = 0; round < 6; round++) {
      const owner = await signUpLawyer(t);
      const mediator = await signUpMediator(t);
      await setTier(t, mediator.user.id, 'pro');
      const id = await createLiveRequest(t, owner.cookie);
      const opposing = await inviteAndJoin(t, owner.cookie, id);
      // The second side's saved card pays its share of the balance at the approval (decision 050).
      await payShare(t, opposing, id, 'second');
      expect((await call(t, 'POST', `/api/requests/${id}/accept`, mediator.cookie, { noConflictConfirmed: true })).statusCode).toBe(201);
      expect((await call(t, 'POST', `/api/requests/${id}/select-mediator/${mediator.user.id}`, owner.cookie)).statusCode).toBe(202);

      const racers = [
        call(t, 'POST', `/api/requests/${id}/selection-proposal/approve`, opposing.cookie),
        call(t, 'POST', `/api/requests/${id}/selection-proposal/decline`, opposing.cookie, { reason: 'No' }),
        call(t, 'DELETE', `/api/requests/${id}/selection-proposal`, owner.cookie),
        ...(round % 2 === 0 ? [call(t, 'POST', `/api/requests/${id}/cancel`, owner.cookie, { reason: 'Settled directly' })] : []),
      ];
      const answers = await Promise.all(racers);
      for (const a of answers) expect(a.statusCode, a.body).toBeLessThan(500);
      const proposalAnswers = answers.slice(0, 3).filter((a) => a.statusCode === 200);
      expect(proposalAnswers.length).toBeLessThanOrEqual(1);

      const request = (await call(t, 'GET', `/api/requests/${id}`, admin)).json();
      const s = request.settlement;
      // The figures add up (RULES.md 2's invariant) whatever won.
      const cents = (v: string) => Math.round(Number(v) * 100);
      expect(cents(s.charged)).toBe(cents(s.refunded) + cents(s.platformFeeKept) + cents(s.paidToMediator) + cents(s.held));
      if (request.status === 'matched') {
        expect(request.selectionProposal.status).toBe('approved');
        expect(cents(s.held)).toBe(cents(request.budget));
      } else {
        expect(['awaiting_selection', 'cancelled']).toContain(request.status);
        // No balance was charged, or it went back with the cancellation (the deposit held is the two sides' shares).
        if (request.status === 'awaiting_selection') expect(cents(s.held)).toBe(cents(request.depositAmount));
        else expect(cents(s.held)).toBe(0);
      }
    }
  });
});
