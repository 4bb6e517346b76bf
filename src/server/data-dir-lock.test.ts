import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE_NAME, liveLockHolder } from './data-dir-lock';

let dir: string;
let children: ChildProcess[] = [];

/** A process that stays alive until killed, to stand for a running server. */
async function liveProcess(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  children.push(child);
  await new Promise((resolve) => child.once('spawn', resolve));
  return child;
}

async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

function writeLock(info: object): void {
  writeFileSync(path.join(dir, LOCK_FILE_NAME), JSON.stringify(info));
}

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'lock-test-'));
});
afterEach(() => {
  for (const child of children) child.kill('SIGKILL');
  children = [];
  rmSync(dir, { recursive: true, force: true });
});

describe('embedded database lock', () => {
  it('is written with pid and start time while held and removed on release', () => {
    const lock = acquireDataDirLock(dir, 'server');
    const info = JSON.parse(readFileSync(lock.file, 'utf8'));
    expect(info).toMatchObject({ pid: process.pid, holder: 'server', hostname: hostname() });
    expect(Date.parse(info.startedAt)).not.toBeNaN();
    lock.release();
    expect(existsSync(lock.file)).toBe(false);
    expect(existsSync(`${lock.file}.${process.pid}.tmp`)).toBe(false);
  });

  it('refuses while a live process holds it, naming that process and the file', async () => {
    const server = await liveProcess();
    writeLock({ pid: server.pid, holder: 'server', startedAt: '2026-01-01T00:00:00.000Z', hostname: hostname() });
    expect(liveLockHolder(dir)?.pid).toBe(server.pid);
    let error: unknown;
    try {
      acquireDataDirLock(dir, 'create-admin');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DataDirLockedError);
    expect((error as Error).message).toContain(`pid ${server.pid}`);
    expect((error as Error).message).toContain(path.join(dir, LOCK_FILE_NAME));
    // The holder's lock is left alone.
    expect(JSON.parse(readFileSync(path.join(dir, LOCK_FILE_NAME), 'utf8')).pid).toBe(server.pid);
  });

  it('takes over a stale lock whose process is gone', async () => {
    writeLock({ pid: await deadPid(), holder: 'server', startedAt: '2026-01-01T00:00:00.000Z', hostname: hostname() });
    expect(liveLockHolder(dir)).toBeNull();
    const lock = acquireDataDirLock(dir, 'server');
    expect(JSON.parse(readFileSync(lock.file, 'utf8')).pid).toBe(process.pid);
    lock.release();
  });

  it('takes over a lock whose pid was reused by another process (different start time)', async () => {
    const other = await liveProcess();
    writeLock({ pid: other.pid, holder: 'server', startedAt: '2026-01-01T00:00:00.000Z', hostname: hostname(), processStart: '1' });
    const procAvailable = existsSync(`/proc/${other.pid}/stat`);
    expect(liveLockHolder(dir) === null).toBe(procAvailable);
  });

  it('takes over an unreadable lock file', () => {
    writeFileSync(path.join(dir, LOCK_FILE_NAME), 'garbage');
    const lock = acquireDataDirLock(dir, 'server');
    lock.release();
  });

  it('a released lock frees the directory for the next process', async () => {
    acquireDataDirLock(dir, 'server').release();
    expect(liveLockHolder(dir)).toBeNull();
  });
});
