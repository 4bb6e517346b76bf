import { buildApp } from './app';
import { createContext } from './bootstrap';
import { ConfigError, loadDotEnv, parseEnv } from './env';
import { ensureAdmin, seedDemoAccounts } from './modules/users/accounts.service';
import { startJobs } from './jobs/boss';

async function main(): Promise<void> {
  loadDotEnv();
  const env = parseEnv();
  const ctx = await createContext(env);
  const jobs = await startJobs(ctx, { work: true });
  ctx.jobs = jobs.scheduler;
  const app = await buildApp(ctx);

  if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
    const admin = await ensureAdmin(ctx, env.ADMIN_EMAIL, env.ADMIN_PASSWORD);
    ctx.log.info({ email: env.ADMIN_EMAIL, created: admin.created }, 'admin account ensured');
  }
  // Demo accounts on a brand-new embedded database, unless SEED_DEMO=false; on a server only when asked.
  const seedWanted = env.SEED_DEMO ?? ctx.database.kind === 'embedded';
  if (ctx.database.isNew && seedWanted) {
    const accounts = await seedDemoAccounts(ctx);
    if (accounts.length) printDemoAccounts(accounts);
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    ctx.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await jobs.stop();
      await ctx.database.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: env.PORT, host: env.HOST });
  ctx.log.info(`MediateHub is running at ${ctx.publicUrl} (API docs at ${ctx.publicUrl}/api/docs)`);
}

function printDemoAccounts(accounts: { role: string; email: string; password: string; note: string }[]): void {
  const lines = accounts.map((a) => `  ${a.role.padEnd(20)} ${a.email.padEnd(32)} ${a.password.padEnd(16)} ${a.note}`);
  // Printed once, on a new database, so people can sign in straight away.
  process.stdout.write(`\nDemo accounts (created on this new database):\n${lines.join('\n')}\n\n`);
}

main().catch((error) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  process.stderr.write(`Failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
