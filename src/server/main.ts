import { buildApp } from './app';
import { createContext } from './bootstrap';
import { acquireDataDirLock } from './data-dir-lock';
import type { AppContext } from './context';
import { ConfigError, demoSeedWanted, loadDotEnv, parseEnv, type Env } from './env';
import { ensureAdmin, existingDemoAccounts, seedDemoAccounts } from './modules/users/accounts.service';
import { startJobs } from './jobs/boss';
import { runJob } from './jobs/handlers';
import { startBackground } from './background';

async function main(): Promise<void> {
  loadDotEnv();
  const env = parseEnv();
  // One process per embedded database (DESIGN 2); released at exit. A PostgreSQL server takes many instances.
  if (!env.DATABASE_URL) acquireDataDirLock(env.DATA_DIR, 'server');
  const ctx = await createContext(env);
  const jobs = await startJobs(ctx, { work: runJob }); // also makes pg-boss the context's scheduler
  const background = startBackground(ctx);
  const app = await buildApp(ctx);

  if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
    const admin = await ensureAdmin(ctx, env.ADMIN_EMAIL, env.ADMIN_PASSWORD);
    ctx.log.info({ email: env.ADMIN_EMAIL, created: admin.created }, 'admin account ensured');
  }
  await seedOrWarn(ctx, env);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    ctx.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await background.stop();
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

/** Demo accounts where demoSeedWanted says so (env.ts); warnings where someone may have expected otherwise. */
async function seedOrWarn(ctx: AppContext, env: Env): Promise<void> {
  if (demoSeedWanted(env, ctx.database)) {
    const accounts = await seedDemoAccounts(ctx);
    if (accounts.length) printDemoAccounts(accounts);
    return;
  }
  if (env.SEED_DEMO && ctx.database.kind === 'server' && ctx.database.isNew && !env.SEED_DEMO_ON_SERVER) {
    ctx.log.warn('SEED_DEMO=true is ignored on a PostgreSQL server unless SEED_DEMO_ON_SERVER=true too: no demo accounts were created');
  }
  if (env.NODE_ENV === 'production') {
    const demo = await existingDemoAccounts(ctx);
    if (demo.length) ctx.log.warn({ accounts: demo }, 'demo accounts exist on this production database; their password is published: delete them or change it');
  }
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
