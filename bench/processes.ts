import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The child processes `npm run bench` and `npm run load` start (the app, the floor, a mail sink): started with their
// output kept for a log file, stopped politely, and all killed if the run dies.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const children: ChildProcess[] = [];
const log = (line: string) => process.stdout.write(`${line}\n`);

/** Starts `command` in the project's root; its output goes to `logFile` when it exits (`onOutput` sees it as it comes). */
export function startProcess(
  label: string,
  command: string,
  argv: string[],
  env: NodeJS.ProcessEnv,
  logFile: string,
  onOutput?: (chunk: string) => void,
): ChildProcess {
  const child = spawn(command, argv, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const chunks: string[] = [];
  const keep = (d: Buffer) => {
    chunks.push(String(d));
    onOutput?.(String(d));
    if (chunks.length > 2000) chunks.splice(0, 1000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  child.on('exit', () => writeFileSync(logFile, chunks.join('')));
  children.push(child);
  log(`  ${label} started (pid ${child.pid})`);
  return child;
}

/** SIGTERM, then SIGKILL after 12 s. */
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 12_000);
  await exited;
  clearTimeout(timer);
}

/** Every process started here and still running, killed at once (the run failed or was interrupted). */
export function killAll(): void {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

/** Waits until `url` answers 2xx; fails when `child` exits first (`hint`: where to look) or after `seconds`. */
export async function waitFor(url: string, child: ChildProcess, seconds: number, hint = ''): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited (${child.exitCode}) before answering${hint}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${seconds} s`);
}

/** Resolves once `output()` (what a process printed so far) matches `pattern`; fails when `child` exits or after `seconds`. */
export async function waitForOutput(output: () => string, pattern: RegExp, child: ChildProcess, seconds: number): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  while (!pattern.test(output())) {
    if (child.exitCode !== null) throw new Error(`the process exited (${child.exitCode}) before printing ${pattern}`);
    if (Date.now() > deadline) throw new Error(`${pattern} not printed within ${seconds} s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (Number(readFileSync(`/proc/${name}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]) === pid) children.push(Number(name));
    } catch {
      // gone meanwhile
    }
  }
  return children;
}

function kbOf(file: string, field: string): number {
  try {
    return Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(file, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/**
 * A server's memory in MB. One process: its resident set (VmRSS). A cluster (a primary and its server processes,
 * WEB_CONCURRENCY / FLOOR_PROCESSES): the sum of their proportional set sizes, which counts the pages they share (the
 * code of node and of the app) once instead of once per process, as a sum of resident sets would.
 */
export function serverMemoryMb(pid: number): number {
  const children = childrenOf(pid);
  if (!children.length) return kbOf(`/proc/${pid}/status`, 'VmRSS') / 1024;
  return [pid, ...children].reduce((sum, p) => sum + kbOf(`/proc/${p}/smaps_rollup`, 'Pss'), 0) / 1024;
}

/** A mail server that accepts everything and keeps nothing: the production configuration requires SMTP. */
export function smtpSink(port: number, logFile: string): ChildProcess {
  const code = `
    const net = require('node:net');
    net.createServer((s) => {
      let data = false, buf = '';
      s.write('220 sink ESMTP\\r\\n');
      s.on('data', (d) => {
        buf += d;
        let i;
        while ((i = buf.indexOf('\\r\\n')) >= 0) {
          const line = buf.slice(0, i); buf = buf.slice(i + 2);
          if (data) { if (line === '.') { data = false; s.write('250 OK\\r\\n'); } continue; }
          const cmd = line.slice(0, 4).toUpperCase();
          if (cmd === 'EHLO') s.write('250-sink\\r\\n250 8BITMIME\\r\\n');
          else if (cmd === 'DATA') { data = true; s.write('354 go on\\r\\n'); }
          else if (cmd === 'QUIT') { s.end('221 bye\\r\\n'); }
          else s.write('250 OK\\r\\n');
        }
      });
      s.on('error', () => {});
    }).listen(${port}, '127.0.0.1');`;
  return startProcess('smtp sink', process.execPath, ['-e', code], process.env, logFile);
}
