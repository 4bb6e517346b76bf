import { randomBytes } from 'node:crypto';
import type { SessionData, users } from '../db/schema';

/**
 * The sessions this instance served lately, by session id (the token's hash), so that a signed-in request costs no
 * session query (issue 10; docs/decisions/023-session-cache.md). It is only ever as trustworthy as the notifications
 * that empty it: PostgreSQL triggers on `session` and `users` (migration `session_cache_notify`) send the session id
 * (`s:<sid>`) or the user id (`u:<id>`) on commit to every instance, whatever code path made the change, and an entry
 * is dropped the moment either arrives. While this instance is not listening (before the first LISTEN, after a lost
 * connection, after a barrier that never came back) the cache is empty and bypassed.
 */
export interface CachedSession {
  readonly sid: string;
  readonly sess: Readonly<SessionData>;
  readonly user: Readonly<typeof users.$inferSelect>;
  /** The admin behind an impersonation: a change to them ends the entry too. */
  readonly impersonatorId: string | null;
  /** Idle expiry as last written (ms); a request past it asks the database. */
  expireMs: number;
  /** Absolute expiry (ms): sign-in time + 30 days. */
  readonly absoluteEndMs: number;
}

export const SESSION_CACHE_MAX_ENTRIES = 10_000;

/** How long a barrier may take to come back through the listener before the cache stops trusting it. */
export const BARRIER_TIMEOUT_MS = 2_000;

interface Waiter {
  n: number;
  resolve(): void;
}

export class SessionCache {
  /** Insertion order is recency: a hit moves its entry to the end; the first entry is the least recently used. */
  private readonly entries = new Map<string, CachedSession>();
  /** user id (acting user or impersonating admin) → the session ids of cached entries that depend on that user. */
  private readonly byUser = new Map<string, Set<string>>();
  private connected = false;
  private suspect = false;
  private generationValue = 0;

  /** Barriers: `b:<instance>:<n>` notifications this instance sends itself (see `barrier`). */
  private readonly instance = randomBytes(6).toString('hex');
  private barrierSent = 0;
  private barrierSeen = 0;
  private waiters: Waiter[] = [];
  private nextBarrier: Promise<void> | null = null;

  constructor(readonly maxEntries = SESSION_CACHE_MAX_ENTRIES) {}

  /** Whether entries may be served and stored: listening, and no barrier has gone missing since. */
  get active(): boolean {
    return this.connected && !this.suspect;
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * Changes whenever something may have made a cached entry stale (an invalidation, a clear). A request reads it
   * before its session query and stores the result only if it has not changed: an invalidation that arrived while the
   * query ran may concern the very row it read.
   */
  get generation(): number {
    return this.generationValue;
  }

  get(sid: string): CachedSession | undefined {
    if (!this.active) return undefined;
    const entry = this.entries.get(sid);
    if (!entry) return undefined;
    this.entries.delete(sid);
    this.entries.set(sid, entry);
    return entry;
  }

  /** Stores what a session query read at `generation`; false (nothing stored) when that may already be stale. */
  set(entry: CachedSession, generation: number): boolean {
    if (!this.active || generation !== this.generationValue) return false;
    this.remove(entry.sid);
    Object.freeze(entry.user);
    Object.freeze(entry.sess);
    this.entries.set(entry.sid, entry);
    this.index(entry.user.id, entry.sid);
    if (entry.impersonatorId) this.index(entry.impersonatorId, entry.sid);
    while (this.entries.size > this.maxEntries) this.remove(this.entries.keys().next().value as string);
    return true;
  }

  evictSession(sid: string): void {
    this.generationValue++;
    this.remove(sid);
  }

  /** Every entry acting as this user or impersonated by them. */
  evictUser(userId: string): void {
    this.generationValue++;
    const sids = this.byUser.get(userId);
    if (!sids) return;
    for (const sid of [...sids]) this.remove(sid);
  }

  clear(): void {
    this.generationValue++;
    this.entries.clear();
    this.byUser.clear();
  }

  /** One notification from the channel: `s:<sid>`, `u:<user id>`, `*` (a TRUNCATE) or a barrier. */
  handle(payload: string): void {
    const kind = payload.slice(0, 2);
    const value = payload.slice(2);
    if (kind === 's:') this.evictSession(value);
    else if (kind === 'u:') this.evictUser(value);
    else if (kind === 'b:') this.barrierArrived(value);
    else this.clear();
  }

  /** LISTEN is in place (first time, or again after a gap): start from nothing, since anything may have been missed. */
  listening(): void {
    this.clear();
    this.connected = true;
  }

  /** The listening connection is gone: serve nothing from memory until it is back. */
  notListening(): void {
    this.clear();
    this.connected = false;
  }

  /**
   * Resolves once every notification committed before this call has reached this instance: it sends one of its own
   * (`send`, through the pool) and waits for it on the listening connection — PostgreSQL delivers notifications in
   * commit order. A write request awaits this before it answers, so the same client's next request cannot find what
   * it just changed still cached (docs/decisions/023). Calls in one turn of the event loop share one barrier. If the
   * barrier does not come back within `timeoutMs`, the listener cannot be trusted: the cache is emptied and bypassed
   * until a later barrier arrives.
   */
  barrier(send: (payload: string) => Promise<void>, timeoutMs = BARRIER_TIMEOUT_MS): Promise<void> {
    if (!this.connected) return Promise.resolve();
    this.nextBarrier ??= new Promise<void>((resolve) => {
      setImmediate(() => {
        this.nextBarrier = null;
        const n = ++this.barrierSent;
        let done = false;
        const finish = () => {
          if (done) return;
          done = true;
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          this.waiters = this.waiters.filter((w) => w.n !== n);
          if (this.barrierSeen < n) this.distrust();
          finish();
        }, timeoutMs);
        timer.unref?.();
        this.waiters.push({ n, resolve: finish });
        send(`b:${this.instance}:${n}`).catch(() => {
          // Not even sent: nothing proves the listener is current.
          this.waiters = this.waiters.filter((w) => w.n !== n);
          this.distrust();
          finish();
        });
      });
    });
    return this.nextBarrier;
  }

  private barrierArrived(value: string): void {
    const [instance, count] = value.split(':');
    if (instance !== this.instance) return;
    const n = Number(count);
    if (!(n > this.barrierSeen)) return;
    this.barrierSeen = n;
    if (this.suspect) {
      // The listener is delivering again; what it may have dropped meanwhile is forgotten.
      this.clear();
      this.suspect = false;
    }
    const ready = this.waiters.filter((w) => w.n <= n);
    this.waiters = this.waiters.filter((w) => w.n > n);
    for (const w of ready) w.resolve();
  }

  private distrust(): void {
    this.clear();
    this.suspect = true;
  }

  private index(userId: string, sid: string): void {
    let set = this.byUser.get(userId);
    if (!set) this.byUser.set(userId, (set = new Set()));
    set.add(sid);
  }

  private unindex(userId: string, sid: string): void {
    const set = this.byUser.get(userId);
    if (!set) return;
    set.delete(sid);
    if (!set.size) this.byUser.delete(userId);
  }

  private remove(sid: string): void {
    const entry = this.entries.get(sid);
    if (!entry) return;
    this.entries.delete(sid);
    this.unindex(entry.user.id, sid);
    if (entry.impersonatorId) this.unindex(entry.impersonatorId, sid);
  }
}
