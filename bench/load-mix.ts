// The virtual users of `npm run load` (bench/load.ts): signed-in lawyers and mediators, each one request at a time
// with a think time between, doing what the product's people do (the mix below), for a fixed duration. Every answer
// is classified: ok, an expected refusal (a race the product settles with 404/409, e.g. another mediator took the
// third place), or an error (5xx, a network error, a timeout, any other status, a 2xx without the body it promises).
import http from 'node:http';
import { performance } from 'node:perf_hooks';

export const LOAD_MESSAGE_PREFIX = 'load run message';

export interface Vu {
  role: 'lawyer' | 'mediator';
  userId: string;
  cookie: string;
  /** The mediator's profile (the lawyers file requests that match a signed-in mediator, as a real market would). */
  jurisdiction?: string;
  specializations?: string[];
}

export interface OpStats {
  count: number;
  ok: number;
  refused: Record<string, number>;
  /** The refusals by status and message (why the product said no). */
  reasons: Record<string, number>;
  errors: Record<string, number>;
  ms: number[];
}

export interface OpSummary {
  op: string;
  count: number;
  ok: number;
  refused: number;
  refusedBy: Record<string, number>;
  reasons: Record<string, number>;
  errors: number;
  errorsBy: Record<string, number>;
  p50: number;
  p99: number;
  max: number;
}

interface Answer {
  status: number;
  body: unknown;
  headers: http.IncomingHttpHeaders;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

/** One HTTP call; rejects on network errors and after `timeoutMs`. */
export function call(base: string, method: string, path: string, cookie: string | null, body: unknown, timeoutMs: number): Promise<Answer> {
  const url = new URL(path, base);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (cookie) headers.cookie = cookie;
  if (method !== 'GET') headers.origin = base; // the app's Origin check (RULES.md 7)
  if (payload !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(Buffer.byteLength(payload));
  }
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers, agent, timeout: timeoutMs }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let parsed: unknown = null;
        if (text && String(res.headers['content-type'] ?? '').includes('json')) {
          try {
            parsed = JSON.parse(text);
          } catch {
            parsed = undefined; // a JSON body that does not parse: an error for the caller
          }
        }
        resolve({ status: res.statusCode ?? 0, body: parsed, headers: res.headers });
      });
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
    req.on('error', reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

export function closeAgent(): void {
  agent.destroy();
}

/** Per operation: which refusals are the product settling a race (counted apart), never errors. */
const EXPECTED: Record<string, number[]> = {
  // A request another mediator filled, or a lawyer matched, leaves the mediator's sight (404) or takes no more (409).
  'mediator: request detail': [404],
  'mediator: accept': [404, 409],
  // The lawyer selected someone (409) or the request left the mediator's sight in between.
  'mediator: withdraw': [404, 409],
  // The mediator withdrew between the list and the click; the request moved on.
  'lawyer: select mediator': [404, 409],
  'lawyer: pending acceptances': [409],
};

interface Request {
  id: string;
  status: string;
  selectedMediatorId: string | null;
  myAcceptance?: { status: string } | null;
}

interface Acceptance {
  mediatorId: string;
  status: string;
}

const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)];
const isRequestList = (b: unknown): b is Request[] => Array.isArray(b) && b.every((r) => r && typeof r.id === 'string' && typeof r.status === 'string');

export interface MixOptions {
  base: string;
  durationMs: number;
  thinkMs: number;
  timeoutMs: number;
  /** Each lawyer keeps at most this many requests waiting for mediators before filing another. */
  maxLivePerLawyer: number;
}

export class Recorder {
  readonly ops = new Map<string, OpStats>();
  /** Every error as it happened (the first 50), for the report. */
  readonly samples: string[] = [];

