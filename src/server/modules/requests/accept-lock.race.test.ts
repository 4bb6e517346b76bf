import { expect, it } from 'vitest';
import type pg from 'pg';
import { signUpLawyer, signUpMediator } from '../../../../tests/helpers/accounts';
import { describeOnPostgres, startRaceApp } from '../../../../tests/helpers/postgres-only';
import { call, createLiveRequest, setTier } from '../../../../tests/helpers/requests';
import type { TestApp } from '../../../../tests/helpers/test-app';
import { DISCLOSURE_REQUIRED } from '../../../common/schemas/cases';

// Accepting locks the request and then the mediator's profile in one statement, and reads whether the mediator already
// accepted and whether the case lists parties in a function called once the request's lock is held
// (lockRequestForAccepting, migration 0024, docs/decisions/066). These tests hold the request's lock in another
// transaction, change those facts there while the acceptance waits, and commit: the acceptance must decide on what
// committed, not on what its statement's snapshot saw before it waited.
describeOnPostgres('accept-lock.race.test.ts', 'accepting reads what committed while it waited for the request, on postgres', () => {
  let t: TestApp;
  startRaceApp(({ t: app }) => (t = app), { timeoutMs: 120_000 });

  const accept = (id: string, cookie: string) => call(t, 'POST', `/api/requests/${id}/accept`, cookie, { noConflictConfirmed: true });

  /** Runs `change` in a transaction that holds the request's lock from before `accept` starts until it is waiting. */
  async function whileAcceptWaits(requestId: string, acceptance: () => ReturnType<typeof accept>, change: (client: pg.PoolClient) => Promise<unknown>) {
    const client = await t.ctx.database.pool!.connect();
    try {
      await client.query('BEGIN');
      await client.query('SELECT 1 FROM mediation_requests WHERE id = $1 FOR UPDATE', [requestId]);
      const answer = acceptance();
      // Until the acceptance is queued on that lock (the only lock this transaction holds that it needs).
      for (let i = 0; ; i++) {
        const { rows } = await client.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE pg_backend_pid() = ANY(pg_blocking_pids(pid))`);
        if (rows[0].n > 0) break;
        if (i > 200) throw new Error('the acceptance never waited for the request');
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      await change(client);
      await client.query('COMMIT');
      return await answer;
    } finally {
      client.release();
    }
  }

  it('an acceptance by the same mediator committed meanwhile: 409, not a second row or a 500', async () => {
    const lawyer = await signUpLawyer(t);
    const mediator = await signUpMediator(t);
    await setTier(t, mediator.user.id, 'unlimited');
    const id = await createLiveRequest(t, lawyer.cookie, { caseName: 'Waited for' });
    const answer = await whileAcceptWaits(
      id,
      () => accept(id, mediator.cookie),
      (client) =>
        client.query(`INSERT INTO mediator_acceptances (request_id, mediator_id, status, no_conflict_confirmed) VALUES ($1, $2, 'pending', true)`, [
          id,
          mediator.user.id,
        ]),
    );
    expect(answer.statusCode, answer.body).toBe(409);
    expect(answer.json()).toMatchObject({ message: 'You have already accepted this request' });
    const { rows } = await t.ctx.database.pool!.query('SELECT count(*)::int AS n FROM mediator_acceptances WHERE request_id = $1', [id]);
    expect(rows[0].n).toBe(1);
  });

  it('parties listed meanwhile, one of them met before: the conflict check runs and asks for a disclosure', async () => {
    // A Pro mediator selected on an earlier case that listed "Acme Corp".
    const mediator = await signUpMediator(t);
    await setTier(t, mediator.user.id, 'pro');
    const earlierLawyer = await signUpLawyer(t, { firmName: 'Alpha Partners' });
    const earlier = await createLiveRequest(t, earlierLawyer.cookie, {
      caseNumber: 'CV-WAITED-1',
      caseName: 'Acme v. Beta',
      parties: [{ kind: 'party', name: 'Acme Corp' }],
    });
    expect((await accept(earlier, mediator.cookie)).statusCode).toBe(201);
    expect((await call(t, 'POST', `/api/requests/${earlier}/select-mediator/${mediator.user.id}`, earlierLawyer.cookie)).statusCode).toBe(200);

    // A one-sided case without a list: not checked, unless a list appears before the acceptance holds the request.
    const lawyer = await signUpLawyer(t, { firmName: 'Gamma LLP' });
    const id = await createLiveRequest(t, lawyer.cookie, { caseName: 'Listed while waiting' });
    const answer = await whileAcceptWaits(
      id,
      () => accept(id, mediator.cookie),
      (client) => client.query(`INSERT INTO case_parties (request_id, side, kind, name) VALUES ($1, 'first', 'party', 'Acme Corp')`, [id]),
    );
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json()).toMatchObject({ message: DISCLOSURE_REQUIRED });
  });
});
