// `npm run create-admin -- --email admin@example.com [--password …] [--first-name …] [--last-name …]`
// Without --password the password is asked for on the terminal (not echoed) or read from ADMIN_PASSWORD.
import { createInterface } from 'node:readline/promises';
import { createContext } from '../src/server/bootstrap';
import { acquireDataDirLock } from '../src/server/data-dir-lock';
import { loadDotEnv, parseEnv, PUBLISHED_SECRETS } from '../src/server/env';
import { ensureAdmin } from '../src/server/modules/users/accounts.service';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function askHidden(question: string): Promise<string> {
  if (!process.stdin.isTTY) throw new Error('No --password given and no terminal to ask on; pass --password or set ADMIN_PASSWORD.');
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  const write = (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput;
  (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = (s: string) => {
    if (s.includes(question)) write.call(rl, s);
  };
  const answer = await rl.question(question);
  rl.close();
  process.stdout.write('\n');
  return answer;
}

async function main(): Promise<void> {
  loadDotEnv();
  const env = parseEnv();
  const email = arg('email') ?? env.ADMIN_EMAIL;
  if (!email) throw new Error('Usage: npm run create-admin -- --email admin@example.com [--password secret]');
  // An embedded database belongs to one process (DESIGN 2): refuse while the server or another create-admin has it
  // open, before asking anything. A PostgreSQL server (DATABASE_URL) takes any number of processes.
  const lock = env.DATABASE_URL ? null : acquireDataDirLock(env.DATA_DIR, 'create-admin');
  try {
    const password = arg('password') ?? env.ADMIN_PASSWORD ?? (await askHidden('Password for the admin: '));
    if (password.length < 8) throw new Error('The password must be at least 8 characters.');
    if (env.NODE_ENV === 'production' && PUBLISHED_SECRETS.has(password)) throw new Error('That password is published with this project; choose your own.');
    const ctx = await createContext(env);
    try {
      const result = await ensureAdmin(ctx, email, password, { firstName: arg('first-name') ?? 'Site', lastName: arg('last-name') ?? 'Admin' });
      process.stdout.write(`${result.created ? 'Created' : 'Updated'} admin ${email}\n`);
    } finally {
      await ctx.database.close();
    }
  } finally {
    lock?.release();
  }
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
