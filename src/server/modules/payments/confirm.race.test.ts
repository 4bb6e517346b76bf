import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signUpLawyer, signUpMediator } from '../../../../tests/helpers/accounts';
import { expectLedgerWhole, expectProviderAgrees, providerRecordsOf } from '../../../../tests/helpers/ledger';
import { call, CARDS, setTier, validRequest } from '../../../../tests/helpers/requests';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { describeOnPostgres } from '../../../../tests/helpers/postgres-only';

// The same local confirmation sent 10 times at once on the PostgreSQL server: the `local` provider's stand-in for a
// duplicated webhook (issue 8). One effect: one charge at the provider, one ledger entry, one transition, one
// notification. Needs TEST_DATABASE_URL (see requests.race.test.ts for why and how it fails loudly in CI).

type Account = Awaited<ReturnType<typeof signUpLawyer>>;

describeOnPostgres('confirm.race.test.ts', 'duplicated confirmations on postgres', () => {
  let t: TestApp;
  let lawyer: Account;
  let mediator: Account;
  beforeAll(async () => {
    t = await createTestApp('postgres');
    lawyer = await signUpLawyer(t);
    mediator = await signUpMediator(t);
    await setTier(t, mediator.user.id, 'unlimited');
  }, 60_000);
  afterAll(async () => {
    t?.ctx.database.pool?.on('error', () => undefined);
    await t?.close();
  });

  const confirm10 = (clientSecret: string, card: (typeof CARDS)[keyof typeof CARDS]) =>
    Promise.all(Array.from({ length: 10 }, () => call(t, 'POST', '/api/payments/local/confirm', lawyer.cookie, { clientSecret, card })));
  const ledgerRows = async (id: string) => {
    const res = await t.ctx.db.execute(
      sql`SELECT l.kind, l.provider_ref FROM ledger_entries l JOIN payments p ON p.id = l.payment_id WHERE p.request_id = ${id} ORDER BY l.created_at`,
    );
    return (res as unknown as { rows: { kind: string; provider_ref: string }[] }).rows;
  };
  const notes = async (id: string, type: string) =>
    ((await call(t, 'GET', '/api/notifications?limit=100', lawyer.cookie)).json() as { type: string; linkUrl: string }[]).filter(
      (n) => n.type === type && n.linkUrl === `/requests/${id}`,
    ).length;
  async function draft(caseName: string) {
    const created = await call(t, 'POST', '/api/requests', lawyer.cookie, validRequest({ caseName }));
    const id = created.json().id as string;
    const submit = await call(t, 'POST', `/api/requests/${id}/submit`, lawyer.cookie);
    return { id, clientSecret: submit.json().clientSecret as string };
  }

  it('a deposit confirmed 10 times at once: 10 × 200, one charge, one ledger entry naming it, live once; the refund finds it', async () => {
    for (let round = 0; round < 3; round++) {
      const { id, clientSecret } = await draft(`Duplicated deposit ${round}`);
      const results = await confirm10(clientSecret, CARDS.ok);
      expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
      const provider = await providerRecordsOf(t, id);
      const rows = await ledgerRows(id);
      expect(rows).toEqual([{ kind: 'deposit_charge', provider_ref: [...provider.charges.keys()][0] }]);
      expect(provider.charges.size).toBe(1);
      expect((await call(t, 'GET', `/api/requests/${id}`, lawyer.cookie)).json().status).toBe('pending_mediators');
      // The refund at cancellation goes to the charge the provider made.
      expect((await call(t, 'POST', `/api/requests/${id}/cancel`, lawyer.cookie, { reason: 'Done' })).statusCode).toBe(200);
      await expectLedgerWhole(t, id);
      await expectProviderAgrees(t, id);
    }
  }, 120_000);

  it('a declined deposit confirmed 10 times at once: 10 × 402, one failure, one notice; a new card then works', async () => {
    const { id, clientSecret } = await draft('Duplicated decline');
    const results = await confirm10(clientSecret, CARDS.declined);
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(402));
    expect(await notes(id, 'payment_failed')).toBe(1);
    const retry = await call(t, 'POST', `/api/requests/${id}/submit`, lawyer.cookie);
    expect(retry.statusCode).toBe(200);
    expect((await call(t, 'POST', '/api/payments/local/confirm', lawyer.cookie, { clientSecret: retry.json().clientSecret, card: CARDS.ok })).statusCode).toBe(
      200,
    );
    expect((await ledgerRows(id)).map((r) => r.kind)).toEqual(['deposit_charge']);
    await expectProviderAgrees(t, id);
  }, 60_000);

  it('a balance paid with another card, confirmed 10 times at once: one selection, one balance charge', async () => {
    const { id, clientSecret } = await draft('Duplicated balance');
    // The deposit card declines every later charge: selecting answers 402 with a secret for another card.
    expect((await call(t, 'POST', '/api/payments/local/confirm', lawyer.cookie, { clientSecret, card: CARDS.declinesLater })).statusCode).toBe(200);
    expect((await call(t, 'POST', `/api/requests/${id}/accept`, mediator.cookie, { noConflictConfirmed: true })).statusCode).toBe(201);
    const select = await call(t, 'POST', `/api/requests/${id}/select-mediator/${mediator.user.id}`, lawyer.cookie);
    expect(select.statusCode).toBe(402);
    const results = await confirm10(select.json().clientSecret, CARDS.ok);
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect((await call(t, 'GET', `/api/requests/${id}`, lawyer.cookie)).json()).toMatchObject({ status: 'matched', selectedMediatorId: mediator.user.id });
    expect((await ledgerRows(id)).map((r) => r.kind)).toEqual(['deposit_charge', 'balance_charge']);
    await expectLedgerWhole(t, id);
    await expectProviderAgrees(t, id);
    expect((await call(t, 'POST', `/api/requests/${id}/cancel`, lawyer.cookie, { reason: 'Done' })).statusCode).toBe(200);
    await expectLedgerWhole(t, id);
    await expectProviderAgrees(t, id);
  }, 60_000);
});
