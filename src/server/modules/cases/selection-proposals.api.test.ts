import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpLawyer, signUpMediator, type Account } from '../../../../tests/helpers/accounts';
import { backends } from '../../../../tests/helpers/backends';
import { call, CARDS, createLiveRequest, setTier } from '../../../../tests/helpers/requests';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { inviteAndJoin } from '../../../../tests/helpers/two-sided';
import { payShare } from '../../../../tests/helpers/fee-split';

// Both sides agree on the mediator (decision 045): the inviting side proposes, the other side approves (the selection
// and the balance charge happen then) or declines with a reason.

describe.each(backends)('agreeing on the mediator on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  const notes = async (cookie: string) => (await call(t, 'GET', '/api/notifications?limit=50', cookie)).json() as { type: string; message: string }[];
  const detail = async (id: string, cookie: string) => (await call(t, 'GET', `/api/requests/${id}`, cookie)).json();
  const payments = async (id: string, admin: Account | null, owner: Account) => (await detail(id, (admin ?? owner).cookie)).settlement;

  /**
   * A live two-sided request with two Pro mediators who accepted; the second side paid its share of the deposit, so
   * each side has a saved card for its share of the balance (decision 050).
   */
  async function twoSidedWithAcceptances(card: (typeof CARDS)[keyof typeof CARDS] = CARDS.ok) {
    const owner = await signUpLawyer(t);
    const id = await createLiveRequest(t, owner.cookie, {}, card);
    const opposing = await inviteAndJoin(t, owner.cookie, id);
    await payShare(t, opposing, id, 'second');
    const mediators: Account[] = [];
    for (let i = 0; i < 2; i++) {
      const m = await signUpMediator(t);
      await setTier(t, m.user.id, 'pro');
      expect((await call(t, 'POST', `/api/requests/${id}/accept`, m.cookie, { noConflictConfirmed: true })).statusCode).toBe(201);
      mediators.push(m);
    }
    return { owner, opposing, id, mediators };
  }

  it('propose → decline with reason → propose another → approve: selected once, balance charged once', async () => {
    const { owner, opposing, id, mediators } = await twoSidedWithAcceptances();
    const [a, b] = mediators;

    const proposed = await call(t, 'POST', `/api/requests/${id}/select-mediator/${a.user.id}`, owner.cookie);
    expect(proposed.statusCode).toBe(202);
    expect(proposed.json()).toMatchObject({
      status: 'awaiting_selection',
      selectionProposal: { mediatorId: a.user.id, status: 'proposed', mediatorName: 'Max Mediator' },
    });
    expect((await notes(opposing.cookie)).find((n) => n.type === 'selection_proposed')?.message).toBe(
      'Lena Lawyer proposes Max Mediator to mediate Smith v. Jones. Approve or decline with a reason.',
    );
    expect((await detail(id, opposing.cookie)).selectionProposal).toMatchObject({ status: 'proposed' });

    // The second side's answer: a reason is required; the first side cannot answer its own proposal.
    expect((await call(t, 'POST', `/api/requests/${id}/selection-proposal/decline`, owner.cookie, { reason: 'x' })).statusCode).toBe(403);
    const noReason = await call(t, 'POST', `/api/requests/${id}/selection-proposal/decline`, opposing.cookie, { reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fieldErrors).toEqual({ reason: 'Please say why you decline this mediator' });
    const declined = await call(t, 'POST', `/api/requests/${id}/selection-proposal/decline`, opposing.cookie, {
      reason: 'Mediated for the other side last year',
    });
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toMatchObject({
      status: 'awaiting_selection',
      selectionProposal: { status: 'declined', declineReason: 'Mediated for the other side last year' },
    });
    expect((await notes(owner.cookie)).find((n) => n.type === 'selection_declined')?.message).toBe(
      'Lena Lawyer declined Max Mediator for Smith v. Jones: “Mediated for the other side last year”',
    );
    // A declined mediator cannot be selected over the other side's head.
    expect((await call(t, 'POST', `/api/requests/${id}/select-mediator/${a.user.id}`, owner.cookie)).statusCode).toBe(202);
    expect((await call(t, 'POST', `/api/requests/${id}/select-mediator/${a.user.id}`, owner.cookie)).json().message).toBe(
      'This mediator is already proposed: opposing counsel has not answered yet',
    );

    // Proposing another replaces the open proposal; the approval selects and charges the balance once.
    expect((await call(t, 'POST', `/api/requests/${id}/select-mediator/${b.user.id}`, owner.cookie)).statusCode).toBe(202);
    const before = await payments(id, null, owner);
    const approved = await call(t, 'POST', `/api/requests/${id}/selection-proposal/approve`, opposing.cookie);
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({
      status: 'matched',
      selectedMediatorId: b.user.id,
      selectionProposal: { status: 'approved', mediatorId: b.user.id },
    });
    const after = await payments(id, null, owner);
    expect(Number(after.charged)).toBeGreaterThan(Number(before.charged));
    expect((await notes(owner.cookie)).some((n) => n.type === 'selection_approved')).toBe(true);
    expect((await notes(b.cookie)).some((n) => n.type === 'mediator_selected')).toBe(true);
    // Answered once: a second approval is 409, and nothing is charged twice.
    expect((await call(t, 'POST', `/api/requests/${id}/selection-proposal/approve`, opposing.cookie)).statusCode).toBe(409);
    expect((await payments(id, null, owner)).charged).toBe(after.charged);
  });

  it('the owner may withdraw an open proposal; nobody else may; answering a withdrawn proposal is 409', async () => {
    const { owner, opposing, id, mediators } = await twoSidedWithAcceptances();
    await call(t, 'POST', `/api/requests/${id}/select-mediator/${mediators[0].user.id}`, owner.cookie);
    expect((await call(t, 'DELETE', `/api/requests/${id}/selection-proposal`, opposing.cookie)).statusCode).toBe(403);
    const withdrawn = await call(t, 'DELETE', `/api/requests/${id}/selection-proposal`, owner.cookie);
    expect(withdrawn.json().selectionProposal).toMatchObject({ status: 'withdrawn' });
    const late = await call(t, 'POST', `/api/requests/${id}/selection-proposal/approve`, opposing.cookie);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('There is no proposal waiting for an answer');
  });

  it('a proposed or approved mediator who withdraws and accepts again must be proposed again (the approval was of the old acceptance)', async () => {
    const { owner, opposing, id, mediators } = await twoSidedWithAcceptances();
    const select = (m: Account) => call(t, 'POST', `/api/requests/${id}/select-mediator/${m.user.id}`, owner.cookie);
    const reaccept = async (m: Account, proposedRate: string) => {
      expect((await call(t, 'DELETE', `/api/requests/${id}/acceptance`, m.cookie)).statusCode).toBe(200);
      t.clock.advance(1000);
      expect((await call(t, 'POST', `/api/requests/${id}/accept`, m.cookie, { noConflictConfirmed: true, proposedRate })).statusCode).toBe(201);
    };
    // Proposed, then withdrawn: the proposal closes and the side asked to approve it is told.
    expect((await select(mediators[0])).statusCode).toBe(202);
    await reaccept(mediators[0], '400');
    expect((await detail(id, opposing.cookie)).selectionProposal).toMatchObject({ status: 'withdrawn' });
    expect((await notes(opposing.cookie)).find((n) => n.type === 'acceptance_withdrawn')?.message).toMatch(/there is nothing to approve/);
    expect((await call(t, 'POST', `/api/requests/${id}/selection-proposal/approve`, opposing.cookie)).statusCode).toBe(409);
    // Proposed again on the new terms: a new proposal (202), not "already proposed".
    expect((await select(mediators[0])).statusCode).toBe(202);
    expect((await detail(id, opposing.cookie)).selectionProposal).toMatchObject({ status: 'proposed' });
  });

  it('an approved mediator who withdrew while the selection waited and accepted again is proposed again, not selected', async () => {
    const owner = await signUpLawyer(t);
    const id = await createLiveRequest(t, owner.cookie);
    // The other side has no saved card: the approved selection waits for its shares.
    const opposing = await inviteAndJoin(t, owner.cookie, id);
    const m = await signUpMediator(t);
    await setTier(t, m.user.id, 'pro');
    expect((await call(t, 'POST', `/api/requests/${id}/accept`, m.cookie, { noConflictConfirmed: true })).statusCode).toBe(201);
    expect((await call(t, 'POST', `/api/requests/${id}/select-mediator/${m.user.id}`, owner.cookie)).statusCode).toBe(202);
    expect((await call(t, 'POST', `/api/requests/${id}/selection-proposal/approve`, opposing.cookie)).statusCode).toBe(200);
    expect((await call(t, 'DELETE', `/api/requests/${id}/acceptance`, m.cookie)).statusCode).toBe(200);
    t.clock.advance(1000);
    expect((await call(t, 'POST', `/api/requests/${id}/accept`, m.cookie, { noConflictConfirmed: true, proposedRate: '500' })).statusCode).toBe(201);
    const again = await call(t, 'POST', `/api/requests/${id}/select-mediator/${m.user.id}`, owner.cookie);
    expect(again.statusCode).toBe(202);
    expect((await detail(id, opposing.cookie)).selectionProposal).toMatchObject({ status: 'proposed' });
  });

  it('outsiders get 404, mediators 403; a one-sided request selects at once (200) as the spec says', async () => {
    const { owner, id, mediators } = await twoSidedWithAcceptances();
    const outsider = await signUpLawyer(t);
    await call(t, 'POST', `/api/requests/${id}/select-mediator/${mediators[0].user.id}`, owner.cookie);
    expect((await call(t, 'POST', `/api/requests/${id}/selection-proposal/approve`, outsider.cookie)).statusCode).toBe(404);
    expect((await call(t, 'POST', `/api/requests/${id}/selection-proposal/decline`, outsider.cookie, {})).statusCode).toBe(404);
    expect((await call(t, 'POST', `/api/requests/${id}/selection-proposal/approve`, mediators[0].cookie)).statusCode).toBe(403);

    const lawyer = await signUpLawyer(t);
    const m = await signUpMediator(t);
    await setTier(t, m.user.id, 'pro');
    const single = await createLiveRequest(t, lawyer.cookie);
    await call(t, 'POST', `/api/requests/${single}/accept`, m.cookie, { noConflictConfirmed: true });
    const selected = await call(t, 'POST', `/api/requests/${single}/select-mediator/${m.user.id}`, lawyer.cookie);
    expect(selected.statusCode).toBe(200);
    expect(selected.json()).toMatchObject({ status: 'matched', selectionProposal: null });
  });

  it('approval when the owner’s saved card declines: the approval and the other side’s charge stand, the owner pays its share by card', async () => {
    const { owner, opposing, id, mediators } = await twoSidedWithAcceptances(CARDS.declinesLater);
    await call(t, 'POST', `/api/requests/${id}/select-mediator/${mediators[0].user.id}`, owner.cookie);
    const approved = await call(t, 'POST', `/api/requests/${id}/selection-proposal/approve`, opposing.cookie);
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'awaiting_selection', selectionProposal: { status: 'approved' } });
    expect((await notes(owner.cookie)).find((n) => n.type === 'share_due')?.message).toMatch(/your saved card was declined/);
    // Selecting again answers 202 with what is still due: the owner's share, payable by card from the request page.
    const retry = await call(t, 'POST', `/api/requests/${id}/select-mediator/${mediators[0].user.id}`, owner.cookie);
    expect(retry.statusCode).toBe(202);
    expect(retry.json().sides.feeSplit.shares.first).toMatchObject({ balanceOutstanding: '575.00' });
    expect(retry.json().sides.feeSplit.shares.second).toMatchObject({ balanceOutstanding: '0.00', balanceHeld: '575.00' });
    const paid = await payShare(t, owner, id, 'first');
    expect(paid).toMatchObject({ amount: '575.00', kind: 'balance', onBehalf: false });
    expect(await detail(id, owner.cookie)).toMatchObject({ status: 'matched', selectedMediatorId: mediators[0].user.id });
  });

  it('if the other side has not joined, the selection goes ahead as today and they join a matched case later', async () => {
    const owner = await signUpLawyer(t);
    const m = await signUpMediator(t);
    await setTier(t, m.user.id, 'pro');
    const id = await createLiveRequest(t, owner.cookie);
    await call(t, 'POST', `/api/requests/${id}/accept`, m.cookie, { noConflictConfirmed: true });
    expect((await call(t, 'POST', `/api/requests/${id}/select-mediator/${m.user.id}`, owner.cookie)).statusCode).toBe(200);
    const opposing = await inviteAndJoin(t, owner.cookie, id);
    expect(await detail(id, opposing.cookie)).toMatchObject({ status: 'matched', selectionProposal: null, counterpart: { id: m.user.id } });
  });
});
