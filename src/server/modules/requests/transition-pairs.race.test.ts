import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signUpLawyer, signUpMediator } from '../../../../tests/helpers/accounts';
import { call, CARDS, createLiveRequest, setTier, validRequest } from '../../../../tests/helpers/requests';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { ledgerEntries, mediationRequests, mediatorAcceptances } from '../../db/schema';
import { findPaymentForRequest, ledgerFor, ledgerTotals } from '../payments/payments.repo';
import { expectLedgerWhole } from '../../../../tests/helpers/ledger';
import { describeOnPostgres } from '../../../../tests/helpers/postgres-only';

// Every pair of transitions that touch the same rows, sent at the same moment on the PostgreSQL server, repeated:
// the lock order (db/lock-order.ts) and the retry on deadlock (db/transaction.ts) must leave 0 server errors and one
// consistent end state each round. Two actions of the same user are raced too. Needs TEST_DATABASE_URL (see
// requests.race.test.ts for why and how it fails loudly in CI).

type Account = Awaited<ReturnType<typeof signUpLawyer>>;
type Res = Awaited<ReturnType<typeof call>>;

describeOnPostgres('transition-pairs.race.test.ts', 'transition pairs on postgres', () => {
  let t: TestApp;
  let lawyer: Account;
  let mediators: Account[] = [];

  beforeAll(async () => {
    t = await createTestApp('postgres');
    lawyer = await signUpLawyer(t);
    mediators = await Promise.all(Array.from({ length: 4 }, () => signUpMediator(t)));
    for (const m of mediators) await setTier(t, m.user.id, 'unlimited');
  }, 120_000);
  afterAll(async () => {
    t?.ctx.database.pool?.on('error', () => undefined);
    await t?.close();
  });

  const accept = (id: string, m: Account) => call(t, 'POST', `/api/requests/${id}/accept`, m.cookie, { noConflictConfirmed: true });
  const withdraw = (id: string, m: Account) => call(t, 'DELETE', `/api/requests/${id}/acceptance`, m.cookie);
  const select = (id: string, m: Account) => call(t, 'POST', `/api/requests/${id}/select-mediator/${m.user.id}`, lawyer.cookie);
  const cancel = (id: string) => call(t, 'POST', `/api/requests/${id}/cancel`, lawyer.cookie, { reason: 'Race' });
  const requestRow = async (id: string) => (await t.ctx.db.select().from(mediationRequests).where(eq(mediationRequests.id, id)))[0];
  const liveAcceptances = async (id: string) =>
    (await t.ctx.db.select().from(mediatorAcceptances).where(eq(mediatorAcceptances.requestId, id))).filter(
      (a) => a.status === 'pending' || a.status === 'selected',
    );

  function expectNoServerError(results: Res[]) {
    const errors = results.filter((r) => r.statusCode >= 500);
    expect(errors.map((r) => `${r.statusCode} ${r.body}`)).toEqual([]);
  }

  it('one mediator accepts and withdraws at once, 40 times: 0 server errors, acceptances and status agree', async () => {
    const id = await createLiveRequest(t, lawyer.cookie, { caseName: 'Flip-flop' });
    const m = mediators[0];
    for (let round = 0; round < 40; round++) {
      const results = round % 2 ? await Promise.all([withdraw(id, m), accept(id, m)]) : await Promise.all([accept(id, m), withdraw(id, m)]);
      expectNoServerError(results);
      const live = await liveAcceptances(id);
      expect((await requestRow(id)).status).toBe(live.length ? 'awaiting_selection' : 'pending_mediators');
    }
  });

  it('select races the selected mediator withdrawing: either selected or withdrawn, never both', async () => {
    for (let round = 0; round < 8; round++) {
      const id = await createLiveRequest(t, lawyer.cookie, { caseName: `Select or withdraw ${round}` });
      const m = mediators[round % 4];
      expect((await accept(id, m)).statusCode).toBe(201);
      const [s, w] = round % 2 ? await Promise.all([select(id, m), withdraw(id, m)]) : await Promise.all([select(id, m), withdraw(id, m)]);
      expectNoServerError([s, w]);
      const request = await requestRow(id);
      if (s.statusCode === 200) {
        expect(w.statusCode).toBe(409);
        expect(request).toMatchObject({ status: 'matched', selectedMediatorId: m.user.id });
      } else {
        expect(w.statusCode).toBe(200);
        expect([404, 409]).toContain(s.statusCode);
        expect(request).toMatchObject({ status: 'pending_mediators', selectedMediatorId: null });
      }
      await expectLedgerWhole(t, id);
    }
  });

  // Decision 025: the withdrawal closes the balance waiting for another card. Raced with the lawyer paying it, the
  // money is either used (selected, the withdrawal refused), never taken (the intent closed first: 409), or taken and
  // refunded at once (charged at the provider as the withdrawal cleared it: 409 with the refund named).
  it('the lawyer pays the waiting balance while that mediator withdraws: selected, or no money kept, never both', async () => {
    const outcomes = new Map<string, number>();
    for (let round = 0; round < 10; round++) {
      const id = await createLiveRequest(t, lawyer.cookie, { caseName: `Pay or withdraw ${round}` }, CARDS.declinesLater);
      const m = mediators[round % 4];
      expect((await accept(id, m)).statusCode).toBe(201);
      const declined = await select(id, m);
      expect(declined.statusCode, declined.body).toBe(402);
      const pay = () => call(t, 'POST', '/api/payments/local/confirm', lawyer.cookie, { clientSecret: declined.json().clientSecret, card: CARDS.ok });
      const [p, w] = round % 2 ? await Promise.all([pay(), withdraw(id, m)]) : (await Promise.all([withdraw(id, m), pay()])).reverse();
      expectNoServerError([p, w]);
      const request = await requestRow(id);
      const ledger = (await expectLedgerWhole(t, id))!;
      if (request.status === 'matched') {
        expect({ pay: p.statusCode, withdraw: w.statusCode }).toEqual({ pay: 200, withdraw: 409 });
        expect(request.selectedMediatorId).toBe(m.user.id);
        expect(ledger.totals).toMatchObject({ charged: 140_000, refunded: 0 });
      } else {
        // The lawyer is told the payment did not select anyone (409), whichever way the race went.
        expect({ pay: p.statusCode, withdraw: w.statusCode }).toEqual({ pay: 409, withdraw: 200 });
        expect(request).toMatchObject({ status: 'pending_mediators', selectedMediatorId: null });
        // Whatever reached the card came back: only the deposit is held.
        expect(ledger.totals.charged - ledger.totals.refunded).toBe(25_000);
      }
      const key = `${request.status}: pay ${p.statusCode}, withdraw ${w.statusCode}, refunded ${ledger.totals.refunded}`;
      outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
    }
    console.info('pay ⇄ withdraw outcomes', Object.fromEntries(outcomes));
  });

  it('accept and withdraw race the lawyer cancelling: cancelled with no live acceptance, the deposit refunded', async () => {
    for (let round = 0; round < 8; round++) {
      const id = await createLiveRequest(t, lawyer.cookie, { caseName: `Accept or cancel ${round}` });
      const [a, b] = [mediators[round % 4], mediators[(round + 1) % 4]];
      expect((await accept(id, b)).statusCode).toBe(201);
      const results = await Promise.all([accept(id, a), cancel(id), withdraw(id, b)]);
      expectNoServerError(results);
      expect(results[1].statusCode).toBe(200);
      expect((await requestRow(id)).status).toBe('cancelled');
      expect(
        await t.ctx.db
          .select()
          .from(mediatorAcceptances)
          .where(and(eq(mediatorAcceptances.requestId, id), eq(mediatorAcceptances.status, 'pending'))),
      ).toHaveLength(0);
      const payment = (await findPaymentForRequest(t.ctx.db, id))!;
      expect(payment.status).toBe('refunded_full');
      await expectLedgerWhole(t, id);
    }
  });

  it('submit races cancel on a draft: never charged after cancelling, 0 server errors', async () => {
    for (let round = 0; round < 8; round++) {
      const id = (await call(t, 'POST', '/api/requests', lawyer.cookie, validRequest({ caseName: `Submit or cancel ${round}` }))).json().id as string;
      const results = await Promise.all([call(t, 'POST', `/api/requests/${id}/submit`, lawyer.cookie), cancel(id)]);
      expectNoServerError(results);
      expect((await requestRow(id)).status).toBe('cancelled');
      const [submitted] = results;
      if (submitted.statusCode === 200) {
        const paid = await call(t, 'POST', '/api/payments/local/confirm', lawyer.cookie, { clientSecret: submitted.json().clientSecret, card: CARDS.ok });
        expect(paid.statusCode).toBeLessThan(500);
      }
      const payment = await findPaymentForRequest(t.ctx.db, id);
      if (payment) {
        const totals = ledgerTotals(await ledgerFor(t.ctx.db, payment.id));
        expect(totals.charged).toBe(totals.refunded);
      }
    }
  });

  it('ten confirmations of one balance payment at once: one charge, no refund, selected once', async () => {
    const id = await createLiveRequest(t, lawyer.cookie, { caseName: 'Replayed balance' }, CARDS.declinesLater);
    const m = mediators[0];
    expect((await accept(id, m)).statusCode).toBe(201);
    const declined = await select(id, m);
    expect(declined.statusCode).toBe(402);
    const clientSecret = declined.json().clientSecret as string;
    const results = await Promise.all(
      Array.from({ length: 10 }, () => call(t, 'POST', '/api/payments/local/confirm', lawyer.cookie, { clientSecret, card: CARDS.ok })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const payment = (await findPaymentForRequest(t.ctx.db, id))!;
    const entries = await ledgerFor(t.ctx.db, payment.id);
    expect(entries.filter((e) => e.kind === 'balance_charge')).toHaveLength(1);
    expect(entries.filter((e) => e.kind === 'refund')).toHaveLength(0);
    expect(await requestRow(id)).toMatchObject({ status: 'matched', selectedMediatorId: m.user.id });
    expect(ledgerTotals(entries)).toMatchObject({ charged: 140000, refunded: 0 });
  });

  it('ten confirmations of one deposit at once: one deposit charge, live once, mediators told once', async () => {
    const id = (await call(t, 'POST', '/api/requests', lawyer.cookie, validRequest({ caseName: 'Replayed deposit' }))).json().id as string;
    const { clientSecret } = (await call(t, 'POST', `/api/requests/${id}/submit`, lawyer.cookie)).json();
    const results = await Promise.all(
      Array.from({ length: 10 }, () => call(t, 'POST', '/api/payments/local/confirm', lawyer.cookie, { clientSecret, card: CARDS.ok })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const payment = (await findPaymentForRequest(t.ctx.db, id))!;
    const deposits = await t.ctx.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.paymentId, payment.id), eq(ledgerEntries.kind, 'deposit_charge')));
    expect(deposits).toHaveLength(1);
    expect(payment.status).toBe('held');
    expect((await requestRow(id)).status).toBe('pending_mediators');
  });
});
