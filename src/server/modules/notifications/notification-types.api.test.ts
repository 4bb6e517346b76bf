import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpLawyer, signUpMediator } from '../../../../tests/helpers/accounts';
import { backends } from '../../../../tests/helpers/backends';
import { runDueJobs } from '../../../../tests/helpers/jobs';
import { call, CARDS, createLiveRequest, setTier, validRequest } from '../../../../tests/helpers/requests';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { NOTIFICATION_TYPES, type NotificationType } from '../../../common/enums';
import { emailKindOf } from './notification-emails';

// Which event creates which notification type (spec 3 + RULES.md 7 + issue 7's acceptance_withdrawn), each driven
// through the API as the product does it, and who hears of it. The types no event creates yet belong to later work.

type Who = 'lawyer' | 'selected' | 'other' | 'withdrawn';
const CREATED_BY: Record<NotificationType, { event: string; to: Who[] } | { owner: string }> = {
  new_request: { event: 'a request goes live (deposit confirmed): matching mediators', to: ['selected', 'other', 'withdrawn'] },
  acceptance_received: { event: 'a mediator accepts', to: ['lawyer'] },
  acceptance_withdrawn: { event: 'a mediator withdraws their pending acceptance', to: ['lawyer'] },
  mediator_selected: { event: 'the lawyer selects a mediator', to: ['selected'] },
  acceptance_rejected: { event: 'the lawyer selects another mediator', to: ['other'] },
  new_message: { event: 'a participant sends a message', to: ['lawyer'] },
  mediation_completed: { event: 'the selected mediator marks it complete', to: ['lawyer'] },
  payment_processed: { event: 'the payout transfer settles after the hold window', to: ['selected'] },
  review_received: { event: 'the lawyer reviews the mediator', to: ['selected'] },
  request_cancelled: { event: 'the lawyer cancels a request with a pending acceptance', to: ['other'] },
  payment_failed: { event: 'the deposit card is declined', to: ['lawyer'] },
  subscription_updated: { owner: 'an upgrade is paid, a cancelled plan ends: checked in modules/subscriptions/subscriptions.api.test.ts' },
  mediator_reassigned: { owner: 'an admin reassigns the mediator: checked in modules/admin/admin-reassign.api.test.ts' },
  dispute_opened: { owner: 'a lawyer reports a problem: checked in modules/disputes/disputes.api.test.ts' },
  dispute_resolved: { owner: 'an admin resolves a dispute: checked in modules/disputes/disputes.api.test.ts' },
  broadcast: { owner: 'admin broadcast (a later issue)' },
  counsel_joined: { owner: 'opposing counsel joins from an invitation: checked in modules/cases/invitations.api.test.ts' },
  invitation_declined: { owner: 'the invited counsel declines: checked in modules/cases/invitations.api.test.ts' },
  selection_proposed: { owner: 'the inviting side proposes a mediator: checked in modules/cases/selection-proposals.api.test.ts' },
  selection_approved: { owner: 'the other side approves the proposal: checked in modules/cases/selection-proposals.api.test.ts' },
  selection_declined: { owner: 'the other side declines the proposal: checked in modules/cases/selection-proposals.api.test.ts' },
  conflict_disclosed: { owner: 'a mediator accepts with a disclosure: checked in modules/cases/conflicts.api.test.ts' },
  reviews_revealed: { owner: 'a two-sided case reveals its reviews: checked in modules/reviews/reveal.api.test.ts' },
  fee_split_proposed: { owner: 'a side proposes a fee split: checked in modules/cases/fee-split.api.test.ts' },
  fee_split_agreed: { owner: 'the other side accepts the split: checked in modules/cases/fee-split.api.test.ts' },
  share_paid: { owner: 'a side pays its share of the deposit: checked in modules/cases/share-payments.api.test.ts' },
  share_due: { owner: 'a side’s saved card declines its share at a two-sided selection: checked in modules/cases/shared-selection.api.test.ts' },
  date_poll_opened: { owner: 'a date poll opens: checked in modules/scheduling/polls.api.test.ts' },
  session_proposed: { owner: 'every required attendee can make a time: checked in modules/scheduling/polls.api.test.ts' },
  session_scheduled: { owner: 'the mediator confirms a time: checked in modules/scheduling/polls.api.test.ts' },
  session_rescheduled: { owner: 'a poll moving the session is confirmed: checked in modules/scheduling/polls.api.test.ts' },
  session_cancelled: { owner: 'a session is cancelled: checked in modules/scheduling/polls.api.test.ts' },
  session_reminder: { owner: 'a reminder job runs: checked in modules/scheduling/polls.api.test.ts' },
  signature_requested: { owner: 'an agreement to mediate or a final term sheet awaits a counsel: issue 26, modules/signing' },
  term_sheet_updated: { owner: 'a term sheet version is drafted or edits are proposed: issue 26, modules/signing' },
  signature_refused: { owner: 'a signer refuses with a reason: issue 26, modules/signing' },
  document_sealed: { owner: 'the last signature seals the document: issue 26, modules/signing' },
};

