import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../../tests/helpers/backends';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { startJobs } from './boss';

// pg-boss itself, on both databases: jobs are durable rows in the `pgboss` schema, deduplicated by singleton key.
describe.each(backends)('durable jobs on %s', (backend) => {
  let t: TestApp;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    t = await createTestApp(backend);
    const jobs = await startJobs(t.ctx, { work: false });
    expect(t.ctx.jobs).toBe(jobs.scheduler); // startJobs installs pg-boss as the context's scheduler
    stop = jobs.stop;
  });
  afterAll(async () => {
    await stop?.();
    await t?.close();
  });

  it('stores a scheduled job once per singleton key, due at its time', async () => {
    const runAt = new Date(Date.now() + 20 * 60_000);
    const requestId = '11111111-2222-4333-8444-555555555555';
    await t.ctx.jobs.schedule('request.open-to-all', { requestId }, runAt, `open-to-all:${requestId}`);
    await t.ctx.jobs.schedule('request.open-to-all', { requestId }, runAt, `open-to-all:${requestId}`);
    const rows = (await t.ctx.db.execute(sql`SELECT name, data, start_after, state FROM pgboss.job WHERE name = 'request.open-to-all'`)) as unknown as {
      rows: { name: string; data: { requestId: string }; start_after: string | Date; state: string }[];
    };
    expect(rows.rows).toHaveLength(1);
    expect(rows.rows[0].data.requestId).toBe(requestId);
    expect(rows.rows[0].state).toBe('created');
    expect(Math.abs(new Date(rows.rows[0].start_after).getTime() - runAt.getTime())).toBeLessThan(1000);
  });
});
