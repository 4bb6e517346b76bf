import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signUpLawyer } from '../../../../tests/helpers/accounts';
import { backends } from '../../../../tests/helpers/backends';
import { acceptingMediators, agreeOnMediator, confirmCard, feeSplitOf, notesOf, payShare, twoSided } from '../../../../tests/helpers/fee-split';
import { call, createLiveRequest, validRequest } from '../../../../tests/helpers/requests';
import { createTestApp, sessionCookie, type TestApp } from '../../../../tests/helpers/test-app';
import { invitationToken } from '../../../../tests/helpers/two-sided';
import { feeSplits } from '../../db/schema';
import { ensureAdmin } from '../users/accounts.service';
import { SPLIT_FIRST } from './fee-split-writes';

// How the sides of a two-sided case share the mediator's fee (issue 24, decision 049): offered with the invitation,
// accepted by joining or answered with another split, changed by a proposal the other side accepts, until the other
// side paid toward its share or a mediator is selected; no mediator is proposed or approved before a split is agreed.

const LOCKED = 'The split can no longer change: the other side has paid toward its share, or a mediator is selected';

describe.each(backends)('the fee split on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(backend);
    await ensureAdmin(t.ctx, 'split.admin@example.com', PASSWORD);
    admin = sessionCookie(await call(t, 'POST', '/api/login', undefined, { email: 'split.admin@example.com', password: PASSWORD }));
  });
  afterAll(async () => {
    await t?.close();
  });

  const invite = (id: string, cookie: string, email: string, split: Record<string, unknown> = {}) =>
    call(t, 'POST', `/api/requests/${id}/invitation`, cookie, { email, name: 'Olivia Opponent', firmName: 'Opponent LLP', ...split });
  const propose = (id: string, cookie: string, firstSidePercent: unknown, secondSidePercent: unknown) =>
    call(t, 'POST', `/api/requests/${id}/fee-split`, cookie, { firstSidePercent, secondSidePercent });
  const acceptSplit = (id: string, cookie: string) => call(t, 'POST', `/api/requests/${id}/fee-split/accept`, cookie);
  /** The newest notice of a type, about the request `id` when given. */
  const noteOf = async (cookie: string, type: string, id?: string) =>
    (await notesOf(t, cookie)).find((n) => n.type === type && (!id || n.linkUrl === `/requests/${id}`))?.message;

  it('offered 60/40 with the invitation: the link page shows it in money, joining accepts it, each side sees its shares', async () => {
    const owner = await signUpLawyer(t);
    const opposing = await signUpLawyer(t);
    const id = await createLiveRequest(t, owner.cookie);
    const sent = await invite(id, owner.cookie, opposing.email, { firstSidePercent: 60, secondSidePercent: 40 });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ state: 'sent', firstSidePercent: 60, secondSidePercent: 40 });
    expect((await call(t, 'GET', `/api/requests/${id}/invitation`, owner.cookie)).json()).toMatchObject({ firstSidePercent: 60, secondSidePercent: 40 });
    // Nobody joined yet: no split to read, none to propose.
    expect((await call(t, 'GET', `/api/requests/${id}/fee-split`, owner.cookie)).json()).toBeNull();
    const early = await propose(id, owner.cookie, 50, 50);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Opposing counsel has not joined this case yet: the split is offered with the invitation');

    const token = invitationToken(t, opposing.email);
    const page = await call(t, 'GET', `/api/invitations/${token}`);
    // The invitee's side: 40% of the $250.00 deposit and of the $1,400.00 budget.
    expect(page.json().split).toEqual({ firstSidePercent: 60, secondSidePercent: 40, yourDeposit: '100.00', yourBudget: '560.00' });

    const joined = await call(t, 'POST', `/api/invitations/${token}/accept`, opposing.cookie);
    expect(joined.json()).toEqual({ requestId: id, message: 'You joined Smith v. Jones' });
    const split = await feeSplitOf(t, id, opposing.cookie);
    const balance = (share: string) => ({ balance: share, balanceHeld: '0.00', balanceOutstanding: '0.00' });
    expect(split).toEqual({
      agreed: { firstSidePercent: 60, secondSidePercent: 40, agreedAt: t.clock.now().toISOString() },
      proposal: null,
      canChange: true,
      shares: {
        // The first side paid the whole deposit at submit; the second side's share is still due.
        first: { percent: 60, deposit: '150.00', budget: '840.00', depositHeld: '250.00', depositOutstanding: '0.00', ...balance('690.00') },
        second: { percent: 40, deposit: '100.00', budget: '560.00', depositHeld: '0.00', depositOutstanding: '100.00', ...balance('460.00') },
      },
      // The second side's deposit share is due 7 days after joining (decision 051); no selection waits for the shares
      // yet, so nothing of the balance is due (decision 050).
      dueBy: new Date(t.clock.now().getTime() + 7 * 24 * 3600_000).toISOString(),
      unfundedAt: null,
      waitingSelection: null,
    });
    expect(await feeSplitOf(t, id, owner.cookie)).toEqual(split);
    expect((await call(t, 'GET', `/api/requests/${id}`, owner.cookie)).json().sides.feeSplit).toEqual(split);
    expect((await call(t, 'GET', `/api/requests/${id}`, opposing.cookie)).json().sides.feeSplit).toEqual(split);
    expect(await noteOf(owner.cookie, 'counsel_joined')).toBe('Lena Lawyer joined Smith v. Jones as opposing counsel.');
  });

  it('an answer equal to the offer agrees; another split joins with its proposal, and either side proposes until the other accepts', async () => {
    const owner = await signUpLawyer(t);
    const opposing = await signUpLawyer(t);
    // The same split as offered, said again on joining: agreed.
    const same = await createLiveRequest(t, owner.cookie);
    await invite(same, owner.cookie, opposing.email, { firstSidePercent: 70, secondSidePercent: 30 });
    const sameAnswer = { firstSidePercent: 70, secondSidePercent: 30 };
    const joinedSame = await call(t, 'POST', `/api/invitations/${invitationToken(t, opposing.email)}/accept`, opposing.cookie, sameAnswer);
    expect(joinedSame.json().message).toBe('You joined Smith v. Jones');
    expect(await feeSplitOf(t, same, owner.cookie)).toMatchObject({ agreed: sameAnswer, proposal: null });

    const id = await createLiveRequest(t, owner.cookie);
    expect((await invite(id, owner.cookie, opposing.email)).json()).toMatchObject({ firstSidePercent: 50, secondSidePercent: 50 });
    const token = invitationToken(t, opposing.email);
    const countered = await call(t, 'POST', `/api/invitations/${token}/accept`, opposing.cookie, { firstSidePercent: 70, secondSidePercent: 30 });
    expect(countered.json()).toEqual({ requestId: id, message: 'You joined Smith v. Jones; your split of the fee waits for the other side' });
    expect(await feeSplitOf(t, id, owner.cookie)).toMatchObject({
      agreed: null,
      proposal: { firstSidePercent: 70, secondSidePercent: 30, proposedBy: 'second' },
      canChange: true,
      shares: null,
    });
    expect(await noteOf(owner.cookie, 'counsel_joined', id)).toBe(
      'Lena Lawyer joined Smith v. Jones as opposing counsel and proposes another split of the fee: accept it, or propose another.',
    );

    // One's own proposal is accepted by the other side only.
    const own = await acceptSplit(id, opposing.cookie);
    expect(own.statusCode).toBe(409);
    expect(own.json().message).toBe('You proposed this split: the other side accepts it');
    const accepted = await acceptSplit(id, owner.cookie);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ agreed: { firstSidePercent: 70, secondSidePercent: 30 }, proposal: null, canChange: true });
    expect(await noteOf(opposing.cookie, 'fee_split_agreed')).toBe(
      'Lena Lawyer accepted the split of the fee for Smith v. Jones: 70% / 30% (inviting side / other side).',
    );
    expect((await acceptSplit(id, owner.cookie)).json().message).toBe('There is no proposed split to accept');
    const again = await propose(id, opposing.cookie, 70, 30);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('That is already the agreed split');

    // The first side proposes; the agreed split stands until the other side accepts.
    const offered = await propose(id, owner.cookie, 40, 60);
    expect(offered.statusCode).toBe(200);
    expect(offered.json()).toMatchObject({ agreed: { firstSidePercent: 70 }, proposal: { firstSidePercent: 40, secondSidePercent: 60, proposedBy: 'first' } });
    // The notice names the split proposed, not the one agreed.
    expect(await noteOf(opposing.cookie, 'fee_split_proposed')).toBe(
      'Lena Lawyer proposes to share the fee for Smith v. Jones 40% / 60% (inviting side / other side). Accept it, or propose another.',
    );
    // The second side answers with another (replacing it), the first side replaces it again with the same as before.
    expect((await propose(id, opposing.cookie, 55, 45)).json().proposal).toMatchObject({ firstSidePercent: 55, proposedBy: 'second' });
    expect((await propose(id, owner.cookie, 40, 60)).json().proposal).toMatchObject({ firstSidePercent: 40, proposedBy: 'first' });
    // Proposing what the other side proposed accepts it.
    const agreed = await propose(id, opposing.cookie, 40, 60);
    expect(agreed.json()).toMatchObject({ agreed: { firstSidePercent: 40, secondSidePercent: 60 }, proposal: null });
    expect((await notesOf(t, owner.cookie)).filter((n) => n.type === 'fee_split_agreed').map((n) => n.message)).toContain(
      'Lena Lawyer accepted the split of the fee for Smith v. Jones: 40% / 60% (inviting side / other side).',
    );
    expect((await feeSplitOf(t, id, owner.cookie)).shares.second).toMatchObject({ percent: 60, deposit: '150.00', budget: '840.00' });
  });

  it('a bad split is 400 with the field: on the invitation, on joining (nothing joined) and on a proposal (nothing changed)', async () => {
    const owner = await signUpLawyer(t);
    const opposing = await signUpLawyer(t);
    const id = await createLiveRequest(t, owner.cookie);
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ firstSidePercent: 50.5, secondSidePercent: 49.5 }, { firstSidePercent: 'Enter a whole percent' }],
      [{ firstSidePercent: -10, secondSidePercent: 110 }, { firstSidePercent: 'A share is from 0% to 100%' }],
      [{ firstSidePercent: 60, secondSidePercent: 110 }, { secondSidePercent: 'A share is from 0% to 100%' }],
      [{ firstSidePercent: 60, secondSidePercent: 30 }, { secondSidePercent: 'The two shares must add up to 100%' }],
      [{ firstSidePercent: 60 }, { secondSidePercent: 'Enter a whole percent' }],
      [{ firstSidePercent: '50', secondSidePercent: 50 }, { firstSidePercent: 'The inviting side’s share must be a whole percent' }],
    ];
    for (const [split, fieldErrors] of cases) {
      const res = await invite(id, owner.cookie, opposing.email, split);
      expect({ split, status: res.statusCode, fieldErrors: res.json().fieldErrors }).toEqual({ split, status: 400, fieldErrors });
    }
    // 0/100 and 100/0 are splits too.
    expect((await invite(id, owner.cookie, opposing.email, { firstSidePercent: 100, secondSidePercent: 0 })).statusCode).toBe(201);
    const token = invitationToken(t, opposing.email);
    for (const [split, fieldErrors] of cases.slice(0, 4)) {
      const res = await call(t, 'POST', `/api/invitations/${token}/accept`, opposing.cookie, split);
      expect({ split, status: res.statusCode, fieldErrors: res.json().fieldErrors }).toEqual({ split, status: 400, fieldErrors });
    }
    expect((await call(t, 'GET', `/api/requests/${id}`, opposing.cookie)).statusCode).toBe(404);
    expect((await call(t, 'POST', `/api/invitations/${token}/accept`, opposing.cookie, { firstSidePercent: 0, secondSidePercent: 100 })).statusCode).toBe(200);
    // A proposal needs both shares: a missing one is the schema's own message.
    const proposals = [
      ...cases.slice(0, 4),
      [{ firstSidePercent: 60 }, { secondSidePercent: 'The other side’s share must be a whole percent' }],
      cases[5],
    ] as const;
    for (const [split, fieldErrors] of proposals) {
      const res = await call(t, 'POST', `/api/requests/${id}/fee-split`, opposing.cookie, split);
      expect({ split, status: res.statusCode, fieldErrors: res.json().fieldErrors }).toEqual({ split, status: 400, fieldErrors });
    }
    expect(await feeSplitOf(t, id, owner.cookie)).toMatchObject({
      agreed: null,
      proposal: { firstSidePercent: 0, secondSidePercent: 100, proposedBy: 'second' },
    });
  });

  it('who may: 401 signed out, 404 outsiders, 403 mediators and admins on the writes; counsel, the selected mediator and admins read it', async () => {
    const { owner, opposing, id } = await twoSided(t);
    const [selected, other] = await acceptingMediators(t, id, 2);
    const outsider = await signUpLawyer(t);
    const writes = [
      (cookie?: string) => call(t, 'POST', `/api/requests/${id}/fee-split`, cookie, { firstSidePercent: 'x' }),
      (cookie?: string) => call(t, 'POST', `/api/requests/${id}/fee-split/accept`, cookie),
    ];
    for (const write of writes) {
      expect((await write()).statusCode).toBe(401);
      // Visibility and the seat are checked before the body (RULES.md 6's order).
      expect((await write(outsider.cookie)).statusCode).toBe(404);
      expect((await write(other.cookie)).statusCode).toBe(403);
      expect((await write(admin)).statusCode).toBe(403);
    }
    expect((await call(t, 'POST', `/api/requests/not-a-uuid/fee-split/accept`, owner.cookie)).statusCode).toBe(404);
    const read = (cookie?: string) => call(t, 'GET', `/api/requests/${id}/fee-split`, cookie);
    expect((await read()).statusCode).toBe(401);
    expect((await read(outsider.cookie)).statusCode).toBe(404);
    // A mediator who only accepted has no seat in the case.
    expect((await read(other.cookie)).statusCode).toBe(403);
    expect((await read(admin)).json()).toMatchObject({ agreed: { firstSidePercent: 50 } });

    await agreeOnMediator(t, owner, opposing, id, selected);
    expect((await read(selected.cookie)).json()).toMatchObject({ agreed: { firstSidePercent: 50 }, canChange: false });
    expect((await call(t, 'GET', `/api/requests/${id}`, selected.cookie)).json().sides.feeSplit).toMatchObject({ agreed: { firstSidePercent: 50 } });
    for (const write of writes) expect((await write(selected.cookie)).statusCode).toBe(403);

    // A one-sided request has no split: null, on its own route and on the detail.
    const single = await createLiveRequest(t, outsider.cookie);
    expect((await call(t, 'GET', `/api/requests/${single}/fee-split`, outsider.cookie)).json()).toBeNull();
    expect((await call(t, 'GET', `/api/requests/${single}`, outsider.cookie)).json().sides).toMatchObject({ second: null, feeSplit: null });
  });

  it('no mediator is proposed or approved before a split is agreed (409); once agreed the proposal goes ahead', async () => {
    const owner = await signUpLawyer(t);
    const opposing = await signUpLawyer(t);
    const id = await createLiveRequest(t, owner.cookie);
    await invite(id, owner.cookie, opposing.email);
    await call(t, 'POST', `/api/invitations/${invitationToken(t, opposing.email)}/accept`, opposing.cookie, { firstSidePercent: 60, secondSidePercent: 40 });
    const [mediator] = await acceptingMediators(t, id);
    const select = () => call(t, 'POST', `/api/requests/${id}/select-mediator/${mediator.user.id}`, owner.cookie);
    const early = await select();
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(SPLIT_FIRST);
    expect((await call(t, 'GET', `/api/requests/${id}`, owner.cookie)).json()).toMatchObject({ status: 'awaiting_selection', selectionProposal: null });

    expect((await acceptSplit(id, owner.cookie)).statusCode).toBe(200);
    expect((await select()).statusCode).toBe(202);
    // The approval checks it again: a split no longer agreed (only reachable by writing the row) stops the approval.
    await t.ctx.db.update(feeSplits).set({ firstSidePercent: null, agreedAt: null }).where(eq(feeSplits.requestId, id));
    const approve = await call(t, 'POST', `/api/requests/${id}/selection-proposal/approve`, opposing.cookie);
    expect(approve.statusCode).toBe(409);
    expect(approve.json().message).toBe(SPLIT_FIRST);
    expect((await call(t, 'GET', `/api/requests/${id}`, owner.cookie)).json()).toMatchObject({ status: 'awaiting_selection', selectedMediatorId: null });
  });

  it('the split is locked once the second side paid toward its share, or once a mediator is selected', async () => {
    const paid = await twoSided(t, { firstSidePercent: 60, secondSidePercent: 40 });
    expect((await propose(paid.id, paid.opposing.cookie, 50, 50)).statusCode).toBe(200);
    await payShare(t, paid.opposing, paid.id, 'second');
    expect(await feeSplitOf(t, paid.id, paid.owner.cookie)).toMatchObject({
      agreed: { firstSidePercent: 60 },
      canChange: false,
      shares: {
        first: { depositHeld: '150.00', depositOutstanding: '0.00' },
        second: { depositHeld: '100.00', depositOutstanding: '0.00' },
      },
    });
    for (const res of [await acceptSplit(paid.id, paid.owner.cookie), await propose(paid.id, paid.owner.cookie, 30, 70)]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(LOCKED);
    }

    // Paid by the first side on the second's behalf: locked alike.
    const behalf = await twoSided(t);
    await payShare(t, behalf.owner, behalf.id, 'second');
    expect((await propose(behalf.id, behalf.opposing.cookie, 20, 80)).json().message).toBe(LOCKED);

    const selected = await twoSided(t);
    const [mediator] = await acceptingMediators(t, selected.id);
    await agreeOnMediator(t, selected.owner, selected.opposing, selected.id, mediator);
    expect((await feeSplitOf(t, selected.id, selected.opposing.cookie)).canChange).toBe(false);
    expect((await propose(selected.id, selected.opposing.cookie, 20, 80)).json().message).toBe(LOCKED);
  });

  it('the request form may invite at once: the link page of a draft shows the shares of the deposit it will take', async () => {
    const owner = await signUpLawyer(t);
    const email = `split.form.${Date.now().toString(36)}@example.com`;
    const created = await call(t, 'POST', '/api/requests', owner.cookie, validRequest({ inviteOpposingCounsel: true, opposingLawyerEmail: email }));
    expect(created.statusCode).toBe(201);
    const page = (await call(t, 'GET', `/api/invitations/${invitationToken(t, email)}`)).json();
    expect(page.split).toMatchObject({ firstSidePercent: 50, secondSidePercent: 50, yourBudget: '700.00' });
    // A draft's deposit is the one submit would fix (the platform's today): half of $250.00.
    expect(page.split.yourDeposit).toBe('125.00');

    // Joined while a draft; once submitted (the first side pays the whole deposit) the second side's half is due.
    const id = created.json().id as string;
    const opposing = await signUpLawyer(t);
    expect((await call(t, 'POST', `/api/invitations/${invitationToken(t, email)}/accept`, opposing.cookie)).statusCode).toBe(200);
    expect((await feeSplitOf(t, id, opposing.cookie)).shares.second).toMatchObject({ depositHeld: '0.00', depositOutstanding: '0.00' });
    const submit = await call(t, 'POST', `/api/requests/${id}/submit`, owner.cookie);
    expect((await confirmCard(t, owner, submit.json().clientSecret)).statusCode).toBe(200);
    expect((await feeSplitOf(t, id, opposing.cookie)).shares).toMatchObject({
      first: { deposit: '125.00', depositHeld: '250.00', depositOutstanding: '0.00' },
      second: { deposit: '125.00', budget: '700.00', depositHeld: '0.00', depositOutstanding: '125.00' },
    });
  });
});