const EMAILED: NotificationType[] = [
  'new_request',
  'acceptance_received',
  'mediator_selected',
  'mediation_completed',
  'payment_processed',
  'new_message',
  // The two-sided case (issue 23, decision 048).
  'counsel_joined',
  'invitation_declined',
  'selection_proposed',
  'selection_approved',
  'selection_declined',
  'conflict_disclosed',
  'reviews_revealed',
  // Each side pays its share (issue 24, decision 050).
  'share_due',
  // Scheduling the session (issue 25, decision 054); invites and reminders go by their own e-mails with the calendar file.
  'date_poll_opened',
  'session_proposed',
  // The signed outcome (issue 26, decision 055); a party without an account gets its own e-mails, never turned off.
  'signature_requested',
  'term_sheet_updated',
  'signature_refused',
  'document_sealed',
];

describe('notification types', () => {
  it('the table covers every type exactly', () => {
    expect(Object.keys(CREATED_BY).sort()).toEqual([...NOTIFICATION_TYPES].sort());
  });

  it.each(NOTIFICATION_TYPES)('%s: e-mailed only if it is one of the inbox kinds', (type) => {
    expect(emailKindOf(type)).toBe(EMAILED.includes(type) ? type : null);
  });
});

describe.each(backends)('which event creates which notification on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  const notes = async (cookie: string) =>
    (await call(t, 'GET', '/api/notifications?limit=100', cookie)).json() as {
      type: NotificationType;
      title: string;
      message: string;
      linkUrl: string;
      isRead: boolean;
    }[];
  const ok = async (method: 'POST' | 'DELETE' | 'PATCH', url: string, cookie: string, body?: unknown) => {
    const res = await call(t, method, url, cookie, body);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    return res;
  };

  it('a whole mediation, a cancellation and a declined deposit create each type the table lists, for the people it lists', async () => {
    const lawyer = await signUpLawyer(t);
    const [selected, other, withdrawn] = [await signUpMediator(t), await signUpMediator(t), await signUpMediator(t)];
    for (const m of [selected, other, withdrawn]) await setTier(t, m.user.id, 'pro');
    const people = { lawyer, selected, other, withdrawn };

    const id = await createLiveRequest(t, lawyer.cookie, { caseName: 'Table v. Test' });
    await ok('POST', `/api/requests/${id}/accept`, withdrawn.cookie, { noConflictConfirmed: true });
    await ok('DELETE', `/api/requests/${id}/acceptance`, withdrawn.cookie);
    await ok('POST', `/api/requests/${id}/accept`, selected.cookie, { noConflictConfirmed: true });
    await ok('POST', `/api/requests/${id}/accept`, other.cookie, { noConflictConfirmed: true });
    await ok('POST', `/api/requests/${id}/select-mediator/${selected.user.id}`, lawyer.cookie);
    await ok('POST', `/api/requests/${id}/start`, selected.cookie);
    await ok('POST', '/api/messages', selected.cookie, { requestId: id, content: 'When suits you?' });
    await ok('POST', `/api/requests/${id}/complete`, selected.cookie, { completionResults: 'Settled.' });
    t.clock.advance(73 * 60 * 60_000);
    await runDueJobs(t);
    await ok('POST', '/api/reviews', lawyer.cookie, { requestId: id, rating: 5 });

    // A cancellation with a mediator's acceptance pending.
    const cancelled = await createLiveRequest(t, lawyer.cookie, { caseName: 'Cancel v. Me' });
    await ok('POST', `/api/requests/${cancelled}/accept`, other.cookie, { noConflictConfirmed: true });
    await ok('POST', `/api/requests/${cancelled}/cancel`, lawyer.cookie, { reason: 'Settled out of court' });

    // A declined deposit.
    const draft = (await ok('POST', '/api/requests', lawyer.cookie, validRequest({ caseName: 'Declined v. Card' }))).json().id as string;
    const { clientSecret } = (await ok('POST', `/api/requests/${draft}/submit`, lawyer.cookie)).json();
    expect((await call(t, 'POST', '/api/payments/local/confirm', lawyer.cookie, { clientSecret, card: CARDS.declined })).statusCode).toBe(402);

    const byPerson = Object.fromEntries(await Promise.all(Object.entries(people).map(async ([who, p]) => [who, await notes(p.cookie)] as const)));
    for (const [type, row] of Object.entries(CREATED_BY) as [NotificationType, (typeof CREATED_BY)[NotificationType]][]) {
      if ('owner' in row) continue;
      for (const who of Object.keys(people) as Who[]) {
        const got = byPerson[who].filter((n) => n.type === type);
        if (row.to.includes(who)) expect(got.length, `${type} (${row.event}) for the ${who}`).toBeGreaterThan(0);
        else expect(got, `${type} is not for the ${who}`).toEqual([]);
      }
    }

    // The inbox kinds reached the inbox too (each user's setting is on by default).
    await runDueJobs(t);
    const subjects = (p: { email: string }) => t.mailer.sent.filter((m) => m.to === p.email).map((m) => m.subject);
    expect(subjects(lawyer)).toEqual(expect.arrayContaining(['A mediator accepted Table v. Test', 'Your mediation Table v. Test is complete']));
    expect(subjects(selected)).toEqual(
      expect.arrayContaining([
        'New matching mediation request: Table v. Test',
        'You were selected to mediate Table v. Test',
        'Your payout for Table v. Test was sent',
      ]),
    );
    expect(subjects(other)).not.toContain('You were selected to mediate Table v. Test');

    // Details the issue pins: a withdrawal has its own kind; one full stop after the card's message.
    const mine = byPerson.lawyer;
    expect(mine.filter((n) => n.type === 'acceptance_received' && n.linkUrl === `/requests/${id}`)).toHaveLength(3); // withdrawn's, selected's, other's
    expect(mine.find((n) => n.type === 'acceptance_withdrawn')).toMatchObject({ title: 'A mediator withdrew', linkUrl: `/requests/${id}` });
    const failed = mine.find((n) => n.type === 'payment_failed')!;
    expect(failed.message).toBe('Your $250 deposit was declined: Your card was declined. You can try another card.');
    expect(failed.message).not.toContain('..');
    expect(mine.find((n) => n.type === 'new_message')).toMatchObject({ linkUrl: `/messages/${id}` });
  });

  it('a successful retry marks that request’s Payment Failed read, so the bell does not count it', async () => {
    const lawyer = await signUpLawyer(t);
    const unread = async () => (await call(t, 'GET', '/api/notifications/unread', lawyer.cookie)).json().count as number;
    const failing = (await ok('POST', '/api/requests', lawyer.cookie, validRequest({ caseName: 'Retry v. Card' }))).json().id as string;
    const secondDraft = (await ok('POST', '/api/requests', lawyer.cookie, validRequest({ caseName: 'Other v. Card' }))).json().id as string;
    for (const draft of [failing, secondDraft]) {
      const { clientSecret } = (await ok('POST', `/api/requests/${draft}/submit`, lawyer.cookie)).json();
      expect((await call(t, 'POST', '/api/payments/local/confirm', lawyer.cookie, { clientSecret, card: CARDS.insufficient })).statusCode).toBe(402);
    }
    expect(await unread()).toBe(2);

    const retry = (await ok('POST', `/api/requests/${failing}/submit`, lawyer.cookie)).json();
    await ok('POST', '/api/payments/local/confirm', lawyer.cookie, { clientSecret: retry.clientSecret, card: CARDS.ok });
    expect(await unread()).toBe(1);
    const list = await notes(lawyer.cookie);
    expect(list.find((n) => n.linkUrl === `/requests/${failing}`)).toMatchObject({ type: 'payment_failed', isRead: true });
    expect(list.find((n) => n.linkUrl === `/requests/${secondDraft}`)).toMatchObject({ type: 'payment_failed', isRead: false });
    expect(list.find((n) => n.linkUrl === `/requests/${failing}`)!.message).toBe(
      'Your $250 deposit was declined: Your card has insufficient funds. You can try another card.',
    );
  });
});
