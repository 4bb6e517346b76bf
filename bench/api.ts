// The API part of `npm run bench`: each hot read and write driven by autocannon at 32 connections, the app and the
// floor alternately (one after the other, repetition by repetition, so both see the same machine), with the app's
// and the floor's resident memory sampled from /proc while they are under load.
import autocannon from 'autocannon';
import { BENCH_MESSAGE_PREFIX, type Fixtures, type Session } from './fixtures';
import { serverMemoryMb } from './processes';

export interface Target {
  base: string;
  pid: number;
}

interface Req {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** Makes the i-th request of a run (every call a new i: accepts and messages never repeat). */
type Maker = (i: number) => Req;

export interface Scenario {
  name: string;
  app: Maker;
  floor: Maker;
}

export interface SideResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  rssMb: number;
}

export interface ApiResult {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  floorRps: number;
  floorP50: number;
  floorP99: number;
  floorErrors: number;
  ratio: number;
  rssMb: number;
  floorRssMb: number;
  runs: { app: SideResult[]; floor: SideResult[] };
}

const json = { 'content-type': 'application/json' };

export function scenarios(fx: Fixtures, origin: string): Scenario[] {
  const pairs = fx.pairs;
  const pick = <T>(list: T[], i: number) => list[i % list.length];
  const app = (s: Session, extra: Record<string, string> = {}) => ({ cookie: s.cookie, ...extra });
  const floor = (s: Session, extra: Record<string, string> = {}) => ({ 'x-user': s.userId, ...extra });
  // The Available list of the bench's own mediator (many matching live requests) and of the pairs' mediators.
  const readers = [fx.mediator, ...pairs.map((p) => p.mediator)];
  const everyone = pairs.flatMap((p) => [p.lawyer, p.mediator]);
  // Accepts: request j of the pool takes mediators 3j, 3j+1, 3j+2 of the acceptors (three different ones). The pool
  // is sized for far more than either side can do in the time given (fixtures.ts), so every accept is a valid one.
  const accept = (pool: string[], i: number) => ({ requestId: pool[Math.floor(i / 3) % pool.length], mediator: pick(fx.acceptors, i) });
  return [
    {
      name: 'available list (mediator, 20 rows)',
      app: (i) => ({ method: 'GET', path: '/api/requests?view=available&limit=20', headers: app(pick(readers, i)) }),
      floor: (i) => ({ method: 'GET', path: '/available', headers: floor(pick(readers, i)) }),
    },
    {
      name: 'request detail',
      app: (i) => ({ method: 'GET', path: `/api/requests/${pick(pairs, i).requestId}`, headers: app(pick(pairs, i).lawyer) }),
      floor: (i) => ({ method: 'GET', path: `/requests/${pick(pairs, i).requestId}`, headers: floor(pick(pairs, i).lawyer) }),
    },
    {
      name: 'notifications unread count',
      app: (i) => ({ method: 'GET', path: '/api/notifications/unread', headers: app(pick(everyone, i)) }),
      floor: (i) => ({ method: 'GET', path: '/unread', headers: floor(pick(everyone, i)) }),
    },
    {
      name: 'message thread (50 rows)',
      app: (i) => ({ method: 'GET', path: `/api/messages/${pick(pairs, i).requestId}?limit=50`, headers: app(pick(pairs, i).lawyer) }),
      floor: (i) => ({ method: 'GET', path: `/messages/${pick(pairs, i).requestId}`, headers: floor(pick(pairs, i).lawyer) }),
    },
    {
      name: 'send message (write)',
      app: (i) => ({
        method: 'POST',
        path: '/api/messages',
        headers: app(pick(pairs, i).lawyer, { ...json, origin }),
        body: JSON.stringify({ requestId: pick(pairs, i).requestId, content: `${BENCH_MESSAGE_PREFIX} ${i}` }),
      }),
      floor: (i) => ({
        method: 'POST',
        path: '/messages',
        headers: floor(pick(pairs, i).lawyer, json),
        body: JSON.stringify({ requestId: pick(pairs, i).requestId, content: `${BENCH_MESSAGE_PREFIX} ${i}` }),
      }),
    },
    {
      name: 'accept (write)',
      app: (i) => {
        const a = accept(fx.acceptPools.app, i);
        return {
          method: 'POST',
          path: `/api/requests/${a.requestId}/accept`,
          headers: app(a.mediator, { ...json, origin }),
          body: '{"noConflictConfirmed":true}',
        };
      },
      floor: (i) => {
        const a = accept(fx.acceptPools.floor, i);
        return { method: 'POST', path: `/accept/${a.requestId}`, headers: floor(a.mediator), body: '' };
      },
    },
  ];
}

