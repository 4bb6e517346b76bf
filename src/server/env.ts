import { existsSync } from 'node:fs';
import { z } from 'zod';

// The one place that reads process.env (DESIGN 4). Invalid configuration stops the server naming the variable.

/** A yes/no variable; unset stays undefined so that "not said" differs from "said no". */
const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .optional()
  .transform((v) => (v === undefined ? undefined : ['true', '1', 'yes'].includes(v)));

/** A count of processes; an empty value is unset, as scripts/cluster.mjs reads WEB_CONCURRENCY. */
const processCount = (max: number) => z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(max).optional());

/**
 * Values printed in .env.example, the README or the demo seed: anyone who reads them knows them, so a production
 * server refuses to run with one (docs/decisions/012-production-build-and-safe-defaults.md).
 */
export const PUBLISHED_SECRETS = new Set(['demo-password', 'a-strong-password', 'change-me-to-a-long-random-string-of-48-characters']);

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    PUBLIC_URL: z.url().optional(),
    DATABASE_URL: z.string().min(1).optional(),
    DATA_DIR: z.string().default('./data'),
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    ADMIN_EMAIL: z.email().optional(),
    ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
    /** Unset: seed a new embedded database only (never in production; see demoSeedWanted). */
    SEED_DEMO: flag,
    /** The second, explicit yes that seeding a PostgreSQL server (DATABASE_URL) needs besides SEED_DEMO=true. */
    SEED_DEMO_ON_SERVER: flag,
    PAYMENTS_PROVIDER: z.enum(['local', 'stripe']).default('local'),
    STRIPE_SECRET_KEY: z.string().optional(),
    STRIPE_PUBLISHABLE_KEY: z.string().optional(),
    STRIPE_WEBHOOK_SECRET: z.string().optional(),
    /** Another base URL for Stripe's API (a local fake in tests, e.g. http://127.0.0.1:12111); unset in production. */
    STRIPE_API_BASE: z.url().optional(),
    STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
    S3_ENDPOINT: z.string().optional(),
    S3_BUCKET: z.string().optional(),
    S3_REGION: z.string().default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    MAIL_TRANSPORT: z.enum(['console', 'smtp']).default('console'),
    SMTP_URL: z.string().optional(),
    MAIL_FROM: z.string().default('MediateHub <no-reply@mediatehub.example>'),
    RATE_LIMITS: z.enum(['on', 'off']).default('on'),
    /** How many server processes share the load, for the in-memory limits' share each (decision 056): all instances'
     * processes together; unset, WEB_CONCURRENCY (this instance's processes), else 1. */
    RATE_LIMIT_PROCESSES: processCount(1024),
    WEB_CONCURRENCY: processCount(64),
    /** The seal of signed documents (decision 055): a PKCS#12 file, base64, and its passphrase; unset: a self-signed
     * development pair made at start (a production server warns: documents still verify by their hash). */
    SEAL_P12_BASE64: z.string().optional(),
    SEAL_P12_PASSPHRASE: z.string().optional(),
    TRUST_PROXY: z.coerce.number().int().min(0).default(0),
    /** Days after a case closes (completed or cancelled) that its uploaded documents are purged, the parties told a
     * week before (decision 061). Unset: kept for good. At least 8, so that the notice comes after the close. */
    DOCUMENT_RETENTION_DAYS: z.coerce.number().int().min(8).max(36_500).optional(),
    /** Turns on `GET /metrics` (Prometheus, decision 059): the bearer token a scraper must send. Unset: the path is 404. */
    METRICS_TOKEN: z.string().min(32, 'must be at least 32 characters').optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .superRefine((env, ctx) => {
    const need = (name: keyof typeof env, when: string) => {
      if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: `is required when ${when}` });
    };
    if (env.NODE_ENV === 'production') {
      need('SESSION_SECRET', 'NODE_ENV=production');
      const refuse = (name: keyof typeof env, message: string) => ctx.addIssue({ code: 'custom', path: [name], message });
      // The console transport prints every e-mail, verification and password-reset tokens included.
      if (env.MAIL_TRANSPORT === 'console')
        refuse('MAIL_TRANSPORT', 'must be smtp when NODE_ENV=production (console prints sign-in and reset tokens to the log)');
      if (env.SEED_DEMO) refuse('SEED_DEMO', 'demo accounts (with a published password) are never created when NODE_ENV=production; remove it');
      if (env.SEED_DEMO_ON_SERVER) refuse('SEED_DEMO_ON_SERVER', 'demo accounts are never created when NODE_ENV=production; remove it');
      for (const name of ['SESSION_SECRET', 'ADMIN_PASSWORD'] as const) {
        const value = env[name];
        if (value && PUBLISHED_SECRETS.has(value)) refuse(name, 'is an example value published with this project; choose your own when NODE_ENV=production');
      }
    }
    if (env.ADMIN_EMAIL) need('ADMIN_PASSWORD', 'ADMIN_EMAIL is set');
    if (env.PAYMENTS_PROVIDER === 'stripe') {
      need('STRIPE_SECRET_KEY', 'PAYMENTS_PROVIDER=stripe');
      need('STRIPE_PUBLISHABLE_KEY', 'PAYMENTS_PROVIDER=stripe');
      need('STRIPE_WEBHOOK_SECRET', 'PAYMENTS_PROVIDER=stripe');
    }
    if (env.STORAGE_DRIVER === 's3') {
      need('S3_BUCKET', 'STORAGE_DRIVER=s3');
      need('S3_ACCESS_KEY_ID', 'STORAGE_DRIVER=s3');
      need('S3_SECRET_ACCESS_KEY', 'STORAGE_DRIVER=s3');
    }
    if (env.MAIL_TRANSPORT === 'smtp') need('SMTP_URL', 'MAIL_TRANSPORT=smtp');
  });

export type Env = z.output<typeof EnvSchema>;

/**
 * Whether to create the demo accounts (README) on this database at start. Never in production. A brand-new embedded
 * database gets them unless SEED_DEMO=false (the quick start signs in with them). A PostgreSQL server only when asked
 * twice, SEED_DEMO=true and SEED_DEMO_ON_SERVER=true, so that a copied .env.example pointed at a real database never
 * creates accounts whose password is published.
 */
export function demoSeedWanted(env: Env, database: { kind: 'embedded' | 'server'; isNew: boolean }): boolean {
  if (env.NODE_ENV === 'production' || !database.isNew) return false;
  if (database.kind === 'embedded') return env.SEED_DEMO ?? true;
  return env.SEED_DEMO === true && env.SEED_DEMO_ON_SERVER === true;
}

export class ConfigError extends Error {}

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  // Empty strings in .env files mean "unset".
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = EnvSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}

/** Reads ./.env into process.env when present (variables already set win). */
export function loadDotEnv(file = '.env'): void {
  if (existsSync(file)) process.loadEnvFile(file);
}