  record(op: string, ms: number, outcome: { ok: true } | { refused: number } | { error: string }, detail = ''): void {
    let s = this.ops.get(op);
    if (!s) this.ops.set(op, (s = { count: 0, ok: 0, refused: {}, reasons: {}, errors: {}, ms: [] }));
    s.count++;
    s.ms.push(ms);
    if ('ok' in outcome) s.ok++;
    else if ('refused' in outcome) {
      s.refused[outcome.refused] = (s.refused[outcome.refused] ?? 0) + 1;
      const reason = `${outcome.refused} ${detail}`.trim();
      s.reasons[reason] = (s.reasons[reason] ?? 0) + 1;
    } else {
      s.errors[outcome.error] = (s.errors[outcome.error] ?? 0) + 1;
      if (this.samples.length < 50) this.samples.push(`${op}: ${outcome.error} ${detail}`.slice(0, 400));
    }
  }

  summary(): OpSummary[] {
    return [...this.ops.entries()]
      .map(([op, s]) => {
        const sorted = [...s.ms].sort((a, b) => a - b);
        const errors = Object.values(s.errors).reduce((a, b) => a + b, 0);
        const refused = Object.values(s.refused).reduce((a, b) => a + b, 0);
        return {
          op,
          count: s.count,
          ok: s.ok,
          refused,
          refusedBy: s.refused,
          reasons: s.reasons,
          errors,
          errorsBy: s.errors,
          p50: round(percentile(sorted, 0.5)),
          p99: round(percentile(sorted, 0.99)),
          max: round(sorted[sorted.length - 1] ?? 0),
        };
      })
      .sort((a, b) => a.op.localeCompare(b.op));
  }

  allMs(): number[] {
    return [...this.ops.values()].flatMap((s) => s.ms).sort((a, b) => a - b);
  }
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
}

export const round = (n: number) => Math.round(n * 10) / 10;

/**
 * Runs `op`: the call, its time, and the classification. Returns the answer when it was ok (2xx with the expected
 * status), null otherwise. `check` tells whether a 2xx body is what the route promises.
 */
async function step(
  rec: Recorder,
  o: MixOptions,
  vu: Vu,
  op: string,
  method: string,
  path: string,
  body: unknown,
  okStatus: number,
  check: (b: unknown) => boolean = () => true,
): Promise<Answer | null> {
  const t0 = performance.now();
  let answer: Answer;
  try {
    answer = await call(o.base, method, path, vu.cookie, body, o.timeoutMs);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'network';
    rec.record(op, performance.now() - t0, { error: code === 'TIMEOUT' ? 'timeout' : `network ${code}` }, `${method} ${path}`);
    return null;
  }
  const ms = performance.now() - t0;
  if (answer.status === okStatus) {
    if (answer.body === undefined || !check(answer.body)) {
      rec.record(op, ms, { error: `bad body ${answer.status}` }, `${method} ${path}`);
      return null;
    }
    rec.record(op, ms, { ok: true });
    return answer;
  }
  if ((EXPECTED[op] ?? []).includes(answer.status)) {
    rec.record(op, ms, { refused: answer.status }, String((answer.body as { message?: string } | null)?.message ?? ''));
    return null;
  }
  rec.record(op, ms, { error: `status ${answer.status}` }, `${method} ${path} ${JSON.stringify(answer.body)}`);
  return null;
}

/** `first`: what a signed-in client loads before anything else (the mediator's My Accepted, the lawyer's requests). */
type Action = { weight: number; when?: () => boolean; run: () => Promise<unknown>; first?: true };

function choose(actions: Action[]): Action {
  const open = actions.filter((a) => !a.when || a.when());
  const total = open.reduce((s, a) => s + a.weight, 0);
  let r = Math.random() * total;
  for (const a of open) {
    r -= a.weight;
    if (r < 0) return a;
  }
  return open[open.length - 1];
}

let messageNo = 0;
const sendBody = (requestId: string) => ({ requestId, content: `${LOAD_MESSAGE_PREFIX} ${++messageNo}: see you at the session.` });

