import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PASSWORD, signUpLawyer, signUpMediator } from '../../../../tests/helpers/accounts';
import { backends } from '../../../../tests/helpers/backends';
import { call, createLiveRequest, setTier } from '../../../../tests/helpers/requests';
import { createTestApp, sessionCookie, type TestApp } from '../../../../tests/helpers/test-app';
import type { MessageDto, ThreadSummary } from '../../../common/schemas/messages';
import { mediationRequests } from '../../db/schema';
import { ensureAdmin } from '../users/accounts.service';

// Per-request messaging (spec 2 + 7, RULES.md 6): participants only, admins read, 404 for everyone else.
const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n%%EOF\n');
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('IHDR-fake-png')]);
type Account = Awaited<ReturnType<typeof signUpLawyer>>;

describe.each(backends)('messages on %s', (backend) => {
  let t: TestApp;
  let lawyer: Account;
  let mediator: Account;
  let admin: { cookie: string; id: string };

  beforeAll(async () => {
    t = await createTestApp(backend);
    lawyer = await signUpLawyer(t);
    mediator = await signUpMediator(t);
    await setTier(t, mediator.user.id, 'pro');
    const { id } = await ensureAdmin(t.ctx, 'messages.admin@example.com', PASSWORD);
    const login = await call(t, 'POST', '/api/login', undefined, { email: 'messages.admin@example.com', password: PASSWORD });
    admin = { id, cookie: sessionCookie(login) };
  });
  afterAll(async () => {
    t?.ctx.database.pool?.on('error', () => undefined);
    await t?.close();
  });

  const proMediator = async () => {
    const m = await signUpMediator(t);
    await setTier(t, m.user.id, 'pro');
    return m;
  };
  const accept = (id: string, cookie: string) => call(t, 'POST', `/api/requests/${id}/accept`, cookie, { noConflictConfirmed: true });

  /** A live request accepted by `selected` (and `others`), with `selected` chosen: the thread exists from here on. */
  async function matchedRequest(owner = lawyer, selected = mediator, others: Account[] = [], overrides: Record<string, unknown> = {}) {
    const id = await createLiveRequest(t, owner.cookie, overrides);
    for (const m of [selected, ...others]) expect((await accept(id, m.cookie)).statusCode).toBe(201);
    const select = await call(t, 'POST', `/api/requests/${id}/select-mediator/${selected.user.id}`, owner.cookie);
    expect(select.statusCode).toBe(200);
    return id;
  }

  const send = (cookie: string | undefined, body: Record<string, unknown>) => call(t, 'POST', '/api/messages', cookie, body);
  const thread = (cookie: string | undefined, id: string, query = '') => call(t, 'GET', `/api/messages/${id}${query}`, cookie);
  const threads = async (cookie: string, query = '') => {
    const res = await call(t, 'GET', `/api/messages${query}`, cookie);
    expect(res.statusCode).toBe(200);
    return res.json() as ThreadSummary[];
  };

  async function upload(cookie: string, bytes = PDF, body: Record<string, unknown> = { fileName: 'minutes.pdf', purpose: 'attachment' }) {
    const ask = await call(t, 'POST', '/api/files/upload', cookie, { size: bytes.length, ...body });
    expect(ask.statusCode).toBe(200);
    const { uploadURL, objectPath } = ask.json() as { uploadURL: string; objectPath: string };
    await t.app.inject({ method: 'PUT', url: uploadURL, headers: { 'content-type': 'application/pdf' }, payload: bytes });
    return objectPath;
  }

  it('lets the lawyer and the selected mediator exchange messages, newest first, with names and the recipient worked out', async () => {
    const id = await matchedRequest();
    const first = await send(lawyer.cookie, { requestId: id, content: '  Hello, shall we meet on Monday?  ' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      requestId: id,
      senderId: lawyer.user.id,
      recipientId: mediator.user.id,
      senderName: 'Lena Lawyer',
      content: 'Hello, shall we meet on Monday?',
      attachmentUrl: null,
      attachmentName: null,
      isRead: false,
    });
    const reply = await send(mediator.cookie, { requestId: id, content: 'Monday works.' });
    expect(reply.statusCode).toBe(201);
    expect(reply.json()).toMatchObject({ senderId: mediator.user.id, recipientId: lawyer.user.id, senderName: 'Max Mediator' });

    for (const cookie of [lawyer.cookie, mediator.cookie]) {
      const res = await thread(cookie, id);
      expect(res.statusCode).toBe(200);
      const list = res.json() as MessageDto[];
      expect(list.map((m) => m.content)).toEqual(['Monday works.', 'Hello, shall we meet on Monday?']);
      expect(res.headers['x-next-cursor']).toBeUndefined();
    }
    // Both messages were sent within the same (frozen) millisecond; their times still follow the order they were sent.
    const [newer, older] = (await thread(lawyer.cookie, id)).json() as MessageDto[];
    expect(Date.parse(newer.createdAt)).toBeGreaterThan(Date.parse(older.createdAt));
  });

  it('answers 404 to outsiders (other lawyer, unrelated mediator, a mediator who accepted but was not selected) and 401 signed out', async () => {
    const notSelected = await proMediator();
    const id = await matchedRequest(lawyer, mediator, [notSelected]);
    expect((await send(lawyer.cookie, { requestId: id, content: 'Private' })).statusCode).toBe(201);
    const otherLawyer = await signUpLawyer(t);
    const unrelated = await proMediator();
    for (const outsider of [otherLawyer, unrelated, notSelected]) {
      const read = await thread(outsider.cookie, id);
      expect(read.statusCode).toBe(404);
      expect(read.json().message).toBe('Message thread not found');
      const write = await send(outsider.cookie, { requestId: id, content: 'Let me in' });
      expect(write.statusCode).toBe(404);
      // 404 comes before 400: a bad body tells an outsider nothing either.
      expect((await send(outsider.cookie, { requestId: id, content: '   ' })).statusCode).toBe(404);
      expect((await threads(outsider.cookie)).map((th) => th.requestId)).not.toContain(id);
    }
    expect((await thread(undefined, id)).statusCode).toBe(401);
    expect((await send(undefined, { requestId: id, content: 'Hi' })).statusCode).toBe(401);
    expect((await call(t, 'GET', '/api/messages')).statusCode).toBe(401);
    expect((await call(t, 'GET', '/api/messages?limit=0')).statusCode).toBe(401);
    // The thread holds only the participant's message.
    expect(((await thread(lawyer.cookie, id)).json() as MessageDto[]).map((m) => m.content)).toEqual(['Private']);
  });

  it('answers 404 to a mediator no longer selected, even for a thread holding their own messages; a bad page query stays 404', async () => {
    const replaced = await proMediator();
    const id = await matchedRequest(lawyer, replaced);
    expect((await send(replaced.cookie, { requestId: id, content: 'Mine' })).statusCode).toBe(201);
    expect((await thread(replaced.cookie, id)).statusCode).toBe(200);
    // An admin's reassignment (admin-reassign) moves the selection; the page statement checks the request's row.
    await t.ctx.db.update(mediationRequests).set({ selectedMediatorId: mediator.user.id }).where(eq(mediationRequests.id, id));
    expect((await thread(replaced.cookie, id)).statusCode).toBe(404);
    expect((await thread(replaced.cookie, id, '?limit=0')).statusCode).toBe(404);
    expect((await thread(lawyer.cookie, id, '?limit=0')).statusCode).toBe(400);
    const read = await thread(mediator.cookie, id);
    expect(read.statusCode).toBe(200);
    expect((read.json() as MessageDto[]).map((m) => m.content)).toEqual(['Mine']);
  });

  it('lets admins read any thread (without marking it read) but not send (403)', async () => {
    const id = await matchedRequest();
    await send(lawyer.cookie, { requestId: id, content: 'For the mediator' });
    const read = await thread(admin.cookie, id);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toHaveLength(1);
    expect(read.json()[0].isRead).toBe(false);
    const write = await send(admin.cookie, { requestId: id, content: 'Admin here' });
    expect(write.statusCode).toBe(403);
    expect((await send(admin.cookie, { requestId: id, content: '' })).statusCode).toBe(403); // 403 before 400
    expect(await threads(admin.cookie)).toEqual([]);
  });

  it('has no thread before the request is matched (404, even for its owner), and 404 for malformed or unknown ids', async () => {
    const pending = await createLiveRequest(t, lawyer.cookie);
    const awaiting = await createLiveRequest(t, lawyer.cookie);
    expect((await accept(awaiting, mediator.cookie)).statusCode).toBe(201);
    for (const id of [pending, awaiting]) {
      for (const cookie of [lawyer.cookie, mediator.cookie, admin.cookie]) expect((await thread(cookie, id)).statusCode).toBe(404);
      expect((await send(lawyer.cookie, { requestId: id, content: 'Too early' })).statusCode).toBe(404);
      expect((await send(mediator.cookie, { requestId: id, content: 'Too early' })).statusCode).toBe(404);
    }
    for (const bad of ['not-a-uuid', '00000000-0000-0000-0000-000000000000', 'x'.repeat(90), '%E2%80%AE', `${pending}x`]) {
      expect((await thread(lawyer.cookie, bad)).statusCode).toBe(404);
      expect((await send(lawyer.cookie, { requestId: decodeURIComponent(bad), content: 'Hi' })).statusCode).toBe(404);
    }
    // A path too long for the router is 414 (as everywhere in the API); in the body it is simply not found.
    expect([404, 414]).toContain((await thread(lawyer.cookie, 'x'.repeat(300))).statusCode);
    expect((await send(lawyer.cookie, { requestId: 'x'.repeat(100), content: 'Hi' })).statusCode).toBe(404);
    const noId = await send(lawyer.cookie, { content: 'Where to?' });
    expect(noId.statusCode).toBe(400);
    expect(noId.json().fieldErrors).toHaveProperty('requestId');
  });

  it('keeps a thread readable after a cancellation that followed the selection, but refuses new messages (409)', async () => {
    const id = await matchedRequest();
    await send(mediator.cookie, { requestId: id, content: 'Before the cancellation' });
    const cancel = await call(t, 'POST', `/api/requests/${id}/cancel`, lawyer.cookie, { reason: 'Settled' });
    expect(cancel.statusCode).toBe(200);
    expect((await thread(lawyer.cookie, id)).json()).toHaveLength(1);
    expect((await thread(mediator.cookie, id)).statusCode).toBe(200);
    const late = await send(lawyer.cookie, { requestId: id, content: 'After' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/cancelled/);
    // A bad body is still 400 first (RULES.md 6: 400 before 409).
    expect((await send(lawyer.cookie, { requestId: id, content: ' ' })).statusCode).toBe(400);
    const summary = (await threads(lawyer.cookie)).find((th) => th.requestId === id)!;
    expect(summary).toMatchObject({ status: 'cancelled', canSend: false });
    // Cancelled before any selection: there never was a thread.
    const early = await createLiveRequest(t, lawyer.cookie);
    await call(t, 'POST', `/api/requests/${early}/cancel`, lawyer.cookie);
    expect((await thread(lawyer.cookie, early)).statusCode).toBe(404);
  });

  it('refuses whitespace-only and over-long messages with a field error, and ignores senderId and recipientId in the body', async () => {
    const id = await matchedRequest();
    for (const content of ['', '   ', '\n\t \n', undefined, null]) {
      const res = await send(lawyer.cookie, { requestId: id, content });
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors).toEqual({ content: 'Message cannot be empty' });
    }
    const long = await send(lawyer.cookie, { requestId: id, content: 'a'.repeat(5001) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({
      message: 'Messages can be at most 5000 characters',
      fieldErrors: { content: 'Messages can be at most 5000 characters' },
    });
    expect((await send(lawyer.cookie, { requestId: id, content: 42 })).statusCode).toBe(400);
    expect((await send(lawyer.cookie, { requestId: id, content: `  ${'b'.repeat(5000)}  ` })).statusCode).toBe(201);

    const stranger = await signUpLawyer(t);
    const forged = await send(lawyer.cookie, { requestId: id, content: 'Forged?', senderId: stranger.user.id, recipientId: stranger.user.id });
    expect(forged.statusCode).toBe(201);
    expect(forged.json()).toMatchObject({ senderId: lawyer.user.id, recipientId: mediator.user.id });
    expect((await thread(stranger.cookie, id)).statusCode).toBe(404);
    expect((await thread(mediator.cookie, id)).json()[0]).toMatchObject({ content: 'Forged?', senderId: lawyer.user.id });
  });

  it('takes a PDF the sender uploaded as an attachment (downloadable by both participants only) and refuses anything else', async () => {
    const id = await matchedRequest();
    const path = await upload(lawyer.cookie);
    const sent = await send(lawyer.cookie, { requestId: id, content: '   ', attachmentUrl: path });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ content: '', attachmentUrl: path, attachmentName: 'minutes.pdf' });
    const fileId = path.split('/').pop();
    for (const cookie of [mediator.cookie, lawyer.cookie, admin.cookie]) {
      const got = await call(t, 'GET', `/api/files/objects/${fileId}`, cookie);
      expect(got.statusCode).toBe(200);
      expect(got.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    const outsider = await proMediator();
    expect((await call(t, 'GET', `/api/files/objects/${fileId}`, outsider.cookie)).statusCode).toBe(404);
    expect((await thread(mediator.cookie, id)).json()[0]).toMatchObject({ attachmentUrl: path, attachmentName: 'minutes.pdf' });

    // An upload made with the spec's empty body is attachable too.
    const noPurpose = await call(t, 'POST', '/api/files/upload', mediator.cookie);
    expect(noPurpose.statusCode).toBe(200);
    await t.app.inject({ method: 'PUT', url: noPurpose.json().uploadURL, headers: { 'content-type': 'application/pdf' }, payload: PDF });
    expect((await send(mediator.cookie, { requestId: id, content: 'Signed copy', attachmentUrl: noPurpose.json().objectPath })).statusCode).toBe(201);

    const refusals: [string, string][] = [
      [await upload(lawyer.cookie, PNG, { fileName: 'photo.png', purpose: 'attachment' }), 'not a PDF'],
      [await upload(mediator.cookie), 'not found'], // someone else's upload
      [await upload(lawyer.cookie, PDF, { fileName: 'brief.pdf', purpose: 'brief' }), 'uploaded for something else'],
      ['/objects/00000000-0000-4000-8000-000000000000', 'not found'],
      ['/objects/not-an-object', 'not found'],
    ];
    for (const [attachmentUrl, text] of refusals) {
      const res = await send(lawyer.cookie, { requestId: id, content: 'See attached', attachmentUrl });
      expect(res.statusCode, attachmentUrl).toBe(400);
      expect(res.json().fieldErrors.attachmentUrl).toContain(text);
    }
    // An upload announced but never PUT is refused too.
    const ask = await call(t, 'POST', '/api/files/upload', lawyer.cookie, { fileName: 'ghost.pdf', purpose: 'attachment' });
    expect((await send(lawyer.cookie, { requestId: id, content: 'x', attachmentUrl: ask.json().objectPath })).statusCode).toBe(400);
    // A file attached in one thread cannot be carried into another request's thread.
    const other = await matchedRequest();
    const reuse = await send(lawyer.cookie, { requestId: other, content: 'Again', attachmentUrl: path });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().fieldErrors.attachmentUrl).toContain('attached to another request');
  });

  it('counts unread messages per thread; reading changes nothing; POST …/read by the recipient marks them and the notification read', async () => {
    const id = await matchedRequest();
    for (const content of ['One', 'Two', 'Three']) await send(lawyer.cookie, { requestId: id, content });
    const before = (await threads(mediator.cookie)).find((th) => th.requestId === id)!;
    expect(before.unreadCount).toBe(3);
    expect((await threads(lawyer.cookie)).find((th) => th.requestId === id)!.unreadCount).toBe(0); // own messages
    // The sender reading does not mark them read.
    expect(((await thread(lawyer.cookie, id)).json() as MessageDto[]).every((m) => !m.isRead)).toBe(true);
    expect(((await thread(mediator.cookie, id)).json() as MessageDto[]).every((m) => !m.isRead)).toBe(true); // a GET writes nothing
    expect((await call(t, 'POST', `/api/messages/${id}/read`, lawyer.cookie)).json()).toEqual({ marked: 0 }); // the sender's own
    const unreadBell = (await call(t, 'GET', '/api/notifications/unread', mediator.cookie)).json().count as number;
    expect(unreadBell).toBeGreaterThan(0);
    expect((await call(t, 'POST', `/api/messages/${id}/read`, mediator.cookie)).json()).toEqual({ marked: 3 });
    expect((await call(t, 'GET', '/api/notifications/unread', mediator.cookie)).json().count).toBe(unreadBell - 1); // the coalesced new_message
    expect((await call(t, 'POST', `/api/messages/not-a-uuid/read`, mediator.cookie)).statusCode).toBe(404);
    expect((await call(t, 'POST', `/api/messages/${id}/read`)).statusCode).toBe(401);
    expect((await threads(mediator.cookie)).find((th) => th.requestId === id)!.unreadCount).toBe(0);
    expect(((await thread(lawyer.cookie, id)).json() as MessageDto[]).every((m) => m.isRead)).toBe(true);
    await send(lawyer.cookie, { requestId: id, content: 'Four' });
    expect((await threads(mediator.cookie)).find((th) => th.requestId === id)!.unreadCount).toBe(1);
  });

  it('pages a long thread backwards in time with limit and cursor, every message once', async () => {
    const id = await matchedRequest();
    const sent: string[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await send(i % 2 ? mediator.cookie : lawyer.cookie, { requestId: id, content: `Message ${i}` });
      sent.push(res.json().id);
      if (i === 3) t.clock.advance(60_000);
    }
    const seen: MessageDto[] = [];
    let cursor: string | undefined;
    const sizes: number[] = [];
    do {
      const res = await thread(lawyer.cookie, id, `?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode).toBe(200);
      sizes.push(res.json().length);
      seen.push(...res.json());
      cursor = res.headers['x-next-cursor'] as string | undefined;
    } while (cursor);
    expect(sizes).toEqual([3, 3, 1]);
    expect(seen.map((m) => m.id)).toEqual([...sent].reverse());
    expect((await thread(lawyer.cookie, id, '?limit=0')).statusCode).toBe(400);
    expect((await thread(lawyer.cookie, id, '?limit=101')).statusCode).toBe(400);
    // A junk cursor reads as the first page.
    expect((await thread(lawyer.cookie, id, '?cursor=junk')).json()).toHaveLength(7);
  });

  it('lists my threads with the counterpart, the latest message and unread count, latest activity first, paginated', async () => {
    const l = await signUpLawyer(t);
    const m1 = await proMediator();
    const m2 = await proMediator();
    const quiet = await matchedRequest(l, m1, [], { caseName: 'Quiet v. Case', caseNumber: 'Q-1' });
    t.clock.advance(1000);
    const busy = await matchedRequest(l, m2, [], { caseName: 'Busy v. Case', caseNumber: 'B-2' });
    t.clock.advance(1000);
    await send(m1.cookie, { requestId: quiet, content: 'First word' });
    t.clock.advance(1000);
    // Not yet matched: no thread.
    await createLiveRequest(t, l.cookie, { caseName: 'Unmatched' });

    let list = await threads(l.cookie);
    expect(list.map((th) => th.caseName)).toEqual(['Quiet v. Case', 'Busy v. Case']);
    expect(list[0]).toMatchObject({
      requestId: quiet,
      caseNumber: 'Q-1',
      status: 'matched',
      counterpart: { id: m1.user.id, role: 'mediator', firstName: 'Max', lastName: 'Mediator' },
      lastMessage: { senderId: m1.user.id, content: 'First word', hasAttachment: false },
      unreadCount: 1,
      canSend: true,
    });
    expect(list[1]).toMatchObject({ requestId: busy, lastMessage: null, unreadCount: 0 });

    await send(l.cookie, { requestId: busy, content: `Now this one ${'x'.repeat(300)}` });
    list = await threads(l.cookie);
    expect(list.map((th) => th.requestId)).toEqual([busy, quiet]);
    expect(list[0].lastMessage!.content.length).toBeLessThanOrEqual(160);
    const mine = await threads(m2.cookie);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ requestId: busy, counterpart: { id: l.user.id, role: 'lawyer', firstName: 'Lena' }, unreadCount: 1 });

    const page1 = await call(t, 'GET', '/api/messages?limit=1', l.cookie);
    expect(page1.json().map((th: ThreadSummary) => th.requestId)).toEqual([busy]);
    const page2 = await call(t, 'GET', `/api/messages?limit=1&cursor=${page1.headers['x-next-cursor']}`, l.cookie);
    expect(page2.json().map((th: ThreadSummary) => th.requestId)).toEqual([quiet]);
    expect(page2.headers['x-next-cursor']).toBeUndefined();
    expect((await call(t, 'GET', '/api/messages?limit=abc', l.cookie)).statusCode).toBe(400);
  });

  it('notifies the recipient (new_message, linking to the thread) in the same transaction as the message', async () => {
    const l = await signUpLawyer(t);
    const m = await proMediator();
    const id = await matchedRequest(l, m, [], { caseName: 'Notified v. Party' });
    const res = await send(l.cookie, { requestId: id, content: 'Can you do\n Tuesday?' });
    expect(res.statusCode).toBe(201);
    const list = (await call(t, 'GET', '/api/notifications', m.cookie)).json() as { type: string; title: string; message: string; linkUrl: string }[];
    const note = list.find((n) => n.type === 'new_message');
    expect(note).toMatchObject({ title: 'New message', linkUrl: `/messages/${id}` });
    expect(note!.message).toBe('Lena on Notified v. Party: Can you do Tuesday?');
    // The sender is not notified of their own message.
    expect(((await call(t, 'GET', '/api/notifications', l.cookie)).json() as { type: string }[]).some((n) => n.type === 'new_message')).toBe(false);
    // A refused message leaves no notification behind.
    await call(t, 'POST', `/api/requests/${id}/cancel`, l.cookie);
    const before = ((await call(t, 'GET', '/api/notifications', m.cookie)).json() as { type: string }[]).filter((n) => n.type === 'new_message').length;
    expect((await send(l.cookie, { requestId: id, content: 'Too late' })).statusCode).toBe(409);
    const after = ((await call(t, 'GET', '/api/notifications', m.cookie)).json() as { type: string }[]).filter((n) => n.type === 'new_message').length;
    expect(after).toBe(before);
  });
});

describe.each(backends)('message rate limit on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend, { rateLimits: 'on' });
  });
  afterAll(async () => {
    t?.ctx.database.pool?.on('error', () => undefined);
    await t?.close();
  });

  it('takes 60 messages a minute from one user; the 61st is 429 with Retry-After, and the next minute is open again', async () => {
    const lawyer = await signUpLawyer(t);
    const mediator = await signUpMediator(t);
    await setTier(t, mediator.user.id, 'pro');
    const id = await createLiveRequest(t, lawyer.cookie);
    await call(t, 'POST', `/api/requests/${id}/accept`, mediator.cookie, { noConflictConfirmed: true });
    expect((await call(t, 'POST', `/api/requests/${id}/select-mediator/${mediator.user.id}`, lawyer.cookie)).statusCode).toBe(200);
    for (let i = 0; i < 60; i++) {
      const res = await call(t, 'POST', '/api/messages', lawyer.cookie, { requestId: id, content: `Message ${i}` });
      expect(res.statusCode, `message ${i}`).toBe(201);
    }
    const limited = await call(t, 'POST', '/api/messages', lawyer.cookie, { requestId: id, content: 'One too many' });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // The limit is per user: the mediator can still answer.
    expect((await call(t, 'POST', '/api/messages', mediator.cookie, { requestId: id, content: 'Slow down' })).statusCode).toBe(201);
    t.clock.advance(61_000);
    expect((await call(t, 'POST', '/api/messages', lawyer.cookie, { requestId: id, content: 'Next minute' })).statusCode).toBe(201);
  });
});
