import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pino from 'pino';
import { ConsoleMailer } from '../../src/server/adapters/mail/console-mailer';
import { LocalStorage } from '../../src/server/adapters/storage';
import { buildApp, type BuildAppOptions } from '../../src/server/app';
import { createContext } from '../../src/server/bootstrap';
import { holdCompiledRowsEqualToDrizzle } from '../../src/server/db/compiled-rows';
import { ManualClock } from '../../src/server/clock';
import type { AppContext } from '../../src/server/context';
import { parseEnv } from '../../src/server/env';
import type { Backend } from './backends';
import { freshDatabase } from './test-db';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  mailer: ConsoleMailer;
  clock: ManualClock;
  close(): Promise<void>;
}

/** The real app on a fresh database, with local adapters, a silent console mailer and a manual clock. */
export async function createTestApp(
  backend: Backend,
  options: {
    rateLimits?: 'on' | 'off';
    env?: Record<string, string>;
    awaitOutbox?: boolean;
    onRoute?: BuildAppOptions['onRoute'];
    /** A built client to serve (default: none, so client routes answer 503). */
    clientRoot?: string;
    /** The `stripe` provider (the real SDK) pointed at a fake of Stripe's API (tests/fake-stripe) instead of `local`. */
    stripe?: { baseUrl: string; secretKey: string; webhookSecret: string };
  } = {},
): Promise<TestApp> {
  // Every production statement's compiled row mapping is checked against Drizzle's own in every API test (issue 22).
  holdCompiledRowsEqualToDrizzle(true);
  const storageRoot = mkdtempSync(path.join(os.tmpdir(), 'mediate-test-'));
  const env = parseEnv({
    NODE_ENV: 'test',
    RATE_LIMITS: options.rateLimits ?? 'off',
    PUBLIC_URL: 'http://localhost:3000',
    DATA_DIR: storageRoot,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    ...(options.stripe && {
      PAYMENTS_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: options.stripe.secretKey,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
      STRIPE_WEBHOOK_SECRET: options.stripe.webhookSecret,
      STRIPE_API_BASE: options.stripe.baseUrl,
    }),
    ...options.env,
  });
  const clock = new ManualClock(new Date('2026-03-02T15:00:00Z'));
  const mailer = new ConsoleMailer(() => undefined);
  const secret = 'test-secret-0123456789-0123456789-0123456789';
  const ctx = await createContext(env, {
    database: await freshDatabase(backend),
    mailer,
    clock,
    secret,
    storage: new LocalStorage(path.join(storageRoot, 'objects'), secret, clock),
    log: pino({ level: 'silent' }),
  });
  const app = await buildApp(ctx, { clientRoot: options.clientRoot ?? path.join(storageRoot, 'no-client'), onRoute: options.onRoute });
  // The server delivers the outbox after commit without making the caller wait; tests read the mailer and the job
  // scheduler right after a response, so here each response waits for that delivery (the outbox's own tests don't).
  if (options.awaitOutbox !== false) app.addHook('onSend', async () => ctx.outbox.kick());
  await app.ready();
  return {
    app,
    ctx,
    mailer,
    clock,
    close: async () => {
      await app.close();
      await ctx.database.close();
      rmSync(storageRoot, { recursive: true, force: true });
    },
  };
}

/** The session cookie from a response's Set-Cookie, as a Cookie header value. */
export function sessionCookie(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === 'sid');
  if (!cookie) throw new Error(`No session cookie in response ${res.statusCode}: ${res.body}`);
  return `sid=${cookie.value}`;
}

/** The last link of a kind the mailer "sent" to an address. */
export function lastLink(mailer: ConsoleMailer, to: string, pattern: RegExp): string {
  const mail = [...mailer.sent].reverse().find((m) => m.to === to && pattern.test(m.text));
  const match = mail?.text.match(pattern);
  if (!match) throw new Error(`No e-mail to ${to} matching ${pattern}`);
  return match[0];
}
