import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { PASSWORD, signUpLawyer, signUpMediator } from '../../../tests/helpers/accounts';
import { backends } from '../../../tests/helpers/backends';
import { call, createLiveRequest, setTier } from '../../../tests/helpers/requests';
import { createTestApp, sessionCookie, type TestApp } from '../../../tests/helpers/test-app';
import { broadcast, notify } from '../modules/notifications/notifications.service';
import { transaction } from '../unit-of-work';
import { publishEvents } from './events.repo';

const ORIGIN = 'http://localhost:3000'; // the test app's PUBLIC_URL

/** A socket that records what it receives. */
async function connect(url: string, headers: Record<string, string>) {
  const received: Record<string, unknown>[] = [];
  const socket = new WebSocket(url, { headers });
  socket.on('message', (data) => received.push(JSON.parse(String(data))));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
    socket.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
  });
  return { socket, received };
}

const waitFor = async (check: () => boolean, ms = 3_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe.each(backends)('GET /ws (%s)', (backend) => {
  let t: TestApp;
  let url: string;
  const sockets: WebSocket[] = [];
  beforeEach(async () => {
    t = await createTestApp(backend);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `${address.replace('http', 'ws')}/ws`;
  });
  afterEach(async () => {
    for (const s of sockets.splice(0)) s.terminate();
    await t.close();
  });

  const open = async (cookie: string | undefined, origin: string | undefined = ORIGIN) => {
    const headers: Record<string, string> = {};
    if (cookie) headers.cookie = cookie;
    if (origin) headers.origin = origin;
    const conn = await connect(url, headers);
    sockets.push(conn.socket);
    return conn;
  };

  it('refuses a signed-out caller (401) and a foreign Origin (403)', async () => {
    const lawyer = await signUpLawyer(t);
    await expect(open(undefined)).rejects.toThrow('HTTP 401');
    await expect(open(lawyer.cookie, 'https://evil.example')).rejects.toThrow('HTTP 403');
    // A client that sends no Origin (not a browser) is admitted on its cookie alone.
    await expect(open(lawyer.cookie, undefined)).resolves.toBeTruthy();
  });

  it("pushes a notification with the user's own unread count, only to that user", async () => {
    const lawyer = await signUpLawyer(t);
    const mediator = await signUpMediator(t);
    await setTier(t, mediator.user.id, 'pro');
    const lawyerSocket = await open(lawyer.cookie);
    const mediatorSocket = await open(mediator.cookie);
    const requestId = await createLiveRequest(t, lawyer.cookie);
    const accepted = await call(t, 'POST', `/api/requests/${requestId}/accept`, mediator.cookie, { noConflictConfirmed: true });
    expect(accepted.statusCode).toBe(201);
    const unread = (await call(t, 'GET', '/api/notifications/unread', lawyer.cookie)).json().count as number;
    await waitFor(() => lawyerSocket.received.some((e) => e.type === 'notification' && e.unreadCount === unread));
    // The mediator was told of the new request: their socket carries their own count, never the lawyer's.
    const mediatorUnread = (await call(t, 'GET', '/api/notifications/unread', mediator.cookie)).json().count as number;
    await waitFor(() => mediatorSocket.received.some((e) => e.type === 'notification'));
    expect(mediatorSocket.received.filter((e) => e.type === 'notification').map((e) => e.unreadCount)).toEqual([mediatorUnread]);
    expect(lawyerSocket.received.every((e) => Object.keys(e).every((k) => ['type', 'unreadCount', 'requestId'].includes(k)))).toBe(true);
  });

  it('delivers only after commit: an event published in a transaction that rolls back never arrives', async () => {
    const lawyer = await signUpLawyer(t);
    const conn = await open(lawyer.cookie);
    const lawyerId = (await call(t, 'GET', '/api/user', lawyer.cookie)).json().id as string;
    await expect(
      transaction(t.ctx, async (tx) => {
        await notify(tx, [{ userId: lawyerId, type: 'broadcast', title: 'Rolled back', message: 'never' }]);
        await publishEvents(tx, [{ type: 'request_updated', requestId: lawyerId, userIds: [lawyerId] }]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await transaction(t.ctx, (tx) => publishEvents(tx, [{ type: 'new_message', requestId: lawyerId, userIds: [lawyerId] }]));
    await waitFor(() => conn.received.length > 0);
    expect(conn.received).toEqual([{ type: 'new_message', requestId: lawyerId }]);
  });

  it('a broadcast tells the sockets of those it reached their own count once it commits, and nobody when it rolls back', async () => {
    const a = await signUpLawyer(t);
    const b = await signUpLawyer(t);
    const ids = await Promise.all([a, b].map(async (u) => (await call(t, 'GET', '/api/user', u.cookie)).json().id as string));
    const [connA, connB] = [await open(a.cookie), await open(b.cookie)];
    const note = { type: 'broadcast' as const, title: 'Maintenance', message: 'Tonight' };
    await expect(
      transaction(t.ctx, async (tx) => {
        await broadcast(tx, note, { userIds: ids });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await transaction(t.ctx, (tx) => broadcast(tx, note, { userIds: [ids[1]] }));
    await waitFor(() => connB.received.length > 0);
    const unreadB = (await call(t, 'GET', '/api/notifications/unread', b.cookie)).json().count as number;
    expect(connB.received).toEqual([{ type: 'notification', unreadCount: unreadB }]);
    expect(connA.received).toEqual([]);
  });

  it('an event reaches only the users it names', async () => {
    const a = await signUpLawyer(t);
    const b = await signUpLawyer(t);
    const idA = (await call(t, 'GET', '/api/user', a.cookie)).json().id as string;
    const idB = (await call(t, 'GET', '/api/user', b.cookie)).json().id as string;
    const connA = await open(a.cookie);
    const connB = await open(b.cookie);
    await transaction(t.ctx, (tx) => publishEvents(tx, [{ type: 'request_updated', requestId: idB, userIds: [idB] }]));
    await waitFor(() => connB.received.length === 1);
    expect(connA.received).toEqual([]);
    expect(idA).not.toBe(idB);
  });

  it('ending a session closes its sockets at once (4001); a password change spares the session that made it', async () => {
    const lawyer = await signUpLawyer(t);
    const second = sessionCookie(await call(t, 'POST', '/api/login', undefined, { email: lawyer.email, password: PASSWORD }));
    const closes = (conn: { socket: WebSocket }) => new Promise<number>((resolve) => conn.socket.once('close', (code) => resolve(code)));
    const [first, other] = [await open(lawyer.cookie), await open(second)];
    const otherClosed = closes(other);
    const changed = await call(t, 'POST', '/api/password/change', lawyer.cookie, { currentPassword: PASSWORD, newPassword: 'another-horse-battery' });
    expect(changed.statusCode).toBe(200);
    expect(await otherClosed).toBe(4001);
    expect(first.socket.readyState).toBe(WebSocket.OPEN);
    const firstClosed = closes(first);
    expect((await call(t, 'POST', '/api/logout', lawyer.cookie)).statusCode).toBe(200);
    expect(await firstClosed).toBe(4001);
    await expect(open(lawyer.cookie)).rejects.toThrow('HTTP 401');
  });
});
