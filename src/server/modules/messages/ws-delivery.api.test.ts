import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { signUpLawyer, signUpMediator } from '../../../../tests/helpers/accounts';
import { backends } from '../../../../tests/helpers/backends';
import { call, createLiveRequest, setTier } from '../../../../tests/helpers/requests';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import type { MessageDto } from '../../../common/schemas/messages';
import { publishEvents } from '../../realtime/events.repo';
import { transaction } from '../../unit-of-work';

// Issue 7, "done means": two participants exchange 1,000 messages while their sockets are dropped again and again;
// each side ends with every message exactly once and in order, and an outsider's socket hears nothing of the thread.
// The clients behave like the browser's (src/client/lib/realtime.ts): the socket only says *that* the thread changed;
// on every `new_message` event and after every reconnect they re-read the thread over HTTP. They never poll.

const ORIGIN = 'http://localhost:3000'; // the test app's PUBLIC_URL
const TOTAL = 1000;
const BATCH = 20; // concurrent sends per batch, half from each side

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitUntil(check: () => boolean, ms: number, what: () => string) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out: ${what()}`);
    await sleep(20);
  }
}

/** One participant's browser tab: a socket that reconnects by itself, and the thread as it has read it so far. */
class ThreadClient {
  /** The thread in the order it was read: every sync appends what it had not seen, oldest first. */
  readonly messages: MessageDto[] = [];
  readonly events: Record<string, unknown>[] = [];
  opens = 0;
  syncs = 0;
  private readonly known = new Set<string>();
  private socket: WebSocket | null = null;
  private stopped = false;
  private syncing: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly base: string,
    private readonly cookie: string,
    private readonly requestId: string | null,
  ) {}

  connect(): void {
    if (this.stopped) return;
    const socket = new WebSocket(`${this.base.replace('http', 'ws')}/ws`, { headers: { cookie: this.cookie, origin: ORIGIN } });
    this.socket = socket;
    socket.on('open', () => {
      this.opens++;
      void this.sync(); // whatever was sent while we were away
    });
    socket.on('message', (data) => {
      const event = JSON.parse(String(data)) as Record<string, unknown>;
      this.events.push(event);
      if (event.type === 'new_message' && event.requestId === this.requestId) void this.sync();
    });
    socket.on('error', () => undefined); // 'close' follows
    socket.on('close', () => {
      if (this.socket === socket) this.socket = null;
      if (!this.stopped) setTimeout(() => this.connect(), Math.floor(Math.random() * 40));
    });
  }

  /** Drops the connection abruptly, as a lost network would; the client reconnects by itself. */
  drop(): void {
    this.socket?.terminate();
  }

  get open(): boolean {
    return this.socket?.readyState === WebSocket.OPEN;
  }

  get idle(): boolean {
    return this.syncing === null;
  }

  stop(): void {
    this.stopped = true;
    this.socket?.terminate();
  }

  /** Re-reads the thread (at most one read at a time; an event meanwhile makes it read once more). */
  sync(): Promise<void> {
    if (!this.requestId) return Promise.resolve();
    if (this.syncing) {
      this.again = true;
      return this.syncing;
    }
    this.syncing = (async () => {
      try {
        do {
          this.again = false;
          await this.readNew();
        } while (this.again);
      } finally {
        this.syncing = null;
      }
    })();
    return this.syncing;
  }

  /** Pages back from the newest message until it meets one already read (the API pages newest first). */
  private async readNew(): Promise<void> {
    this.syncs++;
    const fresh: MessageDto[] = [];
    let cursor: string | null = null;
    for (;;) {
      const res: Response = await fetch(`${this.base}/api/messages/${this.requestId}?limit=100${cursor ? `&cursor=${cursor}` : ''}`, {
        headers: { cookie: this.cookie },
      });
      if (res.status !== 200) throw new Error(`thread read failed: ${res.status} ${await res.text()}`);
      const page = (await res.json()) as MessageDto[];
      const unseen = page.filter((m) => !this.known.has(m.id));
      fresh.push(...unseen);
      cursor = res.headers.get('x-next-cursor');
      if (!cursor || unseen.length < page.length) break;
    }
    for (const message of fresh.reverse()) {
      this.known.add(message.id);
      this.messages.push(message);
    }
  }
}

describe.each(backends)('message delivery over /ws with dropped connections (%s)', (backend) => {
  let t: TestApp;
  let base: string;
  const clients: ThreadClient[] = [];

  beforeEach(async () => {
    t = await createTestApp(backend);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterEach(async () => {
    for (const c of clients.splice(0)) c.stop();
    t.ctx.database.pool?.on('error', () => undefined);
    await t.close();
  });

  it('every one of 1,000 messages reaches both sides exactly once and in order; an outsider hears nothing', { timeout: 120_000 }, async () => {
    const lawyer = await signUpLawyer(t);
    const mediator = await signUpMediator(t);
    const outsider = await signUpMediator(t); // accepted too, but not selected
    await setTier(t, mediator.user.id, 'pro');
    await setTier(t, outsider.user.id, 'pro');
    const requestId = await createLiveRequest(t, lawyer.cookie);
    for (const m of [mediator, outsider])
      expect((await call(t, 'POST', `/api/requests/${requestId}/accept`, m.cookie, { noConflictConfirmed: true })).statusCode).toBe(201);
    expect((await call(t, 'POST', `/api/requests/${requestId}/select-mediator/${mediator.user.id}`, lawyer.cookie)).statusCode).toBe(200);

    const sides = [
      { name: 'lawyer', account: lawyer, client: new ThreadClient(base, lawyer.cookie, requestId) },
      { name: 'mediator', account: mediator, client: new ThreadClient(base, mediator.cookie, requestId) },
    ];
    const watcher = new ThreadClient(base, outsider.cookie, null);
    clients.push(...sides.map((s) => s.client), watcher);
    for (const c of clients) c.connect();
    await waitUntil(
      () => clients.every((c) => c.open),
      5_000,
      () => 'sockets did not open',
    );

    const sendOne = async (cookie: string, content: string) => {
      const res = await fetch(`${base}/api/messages`, {
        method: 'POST',
        headers: { cookie, origin: ORIGIN, 'content-type': 'application/json' },
        body: JSON.stringify({ requestId, content }),
      });
      if (res.status !== 201) throw new Error(`send failed: ${res.status} ${await res.text()}`);
      return ((await res.json()) as MessageDto).id;
    };

    // Batches of concurrent sends from both sides; between batches, sockets are dropped (one side, the other, or
    // both) and come back by themselves a moment later, so events are missed while they are down.
    const sentIds = new Set<string>();
    let drops = 0;
    for (let batch = 0; batch < TOTAL / BATCH; batch++) {
      const sends = Array.from({ length: BATCH }, (_, i) => {
        const side = sides[i % 2];
        return sendOne(side.account.cookie, `${side.name} ${batch}.${Math.floor(i / 2)}`);
      });
      if (batch % 3 === 0) {
        const which = batch % 9 === 0 ? sides : [sides[batch % 2]];
        for (const side of which) side.client.drop();
        drops += which.length;
      }
      for (const id of await Promise.all(sends)) sentIds.add(id);
    }
    expect(sentIds.size).toBe(TOTAL);

    // No polling: only events and reconnects bring the last messages in.
    await waitUntil(
      () => sides.every((s) => s.client.messages.length >= TOTAL && s.client.idle),
      30_000,
      () => sides.map((s) => `${s.name} has ${s.client.messages.length}`).join(', '),
    );

    // The server's own order, read once at the end (oldest first).
    const truth: MessageDto[] = [];
    for (let cursor: string | null = null, first = true; first || cursor; first = false) {
      const res = await call(t, 'GET', `/api/messages/${requestId}?limit=100${cursor ? `&cursor=${cursor}` : ''}`, lawyer.cookie);
      truth.push(...(res.json() as MessageDto[]));
      cursor = (res.headers['x-next-cursor'] as string | undefined) ?? null;
    }
    truth.reverse();
    expect(truth).toHaveLength(TOTAL);
    expect(new Set(truth.map((m) => m.id))).toEqual(sentIds);
    for (let i = 1; i < truth.length; i++) expect(Date.parse(truth[i].createdAt)).toBeGreaterThan(Date.parse(truth[i - 1].createdAt));
    // Each side's batches appear in the order they were sent.
    for (const side of sides) {
      const batches = truth.filter((m) => m.content.startsWith(`${side.name} `)).map((m) => Number(m.content.split(' ')[1].split('.')[0]));
      expect(batches).toEqual([...batches].sort((a, b) => a - b));
    }

    for (const side of sides) {
      const ids = side.client.messages.map((m) => m.id);
      expect(new Set(ids).size, `${side.name}: no message twice`).toBe(ids.length);
      expect(ids, `${side.name}: every message, in order`).toEqual(truth.map((m) => m.id));
      // The test did what it says: events arrived, sockets were dropped and came back, reads followed both.
      expect(side.client.events.some((e) => e.type === 'new_message' && e.requestId === requestId)).toBe(true);
      expect(side.client.opens).toBeGreaterThan(5);
    }
    expect(drops).toBeGreaterThan(20);

    // The outsider's socket was alive all along (it hears an event meant for it) yet heard nothing of the thread.
    await transaction(t.ctx, (tx) => publishEvents(tx, [{ type: 'request_updated', requestId, userIds: [outsider.user.id] }]));
    await waitUntil(
      () => watcher.events.some((e) => e.type === 'request_updated'),
      5_000,
      () => 'the outsider socket heard nothing at all',
    );
    expect(watcher.opens).toBe(1);
    expect(watcher.events.filter((e) => e.type === 'new_message')).toEqual([]);
    expect(JSON.stringify(watcher.events)).not.toContain('lawyer 0.');
  });
});