/** A mediator: browses Available and request pages, accepts (and sometimes withdraws), reads and writes messages. */
function mediatorActions(vu: Vu, rec: Recorder, o: MixOptions): Action[] {
  let available: string[] = [];
  const pending = new Set<string>();
  let threads: string[] = [];
  const refreshAccepted = async () => {
    const a = await step(rec, o, vu, 'mediator: my accepted', 'GET', '/api/requests?view=accepted&limit=50', undefined, 200, isRequestList);
    if (!a) return;
    const rows = a.body as Request[];
    pending.clear();
    for (const r of rows) if (r.myAcceptance?.status === 'pending') pending.add(r.id);
    threads = rows.filter((r) => (r.status === 'matched' || r.status === 'in_progress') && r.selectedMediatorId === vu.userId).map((r) => r.id);
  };
  return [
    {
      weight: 30,
      run: async () => {
        const a = await step(rec, o, vu, 'mediator: available list', 'GET', '/api/requests?view=available&limit=20', undefined, 200, isRequestList);
        if (a) available = (a.body as Request[]).map((r) => r.id);
      },
    },
    {
      weight: 14,
      when: () => available.length > 0,
      run: () => step(rec, o, vu, 'mediator: request detail', 'GET', `/api/requests/${pick(available)}`, undefined, 200),
    },
    {
      weight: 10,
      when: () => available.length > 0,
      run: async () => {
        const id = pick(available);
        available = available.filter((x) => x !== id);
        const a = await step(rec, o, vu, 'mediator: accept', 'POST', `/api/requests/${id}/accept`, { noConflictConfirmed: true }, 201);
        if (a) pending.add(id);
      },
    },
    {
      weight: 3,
      when: () => pending.size > 0,
      run: async () => {
        const id = pick([...pending]);
        pending.delete(id);
        await step(rec, o, vu, 'mediator: withdraw', 'DELETE', `/api/requests/${id}/acceptance`, undefined, 200);
      },
    },
    { weight: 6, run: refreshAccepted, first: true },
    { weight: 4, run: () => step(rec, o, vu, 'mediator: tab counts', 'GET', '/api/requests/counts', undefined, 200) },
    ...commonActions(vu, rec, o, 'mediator', () => threads),
  ];
}

