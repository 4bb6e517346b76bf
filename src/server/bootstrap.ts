import { LocalRateWindows } from './plugins/rate-limit-window';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { createMailer, type Mailer } from './adapters/mail';
import { createPaymentProvider, type PaymentProvider } from './adapters/payments';
import { createStorage, type Storage } from './adapters/storage';
import { RecordingScheduler, type JobScheduler } from './jobs/scheduler';
import { systemClock, type Clock } from './clock';
import type { AppContext } from './context';
import { openDatabase, type Database } from './db/client';
import type { Env } from './env';
import { registerCasePayments } from './modules/cases/payment-purposes';
import { registerRequestPayments } from './modules/requests/payment-purposes';
import { getSettings } from './modules/settings/settings.repo';
import { registerSubscriptionPayments } from './modules/subscriptions/payment-purposes';
import { OutboxRelay } from './outbox/relay';
import { sealKeyFrom } from './modules/signing/pdf/seal-key';

/** SESSION_SECRET, or one generated once and kept under DATA_DIR (development only; production requires it). */
export function resolveSecret(env: Env): string {
  if (env.SESSION_SECRET) return env.SESSION_SECRET;
  const file = path.resolve(env.DATA_DIR, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(env.DATA_DIR, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export interface ContextOverrides {
  database?: Database;
  mailer?: Mailer;
  storage?: Storage;
  payments?: PaymentProvider;
  jobs?: JobScheduler;
  clock?: Clock;
  secret?: string;
  log?: AppContext['log'];
}

/** Fills payments' registry of purposes, step resumers and reconcilers (idempotent: a second context changes nothing). */
export function registerPaymentPurposes(): void {
  registerRequestPayments();
  registerSubscriptionPayments();
  registerCasePayments();
}

/** Opens the database (migrating it) and wires the adapters the configuration picks. */
export async function createContext(env: Env, overrides: ContextOverrides = {}): Promise<AppContext> {
  const log = overrides.log ?? pino({ level: env.LOG_LEVEL });
  const database = overrides.database ?? (await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR }));
  const secret = overrides.secret ?? resolveSecret(env);
  const clock = overrides.clock ?? systemClock;
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  const mailer = overrides.mailer ?? createMailer(env);
  const ctx: AppContext = {
    env,
    database,
    db: database.db,
    mailer,
    storage: overrides.storage ?? createStorage(env, { secret, clock }),
    payments: overrides.payments ?? createPaymentProvider(env, database.db, clock),
    // Replaced by pg-boss once it starts (main.ts); until then jobs are only recorded.
    jobs: overrides.jobs ?? new RecordingScheduler(),
    clock,
    secret,
    publicUrl,
    log,
    // The scheduler is read at delivery time: main.ts swaps in pg-boss once it has started.
    outbox: new OutboxRelay({ db: database.db, mailer, jobs: () => ctx.jobs, log }),
    rateWindows: new LocalRateWindows(),
  };
  // Payments serves purposes it does not know: their owners register them once, here, for the server, the worker
  // and the tests alike (docs/decisions/040).
  registerPaymentPurposes();
  await getSettings(ctx.db);
  // The seal of signed documents (decision 055): a configured file that does not open stops the start, here.
  const seal = await sealKeyFrom(env);
  if (seal.development && env.NODE_ENV === 'production') {
    log.warn('SEAL_P12_BASE64 is not set: signed documents are sealed with a self-signed development seal (they still verify by their SHA-256)');
  }
  return ctx;
}
