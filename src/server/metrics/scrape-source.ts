import type { FastifyBaseLogger } from 'fastify';
import { Gauge, type Aggregator, type Registry } from 'prom-client';

/** A database read that takes longer than this fails its gauges for this scrape (Prometheus waits 10 s by default). */
const READ_TIMEOUT_MS = 2_000;

/**
 * One read behind one or more gauges, done at scrape time (decision 059). The gauges of a scrape share a read that is
 * in flight, so each source costs one statement a scrape however many gauges show it. A read that fails or takes too
 * long leaves its gauges out of that scrape (no sample: never a made-up 0) and sets `up` to 0 for the source; the
 * other gauges still answer.
 */
export class ScrapeSource<T> {
  private inFlight: Promise<T> | null = null;
  /** The statement itself, until it settles: a scrape after one that timed out waits on it rather than add another. */
  private running: Promise<T> | null = null;
  private failing = false;

  constructor(
    readonly name: string,
    private readonly readNow: () => Promise<T>,
    private readonly log: FastifyBaseLogger,
  ) {}

  read(): Promise<T> {
    this.inFlight ??= this.readOnce().finally(() => (this.inFlight = null));
    return this.inFlight;
  }

  private async readOnce(): Promise<T> {
    const running = (this.running ??= this.readNow().finally(() => (this.running = null)));
    try {
      const value = await withTimeout(running, READ_TIMEOUT_MS);
      if (this.failing) this.log.info({ source: this.name }, 'metrics source answers again');
      this.failing = false;
      return value;
    } catch (error) {
      // Logged when it starts failing, not at every scrape (every 15 s while the database is down).
      if (!this.failing) this.log.warn({ err: error, source: this.name }, 'metrics source failed: its gauges are left out until it answers');
      this.failing = true;
      throw error;
    }
  }

  /** Whether this scrape's read succeeded. */
  async up(): Promise<boolean> {
    return this.read().then(
      () => true,
      () => false,
    );
  }
}

/** A gauge filled from a source at every scrape; `show` sets its samples from the value read. */
export function sourceGauge<T, L extends string = never>(
  registry: Registry,
  source: ScrapeSource<T>,
  config: { name: string; help: string; labelNames?: readonly L[]; aggregator: Aggregator },
  show: (gauge: Gauge<L>, value: T) => void,
): Gauge<L> {
  return new Gauge<L>({
    ...config,
    registers: [registry],
    async collect() {
      this.reset();
      try {
        show(this, await source.read());
      } catch {
        // A gauge without labels keeps a 0 after reset(): remove it, so that the sample is absent, not 0.
        if (!config.labelNames?.length) this.remove();
      }
    },
  });
}

/** `mediatehub_metrics_source_up{source}`: 1 when the source's read of this scrape succeeded, 0 when its gauges are left out. */
export function sourceUpGauge(registry: Registry, prefix: string, sources: ScrapeSource<unknown>[]): void {
  new Gauge({
    name: `${prefix}metrics_source_up`,
    help: 'Whether a metrics source (a database read) answered at this scrape: 0 means its gauges are absent from it',
    labelNames: ['source'],
    registers: [registry],
    // In a cluster the least of the processes: any process that could not read says so.
    aggregator: 'min',
    async collect() {
      const ups = await Promise.all(sources.map((source) => source.up()));
      sources.forEach((source, i) => this.set({ source: source.name }, ups[i] ? 1 : 0));
    },
  });
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
