import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signUpLawyer, signUpMediator } from '../../../../tests/helpers/accounts';
import { commands, openingMoves, ran, type Model, type Real } from '../../../../tests/helpers/ledger-model';
import { call, setTier } from '../../../../tests/helpers/requests';
import { createTestApp, sessionCookie, type TestApp } from '../../../../tests/helpers/test-app';
import { ensureAdmin } from '../users/accounts.service';

// Model-based property test of the money (issue 8, RULES.md 2): random flows of create, pay (with declines), accept
// (with counteroffers), select (the saved card charged or declining, then another card), cancel by the owner or an
// admin at random states and dates, start, complete, time passing within and past the hold window, disputes and their
// resolutions, the payout job, and duplicated confirmations. After every command, for every request of the flow: the
// state, the payment status (RULES.md 2.6) and the ledger's cents match the model; charged = refunded + fee kept +
// paid to the mediator + still held, to the cent; and the `local` provider's own records agree with the ledger,
// charge by charge (tests/helpers/ledger-model.ts). One app for all runs: each run makes requests of its own.
const RUNS = Number(process.env.LEDGER_MODEL_RUNS ?? 40);

describe('the ledger under random flows (PGlite)', () => {
  let t: TestApp;
  let real: Omit<Real, 't'>;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    const lawyer = await signUpLawyer(t);
    const mediators = [];
    for (let i = 0; i < 4; i++) {
      const m = await signUpMediator(t);
      await setTier(t, m.user.id, 'unlimited');
      mediators.push(m);
    }
    await ensureAdmin(t.ctx, 'model.admin@example.com', PASSWORD);
    const login = await call(t, 'POST', '/api/login', undefined, { email: 'model.admin@example.com', password: PASSWORD });
    const now = t.clock.now().getTime();
    const account = (a: { email: string; cookie: string; user: { id: string } }) => ({ email: a.email, id: a.user.id, cookie: a.cookie, signedInAt: now });
    real = {
      lawyer: account(lawyer),
      mediators: mediators.map(account),
      admin: { email: 'model.admin@example.com', id: login.json().id, cookie: sessionCookie(login), signedInAt: now },
    };
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  it('charged = refunded + fee kept + paid out + held, and the provider agrees, after every step', async () => {
    let flows = 0;
    let steps = 0;
    await fc.assert(
      fc.asyncProperty(openingMoves, fc.commands(commands, { maxCommands: 40, size: 'max' }), async (opening, cmds) => {
        const model: Model = { requests: [] };
        await fc.asyncModelRun(() => ({ model, real: { t, ...real } }), [...opening, ...cmds]);
        flows += model.requests.length;
        steps += opening.length + [...cmds].length;
      }),
      // A fixed seed keeps CI reproducible; LEDGER_MODEL_SEED explores others (20261124, 7 and 99991 passed 60 runs
      // each on 2026-11-23). This one found the withdrawal that left its balance payable (decision 025) at run 29.
      { numRuns: RUNS, seed: Number(process.env.LEDGER_MODEL_SEED ?? 251900037) },
    );
    // Hundreds of request flows over the runs, each checked after every command.
    console.info(`ledger model: ${RUNS} runs, ${flows} request flows, ${steps} commands`, Object.fromEntries(ran));
    expect(flows).toBeGreaterThan(RUNS);
  }, 600_000);
});
