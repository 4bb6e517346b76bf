import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signUpLawyer } from '../../../../tests/helpers/accounts';
import { backends } from '../../../../tests/helpers/backends';
import { acceptingMediators, daysOn, expectMoneyWhole, feeSplitOf, moneyOf, notesOf, payShare, twoSided } from '../../../../tests/helpers/fee-split';
import { recordedJobs, runDueJobs } from '../../../../tests/helpers/jobs';
import { call, createLiveRequest } from '../../../../tests/helpers/requests';
import { createTestApp, sessionCookie, type TestApp } from '../../../../tests/helpers/test-app';
import { invitationToken } from '../../../../tests/helpers/two-sided';
import { ensureAdmin } from '../users/accounts.service';

// The deadline of an unpaid share (issue 24, decision 051): due 7 days after the other side joins (the admin's
// setting), or by the preferred date if sooner; a reminder two days before; at the deadline a share still unpaid
// closes the case as unfunded and everything paid goes back to whoever paid it. Both are durable jobs.

const DAY = 24 * 3600_000;

describe.each(backends)('the deadline of an unpaid share on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  const adminEmail = `deadline.admin.${backend}@example.com`;
  beforeAll(async () => {
    t = await createTestApp(backend);
    await ensureAdmin(t.ctx, adminEmail, PASSWORD);
    admin = sessionCookie(await call(t, 'POST', '/api/login', undefined, { email: adminEmail, password: PASSWORD }));
  });
  afterAll(async () => {
    await t?.close();
  });

  const detail = async (id: string, cookie: string) => (await call(t, 'GET', `/api/requests/${id}`, cookie)).json();
  const utc = (d: Date) =>
    `${d.toLocaleString('en-US', { month: 'short', day: '2-digit', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'UTC' })} UTC`;
  /** A fresh session: a week on the test clock ends an idle one. */
  const relogin = async <A extends { email: string; cookie: string }>(who: A): Promise<A> => ({
    ...who,
    cookie: sessionCookie(await call(t, 'POST', '/api/login', undefined, { email: who.email, password: PASSWORD })),
  });
  /** Moves the clock to `at` (never back) and runs the jobs due by then. */
  const runUntil = async (at: number) => {
    t.clock.advance(Math.max(0, at - t.clock.now().getTime()));
    await runDueJobs(t);
  };

  it('unpaid: a reminder two days before, then the case closes unfunded and the inviting side’s deposit goes back whole', async () => {
    const joinedAt = t.clock.now().getTime();
    const { owner, opposing, id } = await twoSided(t);
    const [mediator] = await acceptingMediators(t, id);
    const dueBy = new Date(joinedAt + 7 * DAY);
    expect((await feeSplitOf(t, id, opposing.cookie)).dueBy).toBe(dueBy.toISOString());

    await runUntil(joinedAt + 5 * DAY);
    const reminder = (await notesOf(t, opposing.cookie)).find((n) => n.title === 'Your share is due soon');
    expect(reminder).toMatchObject({
      type: 'share_due',
      message: `Your share of the fee for Smith v. Jones ($125) is due by ${utc(dueBy)}. If it is not paid by then, the case closes and everything paid is refunded.`,
    });
    expect((await notesOf(t, owner.cookie)).some((n) => n.title === 'Your share is due soon')).toBe(false);
    expect((await detail(id, owner.cookie)).status).toBe('awaiting_selection');

    await runUntil(dueBy.getTime());
    const [ownerNow, opposingNow, mediatorNow] = [await relogin(owner), await relogin(opposing), await relogin(mediator)];
    const closed = await detail(id, ownerNow.cookie);
    expect(closed).toMatchObject({ status: 'cancelled' });
    expect(closed.sides.feeSplit).toMatchObject({ unfundedAt: dueBy.toISOString(), dueBy: null });
    const text = `Smith v. Jones closed unfunded: the opposing side's share was not paid by ${utc(dueBy)}. Everything paid is refunded to whoever paid it`;
    // Each payer is told its own refund; the others, that the money went back.
    for (const [who, tail] of [
      [ownerNow, ': $250 to your card.'],
      [opposingNow, '.'],
      [mediatorNow, '.'],
    ] as const)
      expect((await notesOf(t, who.cookie)).find((n) => n.title === 'Case closed: a share was not paid')?.message).toBe(text + tail);
    expect(await moneyOf(t, id, owner.user.id)).toEqual({ charged: 25_000, refunded: 25_000, toMediator: 0, fee: 0, held: 0 });
    await expectMoneyWhole(t, id);
    // Run again (a retry, a second instance): nothing more.
    for (const job of recordedJobs(t, 'share.deadline').filter((j) => j.data.requestId === id)) job.done = false;
    await runDueJobs(t);
    expect(await moneyOf(t, id, owner.user.id)).toMatchObject({ refunded: 25_000 });
  });

  it('paid in time: the reminder and the deadline change nothing', async () => {
    const joinedAt = t.clock.now().getTime();
    const { opposing, id } = await twoSided(t);
    await payShare(t, opposing, id, 'second');
    expect((await feeSplitOf(t, id, opposing.cookie)).dueBy).toBeNull();
    await runUntil(joinedAt + 8 * DAY);
    const again = await relogin(opposing);
    expect((await detail(id, again.cookie)).status).toBe('pending_mediators');
    expect((await notesOf(t, again.cookie)).some((n) => n.type === 'share_due')).toBe(false);
    await expectMoneyWhole(t, id);
  });

  it('the preferred date comes first: due at its start; the admin’s setting sets the days (1 to 90)', async () => {
    admin = (await relogin({ email: adminEmail, cookie: admin })).cookie;
    const soon = await twoSided(t, undefined, { preferredDate: daysOn(t, 4) });
    expect((await feeSplitOf(t, soon.id, soon.owner.cookie)).dueBy).toBe(`${daysOn(t, 4)}T00:00:00.000Z`);

    for (const [value, message] of [
      [0, 'Share deadline must be at least 1 day'],
      [91, 'Share deadline must be at most 90'],
      [1.5, 'Share deadline must be a whole number'],
    ] as const) {
      const refused = await call(t, 'PATCH', '/api/admin/settings', admin, { shareDueDays: value });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().fieldErrors).toEqual({ shareDueDays: message });
    }
    const set = await call(t, 'PATCH', '/api/admin/settings', admin, { shareDueDays: 3 });
    expect(set.statusCode).toBe(200);
    expect(set.json().shareDueDays).toBe(3);
    const now = t.clock.now().getTime();
    const short = await twoSided(t);
    expect((await feeSplitOf(t, short.id, short.owner.cookie)).dueBy).toBe(new Date(now + 3 * DAY).toISOString());
    expect((await call(t, 'PATCH', '/api/admin/settings', admin, { shareDueDays: 7 })).statusCode).toBe(200);
  });

  it('a split agreed after joining starts the clock then', async () => {
    const owner = await signUpLawyer(t);
    const opposing = await signUpLawyer(t);
    const id = await createLiveRequest(t, owner.cookie);
    await call(t, 'POST', `/api/requests/${id}/invitation`, owner.cookie, { email: opposing.email, name: 'Olivia Opponent' });
    await call(t, 'POST', `/api/invitations/${invitationToken(t, opposing.email)}/accept`, opposing.cookie, { firstSidePercent: 70, secondSidePercent: 30 });
    expect((await feeSplitOf(t, id, owner.cookie)).dueBy).toBeNull();
    t.clock.advance(DAY);
    const agreedAt = t.clock.now().getTime();
    expect((await call(t, 'POST', `/api/requests/${id}/fee-split/accept`, owner.cookie)).statusCode).toBe(200);
    expect((await feeSplitOf(t, id, owner.cookie)).dueBy).toBe(new Date(agreedAt + 7 * DAY).toISOString());
  });

  it('a selection waiting for the shares at the deadline: closed unfunded, each balance share and deposit refunded whole, the mediator told', async () => {
    const joinedAt = t.clock.now().getTime();
    const { owner, opposing, id } = await twoSided(t);
    const [mediator] = await acceptingMediators(t, id);
    expect((await call(t, 'POST', `/api/requests/${id}/select-mediator/${mediator.user.id}`, owner.cookie)).statusCode).toBe(202);
    expect((await call(t, 'POST', `/api/requests/${id}/selection-proposal/approve`, opposing.cookie)).json().status).toBe('awaiting_selection');
    // The join's deadline stands (a later event never hurries a side).
    expect((await feeSplitOf(t, id, owner.cookie)).dueBy).toBe(new Date(joinedAt + 7 * DAY).toISOString());
    expect(await moneyOf(t, id, owner.user.id)).toMatchObject({ charged: 25_000 + 57_500 });
    await runUntil(joinedAt + 7 * DAY);
    expect((await detail(id, (await relogin(owner)).cookie)).status).toBe('cancelled');
    expect(await moneyOf(t, id, owner.user.id)).toEqual({ charged: 82_500, refunded: 82_500, toMediator: 0, fee: 0, held: 0 });
    expect((await notesOf(t, (await relogin(mediator)).cookie)).some((n) => n.title === 'Case closed: a share was not paid')).toBe(true);
    await expectMoneyWhole(t, id);
  });
});
