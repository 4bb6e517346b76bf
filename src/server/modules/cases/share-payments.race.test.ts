import { expect, it } from 'vitest';
import { confirmCard, entriesOf, expectMoneyWhole, feeSplitOf, moneyOf, refundSteps, startShare, twoSided } from '../../../../tests/helpers/fee-split';
import { describeOnPostgres, startRaceApp } from '../../../../tests/helpers/postgres-only';
import { call } from '../../../../tests/helpers/requests';
import type { TestApp } from '../../../../tests/helpers/test-app';

// A side's share of the deposit paid at the same moment as something else (decision 049), on the PostgreSQL server:
// both sides paying the same share, and a cancellation racing the card's confirmation. Never a 5xx, nothing lost:
// what was charged is refunded or kept, once, and the ledger holds per payer and agrees with the provider.

const ALREADY_PAID = 'This share was already paid; your payment is refunded';

describeOnPostgres('share-payments.race.test.ts', 'share payment races on postgres', () => {
  let t: TestApp;
  startRaceApp((app) => ({ t } = app));

  it('both sides pay the second side’s share at once, six times over: one payment kept, the other refunded whole', async () => {
    for (let round = 0; round < 6; round++) {
      const { owner, opposing, id } = await twoSided(t);
      const started = await Promise.all([startShare(t, opposing, id, 'second'), startShare(t, owner, id, 'second')]);
      for (const s of started) expect(s.statusCode, s.body).toBe(200);
      expect(started.map((s) => s.json().onBehalf)).toEqual([false, true]);
      const answers = await Promise.all([confirmCard(t, opposing, started[0].json().clientSecret), confirmCard(t, owner, started[1].json().clientSecret)]);
      for (const a of answers) expect([200, 409], a.body).toContain(a.statusCode);

      const shares = (await entriesOf(t, id)).filter((e) => e.kind === 'deposit_charge' && e.shareSide === 'second');
      expect(shares.map((e) => e.payerId).sort()).toEqual([owner.user.id, opposing.user.id].sort());
      const refunds = await refundSteps(t, id);
      expect(refunds.every((r) => r.status === 'succeeded')).toBe(true);
      const undone = shares.filter((e) => refunds.some((r) => r.chargeId === e.providerRef && r.amount === e.amount));
      expect(undone).toHaveLength(1);
      // The payer told "already paid" is the one whose payment went back (the later one).
      answers.forEach((a, i) => {
        const payer = [opposing, owner][i];
        if (a.statusCode === 409) {
          expect(a.json().message).toBe(ALREADY_PAID);
          expect(undone[0].payerId).toBe(payer.user.id);
        }
      });
      expect(answers.filter((a) => a.statusCode === 409).length).toBeLessThanOrEqual(1);
      // The first side's own excess went back once; each side holds its share once, the deposit whole.
      expect(refunds.filter((r) => !shares.some((e) => e.providerRef === r.chargeId)).map((r) => r.amount)).toEqual([12_500]);
      expect((await feeSplitOf(t, id, owner.cookie)).shares).toMatchObject({
        first: { depositHeld: '125.00', depositOutstanding: '0.00' },
        second: { depositHeld: '125.00', depositOutstanding: '0.00' },
      });
      const { ledger } = await expectMoneyWhole(t, id);
      expect(ledger!.totals).toMatchObject({ charged: 50_000, refunded: 25_000 });
    }
  });

  it('a cancellation racing a share’s confirmation, six times over: the case is cancelled and every cent charged goes back', async () => {
    for (let round = 0; round < 6; round++) {
      const { owner, opposing, id } = await twoSided(t);
      // Even rounds the second side pays its own share, odd rounds the first side pays it on its behalf.
      const payer = round % 2 === 0 ? opposing : owner;
      const started = await startShare(t, payer, id, 'second');
      expect(started.statusCode, started.body).toBe(200);
      const [cancelled, confirmed] = await Promise.all([
        call(t, 'POST', `/api/requests/${id}/cancel`, owner.cookie, { reason: 'Settled directly' }),
        confirmCard(t, payer, started.json().clientSecret),
      ]);
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect([200, 409], confirmed.body).toContain(confirmed.statusCode);

      expect((await call(t, 'GET', `/api/requests/${id}`, owner.cookie)).json().status).toBe('cancelled');
      expect((await refundSteps(t, id)).every((r) => r.status === 'succeeded')).toBe(true);
      // Cancelled before a mediator was selected: everything is refunded, to whoever paid it.
      for (const who of [owner, opposing]) {
        const money = await moneyOf(t, id, who.user.id);
        expect({ round, payer: who === owner ? 'first' : 'second', ...money }).toMatchObject({ round, refunded: money.charged, held: 0 });
      }
      const { ledger, provider } = await expectMoneyWhole(t, id);
      expect(provider.refunded).toBe(provider.charged);
      // The share was charged (then refunded) or never charged; a 200 means it was.
      expect([25_000, 37_500]).toContain(ledger!.totals.charged);
      if (confirmed.statusCode === 200) expect(ledger!.totals.charged).toBe(37_500);
    }
  });
});
