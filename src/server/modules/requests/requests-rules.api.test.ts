import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signUpLawyer, signUpMediator } from '../../../../tests/helpers/accounts';
import { backends } from '../../../../tests/helpers/backends';
import { call, CARDS, createLiveRequest, setTier, validRequest } from '../../../../tests/helpers/requests';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { mediationRequests, notifications, platformSettings, providerCharges } from '../../db/schema';
import { runJob } from '../../jobs/handlers';
import type { RecordingScheduler } from '../../jobs/scheduler';
import { findPaymentForRequest, ledgerFor } from '../payments/payments.repo';
import { expectLedgerWhole } from '../../../../tests/helpers/ledger';

// Business rules of requests over HTTP (RULES.md 1, 2, 4, 5, 7 and spec 5).
type Account = Awaited<ReturnType<typeof signUpLawyer>>;
const MIN = 60_000;
const FREE_COUNTER = 'Free tier members cannot propose custom rates. Upgrade to Pro or Unlimited to unlock counteroffer capabilities.';

describe.each(backends)('request rules on %s', (backend) => {
  let t: TestApp;
  let lawyer: Account;
  let otherLawyer: Account;
  const opened: { id: string; cookie: string }[] = [];
  beforeAll(async () => {
    t = await createTestApp(backend);
    lawyer = await signUpLawyer(t);
    otherLawyer = await signUpLawyer(t);
  });
  // Every live request of a test is cancelled afterwards (so none is "open to all" in the next test), and the
  // ledger invariant is checked before and after that cancellation.
  afterEach(async () => {
    for (const { id, cookie } of opened.splice(0)) {
      await expectLedgerWhole(t, id);
      expect([200, 409]).toContain((await call(t, 'POST', `/api/requests/${id}/cancel`, cookie)).statusCode);
      await expectLedgerWhole(t, id);
    }
  });
  afterAll(async () => {
    // The harness drops the database WITH (FORCE) as soon as pool.end() resolves, while idle sockets may still be closing:
    // their 'terminating connection' error must not surface as an uncaught exception.
    t?.ctx.database.pool?.on('error', () => undefined);
    await t?.close();
  });

  const live = async (overrides: Record<string, unknown> = {}, cookie = lawyer.cookie) =>
    createLiveRequest(t, cookie, overrides).then((id) => (opened.push({ id, cookie }), id));
  const mediator = async (tier: 'free' | 'pro' | 'unlimited' = 'pro', profile: Record<string, unknown> = {}) =>
    signUpMediator(t, profile).then(async (m) => (await setTier(t, m.user.id, tier), m));
  const create = (overrides: Record<string, unknown>) => call(t, 'POST', '/api/requests', lawyer.cookie, validRequest(overrides));
  const accept = (id: string, cookie: string, body: Record<string, unknown> = {}) =>
    call(t, 'POST', `/api/requests/${id}/accept`, cookie, { noConflictConfirmed: true, ...body });
  const select = (id: string, mediatorId: string, cookie = lawyer.cookie) => call(t, 'POST', `/api/requests/${id}/select-mediator/${mediatorId}`, cookie);
  const get = (id: string, cookie = lawyer.cookie) => call(t, 'GET', `/api/requests/${id}`, cookie);
  const ids = async (url: string, cookie: string) => ((await call(t, 'GET', url, cookie)).json() as { id: string }[]).map((r) => r.id);
  const notes = (userId: string, type: string) =>
    t.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.type, type as 'new_request')));
  const toldAbout = async (cookie: string, id: string) =>
    ((await call(t, 'GET', '/api/notifications', cookie)).json() as { type: string; linkUrl: string }[]).filter(
      (n) => n.type === 'new_request' && n.linkUrl === `/requests/${id}`,
    ).length;

  it('create: every required field answers 400 with the spec text', async () => {
    const texts: Record<string, string> = {
      ...{
        caseNumber: 'Case number is required',
        caseName: 'Case name is required',
        caseType: 'Case type is required',
        jurisdiction: 'Jurisdiction is required',
      },
      ...{ budget: 'Budget is required', description: 'Please provide a detailed description', mediationType: 'Please select mediation type' },
    };
    for (const [field, text] of Object.entries(texts)) {
      for (const value of [undefined, '', '   ']) {
        const body: Record<string, unknown> = validRequest({ [field]: value });
        if (value === undefined) delete body[field];
        const res = await call(t, 'POST', '/api/requests', lawyer.cookie, body);
        expect({ field, value, status: res.statusCode, message: res.json().message, error: res.json().fieldErrors?.[field] }).toEqual({
          field,
          value,
          status: 400,
          message: text,
          error: text,
        });
      }
    }
    const amount = 'Enter an amount greater than 0 with at most two decimals (up to 99,999,999.99)';
    const more: [Record<string, unknown>, string, string][] = [
      [{ description: 'Too short' }, 'description', texts.description],
      [{ budget: 'lots' }, 'budget', amount],
    ];
    more.push(
      [{ mediationType: 'telephone' }, 'mediationType', texts.mediationType],
      [{ opposingLawyerEmail: 'nope' }, 'opposingLawyerEmail', 'Invalid email address'],
      [{ budget: '1400.001' }, 'budget', amount],
    );
    for (const [overrides, field, text] of more) {
      const res = await create(overrides);
      expect([res.statusCode, res.json().fieldErrors?.[field]]).toEqual([400, text]);
    }
  });

  it('pricing: hourly needs a rate and 2, 4 or 8 hours and clears the flat fee; flat needs 700, 1200 or 2000 and clears both', async () => {
    const errorOf = async (overrides: Record<string, unknown>, field: string) => {
      const res = await create(overrides);
      return res.statusCode === 400 ? res.json().fieldErrors?.[field] : `status ${res.statusCode}`;
    };
    expect(await errorOf({ hourlyRate: undefined }, 'hourlyRate')).toBe('Hourly rate is required when using hourly pricing');
    expect(await errorOf({ hourlyRate: '' }, 'hourlyRate')).toBe('Hourly rate is required when using hourly pricing');
    expect(await errorOf({ hoursNeeded: null }, 'hoursNeeded')).toBe('Hours needed is required when using hourly pricing');
    for (const hours of [1, 3, 6, 16, 'four']) expect(await errorOf({ hoursNeeded: hours }, 'hoursNeeded')).toBe('Hours needed must be 2, 4 or 8');
    expect(await errorOf({ hourlyRate: -5 }, 'hourlyRate')).toMatch(/greater than 0/);
    expect(await errorOf({ pricingModel: 'flat' }, 'flatFee')).toBe('Flat fee is required when using flat fee pricing');
    for (const fee of [1000, '750', 1200.5])
      expect(await errorOf({ pricingModel: 'flat', flatFee: fee }, 'flatFee')).toBe('Flat fee must be $700, $1,200 or $2,000');
    expect(await errorOf({ pricingModel: 'monthly' }, 'pricingModel')).toBe('Pricing model must be hourly or flat');

    const flat = await create({ pricingModel: 'flat', flatFee: '2000', budget: 2000 });
    expect(flat.json()).toMatchObject({
      pricingModel: 'flat',
      flatFee: '2000.00',
      hourlyRate: null,
      hoursNeeded: null,
      budget: '2000.00',
      platformFee: '200.00',
    });
    const hourly = await create({ flatFee: 700, hourlyRate: '350.5', hoursNeeded: '8' });
    expect(hourly.json()).toMatchObject({ pricingModel: 'hourly', flatFee: null, hourlyRate: '350.50', hoursNeeded: 8 });
  });

  it('budget at least the deposit; preferred date a real day, not in the past', async () => {
    const low = await create({ budget: '249.99' });
    expect([low.statusCode, low.json().message, low.json().fieldErrors.budget]).toEqual([
      400,
      expect.stringContaining('$250'),
      'Budget must be at least $250 (the deposit)',
    ]);
    expect((await create({ budget: 250 })).json()).toMatchObject({ budget: '250.00', platformFee: '50.00', mediatorPayout: '200.00' });
    const today = t.clock.now().toISOString().slice(0, 10);
    const yesterday = new Date(t.clock.now().getTime() - 24 * 60 * MIN).toISOString().slice(0, 10);
    expect((await create({ preferredDate: yesterday })).json()).toMatchObject({ fieldErrors: { preferredDate: 'Preferred date cannot be in the past' } });
    for (const bad of ['2026-02-30', '2026-13-01', 'tomorrow']) {
      expect((await create({ preferredDate: bad })).json()).toMatchObject({
        fieldErrors: { preferredDate: 'Preferred date must be a valid date (YYYY-MM-DD)' },
      });
    }
    expect((await create({ trialDate: '2026-02-30' })).json().fieldErrors.trialDate).toMatch(/valid date/);
    expect((await create({ preferredDate: today })).statusCode).toBe(201);
  });

  it('matching: trimmed and case-insensitive; Pro and Unlimited at once, Free after 5 minutes, everyone after 20 only if nobody accepted', async () => {
    const pro = await mediator('pro', { jurisdiction: ' CALIFORNIA ', specializations: ['  family LAW '] });
    const [unlimited, free, texas] = [await mediator('unlimited'), await mediator('free'), await mediator('pro', { jurisdiction: 'Texas' })];
    const quiet = await live({ jurisdiction: '  california', caseType: 'FAMILY law  ' });
    const taken = await live({ caseName: 'Taken early' });
    for (const m of [pro, unlimited]) expect(await ids('/api/requests?view=available', m.cookie)).toEqual(expect.arrayContaining([quiet, taken]));
    expect((await get(quiet, free.cookie)).statusCode).toBe(404);
    expect((await accept(taken, unlimited.cookie)).statusCode).toBe(201);

    t.clock.advance(5 * MIN - 1000);
    expect((await get(quiet, free.cookie)).statusCode).toBe(404);
    t.clock.advance(1000);
    expect(await ids('/api/requests?view=available', free.cookie)).toEqual(expect.arrayContaining([quiet, taken]));
    t.clock.advance(15 * MIN - 1000);
    expect((await get(quiet, texas.cookie)).statusCode).toBe(404);
    expect(await ids('/api/requests?view=available', texas.cookie)).not.toContain(quiet);
    t.clock.advance(1000);
    expect(await ids('/api/requests?view=available', texas.cookie)).toContain(quiet);
    expect((await get(taken, texas.cookie)).statusCode).toBe(404);
    expect((await accept(taken, texas.cookie)).statusCode).toBe(404);
    expect((await accept(quiet, texas.cookie)).statusCode).toBe(201);
  });

  it('jobs: head start and open-to-all are recorded; running them tells only mediators not told before, never twice', async () => {
    const jobs = t.ctx.jobs as RecordingScheduler;
    const [pro, free, texas] = [await mediator('pro'), await mediator('free'), await mediator('pro', { jurisdiction: 'Texas' })];
    const goLive = t.clock.now().getTime();
    const id = await live({ caseName: 'Announced' });
    const early = await live({ caseName: 'Accepted in the window' });
    const jobsOf = (rid: string) => jobs.jobs.filter((j) => j.data.requestId === rid);
    expect(jobsOf(id).map((j) => [j.name, j.runAt.getTime() - goLive])).toEqual([
      ['request.free-head-start', 5 * MIN],
      ['request.open-to-all', 20 * MIN],
    ]);
    const runDue = async () => {
      for (const job of jobs.due(t.clock.now())) await runJob(t.ctx, job.name, job.data).then(() => (job.done = true));
    };
    const counts = async (rid: string) => [await toldAbout(pro.cookie, rid), await toldAbout(free.cookie, rid), await toldAbout(texas.cookie, rid)];
    expect(await counts(id)).toEqual([1, 0, 0]);
    expect((await accept(early, pro.cookie)).statusCode).toBe(201);
    await runDue();
    expect(await counts(id)).toEqual([1, 0, 0]);
    t.clock.advance(5 * MIN);
    await runDue();
    expect(await counts(id)).toEqual([1, 1, 0]);
    t.clock.advance(15 * MIN);
    await runDue();
    expect(await counts(id)).toEqual([1, 1, 1]);
    expect(await counts(early)).toEqual([1, 1, 0]); // somebody accepted before the window closed: not open to all
    for (const job of [...jobsOf(id), ...jobsOf(early), ...jobsOf(id)]) await runJob(t.ctx, job.name, job.data);
    expect(await counts(id)).toEqual([1, 1, 1]);
    const twice = await t.ctx.db.execute(
      sql`SELECT user_id FROM notifications WHERE type = 'new_request' AND link_url IN (${`/requests/${id}`}, ${`/requests/${early}`}) GROUP BY user_id, link_url HAVING count(*) > 1`,
    );
    expect((twice as unknown as { rows: unknown[] }).rows).toEqual([]);
  });

  it('tabs and counts: available, accepted, completed for mediators; counts by status for lawyers', async () => {
    const owner = await signUpLawyer(t);
    const m = await mediator('pro');
    const [matched, awaiting, open, done] = [
      await live({}, owner.cookie),
      await live({}, owner.cookie),
      await live({}, owner.cookie),
      await live({}, owner.cookie),
    ];
    await call(t, 'POST', '/api/requests', owner.cookie, validRequest({ caseName: 'Still a draft' }));
    for (const id of [matched, awaiting, done]) expect((await accept(id, m.cookie)).statusCode).toBe(201);
    for (const id of [matched, done]) expect((await select(id, m.user.id, owner.cookie)).statusCode).toBe(200);
    await t.ctx.db.update(mediationRequests).set({ status: 'completed', completedAt: t.clock.now() }).where(eq(mediationRequests.id, done));

    expect(await ids('/api/requests?view=available', m.cookie)).toEqual([open]);
    expect((await ids('/api/requests?view=accepted', m.cookie)).sort()).toEqual([matched, awaiting].sort());
    expect(await ids('/api/requests?view=completed', m.cookie)).toEqual([done]);
    expect(await ids('/api/requests', m.cookie)).toEqual([open]); // the default tab is Available
    expect((await call(t, 'GET', '/api/requests/counts', m.cookie)).json()).toEqual({ available: 1, accepted: 2, completed: 1 });
    expect((await call(t, 'GET', '/api/requests?view=everything', m.cookie)).statusCode).toBe(400);
    expect((await call(t, 'GET', '/api/requests/counts', owner.cookie)).json()).toEqual({
      draft: 1,
      pending_mediators: 1,
      awaiting_selection: 1,
      matched: 1,
      completed: 1,
    });
    expect(await ids('/api/requests', owner.cookie)).toHaveLength(5);
  });

  it('monthly cap, withdraw and the limit of three acceptances', async () => {
    const free = await mediator('free');
    const requests = [await live(), await live(), await live(), await live()];
    t.clock.advance(5 * MIN);
    for (const id of requests.slice(0, 3)) expect((await accept(id, free.cookie)).statusCode).toBe(201);
    const capped = await accept(requests[3], free.cookie);
    expect(capped.statusCode).toBe(403);
    expect(capped.json().message).toBe(
      'You have reached your monthly limit of 3 mediations on the Free plan. Upgrade your subscription to accept more requests this month.',
    );
    expect((await get(requests[0])).json()).toMatchObject({ status: 'awaiting_selection', acceptanceCount: 1 });
    expect((await call(t, 'DELETE', `/api/requests/${requests[0]}/acceptance`, free.cookie)).statusCode).toBe(200);
    expect((await get(requests[0])).json()).toMatchObject({ status: 'pending_mediators', acceptanceCount: 0 });
    expect((await call(t, 'DELETE', `/api/requests/${requests[0]}/acceptance`, free.cookie)).statusCode).toBe(404);
    expect((await accept(requests[3], free.cookie)).statusCode).toBe(201);
    expect((await accept(requests[0], free.cookie)).statusCode).toBe(403);

    const full = await live({ caseName: 'Three is enough' });
    const pros = [await mediator(), await mediator(), await mediator(), await mediator()];
    for (const m of pros.slice(0, 3)) expect((await accept(full, m.cookie)).statusCode).toBe(201);
    expect(await ids('/api/requests?view=available', pros[3].cookie)).not.toContain(full);
    expect((await accept(full, pros[3].cookie)).statusCode).toBe(409);
    expect((await accept(full, pros[0].cookie)).statusCode).toBe(409);
    expect((await call(t, 'DELETE', `/api/requests/${full}/acceptance`, pros[1].cookie)).statusCode).toBe(200);
    expect((await get(full)).json()).toMatchObject({ status: 'awaiting_selection', acceptanceCount: 2 });
    const left = (await call(t, 'GET', `/api/requests/${full}/pending-acceptances`, lawyer.cookie)).json() as { mediatorId: string }[];
    expect(left.map((a) => a.mediatorId).sort()).toEqual([pros[0].user.id, pros[2].user.id].sort());
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
