import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { afterAll, expect, it } from 'vitest';
import { freshDatabase } from '../../../tests/helpers/test-db';
import { ConsoleMailer } from '../adapters/mail/console-mailer';
import { createContext } from '../bootstrap';
import type { Database } from '../db/client';
import { parseEnv } from '../env';
import { countUndelivered } from './outbox.repo';
import { describeOnPostgres } from '../../../tests/helpers/postgres-only';

// A process killed between the commit of a change and the delivery of its side effects loses nothing: the effect was
// written in the change's transaction, and the next process's relay delivers it (docs/decisions/010). Needs the
// PostgreSQL server (two processes on one database); fails in CI without it, like the race tests.
const here = path.dirname(fileURLToPath(import.meta.url));

describeOnPostgres('outbox.crash.test.ts', 'outbox across a crash', () => {
  let database: Database | undefined;
  afterAll(async () => database?.close());

  it('a registration whose process is killed before delivery gets its e-mail from the next process', async () => {
    database = await freshDatabase('postgres');
    const url = (database.pool as unknown as { options: { connectionString: string } }).options.connectionString;
    const email = `crash.${Date.now()}@example.com`;
    const child = spawnSync(process.execPath, ['--import', 'tsx', path.join(here, 'crash-child.fixture.ts')], {
      env: { ...process.env, CRASH_DATABASE_URL: url, CRASH_EMAIL: email },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(child.stdout).toContain('registered 201');
    expect(child.signal).toBe('SIGKILL');
    expect(await countUndelivered(database.db, 'mail')).toBe(1);

    const mailer = new ConsoleMailer(() => undefined);
    const env = parseEnv({ NODE_ENV: 'test', DATABASE_URL: url, LOG_LEVEL: 'silent', PUBLIC_URL: 'http://localhost:3000' });
    const ctx = await createContext(env, { database, mailer, secret: 'crash-test-secret-0123456789-0123456789', log: pino({ level: 'silent' }) });
    await ctx.outbox.kick();
    expect(mailer.sent.map((m) => m.to)).toEqual([email]);
    expect(mailer.sent[0].text).toMatch(/\/api\/verify-email\?token=/);
    expect(await countUndelivered(database.db)).toBe(0);
    await ctx.outbox.kick(); // delivered once: a second pass sends nothing more
    expect(mailer.sent).toHaveLength(1);
  }, 90_000);
});