interface AutocannonResult {
  requests: { total: number };
  duration: number;
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}

/** One autocannon run against one side; `counter` numbers the requests across runs so none repeats. */
async function drive(target: Target, make: Maker, counter: { next: number }, opts: { duration: number; connections: number }): Promise<SideResult> {
  let peak = serverMemoryMb(target.pid);
  const sampler = setInterval(() => (peak = Math.max(peak, serverMemoryMb(target.pid))), 200);
  try {
    const result = (await autocannon({
      url: target.base,
      connections: opts.connections,
      pipelining: 1,
      timeout: 10,
      duration: opts.duration,
      requests: [
        {
          setupRequest: (req: Record<string, unknown>) => {
            const r = make(counter.next++);
            return { ...req, method: r.method, path: r.path, headers: r.headers, body: r.body };
          },
        },
      ],
    })) as AutocannonResult;
    const seconds = Math.max(result.duration, 0.001);
    return {
      rps: Math.round(result.requests.total / seconds),
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors + result.timeouts + result.non2xx,
      rssMb: Math.round(peak),
    };
  } finally {
    clearInterval(sampler);
  }
}

/** One request first, outside the measurement: a wrong fixture shows its answer instead of a wall of non-2xx. */
async function check(target: Target, make: Maker, counter: { next: number }, label: string): Promise<void> {
  const r = make(counter.next++);
  const res = await fetch(target.base + r.path, { method: r.method, headers: r.headers, body: r.body });
  if (res.status >= 300) throw new Error(`${label}: ${r.method} ${r.path} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  await res.arrayBuffer().catch(() => undefined);
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

export interface ApiOptions {
  reps: number;
  seconds: number;
  warmupSeconds: number;
  connections: number;
  log: (line: string) => void;
}

export async function runApi(app: Target, floor: Target, list: Scenario[], opts: ApiOptions): Promise<ApiResult[]> {
  const results: ApiResult[] = [];
  for (const s of list) {
    const counters = { app: { next: 0 }, floor: { next: 0 } };
    await check(app, s.app, counters.app, `${s.name} (app)`);
    await check(floor, s.floor, counters.floor, `${s.name} (floor)`);
    const drives = (seconds: number) => ({ connections: opts.connections, duration: seconds });
    // Warm-up (JIT, connection pools, caches), not counted.
    await drive(app, s.app, counters.app, drives(opts.warmupSeconds));
    await drive(floor, s.floor, counters.floor, drives(opts.warmupSeconds));
    const runs = { app: [] as SideResult[], floor: [] as SideResult[] };
    for (let rep = 0; rep < opts.reps; rep++) {
      // Alternate which side goes first, so neither always runs on the warmer (or busier) moment.
      const order = rep % 2 === 0 ? (['app', 'floor'] as const) : (['floor', 'app'] as const);
      for (const side of order) {
        const result = await drive(side === 'app' ? app : floor, side === 'app' ? s.app : s.floor, counters[side], drives(opts.seconds));
        runs[side].push(result);
      }
    }
    const a = runs.app;
    const f = runs.floor;
    const row: ApiResult = {
      name: s.name,
      rps: median(a.map((r) => r.rps)),
      p50: median(a.map((r) => r.p50)),
      p99: median(a.map((r) => r.p99)),
      errors: a.reduce((n, r) => n + r.errors, 0),
      floorRps: median(f.map((r) => r.rps)),
      floorP50: median(f.map((r) => r.p50)),
      floorP99: median(f.map((r) => r.p99)),
      floorErrors: f.reduce((n, r) => n + r.errors, 0),
      ratio: 0,
      rssMb: Math.max(...a.map((r) => r.rssMb)),
      floorRssMb: Math.max(...f.map((r) => r.rssMb)),
      runs,
    };
    row.ratio = row.floorRps ? Math.round((row.rps / row.floorRps) * 100) / 100 : 0;
    opts.log(
      `  ${s.name.padEnd(36)} app ${String(row.rps).padStart(6)} req/s p50 ${String(row.p50).padStart(4)} ms p99 ${String(row.p99).padStart(5)} ms err ${row.errors}` +
        ` | floor ${String(row.floorRps).padStart(6)} req/s p99 ${String(row.floorP99).padStart(5)} ms err ${row.floorErrors} | ratio ${row.ratio} | RSS ${row.rssMb} MB`,
    );
    results.push(row);
  }
  return results;
}
