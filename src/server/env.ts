import { existsSync } from 'node:fs';
import { z } from 'zod';

// The one place that reads process.env (DESIGN 4). Invalid configuration stops the server naming the variable.
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
    /** Unset: seed a new embedded database only. */
    SEED_DEMO: z.enum(['true', 'false', '1', '0', 'yes', 'no']).optional().transform((v) => (v === undefined ? undefined : ['true', '1', 'yes'].includes(v))),
    PAYMENTS_PROVIDER: z.enum(['local', 'stripe']).default('local'),
    STRIPE_SECRET_KEY: z.string().optional(),
    STRIPE_PUBLISHABLE_KEY: z.string().optional(),
    STRIPE_WEBHOOK_SECRET: z.string().optional(),
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
    TRUST_PROXY: z.coerce.number().int().min(0).default(0),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .superRefine((env, ctx) => {
    const need = (name: keyof typeof env, when: string) => {
      if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: `is required when ${when}` });
    };
    if (env.NODE_ENV === 'production') need('SESSION_SECRET', 'NODE_ENV=production');
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
