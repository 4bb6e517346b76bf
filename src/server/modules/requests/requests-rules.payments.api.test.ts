import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../../../tests/helpers/backends';
import { expectLedgerWhole } from '../../../../tests/helpers/ledger';
import type { Account } from '../../../../tests/helpers/accounts';
import { useRequestRulesApp } from '../../../../tests/helpers/request-fixtures';
import { call, CARDS, createLiveRequest } from '../../../../tests/helpers/requests';
import type { TestApp } from '../../../../tests/helpers/test-app';
import { providerCharges } from '../../db/schema';
import type { RecordingScheduler } from '../../jobs/scheduler';
import { findPaymentForRequest, ledgerFor } from '../payments/payments.repo';

// Business rules of requests over HTTP (RULES.md 1, 2, 4, 5, 7 and spec 5), the money: the cancellation policy, open
// intents closed by a cancel, card errors and a confirmed intent confirmed again. The set-up is shared with the other
// requests-rules.*.api.test.ts (tests/helpers/request-fixtures.ts).

describe.each(backends)('request rules on %s', (backend) => {
  const rules = useRequestRulesApp(backend);
  const { opened, live, mediator, create, accept, select, get, notes, toldAbout } = rules;
  let t: TestApp;
  let lawyer: Account;
  let otherLawyer: Account;
  beforeAll(() => {
    ({ t, lawyer, otherLawyer } = rules);
  });

  it('cancellation policy after selection: 7+ days full, 3+ business days half, later none', async () => {
    expect(t.clock.now().toISOString().slice(0, 10)).toBe('2026-03-02'); // a Monday
    const pro = await mediator('pro');
    const cases = [
      { date: '2026-03-09', kind: 'full', status: 'refunded_full', refunded: 140000, paid: 0, fee: 0 },
      { date: '2026-03-06', kind: 'partial', status: 'refunded_partial', refunded: 127500, paid: 11250, fee: 1250 }, // Tue, Wed, Thu
      { date: '2026-03-05', kind: 'none', status: 'refunded_partial', refunded: 115000, paid: 22500, fee: 2500 }, // Tue, Wed
    ];
    for (const c of cases) {
      const id = await live({ preferredDate: c.date });
      await accept(id, pro.cookie);
      expect((await select(id, pro.user.id)).statusCode).toBe(200);
      expect((await call(t, 'GET', `/api/requests/${id}/cancellation`, lawyer.cookie)).json().kind).toBe(c.kind);
      const res = await call(t, 'POST', `/api/requests/${id}/cancel`, lawyer.cookie);
      expect(res.json()).toMatchObject({ kind: c.kind, refundAmount: (c.refunded / 100).toFixed(2) });
      const { payment, totals } = (await expectLedgerWhole(t, id))!;
      expect({ status: payment.status, refunded: totals.refunded, paid: totals.paidToMediator, fee: totals.feeKept }).toEqual({
        status: c.status,
        refunded: c.refunded,
        paid: c.paid,
        fee: c.fee,
      });
    }
    expect((await notes(pro.user.id, 'request_cancelled')).map((n) => n.message)).toEqual(
      expect.arrayContaining([expect.stringContaining('cancellation fee of $112.50'), expect.stringContaining('cancellation fee of $225')]),
    );
  });

  it('cancelling closes open intents: a draft deposit or a declined balance cannot be paid afterwards', async () => {
    const pay = (clientSecret: string) => call(t, 'POST', '/api/payments/local/confirm', lawyer.cookie, { clientSecret, card: CARDS.ok });
    const id = (await create({ caseName: 'Changed my mind' })).json().id as string;
    const { clientSecret } = (await call(t, 'POST', `/api/requests/${id}/submit`, lawyer.cookie)).json();
    expect((await call(t, 'POST', `/api/requests/${id}/cancel`, lawyer.cookie)).statusCode).toBe(200);
    expect((await pay(clientSecret)).statusCode).toBe(409);
    expect((await get(id)).json().status).toBe('cancelled');
    const draft = (await expectLedgerWhole(t, id))!;
    expect([draft.payment.status, draft.totals.charged]).toEqual(['failed', 0]);

    const pro = await mediator('pro');
    const balanceDue = await createLiveRequest(t, lawyer.cookie, { caseName: 'Balance declined' }, CARDS.declinesLater as unknown as typeof CARDS.ok); // (the helper types its card too narrowly)
    await accept(balanceDue, pro.cookie);
    const declined = await select(balanceDue, pro.user.id);
    expect(declined.statusCode).toBe(402);
    expect((await call(t, 'POST', `/api/requests/${balanceDue}/cancel`, lawyer.cookie)).statusCode).toBe(200);
    expect((await pay(declined.json().clientSecret)).statusCode).toBe(409);
    const { payment, totals } = (await expectLedgerWhole(t, balanceDue))!;
    expect([payment.status, totals.charged, totals.refunded, payment.mediatorId]).toEqual(['refunded_full', 25000, 25000, null]);
  });

  it('card errors: invalid number 400, expired and insufficient funds 402, a stranger secret 404; the draft can still be paid', async () => {
    const id = (await create({ caseName: 'Card trouble' })).json().id as string;
    const submit = async () => (await call(t, 'POST', `/api/requests/${id}/submit`, lawyer.cookie)).json().clientSecret as string;
    const confirm = (clientSecret: string, card: object, cookie = lawyer.cookie) =>
      call(t, 'POST', '/api/payments/local/confirm', cookie, { clientSecret, card });
    let secret = await submit();
    const luhn = await confirm(secret, { ...CARDS.ok, number: '4242 4242 4242 4241' });
    expect(luhn.statusCode).toBe(400);
    expect(luhn.json().fieldErrors['card.number']).toBe('Your card number is invalid.');
    const expired = await confirm(secret, { ...CARDS.ok, expMonth: 2, expYear: 2026 });
    expect(expired.statusCode).toBe(402);
    expect(expired.json().message).toBe('Your card has expired.');
    expect((await get(id)).json().status).toBe('draft');
    secret = await submit();
    const poor = await confirm(secret, { ...CARDS.insufficient, number: '4000000000009995' });
    expect(poor.statusCode).toBe(402);
    expect(poor.json().message).toBe('Your card has insufficient funds.');
    secret = await submit();
    expect((await confirm(secret, CARDS.ok, otherLawyer.cookie)).statusCode).toBe(404);
    expect((await confirm('pi_unknown_secret_nothing', CARDS.ok)).statusCode).toBe(404);
    expect((await confirm(secret, CARDS.ok)).statusCode).toBe(200);
    opened.push({ id, cookie: lawyer.cookie });
    expect((await get(id)).json().status).toBe('pending_mediators');
    expect((await findPaymentForRequest(t.ctx.db, id))!).toMatchObject({ status: 'held', depositAttempt: 3 });
  });

  it('confirming a succeeded intent again is 200 and moves no money twice', async () => {
    const pro = await mediator('pro');
    const id = (await create({ caseName: 'Double click' })).json().id as string;
    const { clientSecret } = (await call(t, 'POST', `/api/requests/${id}/submit`, lawyer.cookie)).json();
    opened.push({ id, cookie: lawyer.cookie });
    for (let i = 0; i < 3; i++) {
      const res = await call(t, 'POST', '/api/payments/local/confirm', lawyer.cookie, { clientSecret, card: CARDS.ok });
      expect(res.json()).toEqual({ status: 'succeeded' });
    }
    const { totals } = (await expectLedgerWhole(t, id))!;
    expect(totals).toMatchObject({ charged: 25000, deposit: 25000 });
    expect((await ledgerFor(t.ctx.db, (await findPaymentForRequest(t.ctx.db, id))!.id)).length).toBe(1);
    const intents = await t.ctx.db
      .select()
      .from(providerCharges)
      .where(sql`${providerCharges.kind} = 'intent' AND ${providerCharges.metadata}::jsonb->>'requestId' = ${id}`);
    expect(intents).toHaveLength(1);
    expect(await toldAbout(pro.cookie, id)).toBe(1);
    expect((t.ctx.jobs as RecordingScheduler).jobs.filter((j) => j.data.requestId === id)).toHaveLength(2);
  });
});
