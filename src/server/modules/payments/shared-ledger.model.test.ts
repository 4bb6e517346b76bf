import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signUpLawyer, signUpMediator } from '../../../../tests/helpers/accounts';
import { call, setTier } from '../../../../tests/helpers/requests';
import { sharedCommands, sharedOpening, sharedRan, type SharedModel, type SharedReal } from '../../../../tests/helpers/shared-ledger-model';
import { createTestApp, sessionCookie, type TestApp } from '../../../../tests/helpers/test-app';
import { ensureAdmin } from '../users/accounts.service';

// The model-based ledger test for two-sided cases (issue 24; tests/helpers/shared-ledger-model.ts): random flows of
// splits, deposit and balance shares paid by each side or on its behalf (declines and cards declining later), proposals
// and approvals charging the saved cards, withdrawals while the selection waits, deadlines closing a case unfunded,
// cancellations borne by the owner or shared by an admin, disputes by either side and their resolutions, payouts.
// After every command the cents match the model per charge and per payer, and the provider agrees charge by charge.
const RUNS = Number(process.env.SHARED_LEDGER_MODEL_RUNS ?? 25);

describe('the ledger of two-sided cases under random flows (PGlite)', () => {
  let t: TestApp;
  let real: Omit<SharedReal, 't'>;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    const owner = await signUpLawyer(t);
    const opposing = await signUpLawyer(t, { firmName: 'Opponent LLP' });
    const mediators = [];
    for (let i = 0; i < 4; i++) {
      const m = await signUpMediator(t);
      await setTier(t, m.user.id, 'unlimited');
      mediators.push(m);
    }
    await ensureAdmin(t.ctx, 'shared.model.admin@example.com', PASSWORD);
    const login = await call(t, 'POST', '/api/login', undefined, { email: 'shared.model.admin@example.com', password: PASSWORD });
    const now = t.clock.now().getTime();
    const account = (a: { email: string; cookie: string; user: { id: string } }) => ({ email: a.email, id: a.user.id, cookie: a.cookie, signedInAt: now });
    real = {
      owner: account(owner),
      opposing: account(opposing),
      mediators: mediators.map(account),
      admin: { email: 'shared.model.admin@example.com', id: login.json().id, cookie: sessionCookie(login), signedInAt: now },
    };
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  it('per charge and per payer: charged = refunded + paid out + held, and the provider agrees, after every step', async () => {
    let cases = 0;
    let steps = 0;
    await fc.assert(
      fc.asyncProperty(sharedOpening, fc.commands(sharedCommands, { maxCommands: 60, size: 'max' }), async (opening, cmds) => {
        const model: SharedModel = { cases: [] };
        await fc.asyncModelRun(() => ({ model, real: { t, ...real } }), [...opening, ...cmds]);
        cases += model.cases.length;
        steps += opening.length + [...cmds].length;
      }),
      // A fixed seed keeps CI reproducible; SHARED_LEDGER_MODEL_SEED explores others. Shrinking replays whole flows and
      // takes many minutes, so a failure is reported as found unless SHARED_LEDGER_MODEL_SHRINK=1 asks for it.
      { numRuns: RUNS, seed: Number(process.env.SHARED_LEDGER_MODEL_SEED ?? 20261128), endOnFailure: process.env.SHARED_LEDGER_MODEL_SHRINK !== '1' },
    );
    console.info(`shared ledger model: ${RUNS} runs, ${cases} cases, ${steps} commands`, Object.fromEntries(sharedRan));
    expect(cases).toBeGreaterThanOrEqual(RUNS);
  }, 900_000);
});
