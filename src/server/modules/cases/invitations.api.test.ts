import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpLawyer, signUpMediator } from '../../../../tests/helpers/accounts';
import { backends } from '../../../../tests/helpers/backends';
import { call, createLiveRequest, setTier, validRequest } from '../../../../tests/helpers/requests';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { invitationToken, inviteAndJoin } from '../../../../tests/helpers/two-sided';
import { caseInvitations } from '../../db/schema';

const DAY = 24 * 60 * 60 * 1000;

describe.each(backends)('inviting opposing counsel on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  const draft = async (cookie: string) => (await call(t, 'POST', '/api/requests', cookie, validRequest())).json().id as string;
  const invite = (id: string, cookie: string, email: string) =>
    call(t, 'POST', `/api/requests/${id}/invitation`, cookie, { email, name: 'Olivia Opponent', firmName: 'Opponent LLP' });
  const notes = async (cookie: string) => (await call(t, 'GET', '/api/notifications?limit=50', cookie)).json() as { type: string; message: string }[];

  it('invite → the e-mail → the link page (opened) → join: the second side sees the case, in its list, with both sides named', async () => {
    const owner = await signUpLawyer(t);
    const opposing = await signUpLawyer(t, { firmName: 'Opponent LLP' });
    const id = await createLiveRequest(t, owner.cookie);

    const sent = await invite(id, owner.cookie, opposing.email.toUpperCase());
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ state: 'sent', email: opposing.email, sendCount: 1 });
    const mail = t.mailer.sent.findLast((m) => m.to === opposing.email)!;
    expect(mail.subject).toContain('Smith v. Jones');
    expect(mail.text).toContain('Lena Lawyer invited you');

    const token = invitationToken(t, opposing.email);
    const page = await call(t, 'GET', `/api/invitations/${token}`);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ caseName: 'Smith v. Jones', state: 'opened', usable: true, invitedBy: { firstName: 'Lena', firmName: 'Firm LLP' } });
    expect((await call(t, 'GET', `/api/requests/${id}/invitation`, owner.cookie)).json()).toMatchObject({ state: 'opened' });

    // Before joining, the case is not theirs: 404 as for anyone else.
    expect((await call(t, 'GET', `/api/requests/${id}`, opposing.cookie)).statusCode).toBe(404);
    const joined = await call(t, 'POST', `/api/invitations/${token}/accept`, opposing.cookie);
    expect(joined.statusCode).toBe(200);
    expect(joined.json()).toEqual({ requestId: id, message: 'You joined Smith v. Jones' });

    const seen = (await call(t, 'GET', `/api/requests/${id}`, opposing.cookie)).json();
    // The payment's status (it may report a problem while held), never the first side's amounts.
    expect(seen).toMatchObject({ opposingLawyerId: opposing.user.id, fullAccess: true, paymentStatus: 'held', refund: null, settlement: null });
    expect(seen.sides).toMatchObject({
      mySeat: 'second',
      first: { firstName: 'Lena', firmName: 'Firm LLP' },
      second: { id: opposing.user.id },
      invitation: null,
    });
    const ownerView = (await call(t, 'GET', `/api/requests/${id}`, owner.cookie)).json();
    expect(ownerView.sides).toMatchObject({ mySeat: 'first', second: { id: opposing.user.id }, invitation: { state: 'joined' } });
    expect(ownerView.paymentStatus).toBe('held');

    const list = (await call(t, 'GET', '/api/requests', opposing.cookie)).json() as { id: string }[];
    expect(list.map((r) => r.id)).toContain(id);
    expect((await notes(owner.cookie)).find((n) => n.type === 'counsel_joined')?.message).toBe('Lena Lawyer joined Smith v. Jones as opposing counsel.');

    // The second side cannot act for the first: cancel and invite are the owner's.
    expect((await call(t, 'POST', `/api/requests/${id}/cancel`, opposing.cookie, {})).statusCode).toBe(403);
    expect((await invite(id, opposing.cookie, 'x@example.com')).statusCode).toBe(403);
    // A second invitation once someone joined: 409.
    expect((await invite(id, owner.cookie, 'y@example.com')).json().message).toBe('Opposing counsel has already joined this case');
  });

  it('a link used twice, revoked, expired or re-sent (old link): a clear message, nothing joined', async () => {
    const owner = await signUpLawyer(t);
    const a = await signUpLawyer(t);
    const b = await signUpLawyer(t);
    const id = await draft(owner.cookie);

    expect((await invite(id, owner.cookie, a.email)).statusCode).toBe(201);
    expect((await invite(id, owner.cookie, a.email)).json().message).toBe('An invitation is already out for this case: re-send or revoke it');
    const first = invitationToken(t, a.email);
    const resent = await call(t, 'POST', `/api/requests/${id}/invitation/resend`, owner.cookie);
    expect(resent.json()).toMatchObject({ state: 'sent', sendCount: 2 });
    expect((await call(t, 'GET', `/api/invitations/${first}`)).statusCode).toBe(404);
    expect((await call(t, 'POST', `/api/invitations/${first}/accept`, a.cookie)).json().message).toMatch(/not valid/);

    const revoked = await call(t, 'DELETE', `/api/requests/${id}/invitation`, owner.cookie);
    expect(revoked.json()).toMatchObject({ state: 'revoked' });
    const second = invitationToken(t, a.email);
    expect((await call(t, 'GET', `/api/invitations/${second}`)).json()).toMatchObject({ state: 'revoked', usable: false });
    expect((await call(t, 'POST', `/api/invitations/${second}/accept`, a.cookie)).json().message).toBe(
      'This invitation was withdrawn by the lawyer who sent it',
    );

    expect((await invite(id, owner.cookie, b.email)).statusCode).toBe(201);
    // 14 days on (sessions would end first: the invitation's time is moved instead of the clock).
    await t.ctx.db
      .update(caseInvitations)
      .set({ expiresAt: new Date(t.clock.now().getTime() - DAY) })
      .where(eq(caseInvitations.requestId, id));
    const late = invitationToken(t, b.email);
    expect((await call(t, 'GET', `/api/requests/${id}/invitation`, owner.cookie)).json().state).toBe('expired');
    const expired = await call(t, 'POST', `/api/invitations/${late}/accept`, b.cookie);
    expect(expired.statusCode).toBe(409);
    expect(expired.json().message).toMatch(/expired/);
    // An expired invitation can be re-sent (a new link, a new time), and then used once.
    expect((await call(t, 'POST', `/api/requests/${id}/invitation/resend`, owner.cookie)).json().state).toBe('sent');
    const fresh = invitationToken(t, b.email);
    expect((await call(t, 'POST', `/api/invitations/${fresh}/accept`, b.cookie)).statusCode).toBe(200);
    const again = await call(t, 'POST', `/api/invitations/${fresh}/accept`, a.cookie);
    expect(again.json().message).toBe('This invitation was already used to join the case');
    expect((await call(t, 'GET', `/api/requests/${id}`, a.cookie)).statusCode).toBe(404);
  });

  it('refuses the wrong people: signed out (401), a mediator (403), the inviting lawyer (409); a bad token is 404', async () => {
    const owner = await signUpLawyer(t);
    const mediator = await signUpMediator(t);
    const id = await draft(owner.cookie);
    await invite(id, owner.cookie, 'counsel@example.com');
    const token = invitationToken(t, 'counsel@example.com');
    expect((await call(t, 'POST', `/api/invitations/${token}/accept`)).json()).toMatchObject({
      message: 'Sign in or create a lawyer account to join this case',
    });
    expect((await call(t, 'POST', `/api/invitations/${token}/accept`, mediator.cookie)).statusCode).toBe(403);
    const self = await call(t, 'POST', `/api/invitations/${token}/accept`, owner.cookie);
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe('You posted this request: the invitation is for opposing counsel');
    expect((await call(t, 'GET', '/api/invitations/not-a-token')).statusCode).toBe(404);
    expect((await call(t, 'GET', `/api/invitations/${'x'.repeat(43)}`)).statusCode).toBe(404);
    // Still usable after the refusals: nothing was joined.
    expect((await call(t, 'GET', `/api/invitations/${token}`)).json().usable).toBe(true);
  });

  it('the request form may invite at once: the request and its invitation are created together, or neither', async () => {
    const owner = await signUpLawyer(t);
    const missing = await call(t, 'POST', '/api/requests', owner.cookie, validRequest({ inviteOpposingCounsel: true, opposingLawyerEmail: '' }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors).toEqual({ opposingLawyerEmail: "Opposing counsel's email is needed to invite them" });
    const self = await call(t, 'POST', '/api/requests', owner.cookie, validRequest({ inviteOpposingCounsel: true, opposingLawyerEmail: owner.email }));
    expect(self.json().fieldErrors).toEqual({ opposingLawyerEmail: 'You cannot invite yourself' });
    expect((await call(t, 'GET', '/api/requests', owner.cookie)).json()).toEqual([]);

    const email = `form.${Date.now().toString(36)}@example.com`;
    const created = await call(t, 'POST', '/api/requests', owner.cookie, validRequest({ inviteOpposingCounsel: true, opposingLawyerEmail: email }));
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    expect((await call(t, 'GET', `/api/requests/${id}/invitation`, owner.cookie)).json()).toMatchObject({
      state: 'sent',
      email,
      name: 'Olivia Opponent',
      firmName: 'Opponent LLP',
    });
    expect((await call(t, 'GET', `/api/invitations/${invitationToken(t, email)}`)).json()).toMatchObject({ caseName: 'Smith v. Jones', usable: true });
  });

  it('bad input: 400 with the field, after 404 and 403', async () => {
    const owner = await signUpLawyer(t);
    const other = await signUpLawyer(t);
    const id = await draft(owner.cookie);
    expect((await call(t, 'POST', `/api/requests/${id}/invitation`, other.cookie, { email: 'nope' })).statusCode).toBe(404);
    const bad = await call(t, 'POST', `/api/requests/${id}/invitation`, owner.cookie, { email: 'nope', name: ' ' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toMatchObject({ email: 'Invalid email address', name: 'Opposing counsel name is required' });
    const self = await invite(id, owner.cookie, owner.email);
    expect(self.json().fieldErrors).toEqual({ email: 'You cannot invite yourself' });
  });

  it('declining (no account needed) tells the inviter with the reason; the link is then spent', async () => {
    const owner = await signUpLawyer(t);
    const id = await draft(owner.cookie);
    await invite(id, owner.cookie, 'decliner@example.com');
    const token = invitationToken(t, 'decliner@example.com');
    const declined = await call(t, 'POST', `/api/invitations/${token}/decline`, undefined, { reason: 'We do not consent to mediation yet' });
    expect(declined.statusCode).toBe(200);
    expect((await call(t, 'GET', `/api/requests/${id}/invitation`, owner.cookie)).json()).toMatchObject({
      state: 'declined',
      declineReason: 'We do not consent to mediation yet',
    });
    expect((await notes(owner.cookie)).find((n) => n.type === 'invitation_declined')?.message).toBe(
      'Olivia Opponent declined to join Smith v. Jones: “We do not consent to mediation yet”',
    );
    expect((await call(t, 'POST', `/api/invitations/${token}/decline`, undefined, {})).json().message).toBe('This invitation was declined');
    // A new invitation may go out after a decline.
    expect((await invite(id, owner.cookie, 'someone-else@example.com')).statusCode).toBe(201);
  });

  it('a one-sided request answers as before: no second side, sides for participants only, lists unchanged', async () => {
    const owner = await signUpLawyer(t);
    const mediator = await signUpMediator(t);
    await setTier(t, mediator.user.id, 'pro');
    const id = await createLiveRequest(t, owner.cookie);
    const mine = (await call(t, 'GET', `/api/requests/${id}`, owner.cookie)).json();
    expect(mine).toMatchObject({ opposingLawyerId: null, selectionProposal: null, sides: { mySeat: 'first', second: null, invitation: null, parties: [] } });
    const theirs = (await call(t, 'GET', `/api/requests/${id}`, mediator.cookie)).json();
    expect(theirs.sides).toBeNull();
  });

  it('the selected mediator hears of the join, and sees both counsel', async () => {
    const owner = await signUpLawyer(t);
    const mediator = await signUpMediator(t);
    await setTier(t, mediator.user.id, 'pro');
    const id = await createLiveRequest(t, owner.cookie);
    await call(t, 'POST', `/api/requests/${id}/accept`, mediator.cookie, { noConflictConfirmed: true });
    expect((await call(t, 'POST', `/api/requests/${id}/select-mediator/${mediator.user.id}`, owner.cookie)).statusCode).toBe(200);
    const opposing = await inviteAndJoin(t, owner.cookie, id);
    expect((await notes(mediator.cookie)).some((n) => n.type === 'counsel_joined')).toBe(true);
    const seen = (await call(t, 'GET', `/api/requests/${id}`, mediator.cookie)).json();
    expect(seen.sides).toMatchObject({ mySeat: 'mediator', first: { id: owner.user.id }, second: { id: opposing.user.id } });
    const second = (await call(t, 'GET', `/api/requests/${id}`, opposing.cookie)).json();
    expect(second.counterpart).toMatchObject({ id: mediator.user.id, role: 'mediator' });
  });
});
