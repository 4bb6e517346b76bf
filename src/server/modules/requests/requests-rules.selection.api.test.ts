import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../../../tests/helpers/backends';
import { expectLedgerWhole } from '../../../../tests/helpers/ledger';
import type { Account } from '../../../../tests/helpers/accounts';
import { MIN, useRequestRulesApp } from '../../../../tests/helpers/request-fixtures';
import { call } from '../../../../tests/helpers/requests';
import type { TestApp } from '../../../../tests/helpers/test-app';
import { platformSettings } from '../../db/schema';
import { findPaymentForRequest } from '../payments/payments.repo';

// Business rules of requests over HTTP (RULES.md 1, 2, 4, 5, 7 and spec 5), from acceptance to selection: counteroffers,
// the terms copied at submit, and who is notified. The set-up is shared with the other requests-rules.*.api.test.ts
// (tests/helpers/request-fixtures.ts).
const FREE_COUNTER = 'Free tier members cannot propose custom rates. Upgrade to Pro or Unlimited to unlock counteroffer capabilities.';

describe.each(backends)('request rules on %s', (backend) => {
  const rules = useRequestRulesApp(backend);
  const { live, mediator, create, accept, select, get, notes } = rules;
  let t: TestApp;
  let lawyer: Account;
  beforeAll(() => {
    ({ t, lawyer } = rules);
  });

  it('counteroffers: Pro and Unlimited only, never below the deposit; selecting one reprices the request', async () => {
    const [free, pro] = [await mediator('free'), await mediator('pro')];
    const flat = await live({ pricingModel: 'flat', flatFee: 1200, budget: '1200.00' });
    t.clock.advance(5 * MIN);
    const refused = await accept(flat, free.cookie, { proposedRate: 300 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: FREE_COUNTER, fieldErrors: { proposedRate: FREE_COUNTER } });
    expect((await call(t, 'POST', `/api/requests/${flat}/accept`, pro.cookie, { proposedRate: 325 })).statusCode).toBe(400);
    expect((await call(t, 'POST', `/api/requests/${flat}/accept`, pro.cookie, { noConflictConfirmed: false })).json().fieldErrors).toHaveProperty(
      'noConflictConfirmed',
    );
    const tooLow = await accept(flat, pro.cookie, { proposedRate: '62.49' }); // 4 hours × 62.49 = 249.96
    expect(tooLow.statusCode).toBe(400);
    expect(tooLow.json().fieldErrors.proposedRate).toMatch(/\$250 /);
    expect((await accept(flat, free.cookie, { proposedRate: '  ' })).statusCode).toBe(201); // blank: the original rate
    expect((await accept(flat, pro.cookie, { proposedRate: '325', note: 'Four hours at my rate' })).statusCode).toBe(201);

    const chosen = await select(flat, pro.user.id);
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toMatchObject({
      status: 'matched',
      budget: '1300.00',
      hourlyRate: '325.00',
      platformFee: '130.00',
      mediatorPayout: '1170.00',
      flatFee: '1200.00',
    });
    const { payment, totals } = (await expectLedgerWhole(t, flat))!;
    expect(payment).toMatchObject({ status: 'held', platformFee: '130.00', mediatorPayout: '1170.00', depositAmount: '250.00', mediatorId: pro.user.id });
    expect(totals).toMatchObject({ deposit: 25000, balance: 105000 });
  });

  it('settings are copied at submit: a later commission change never alters the deal', async () => {
    const pro = await mediator('pro');
    const id = await live({ caseName: 'Old terms' });
    await t.ctx.db.update(platformSettings).set({ commissionPercentage: '20' }).where(eq(platformSettings.id, 1));
    try {
      expect((await get(id)).json()).toMatchObject({ platformFee: '140.00', mediatorPayout: '1260.00' });
      expect((await get(id, pro.cookie)).json().mediatorPayout).toBe('1260.00');
      expect((await create({ caseName: 'New terms' })).json()).toMatchObject({ platformFee: '280.00', mediatorPayout: '1120.00' });
      await accept(id, pro.cookie);
      expect((await select(id, pro.user.id)).json()).toMatchObject({ platformFee: '140.00', mediatorPayout: '1260.00' });
      expect((await findPaymentForRequest(t.ctx.db, id))!).toMatchObject({ platformFee: '140.00', mediatorPayout: '1260.00' });
    } finally {
      await t.ctx.db.update(platformSettings).set({ commissionPercentage: '10' }).where(eq(platformSettings.id, 1));
    }
  });

  it('notifies: acceptance_received, mediator_selected, acceptance_rejected, request_cancelled', async () => {
    const [a, b, c] = [await mediator(), await mediator(), await mediator()];
    const id = await live({ caseName: 'Noisy' });
    await accept(id, a.cookie);
    await accept(id, b.cookie, { proposedRate: 400 });
    const received = (await notes(lawyer.user.id, 'acceptance_received')).filter((n) => n.linkUrl === `/requests/${id}`);
    expect(received.map((n) => n.message)).toEqual(expect.arrayContaining([expect.stringContaining('1 of 3'), expect.stringContaining('proposed $400/hour')]));
    expect(received).toHaveLength(2);
    await select(id, a.user.id);
    expect(await notes(a.user.id, 'mediator_selected')).toHaveLength(1);
    expect(await notes(b.user.id, 'acceptance_rejected')).toHaveLength(1);
    expect(await notes(b.user.id, 'mediator_selected')).toHaveLength(0);
    const other = await live({ caseName: 'Cancelled later' });
    await accept(other, c.cookie);
    expect((await call(t, 'POST', `/api/requests/${other}/cancel`, lawyer.cookie, { reason: 'Settled' })).statusCode).toBe(200);
    expect((await notes(c.user.id, 'request_cancelled')).map((n) => n.linkUrl)).toEqual([`/requests/${other}`]);
    expect(await notes(a.user.id, 'request_cancelled')).toHaveLength(0);
  });
});
