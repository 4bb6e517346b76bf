// `npm start` (main) and `npm run worker` (worker): run the compiled server, dist/server/<entry>.js, in this very
// process with plain node. Builds first only when there is no build or the sources changed since it was made
// (scripts/build-state.mjs), so a fresh clone still starts with `npm install && npm start`, and a restart costs no
// build. Deployments that build ahead (`npm run build`) can also run `node dist/server/main.js` directly.
// WEB_CONCURRENCY=N runs N server processes on one port (scripts/cluster.mjs).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, buildState } from './build-state.mjs';
import { isClusterWorker, runCluster, webConcurrency } from './cluster.mjs';

const ENTRIES = ['main', 'worker'];
const entry = process.argv[2] ?? 'main';
if (!ENTRIES.includes(entry)) {
  process.stderr.write(`Usage: node scripts/start.mjs [${ENTRIES.join('|')}]\n`);
  process.exit(2);
}

const LOCK = path.join(ROOT, 'dist/.build-lock');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function holderAlive() {
  try {
    const pid = Number(readFileSync(path.join(LOCK, 'pid'), 'utf8'));
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error?.code === 'EPERM';
  }
}

/** Builds when needed. Two processes started together on a stale build (a web instance and the worker) build once. */
async function ensureBuilt() {
  for (;;) {
    const state = buildState();
    if (!state.needed) return;
    mkdirSync(path.dirname(LOCK), { recursive: true });
    try {
      mkdirSync(LOCK);
    } catch {
      if (!holderAlive()) rmSync(LOCK, { recursive: true, force: true });
      else {
        process.stderr.write('Waiting for another process to finish building…\n');
        while (holderAlive()) await sleep(500);
      }
      continue;
    }
    try {
      writeFileSync(path.join(LOCK, 'pid'), String(process.pid));
      process.stderr.write(`Building first: ${state.reason}.\n`);
      const result = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build.mjs')], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
      if (result.status !== 0) {
        process.stderr.write('The build failed; the server was not started.\n');
        process.exit(result.status ?? 1);
      }
    } finally {
      rmSync(LOCK, { recursive: true, force: true });
    }
  }
}

// A cluster's server processes run this file too: the primary has built already.
if (!isClusterWorker()) await ensureBuilt();
const processes = entry === 'main' && !isClusterWorker() ? webConcurrency() : 1;
if (processes > 1) await runCluster(processes);
else await import(pathToFileURL(path.join(ROOT, `dist/server/${entry}.js`)).href);
