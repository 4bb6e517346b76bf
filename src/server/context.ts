import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from './adapters/mail';
import type { PaymentProvider } from './adapters/payments';
import type { JobScheduler } from './jobs/scheduler';
import type { Storage } from './adapters/storage';
import type { Clock } from './clock';
import type { Database, Db } from './db/client';
import type { Env } from './env';
import type { OutboxRelay } from './outbox/relay';
import type { LocalRateWindows } from './plugins/rate-limit-window';

/** Everything a service needs, built once per app (tests build their own with local adapters and a manual clock). */
export interface AppContext {
  env: Env;
  database: Database;
  db: Db;
  mailer: Mailer;
  storage: Storage;
  payments: PaymentProvider;
  /** Durable jobs (pg-boss in the server; a recording scheduler in tests). */
  jobs: JobScheduler;
  clock: Clock;
  /** Signs upload URLs and derives other keys; from SESSION_SECRET or generated (DESIGN 8). */
  secret: string;
  /** The origin links in e-mails point to, and the one Origin headers must match. */
  publicUrl: string;
  log: FastifyBaseLogger;
  /** Delivers the side effects transactions wrote to the outbox (docs/decisions/010). */
  outbox: OutboxRelay;
  /** The in-memory rate limit windows of this process (decision 056). */
  rateWindows: LocalRateWindows;
}
