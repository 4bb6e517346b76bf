/**
 * Fixed one-window counters kept in this process's memory (decision 056): the limits on the hot path (the general
 * API limit, messages, accepts, uploads) count here, so a request pays no database round trip to be counted.
 */
export interface WindowHit {
  /** Hits in the key's current window, this one included. */
  count: number;
  /** When the key's current window ends (epoch ms). */
  endsAt: number;
}

interface Window {
  count: number;
  endsAt: number;
}

/** Sweep the ended windows at most this often: a map of a minute's callers, not of every caller since the start. */
const SWEEP_EVERY_MS = 60_000;

export class LocalRateWindows {
  private readonly windows = new Map<string, Window>();
  private nextSweep = 0;

  /** Counts one hit of `key` at `now` in a window of `windowMs` that starts at the key's first hit. */
  hit(key: string, now: number, windowMs: number): WindowHit {
    if (now >= this.nextSweep) this.sweep(now);
    const current = this.windows.get(key);
    if (!current || current.endsAt <= now) {
      const fresh = { count: 1, endsAt: now + windowMs };
      this.windows.set(key, fresh);
      return { ...fresh };
    }
    current.count += 1;
    return { ...current };
  }

  /** How many keys have a window open (for tests and the sweep's check). */
  get size(): number {
    return this.windows.size;
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) if (window.endsAt <= now) this.windows.delete(key);
    this.nextSweep = now + SWEEP_EVERY_MS;
  }
}

/**
 * A process's share of a limit when `processes` server processes take the load (WEB_CONCURRENCY, or
 * RATE_LIMIT_PROCESSES across instances): together they never allow more than the limit, rounded up per process.
 */
export function processShare(limit: number, processes: number): number {
  return Math.max(1, Math.ceil(limit / Math.max(1, processes)));
}
