import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUpLawyer, type Account } from '../../../../tests/helpers/accounts';
import { backends } from '../../../../tests/helpers/backends';
import { MIN, useRequestRulesApp } from '../../../../tests/helpers/request-fixtures';
import { call, validRequest } from '../../../../tests/helpers/requests';
import type { TestApp } from '../../../../tests/helpers/test-app';
import { mediationRequests } from '../../db/schema';
import { runJob } from '../../jobs/handlers';
import type { RecordingScheduler } from '../../jobs/scheduler';

// Business rules of requests over HTTP (RULES.md 1, 2, 4, 5, 7 and spec 5), who sees and takes a live request: matching,
// the head-start and open-to-all jobs, the tabs and their counts, the monthly cap and the limit of three acceptances.
// The set-up is shared with the other requests-rules.*.api.test.ts (tests/helpers/request-fixtures.ts).

describe.each(backends)('request rules on %s', (backend) => {
  const rules = useRequestRulesApp(backend);
  const { live, mediator, accept, select, get, ids, toldAbout } = rules;
  let t: TestApp;
  let lawyer: Account;
  beforeAll(() => {
    ({ t, lawyer } = rules);
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
});