/** A lawyer: reads their requests and notifications, files and pays new ones, selects mediators, messages. */
function lawyerActions(vu: Vu, rec: Recorder, o: MixOptions, mediators: Vu[]): Action[] {
  let mine: Request[] = [];
  const candidates = new Map<string, string[]>(); // request → mediators with a pending acceptance, from the last read
  let created = 0;
  const threads = () => mine.filter((r) => r.status === 'matched' || r.status === 'in_progress').map((r) => r.id);
  const awaiting = () => mine.filter((r) => r.status === 'awaiting_selection').map((r) => r.id);
  const waiting = () => mine.filter((r) => r.status === 'pending_mediators' || r.status === 'awaiting_selection' || r.status === 'draft').length;
  const refresh = async () => {
    const a = await step(rec, o, vu, 'lawyer: my requests', 'GET', '/api/requests?limit=20', undefined, 200, isRequestList);
    if (a) mine = a.body as Request[];
  };
  return [
    { weight: 15, run: refresh, first: true },
    {
      weight: 12,
      when: () => mine.length > 0,
      run: () => step(rec, o, vu, 'lawyer: request detail', 'GET', `/api/requests/${pick(mine).id}`, undefined, 200),
    },
    { weight: 4, run: () => step(rec, o, vu, 'lawyer: counts', 'GET', '/api/requests/counts', undefined, 200) },
    {
      // File a request matching one of the signed-in mediators, submit it and pay the deposit (local provider).
      weight: 5,
      when: () => waiting() < o.maxLivePerLawyer,
      run: async () => {
        const m = pick(mediators);
        const n = ++created;
        const draft = await step(
          rec,
          o,
          vu,
          'lawyer: create request',
          'POST',
          '/api/requests',
          {
            caseNumber: `LOAD-${vu.userId.slice(0, 8)}-${n}`,
            caseName: `Load v. Test ${n}`,
            caseType: pick(m.specializations ?? ['Commercial']),
            jurisdiction: m.jurisdiction ?? 'California',
            description: 'A contract dispute between two companies; both sides are open to mediation before trial.',
            mediationType: 'online',
            pricingModel: 'hourly',
            hourlyRate: 350,
            hoursNeeded: 4,
            budget: '1400.00',
            opposingLawyerName: 'Olivia Opponent',
            opposingLawyerFirmName: 'Opponent LLP',
          },
          201,
          (b) => typeof (b as Request)?.id === 'string',
        );
        if (!draft) return;
        const id = (draft.body as Request).id;
        mine.unshift(draft.body as Request);
        const submit = await step(rec, o, vu, 'lawyer: submit (deposit intent)', 'POST', `/api/requests/${id}/submit`, undefined, 200, (b) =>
          Boolean((b as { clientSecret?: string })?.clientSecret),
        );
        if (!submit) return;
        const clientSecret = (submit.body as { clientSecret: string }).clientSecret;
        await step(
          rec,
          o,
          vu,
          'lawyer: pay deposit (local confirm)',
          'POST',
          '/api/payments/local/confirm',
          { clientSecret, card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123' } },
          200,
          (b) => (b as { status?: string })?.status === 'succeeded',
        );
      },
    },
    {
      weight: 8,
      when: () => awaiting().length > 0,
      run: async () => {
        const id = pick(awaiting());
        const a = await step(rec, o, vu, 'lawyer: pending acceptances', 'GET', `/api/requests/${id}/pending-acceptances`, undefined, 200, Array.isArray);
        if (a) {
          const list = (a.body as Acceptance[]).filter((x) => x.status === 'pending').map((x) => x.mediatorId);
          candidates.set(id, list);
        }
      },
    },
    {
      weight: 6,
      when: () => [...candidates.values()].some((l) => l.length > 0),
      run: async () => {
        const [id, list] = pick([...candidates.entries()].filter(([, l]) => l.length > 0));
        candidates.delete(id);
        const a = await step(rec, o, vu, 'lawyer: select mediator', 'POST', `/api/requests/${id}/select-mediator/${pick(list)}`, undefined, 200, (b) =>
          Boolean((b as Request)?.selectedMediatorId),
        );
        if (a) mine = mine.map((r) => (r.id === id ? (a.body as Request) : r));
      },
    },
    ...commonActions(vu, rec, o, 'lawyer', threads),
  ];
}

/** Both sides: notifications, the thread list, and messages in their matched requests. */
function commonActions(vu: Vu, rec: Recorder, o: MixOptions, side: string, threads: () => string[]): Action[] {
  return [
    { weight: 10, run: () => step(rec, o, vu, `${side}: unread count`, 'GET', '/api/notifications/unread', undefined, 200) },
    { weight: 4, run: () => step(rec, o, vu, `${side}: notifications`, 'GET', '/api/notifications?limit=20', undefined, 200, Array.isArray) },
    { weight: 3, run: () => step(rec, o, vu, `${side}: threads`, 'GET', '/api/messages?limit=20', undefined, 200, Array.isArray) },
    {
      weight: 10,
      when: () => threads().length > 0,
      run: () => step(rec, o, vu, `${side}: read thread`, 'GET', `/api/messages/${pick(threads())}?limit=50`, undefined, 200, Array.isArray),
    },
    {
      weight: 6,
      when: () => threads().length > 0,
      run: () => step(rec, o, vu, `${side}: send message`, 'POST', '/api/messages', sendBody(pick(threads())), 201),
    },
    {
      weight: 2,
      when: () => threads().length > 0,
      run: () => step(rec, o, vu, `${side}: mark thread read`, 'POST', `/api/messages/${pick(threads())}/read`, undefined, 200),
    },
  ];
}

/** Runs every virtual user until the duration is over; each waits a think time (uniform 0–2× the mean) between calls. */
export async function runMix(vus: Vu[], o: MixOptions, rec: Recorder): Promise<void> {
  const mediators = vus.filter((v) => v.role === 'mediator');
  const deadline = performance.now() + o.durationMs;
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  await Promise.all(
    vus.map(async (vu, i) => {
      const actions = vu.role === 'mediator' ? mediatorActions(vu, rec, o) : lawyerActions(vu, rec, o, mediators);
      // Start staggered over the first think time, so the users do not all arrive in the same millisecond.
      await sleep((i / vus.length) * o.thinkMs);
      // Like the app after sign-in: the user's own list first, so threads and pending acceptances are known early.
      for (const a of actions) if (a.first) await a.run();
      while (performance.now() < deadline) {
        await choose(actions).run();
        await sleep(Math.random() * 2 * o.thinkMs);
      }
    }),
  );
}
