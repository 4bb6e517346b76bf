// `npm run worker`: runs the durable jobs in a process of its own, beside one or more web instances.
// Only on a PostgreSQL server (DATABASE_URL): an embedded database belongs to exactly one process.
import { createContext } from './bootstrap';
import { ConfigError, loadDotEnv, parseEnv } from './env';
import { startJobs } from './jobs/boss';
import { runJob } from './jobs/handlers';
import { startBackground } from './background';

async function main(): Promise<void> {
  loadDotEnv();
  const env = parseEnv();
  if (!env.DATABASE_URL) throw new ConfigError('npm run worker needs DATABASE_URL: the embedded database runs its jobs inside `npm start`.');
  const ctx = await createContext(env);
  const jobs = await startJobs(ctx, { work: runJob }); // also makes pg-boss the context's scheduler
  const background = startBackground(ctx);
  ctx.log.info('worker started');
  const stop = async () => {
    await background.stop();
    await jobs.stop();
    await ctx.database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
