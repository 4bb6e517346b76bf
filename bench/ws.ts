// The WebSocket part of `npm run bench`: every pair's lawyer and mediator connected to /ws (their session cookie, our
// Origin), lawyers posting through POST /api/messages at a steady rate, and the time from the POST's answer (the
// message accepted) to the mediator's socket hearing `new_message` for that request. With two server processes the
// lawyers post to one and the mediators' sockets are on the other, so every event crosses through PostgreSQL.
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { BENCH_MESSAGE_PREFIX, type Pair } from './fixtures';

export interface WsResult {
  p50: number;
  p99: number;
  lost: number;
  connections: number;
  connectFailures: number;
  sent: number;
  accepted: number;
  /** From the POST being sent (rather than answered) to the recipient's event. */
  fromSendP50: number;
  fromSendP99: number;
  /** The accepted POSTs' own latency (sent to answered): most of `fromSend`, since the event comes with the commit. */
  postP50: number;
  postP99: number;
  /** Events that arrived before the POST's answer did (counted as 0 ms from acceptance). */
  beforeAnswer: number;
  /** Messages sent while every pair still had one outstanding (their events may be attributed to each other). */
  overlapped: number;
  failures: Record<string, number>;
}

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : 0);
const round = (ms: number) => Math.round(ms * 100) / 100;

/** Where the POSTs go (and the lawyers' sockets), and where the mediators' sockets are: one server or two. */
export interface WsServers {
  posts: string;
  sockets: string;
}

export async function runWs(
  servers: WsServers,
  origin: string,
  pairs: Pair[],
  opts: { rate: number; seconds: number; log: (line: string) => void },
): Promise<WsResult> {
  const wsUrl = (base: string) => `${base.replace(/^http/, 'ws')}/ws`;
  const sockets: WebSocket[] = [];
  /** Per request: the messages sent and not yet heard by the recipient, oldest first. */
  const outstanding = new Map<string, { sentAt: number; acceptedAt: number | null; heardAt: number | null }[]>();
  const heard: { fromAnswer: number; fromSend: number }[] = [];
  const postLatencies: number[] = [];
  let beforeAnswer = 0;
  let connectFailures = 0;

  const connect = (base: string, cookie: string, onMessage?: (data: string) => void) =>
    new Promise<void>((resolve) => {
      const socket = new WebSocket(wsUrl(base), { headers: { cookie, origin } });
      const done = (ok: boolean) => {
        if (!ok) connectFailures++;
        resolve();
      };
      socket.once('open', () => {
        sockets.push(socket);
        done(true);
      });
      socket.once('error', () => done(false));
      socket.once('unexpected-response', () => done(false));
      if (onMessage) socket.on('message', (data) => onMessage(String(data)));
    });

  const onMediatorEvent = (text: string) => {
    const at = performance.now();
    let event: { type?: string; requestId?: string };
    try {
      event = JSON.parse(text);
    } catch {
      return;
    }
    if (event.type !== 'new_message' || !event.requestId) return;
    const list = outstanding.get(event.requestId);
    const entry = list?.find((m) => m.heardAt === null);
    if (!entry) return;
    entry.heardAt = at;
    if (entry.acceptedAt !== null) record(entry);
  };
  const record = (entry: { sentAt: number; acceptedAt: number | null; heardAt: number | null }) => {
    const fromAnswer = entry.heardAt! - entry.acceptedAt!;
    if (fromAnswer < 0) beforeAnswer++;
    heard.push({ fromAnswer: Math.max(0, fromAnswer), fromSend: entry.heardAt! - entry.sentAt });
  };

  const t0 = performance.now();
  for (let i = 0; i < pairs.length; i += 50) {
    await Promise.all(
      pairs.slice(i, i + 50).flatMap((p) => [connect(servers.posts, p.lawyer.cookie), connect(servers.sockets, p.mediator.cookie, onMediatorEvent)]),
    );
  }
  opts.log(`  ${sockets.length} sockets connected in ${((performance.now() - t0) / 1000).toFixed(1)} s (${connectFailures} failed)`);

  let sent = 0;
  let accepted = 0;
  /** POSTs not accepted: by status, or by the connection error. */
  const failures: Record<string, number> = {};
  const posts: Promise<void>[] = [];
  // Events name only the request, so each message goes to a pair with nothing outstanding (when one is free): an
  // event is then never taken for another message of the same thread.
  let next = 0;
  let overlapped = 0;
  const busy = (p: Pair) => (outstanding.get(p.requestId) ?? []).some((m) => m.heardAt === null || m.acceptedAt === null);
  const choose = () => {
    for (let k = 0; k < pairs.length; k++) {
      const p = pairs[(next + k) % pairs.length];
      if (!busy(p)) {
        next = (next + k + 1) % pairs.length;
        return p;
      }
    }
    overlapped++;
    return pairs[next++ % pairs.length];
  };
  const post = (n: number) => {
    const pair = choose();
    const entry = { sentAt: performance.now(), acceptedAt: null as number | null, heardAt: null as number | null };
    const list = outstanding.get(pair.requestId) ?? [];
    list.push(entry);
    outstanding.set(pair.requestId, list);
    sent++;
    posts.push(
      fetch(`${servers.posts}/api/messages`, {
        method: 'POST',
        headers: { cookie: pair.lawyer.cookie, origin, 'content-type': 'application/json' },
        body: JSON.stringify({ requestId: pair.requestId, content: `${BENCH_MESSAGE_PREFIX} ws ${n}` }),
      })
        .then(async (res) => {
          await res.arrayBuffer();
          if (res.status !== 201) {
            failures[res.status] = (failures[res.status] ?? 0) + 1;
            list.splice(list.indexOf(entry), 1);
            return;
          }
          accepted++;
          entry.acceptedAt = performance.now();
          postLatencies.push(entry.acceptedAt - entry.sentAt);
          if (entry.heardAt !== null) record(entry);
        })
        .catch((error: Error & { cause?: { code?: string } }) => {
          const key = error.cause?.code ?? error.message;
          failures[key] = (failures[key] ?? 0) + 1;
          list.splice(list.indexOf(entry), 1);
        }),
    );
  };

  // A steady rate: at every tick, send what is due by now.
  const total = opts.rate * opts.seconds;
  const start = performance.now();
  await new Promise<void>((resolve) => {
    const tick = setInterval(() => {
      const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * opts.rate));
      while (sent < due) post(sent);
      if (sent >= total) {
        clearInterval(tick);
        resolve();
      }
    }, 2);
  });
  await Promise.all(posts);
  // Stragglers: whatever has not arrived 3 s after the last answer is lost.
  await new Promise((r) => setTimeout(r, 3000));
  for (const s of sockets) s.terminate();

  const lost = [...outstanding.values()].flat().filter((m) => m.acceptedAt !== null && m.heardAt === null).length;
  const fromAnswer = heard.map((h) => h.fromAnswer).sort((a, b) => a - b);
  const fromSend = heard.map((h) => h.fromSend).sort((a, b) => a - b);
  postLatencies.sort((a, b) => a - b);
  return {
    p50: round(percentile(fromAnswer, 50)),
    p99: round(percentile(fromAnswer, 99)),
    lost,
    connections: sockets.length,
    connectFailures,
    sent,
    accepted,
    fromSendP50: round(percentile(fromSend, 50)),
    fromSendP99: round(percentile(fromSend, 99)),
    postP50: round(percentile(postLatencies, 50)),
    postP99: round(percentile(postLatencies, 99)),
    beforeAnswer,
    overlapped,
    failures,
  };
}
