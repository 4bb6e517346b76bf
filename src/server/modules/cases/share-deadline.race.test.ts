import { expect, it } from 'vitest';
import { confirmCard, expectMoneyWhole, feeSplitOf, moneyOf, startShare, twoSided } from '../../../../tests/helpers/fee-split';
import { describeOnPostgres, startRaceApp } from '../../../../tests/helpers/postgres-only';
import { call } from '../../../../tests/helpers/requests';
import type { TestApp } from '../../../../tests/helpers/test-app';
import { runJob } from '../../jobs/handlers';

// The deadline of an unpaid share racing the share's payment (decision 051), on the PostgreSQL server: either the
// payment lands first (the deadline then finds nothing owed and changes nothing) or the case closes first (the payment
// is refunded whole on arrival). Never both kept, never a 5xx, the ledger whole per payer.

describeOnPostgres('share-deadline.race.test.ts', 'share deadline races on postgres', () => {
  let t: TestApp;
  startRaceApp((app) => ({ t } = app));

  it('the deadline job and the share’s confirmation at once, eight times over: paid and open, or closed with every cent back', async () => {
    const outcomes = new Set<string>();
    for (let round = 0; round < 8; round++) {
      const { owner, opposing, id } = await twoSided(t);
      const dueBy = (await feeSplitOf(t, id, owner.cookie)).dueBy as string;
      const started = await startShare(t, opposing, id, 'second');
      expect(started.statusCode, started.body).toBe(200);
      const [confirmed] = await Promise.all([confirmCard(t, opposing, started.json().clientSecret), runJob(t.ctx, 'share.deadline', { requestId: id, dueBy })]);
      expect(confirmed.statusCode, confirmed.body).toBeLessThan(500);
      const status = (await call(t, 'GET', `/api/requests/${id}`, owner.cookie)).json().status as string;
      outcomes.add(status);
      const { provider } = await expectMoneyWhole(t, id);
      if (status === 'cancelled') {
        // Closed unfunded: whatever arrived went back to whoever paid it.
        expect(provider.refunded).toBe(provider.charged);
        for (const who of [owner, opposing]) expect(await moneyOf(t, id, who.user.id)).toMatchObject({ held: 0 });
      } else {
        expect(status).toBe('pending_mediators');
        expect(confirmed.statusCode).toBe(200);
        expect(await moneyOf(t, id, opposing.user.id)).toMatchObject({ charged: 12_500, held: 12_500 });
        expect(await moneyOf(t, id, owner.user.id)).toMatchObject({ held: 12_500 });
      }
    }
    expect([...outcomes].every((s) => ['cancelled', 'pending_mediators'].includes(s))).toBe(true);
  });
});
