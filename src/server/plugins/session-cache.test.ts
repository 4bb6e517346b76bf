import { describe, expect, it } from 'vitest';
import type { CachedSession } from './session-cache';
import { SessionCache } from './session-cache';

const DAY = 24 * 60 * 60 * 1000;

function entry(sid: string, userId: string, impersonatorId: string | null = null): CachedSession {
  const user = {
    id: userId,
    email: `${userId}@example.com`,
    firstName: 'A',
    lastName: 'B',
    role: 'lawyer',
    status: 'approved',
  } as unknown as CachedSession['user'];
  return {
    sid,
    sess: { userId, createdAt: new Date(0).toISOString(), ...(impersonatorId ? { impersonatorId } : {}) },
    user,
    impersonatorId,
    expireMs: 7 * DAY,
    absoluteEndMs: 30 * DAY,
  };
}

function listeningCache(max?: number): SessionCache {
  const cache = new SessionCache(max);
  cache.listening();
  return cache;
}

/** A barrier sender that loops the payload back through `handle`, as the listener would. */
const loopback = (cache: SessionCache) => async (payload: string) => {
  setTimeout(() => cache.handle(payload), 1);
};

describe('SessionCache', () => {
  it('serves what it stored, and nothing before it listens or after the listener is lost', () => {
    const cold = new SessionCache();
    expect(cold.set(entry('s1', 'u1'), cold.generation)).toBe(false);
    expect(cold.get('s1')).toBeUndefined();

    const cache = listeningCache();
    expect(cache.set(entry('s1', 'u1'), cache.generation)).toBe(true);
    expect(cache.get('s1')?.user.id).toBe('u1');

    cache.notListening();
    expect(cache.active).toBe(false);
    expect(cache.get('s1')).toBeUndefined();
    expect(cache.size).toBe(0);
    expect(cache.set(entry('s1', 'u1'), cache.generation)).toBe(false);

    // Back (a gap): it starts empty, since notifications may have been missed meanwhile.
    cache.listening();
    expect(cache.get('s1')).toBeUndefined();
    expect(cache.set(entry('s1', 'u1'), cache.generation)).toBe(true);
    expect(cache.get('s1')).toBeDefined();
  });

  it('keeps at most its bound, dropping the least recently used', () => {
    const cache = listeningCache(3);
    for (const sid of ['a', 'b', 'c']) cache.set(entry(sid, `user-${sid}`), cache.generation);
    cache.get('a'); // a is now the most recent; b the least
    cache.set(entry('d', 'user-d'), cache.generation);
    expect(cache.size).toBe(3);
    expect(cache.get('b')).toBeUndefined();
    expect(['a', 'c', 'd'].map((sid) => cache.get(sid)?.sid)).toEqual(['a', 'c', 'd']);
    // An evicted entry no longer answers for its user either.
    cache.handle('u:user-b');
    expect(cache.size).toBe(3);
  });

  it('drops an entry by session id, and every entry of a user or of the admin impersonating', () => {
    const cache = listeningCache();
    cache.set(entry('s1', 'u1'), cache.generation);
    cache.set(entry('s2', 'u1'), cache.generation);
    cache.set(entry('s3', 'u2'), cache.generation);
    cache.set(entry('s4', 'u3', 'admin1'), cache.generation); // admin1 viewing as u3
    cache.set(entry('s5', 'admin1'), cache.generation);

    cache.handle('s:s3');
    expect(cache.get('s3')).toBeUndefined();
    expect(cache.get('s1')).toBeDefined();

    cache.handle('u:u1');
    expect(cache.get('s1')).toBeUndefined();
    expect(cache.get('s2')).toBeUndefined();
    expect(cache.get('s4')).toBeDefined();

    cache.handle('u:admin1');
    expect(cache.get('s4')).toBeUndefined();
    expect(cache.get('s5')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('a TRUNCATE (or anything unknown) empties it', () => {
    const cache = listeningCache();
    cache.set(entry('s1', 'u1'), cache.generation);
    cache.handle('*');
    expect(cache.size).toBe(0);
  });

  it('does not store a row read before an invalidation that arrived while the query ran', () => {
    const cache = listeningCache();
    const before = cache.generation;
    cache.handle('u:someone-else'); // any invalidation in between: the row read may be the one it concerned
    expect(cache.set(entry('s1', 'u1'), before)).toBe(false);
    expect(cache.get('s1')).toBeUndefined();
    expect(cache.set(entry('s1', 'u1'), cache.generation)).toBe(true);
  });

  it('freezes what it shares between requests', () => {
    const cache = listeningCache();
    cache.set(entry('s1', 'u1'), cache.generation);
    const hit = cache.get('s1')!;
    expect(() => {
      (hit.user as { firstName: string }).firstName = 'Changed';
    }).toThrow(TypeError);
  });

  it('a barrier resolves once its own notification has come back through the listener', async () => {
    const cache = listeningCache();
    const sent: string[] = [];
    let deliver: () => void = () => undefined;
    const send = async (payload: string) => {
      sent.push(payload);
      deliver = () => cache.handle(payload);
    };
    let resolved = false;
    // Two in one turn share one barrier.
    const first = cache.barrier(send).then(() => (resolved = true));
    const second = cache.barrier(send);
    await new Promise((r) => setTimeout(r, 20));
    expect(sent).toHaveLength(1);
    expect(resolved).toBe(false);
    cache.handle(`b:another-instance:${sent[0].split(':')[2]}`); // someone else's barrier is not ours
    await new Promise((r) => setTimeout(r, 5));
    expect(resolved).toBe(false);
    deliver();
    await Promise.all([first, second]);
    expect(resolved).toBe(true);
    expect(cache.active).toBe(true);
  });

  it('a barrier that never comes back empties the cache and bypasses it until one does', async () => {
    const cache = listeningCache();
    cache.set(entry('s1', 'u1'), cache.generation);
    await cache.barrier(async () => undefined, 30); // sent, never delivered: the listener is deaf
    expect(cache.active).toBe(false);
    expect(cache.size).toBe(0);
    expect(cache.set(entry('s1', 'u1'), cache.generation)).toBe(false);

    await cache.barrier(loopback(cache), 1_000);
    expect(cache.active).toBe(true);
    expect(cache.set(entry('s1', 'u1'), cache.generation)).toBe(true);
  });

  it('a barrier that cannot even be sent distrusts the cache; without a listener it does not wait', async () => {
    const cache = listeningCache();
    cache.set(entry('s1', 'u1'), cache.generation);
    await cache.barrier(async () => {
      throw new Error('connection refused');
    });
    expect(cache.active).toBe(false);
    expect(cache.size).toBe(0);

    const unheard = new SessionCache();
    let sent = 0;
    await unheard.barrier(async () => {
      sent++;
    });
    expect(sent).toBe(0);
  });
});
