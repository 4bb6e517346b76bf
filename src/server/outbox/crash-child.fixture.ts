// Run by outbox.crash.test.ts in a child process: registers an account (its verification e-mail goes to the outbox in
// the registration's transaction), then dies by SIGKILL before the relay can deliver anything.
import pino from 'pino';
import { ConsoleMailer } from '../adapters/mail/console-mailer';
import { buildApp } from '../app';
import { createContext } from '../bootstrap';
import { parseEnv } from '../env';

const databaseUrl = process.env.CRASH_DATABASE_URL!;
const email = process.env.CRASH_EMAIL!;
const env = parseEnv({ NODE_ENV: 'test', DATABASE_URL: databaseUrl, RATE_LIMITS: 'off', PUBLIC_URL: 'http://localhost:3000', LOG_LEVEL: 'silent' });
const ctx = await createContext(env, {
  mailer: new ConsoleMailer(() => undefined),
  secret: 'crash-test-secret-0123456789-0123456789',
  log: pino({ level: 'silent' }),
});
// The crash comes between commit and delivery: the relay never gets to run in this process.
ctx.outbox.kick = async () => undefined;
const app = await buildApp(ctx, { clientRoot: '/nonexistent' });
const res = await app.inject({
  method: 'POST',
  url: '/api/register',
  payload: { email, password: 'correct-horse-battery', firstName: 'Crash', lastName: 'Test' },
});
process.stdout.write(`registered ${res.statusCode}\n`);
process.kill(process.pid, 'SIGKILL');
