import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../../../tests/helpers/backends';
import { signUpVerified } from '../../../../tests/helpers/accounts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { notifications } from '../../db/schema';
import { insertNotifications } from './notifications.repo';

interface Note {
  id: string;
  userId: string;
  title: string;
  isRead: boolean;
  createdAt: string;
}

describe.each(backends)('notifications on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const patch = (url: string, cookie?: string) => t.app.inject({ method: 'PATCH', url, headers: cookie ? { cookie } : {} });
  const list = async (cookie: string, query = '') => (await get(`/api/notifications${query}`, cookie)).json() as Note[];
  const unread = async (cookie: string) => (await get('/api/notifications/unread', cookie)).json().count as number;

  /** One insert per notification, each then given its own, later creation time (PGlite's clock ticks in ms). */
  let tick = Date.parse('2026-03-02T15:00:00Z');
  async function seedOneByOne(userId: string, titles: string[]) {
    for (const title of titles) {
      await insertNotifications(t.ctx.db, [{ userId, type: 'review_received', title, message: `${title} body`, linkUrl: '/reviews' }]);
      tick += 1000;
      await t.ctx.db
        .update(notifications)
        .set({ createdAt: new Date(tick) })
        .where(and(eq(notifications.userId, userId), eq(notifications.title, title)));
    }
  }

  it('treats junk cursors (fake uuid, dates PostgreSQL cannot read) as the first page, never a 5xx', async () => {
    const me = await signUpVerified(t);
    const cursors = [`2026-01-01T00:00:00Z|${'-'.repeat(36)}`, '+275760-09-13T00:00:00.000Z|11111111-2222-4333-8444-555555555555', 'not|a cursor'];
    for (const raw of cursors) {
      const res = await get(`/api/notifications?cursor=${Buffer.from(raw).toString('base64url')}`, me.cookie);
      expect(res.statusCode).toBe(200);
    }
  });

  it('is 401 signed out, everywhere', async () => {
    expect((await get('/api/notifications')).statusCode).toBe(401);
    expect((await get('/api/notifications/unread')).statusCode).toBe(401);
    expect((await patch('/api/notifications/read-all')).statusCode).toBe(401);
    expect((await patch('/api/notifications/00000000-0000-0000-0000-000000000000/read')).statusCode).toBe(401);
  });

  it('lists only my notifications, newest first, with an unread count', async () => {
    const me = await signUpVerified(t);
    const other = await signUpVerified(t);
    expect(await list(me.cookie)).toEqual([]);
    expect(await unread(me.cookie)).toBe(0);
    await seedOneByOne(me.user.id, ['first', 'second', 'third']);
    await seedOneByOne(other.user.id, ['not yours']);

    const res = await get('/api/notifications', me.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-next-cursor']).toBeUndefined();
    const items = res.json() as Note[];
    expect(items.map((n) => n.title)).toEqual(['third', 'second', 'first']);
    expect(items.every((n) => n.userId === me.user.id && n.isRead === false)).toBe(true);
    expect(items[0]).toMatchObject({ type: 'review_received', message: 'third body', linkUrl: '/reviews' });
    expect(Date.parse(items[0].createdAt)).toBeGreaterThanOrEqual(Date.parse(items[2].createdAt));
    expect(await unread(me.cookie)).toBe(3);
    expect(await unread(other.cookie)).toBe(1);
  });

  it('marks one read; another user’s notification or an unknown id is 404 and stays unread', async () => {
    const me = await signUpVerified(t);
    const other = await signUpVerified(t);
    await seedOneByOne(me.user.id, ['a', 'b']);
    await seedOneByOne(other.user.id, ['theirs']);
    const [newest] = await list(me.cookie);
    const [theirs] = await list(other.cookie);

    const res = await patch(`/api/notifications/${newest.id}/read`, me.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: newest.id, isRead: true });
    expect(await unread(me.cookie)).toBe(1);
    // Idempotent.
    expect((await patch(`/api/notifications/${newest.id}/read`, me.cookie)).statusCode).toBe(200);
    expect(await unread(me.cookie)).toBe(1);

    const foreign = await patch(`/api/notifications/${theirs.id}/read`, me.cookie);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toHaveProperty('message');
    expect(await unread(other.cookie)).toBe(1);
    for (const id of ['00000000-0000-0000-0000-000000000000', 'not-a-uuid', "1' OR '1'='1"]) {
      expect((await patch(`/api/notifications/${encodeURIComponent(id)}/read`, me.cookie)).statusCode).toBe(404);
    }
  });

  it('read-all marks all of mine read and none of anybody else’s', async () => {
    const me = await signUpVerified(t);
    const other = await signUpVerified(t);
    await seedOneByOne(me.user.id, ['x', 'y', 'z']);
    await seedOneByOne(other.user.id, ['w']);
    const res = await patch('/api/notifications/read-all', me.cookie);
    expect(res.statusCode).toBe(200);
    expect(await unread(me.cookie)).toBe(0);
    expect((await list(me.cookie)).every((n) => n.isRead)).toBe(true);
    expect(await unread(other.cookie)).toBe(1);
    // With a JSON content type and an empty body too.
    const again = await t.app.inject({
      method: 'PATCH',
      url: '/api/notifications/read-all',
      headers: { cookie: me.cookie, 'content-type': 'application/json' },
    });
    expect(again.statusCode).toBe(200);
  });

  it('pages with limit and X-Next-Cursor, newest first, with no duplicates or gaps (ties in creation time too)', async () => {
    const me = await signUpVerified(t);
    await seedOneByOne(me.user.id, ['old-1', 'old-2', 'old-3']);
    // One statement: every row shares one creation time, so the order must break ties by id.
    await insertNotifications(
      t.ctx.db,
      Array.from({ length: 20 }, (_, i) => ({ userId: me.user.id, type: 'broadcast' as const, title: `batch-${i}`, message: 'm' })),
    );
    // …at a time with microseconds, as PostgreSQL's now() gives: the cursor (milliseconds) must not skip any of them.
    tick += 1000;
    await t.ctx.db
      .update(notifications)
      .set({ createdAt: sql`${new Date(tick).toISOString()}::timestamptz + interval '456 microseconds'` })
      .where(and(eq(notifications.userId, me.user.id), eq(notifications.type, 'broadcast')));
    await seedOneByOne(me.user.id, ['new-1', 'new-2']);

    const all = await list(me.cookie, '?limit=100');
    expect(all).toHaveLength(25);
    expect(all.slice(0, 2).map((n) => n.title)).toEqual(['new-2', 'new-1']);
    expect(all.slice(-3).map((n) => n.title)).toEqual(['old-3', 'old-2', 'old-1']);

    const seen: Note[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const res = await get(`/api/notifications?limit=7${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, me.cookie);
      expect(res.statusCode).toBe(200);
      const page = res.json() as Note[];
      expect(page.length).toBeLessThanOrEqual(7);
      seen.push(...page);
      cursor = res.headers['x-next-cursor'] as string | undefined;
      pages++;
      if (cursor) expect(page).toHaveLength(7);
    } while (cursor && pages < 10);
    expect(pages).toBe(4);
    expect(new Set(seen.map((n) => n.id)).size).toBe(25);
    expect(seen.map((n) => n.id)).toEqual(all.map((n) => n.id));

    // Exactly one full page: no cursor.
    const exact = await get('/api/notifications?limit=25', me.cookie);
    expect(exact.json()).toHaveLength(25);
    expect(exact.headers['x-next-cursor']).toBeUndefined();
  });

  it('defaults to 50 per page', async () => {
    const me = await signUpVerified(t);
    await insertNotifications(
      t.ctx.db,
      Array.from({ length: 55 }, (_, i) => ({ userId: me.user.id, type: 'broadcast' as const, title: `n-${i}`, message: 'm' })),
    );
    const res = await get('/api/notifications', me.cookie);
    expect(res.json()).toHaveLength(50);
    expect(res.headers['x-next-cursor']).toBeTruthy();
    const rest = await get(`/api/notifications?cursor=${res.headers['x-next-cursor']}`, me.cookie);
    expect(rest.json()).toHaveLength(5);
  });

  it.each(['0', '101', '-1', 'abc', '2.5'])('refuses limit=%s with 400', async (limit) => {
    const me = await signUpVerified(t);
    const res = await get(`/api/notifications?limit=${limit}`, me.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('message');
  });

  it('accepts the bounds limit=1 and limit=100, and an overlong cursor is 400', async () => {
    const me = await signUpVerified(t);
    await seedOneByOne(me.user.id, ['p', 'q']);
    const one = await get('/api/notifications?limit=1', me.cookie);
    expect(one.statusCode).toBe(200);
    expect(one.json().map((n: Note) => n.title)).toEqual(['q']);
    expect(one.headers['x-next-cursor']).toBeTruthy();
    expect((await get('/api/notifications?limit=100', me.cookie)).statusCode).toBe(200);
    expect((await get(`/api/notifications?cursor=${'x'.repeat(500)}`, me.cookie)).statusCode).toBe(400);
  });
});
