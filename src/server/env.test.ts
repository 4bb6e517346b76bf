import { readFileSync } from 'node:fs';
import { parseEnv as parseDotEnv } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ConfigError, demoSeedWanted, parseEnv } from './env';

const SECRET = 'a-real-secret-of-at-least-32-characters-0123456789';
const PRODUCTION = { NODE_ENV: 'production', SESSION_SECRET: SECRET, MAIL_TRANSPORT: 'smtp', SMTP_URL: 'smtp://mail.internal:25' };

function configError(source: Record<string, string>): string {
  try {
    parseEnv(source);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected a ConfigError');
}

/** .env.example as an operator would copy it to .env. */
function exampleEnv(): Record<string, string> {
  return parseDotEnv(readFileSync(new URL('../../.env.example', import.meta.url), 'utf8')) as Record<string, string>;
}

describe('production configuration', () => {
  it('starts with a session secret and SMTP', () => {
    expect(parseEnv(PRODUCTION).NODE_ENV).toBe('production');
  });

  it('requires SESSION_SECRET', () => {
    expect(configError({ ...PRODUCTION, SESSION_SECRET: '' })).toMatch(/SESSION_SECRET: is required when NODE_ENV=production/);
  });

  it('refuses the console mail transport, which prints tokens, whether chosen or by default', () => {
    expect(configError({ ...PRODUCTION, MAIL_TRANSPORT: 'console' })).toMatch(/MAIL_TRANSPORT: must be smtp when NODE_ENV=production/);
    const { MAIL_TRANSPORT: _, SMTP_URL: __, ...noMail } = PRODUCTION;
    expect(configError(noMail)).toMatch(/MAIL_TRANSPORT/);
  });

  it('refuses demo seeding, and the example secrets published with the project', () => {
    expect(configError({ ...PRODUCTION, SEED_DEMO: 'true' })).toMatch(/SEED_DEMO: demo accounts/);
    expect(configError({ ...PRODUCTION, SEED_DEMO_ON_SERVER: 'true' })).toMatch(/SEED_DEMO_ON_SERVER/);
    expect(parseEnv({ ...PRODUCTION, SEED_DEMO: 'false' }).SEED_DEMO).toBe(false);
    expect(configError({ ...PRODUCTION, ADMIN_EMAIL: 'ops@example.com', ADMIN_PASSWORD: 'demo-password' })).toMatch(/ADMIN_PASSWORD: is an example value/);
    expect(configError({ ...PRODUCTION, SESSION_SECRET: 'change-me-to-a-long-random-string-of-48-characters' })).toMatch(/SESSION_SECRET: is an example value/);
  });

  it('.env.example switched to production refuses to start until the operator sets the secrets and SMTP', () => {
    const message = configError({ ...exampleEnv(), NODE_ENV: 'production', DATABASE_URL: 'postgres://db.internal/prod' });
    expect(message).toMatch(/SESSION_SECRET/);
    expect(message).toMatch(/MAIL_TRANSPORT/);
  });
});

describe('demo seeding', () => {
  const embeddedNew = { kind: 'embedded' as const, isNew: true };
  const serverNew = { kind: 'server' as const, isNew: true };

  it('seeds a brand-new embedded database in development unless told not to (the quick start)', () => {
    expect(demoSeedWanted(parseEnv({}), embeddedNew)).toBe(true);
    expect(demoSeedWanted(parseEnv({ SEED_DEMO: 'true' }), embeddedNew)).toBe(true);
    expect(demoSeedWanted(parseEnv({ SEED_DEMO: 'false' }), embeddedNew)).toBe(false);
    expect(demoSeedWanted(parseEnv({}), { kind: 'embedded', isNew: false })).toBe(false);
  });

  it('.env.example copied as is seeds the new embedded database of the quick start', () => {
    expect(demoSeedWanted(parseEnv(exampleEnv()), embeddedNew)).toBe(true);
  });

  it('.env.example pointed at a new PostgreSQL database creates no demo account', () => {
    const env = parseEnv({ ...exampleEnv(), DATABASE_URL: 'postgres://db.internal/prod' });
    expect(demoSeedWanted(env, serverNew)).toBe(false);
    expect(env.ADMIN_EMAIL).toBeUndefined();
    expect(env.ADMIN_PASSWORD).toBeUndefined();
  });

  it('seeds a PostgreSQL server only when asked twice', () => {
    expect(demoSeedWanted(parseEnv({ SEED_DEMO: 'true' }), serverNew)).toBe(false);
    expect(demoSeedWanted(parseEnv({ SEED_DEMO_ON_SERVER: 'true' }), serverNew)).toBe(false);
    expect(demoSeedWanted(parseEnv({ SEED_DEMO: 'true', SEED_DEMO_ON_SERVER: 'true' }), serverNew)).toBe(true);
    expect(demoSeedWanted(parseEnv({ SEED_DEMO: 'true', SEED_DEMO_ON_SERVER: 'true' }), { kind: 'server', isNew: false })).toBe(false);
  });

  it('never seeds in production, even on a new embedded database', () => {
    expect(demoSeedWanted(parseEnv(PRODUCTION), embeddedNew)).toBe(false);
  });
});

describe('processes sharing the in-memory rate limits (decision 056)', () => {
  it.each([
    { given: {}, expected: { RATE_LIMIT_PROCESSES: undefined, WEB_CONCURRENCY: undefined } },
    { given: { WEB_CONCURRENCY: '' }, expected: { RATE_LIMIT_PROCESSES: undefined, WEB_CONCURRENCY: undefined } },
    { given: { WEB_CONCURRENCY: '2' }, expected: { RATE_LIMIT_PROCESSES: undefined, WEB_CONCURRENCY: 2 } },
    { given: { RATE_LIMIT_PROCESSES: '8', WEB_CONCURRENCY: '2' }, expected: { RATE_LIMIT_PROCESSES: 8, WEB_CONCURRENCY: 2 } },
  ])('$given', ({ given, expected }) => {
    const env = parseEnv(given);
    expect({ RATE_LIMIT_PROCESSES: env.RATE_LIMIT_PROCESSES, WEB_CONCURRENCY: env.WEB_CONCURRENCY }).toEqual(expected);
  });

  it.each(['0', 'two', '1.5'])('refuses RATE_LIMIT_PROCESSES=%s, naming it', (value) => {
    expect(configError({ RATE_LIMIT_PROCESSES: value })).toMatch(/RATE_LIMIT_PROCESSES/);
  });
});
