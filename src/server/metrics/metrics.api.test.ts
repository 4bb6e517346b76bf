import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { signUpLawyer } from '../../../tests/helpers/accounts';
import { backends } from '../../../tests/helpers/backends';
import { call, validRequest } from '../../../tests/helpers/requests';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { parseEnv } from '../env';
import { startJobs } from '../jobs/boss';

// Decision 059: GET /metrics, Prometheus's text format, behind METRICS_TOKEN.

const TOKEN = 'metrics-token-for-the-tests-0123456789abcdef';
const ORIGIN = 'http://localhost:3000'; // the test app's PUBLIC_URL

/** The sample lines of one metric, label sets in any order. */
const samples = (body: string, name: string) => body.split('\n').filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `));
const hasLabels = (line: string, labels: Record<string, string>) => Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`));
const valueOf = (line: string | undefined) => Number(line?.split(' ').pop());

describe.each(backends)('GET /metrics with METRICS_TOKEN set, on %s', (backend) => {
  let t: TestApp;
  let stopJobs: () => Promise<void>;
  let socket: WebSocket;
  let requestId: string;

  const scrape = (authorization?: string) => t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

  beforeAll(async () => {
    t = await createTestApp(backend, { env: { METRICS_TOKEN: TOKEN } });
    stopJobs = (await startJobs(t.ctx, { work: false })).stop;
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const lawyer = await signUpLawyer(t);
    socket = new WebSocket(`${address.replace('http', 'ws')}/ws`, { headers: { cookie: lawyer.cookie, origin: ORIGIN } });
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));

    const created = await call(t, 'POST', '/api/requests', lawyer.cookie, validRequest());
    expect(created.statusCode, created.body).toBe(201);
    requestId = created.json().id;
    expect((await call(t, 'GET', `/api/requests/${requestId}`, lawyer.cookie)).statusCode).toBe(200);
    expect((await call(t, 'GET', '/api/health')).statusCode).toBe(200);
    expect((await call(t, 'GET', '/api/no-such-thing')).statusCode).toBe(404);
    // A job due an hour ago that no worker took (work: false): the queue's lag.
    await t.ctx.jobs.schedule('request.open-to-all', { requestId }, new Date(Date.now() - 3_600_000), `metrics-test:${requestId}`);
  });
  afterAll(async () => {
    socket?.terminate();
    await stopJobs?.();
    await t?.close();
  });

  it('answers in the Prometheus text format: requests by route pattern, the state gauges and the process metrics', async () => {
    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.body;

    // Per route, by the pattern Fastify matched: never the id itself, whatever the path.
    expect(body).not.toContain(requestId);
    const counted = samples(body, 'mediatehub_http_requests_total');
    expect(valueOf(counted.find((l) => hasLabels(l, { method: 'GET', route: '/api/requests/:id', status: '200' })))).toBe(1);
    expect(valueOf(counted.find((l) => hasLabels(l, { method: 'GET', route: '/api/health', status: '200' })))).toBe(1);
    expect(valueOf(counted.find((l) => hasLabels(l, { method: 'GET', route: 'unmatched', status: '404' })))).toBe(1);
    expect(valueOf(counted.find((l) => hasLabels(l, { method: 'POST', route: '/api/requests', status: '201' })))).toBe(1);
    const buckets = samples(body, 'mediatehub_http_request_duration_seconds_bucket').filter((l) => hasLabels(l, { route: '/api/requests/:id' }));
    expect(buckets.map((l) => /le="([^"]+)"/.exec(l)?.[1])).toEqual(['0.005', '0.01', '0.025', '0.05', '0.1', '0.2', '0.5', '1', '2.5', '5', '10', '+Inf']);
    expect(valueOf(buckets.at(-1))).toBe(1);
    expect(valueOf(samples(body, 'mediatehub_http_request_duration_seconds_count').find((l) => hasLabels(l, { route: '/api/requests/:id' })))).toBe(1);

    // Read at scrape time.
    expect(valueOf(samples(body, 'mediatehub_websocket_connections')[0])).toBe(1);
    expect(samples(body, 'mediatehub_outbox_oldest_undelivered_seconds')).toHaveLength(1);
    expect(valueOf(samples(body, 'mediatehub_outbox_oldest_undelivered_seconds')[0])).toBeGreaterThanOrEqual(0);
    expect(samples(body, 'mediatehub_outbox_undelivered')).toHaveLength(1);
    const jobs = samples(body, 'mediatehub_jobs');
    expect(valueOf(jobs.find((l) => hasLabels(l, { queue: 'request.open-to-all', state: 'waiting' })))).toBe(1);
    expect(valueOf(jobs.find((l) => hasLabels(l, { queue: 'payment.payout', state: 'failed' })))).toBe(0);
    const oldestJob = valueOf(samples(body, 'mediatehub_jobs_oldest_waiting_seconds').find((l) => hasLabels(l, { queue: 'request.open-to-all' })));
    expect(oldestJob).toBeGreaterThan(3_500);
    expect(valueOf(samples(body, 'mediatehub_payment_steps_pending')[0])).toBe(0);
    expect(valueOf(samples(body, 'mediatehub_payment_steps_pending_oldest_seconds')[0])).toBe(0);
    for (const source of ['outbox', 'jobs', 'payment_steps']) {
      expect(valueOf(samples(body, 'mediatehub_metrics_source_up').find((l) => hasLabels(l, { source }))), source).toBe(1);
    }
    // node-postgres's pool on the server; PGlite is one in-process connection, with no pool to report.
    const pool = ['max', 'total', 'idle', 'waiting'].map((name) => samples(body, `mediatehub_db_pool_${name}`));
    if (backend === 'postgres') {
      expect(pool.map((lines) => lines.length)).toEqual([1, 1, 1, 1]);
      expect(valueOf(pool[0][0])).toBe(t.ctx.database.pool!.options.max);
      expect(valueOf(pool[1][0])).toBeGreaterThanOrEqual(1);
    } else {
      expect(pool.flat()).toEqual([]);
    }

    // prom-client's process metrics, under the same prefix.
    for (const name of ['mediatehub_process_cpu_seconds_total', 'mediatehub_process_resident_memory_bytes', 'mediatehub_nodejs_eventloop_lag_p99_seconds']) {
      expect(samples(body, name), name).toHaveLength(1);
    }
  });

  it('counts each scrape under /metrics, and keeps counting', async () => {
    await scrape(`Bearer ${TOKEN}`);
    const body = (await scrape(`Bearer ${TOKEN}`)).body;
    const scrapes = samples(body, 'mediatehub_http_requests_total').find((l) => hasLabels(l, { route: '/metrics', status: '200' }));
    expect(valueOf(scrapes)).toBeGreaterThanOrEqual(2);
  });

  it('refuses a scrape without the token, with a wrong one or another scheme: 401 with the error body', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, 'Bearer ', `Basic ${TOKEN}`, TOKEN]) {
      const res = await scrape(authorization);
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.json()).toEqual({ message: expect.stringContaining('METRICS_TOKEN'), code: 'unauthenticated' });
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.body).not.toContain('mediatehub_');
    }
  });

  it('a source that fails leaves its own gauges out and says so; everything else still answers', async () => {
    await t.ctx.db.execute(sql`ALTER TABLE outbox RENAME TO outbox_away`);
    await t.ctx.db.execute(sql`ALTER TABLE pgboss.job RENAME TO job_away`);
    try {
      const res = await scrape(`Bearer ${TOKEN}`);
      expect(res.statusCode).toBe(200);
      // No made-up 0: the samples are absent (their HELP and TYPE stay).
      expect(samples(res.body, 'mediatehub_outbox_oldest_undelivered_seconds')).toEqual([]);
      expect(samples(res.body, 'mediatehub_outbox_undelivered')).toEqual([]);
      expect(samples(res.body, 'mediatehub_jobs')).toEqual([]);
      expect(res.body).toContain('# TYPE mediatehub_outbox_oldest_undelivered_seconds gauge');
      const up = samples(res.body, 'mediatehub_metrics_source_up');
      expect(up.filter((l) => l.endsWith(' 0')).map((l) => /source="([^"]+)"/.exec(l)?.[1])).toEqual(['outbox', 'jobs']);
      expect(valueOf(up.find((l) => hasLabels(l, { source: 'payment_steps' })))).toBe(1);
      expect(samples(res.body, 'mediatehub_payment_steps_pending')).toHaveLength(1);
      expect(samples(res.body, 'mediatehub_http_requests_total').length).toBeGreaterThan(3);
    } finally {
      await t.ctx.db.execute(sql`ALTER TABLE pgboss.job_away RENAME TO job`);
      await t.ctx.db.execute(sql`ALTER TABLE outbox_away RENAME TO outbox`);
    }
    const again = await scrape(`Bearer ${TOKEN}`);
    expect(samples(again.body, 'mediatehub_outbox_undelivered')).toHaveLength(1);
    expect(samples(again.body, 'mediatehub_metrics_source_up').every((l) => l.endsWith(' 1'))).toBe(true);
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is not served: 404 as an unknown path, whatever the caller sends', async () => {
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found: GET /metrics', code: 'not_found' });
    }
  });

  it('a token shorter than 32 characters stops the start, naming the variable', () => {
    expect(() => parseEnv({ METRICS_TOKEN: 'metrics' })).toThrow(/METRICS_TOKEN: must be at least 32 characters/);
    expect(parseEnv({ METRICS_TOKEN: TOKEN }).METRICS_TOKEN).toBe(TOKEN);
  });
});
