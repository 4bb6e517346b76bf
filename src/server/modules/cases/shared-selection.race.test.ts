import { expect, it } from 'vitest';
import { signUpLawyer, type Account } from '../../../../tests/helpers/accounts';
import { acceptingMediators, confirmCard, entriesOf, expectMoneyWhole, notesOf, payShare, startShare } from '../../../../tests/helpers/fee-split';
import { describeOnPostgres, startRaceApp } from '../../../../tests/helpers/postgres-only';
import { call, CARDS, createLiveRequest } from '../../../../tests/helpers/requests';
import type { TestApp } from '../../../../tests/helpers/test-app';
import { inviteAndJoin } from '../../../../tests/helpers/two-sided';

// A two-sided selection waiting for its shares (decision 050), on the PostgreSQL server: the last shares arriving at
// once, a share paid twice at once, and the mediator withdrawing as the last share arrives. The selection takes effect
// once or not at all, never a 5xx, and every cent charged is held for its share, refunded, or paid out: the ledger holds
// per payer and agrees with the provider.

describeOnPostgres('shared-selection.race.test.ts', 'shared selection races on postgres', () => {
  let t: TestApp;
  startRaceApp((app) => ({ t } = app));

  /** Approved at 50/50 with no share of the balance paid: the owner's saved card declines, the other side has none. */
  async function waitingForBothShares() {
    const owner = await signUpLawyer(t);
    const id = await createLiveRequest(t, owner.cookie, {}, CARDS.declinesLater);
    const opposing = await inviteAndJoin(t, owner.cookie, id);
    await payShare(t, opposing, id, 'second'); // its deposit share, with a card that works
    const [mediator] = await acceptingMediators(t, id);
    expect((await call(t, 'POST', `/api/requests/${id}/select-mediator/${mediator.user.id}`, owner.cookie)).statusCode).toBe(202);
    // Approved: the second side's saved card pays its balance share at once; the owner's declines.
    expect((await call(t, 'POST', `/api/requests/${id}/selection-proposal/approve`, opposing.cookie)).json().status).toBe('awaiting_selection');
    return { owner, opposing, mediator, id };
  }

  const selectedNotes = async (mediator: Account) => (await notesOf(t, mediator.cookie)).filter((n) => n.type === 'mediator_selected');

  it('the owner’s share paid twice at once (by itself and on its behalf), six times over: selected once, the later payment refunded whole', async () => {
    for (let round = 0; round < 6; round++) {
      const { owner, opposing, mediator, id } = await waitingForBothShares();
      const started = await Promise.all([startShare(t, owner, id, 'first'), startShare(t, opposing, id, 'first')]);
      for (const s of started) expect(s.statusCode, s.body).toBe(200);
      const answers = await Promise.all([confirmCard(t, owner, started[0].json().clientSecret), confirmCard(t, opposing, started[1].json().clientSecret)]);
      for (const a of answers) expect([200, 409], a.body).toContain(a.statusCode);
      expect((await call(t, 'GET', `/api/requests/${id}`, owner.cookie)).json()).toMatchObject({ status: 'matched', selectedMediatorId: mediator.user.id });
      expect(await selectedNotes(mediator)).toHaveLength(1);
      const firstShares = (await entriesOf(t, id)).filter((e) => e.kind === 'balance_charge' && e.shareSide === 'first');
      expect(firstShares).toHaveLength(2);
      const { ledger } = await expectMoneyWhole(t, id);
      // Deposit 250.00 + each side's 575.00 held; the share paid twice went back: 1,400.00 held in all.
      expect(ledger!.totals.charged - ledger!.totals.refunded).toBe(140_000);
    }
  });

  it('the same counsel pays its own last share twice at once (two tabs), six times over: one card form, one charge, selected once', async () => {
    for (let round = 0; round < 6; round++) {
      const { owner, mediator, id } = await waitingForBothShares();
      const started = await Promise.all([startShare(t, owner, id, 'first'), startShare(t, owner, id, 'first')]);
      for (const s of started) expect(s.statusCode, s.body).toBe(200);
      // One open attempt per payer and share: both tabs got the same card form.
      expect(started[1].json().clientSecret).toBe(started[0].json().clientSecret);
      const secret = started[0].json().clientSecret as string;
      const answers = await Promise.all([confirmCard(t, owner, secret), confirmCard(t, owner, secret)]);
      for (const a of answers) expect([200, 409], a.body).toContain(a.statusCode);
      expect((await call(t, 'GET', `/api/requests/${id}`, owner.cookie)).json()).toMatchObject({ status: 'matched' });
      expect(await selectedNotes(mediator)).toHaveLength(1);
      expect((await entriesOf(t, id)).filter((e) => e.kind === 'balance_charge' && e.shareSide === 'first')).toHaveLength(1);
      const { ledger } = await expectMoneyWhole(t, id);
      expect(ledger!.totals.charged - ledger!.totals.refunded).toBe(140_000);
    }
  });

  it('the mediator withdraws as the last share is confirmed, six times over: selected with the withdrawal refused, or withdrawn with every balance share refunded', async () => {
    for (let round = 0; round < 6; round++) {
      const { owner, mediator, id } = await waitingForBothShares();
      const started = await startShare(t, owner, id, 'first');
      const [withdrawn, confirmed] = await Promise.all([
        call(t, 'DELETE', `/api/requests/${id}/acceptance`, mediator.cookie),
        confirmCard(t, owner, started.json().clientSecret),
      ]);
      expect(withdrawn.statusCode, withdrawn.body).toBeLessThan(500);
      expect(confirmed.statusCode, confirmed.body).toBeLessThan(500);
      const request = (await call(t, 'GET', `/api/requests/${id}`, owner.cookie)).json();
      const { ledger } = await expectMoneyWhole(t, id);
      const held = ledger!.totals.charged - ledger!.totals.refunded;
      if (request.status === 'matched') {
        expect(withdrawn.statusCode).toBe(409);
        expect(held).toBe(140_000);
      } else {
        expect(withdrawn.statusCode).toBe(200);
        expect(request.status).toBe('pending_mediators');
        // Only the deposit is held, each side's share of it; the balance shares went back, whenever they arrived.
        expect(held).toBe(25_000);
        expect(await selectedNotes(mediator)).toHaveLength(0);
      }
    }
  });
});
