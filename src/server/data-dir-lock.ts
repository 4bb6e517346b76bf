import { hostname } from 'node:os';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError } from './env';

// One process per embedded database directory (DESIGN 2: two processes on one PGlite directory lose data silently).
// Whoever opens DATA_DIR's embedded database holds DATA_DIR/embedded-db.lock: the server for as long as it runs,
// `npm run create-admin` for the moment it writes. A lock whose process is gone is stale and taken over.

export const LOCK_FILE_NAME = 'embedded-db.lock';

export interface LockInfo {
  pid: number;
  /** What holds it: 'server' or 'create-admin'. */
  holder: string;
  startedAt: string;
  hostname: string;
  /** The process's start time in clock ticks since boot (Linux), to tell a reused pid from the holder. */
  processStart?: string;
}

export interface DataDirLock {
  readonly file: string;
  release(): void;
}

export class DataDirLockedError extends ConfigError {
  constructor(
    readonly file: string,
    readonly holder: LockInfo,
  ) {
    super(
      `The embedded database in ${path.dirname(file)} is in use by another process (${holder.holder}, pid ${holder.pid}, ` +
        `since ${holder.startedAt}). Two processes on one embedded database lose data, so this one stops.\n` +
        `Stop that process first (for an admin account while the server runs, set ADMIN_EMAIL and ADMIN_PASSWORD and restart it). ` +
        `If no such process is running, delete ${file}.`,
    );
  }
}

/** Start time of a process from /proc (Linux); undefined where there is no /proc. */
function processStartOf(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 22 (starttime); fields after the parenthesised command name, which may itself contain spaces.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether the process a lock names is still the one that wrote it. */
export function isLockLive(info: LockInfo): boolean {
  if (!Number.isInteger(info.pid) || info.pid <= 0) return false;
  // Our own pid cannot be another holder: a container restarted with the same pid left the lock behind.
  if (info.pid === process.pid) return false;
  if (!isAlive(info.pid)) return false;
  // Same pid, different start time: the pid was reused by an unrelated process after the holder died.
  if (info.processStart && info.hostname === hostname()) {
    const now = processStartOf(info.pid);
    if (now !== undefined && now !== info.processStart) return false;
  }
  return true;
}

function readLock(file: string): LockInfo | null {
  try {
    const info = JSON.parse(readFileSync(file, 'utf8')) as LockInfo;
    return typeof info?.pid === 'number' ? info : null;
  } catch {
    return null;
  }
}

/** The live holder of DATA_DIR's lock, or null when it is free (no lock, or a stale one). @internal (for tests) */
export function liveLockHolder(dataDir: string): LockInfo | null {
  const info = readLock(path.resolve(dataDir, LOCK_FILE_NAME));
  return info && isLockLive(info) ? info : null;
}

/**
 * Takes DATA_DIR's lock for this process or throws DataDirLockedError naming the live holder. The lock is written
 * whole to a private file and hard-linked into place, which fails if the lock exists: no half-written lock is ever seen.
 * It is removed by release() and, as a fallback, when the process exits.
 */
export function acquireDataDirLock(dataDir: string, holder: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = path.resolve(dataDir, LOCK_FILE_NAME);
  const info: LockInfo = { pid: process.pid, holder, startedAt: new Date().toISOString(), hostname: hostname(), processStart: processStartOf(process.pid) };
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(info)}\n`, { mode: 0o644 });
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        linkSync(temp, file);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 2) throw error;
        const existing = readLock(file);
        if (existing && isLockLive(existing)) throw new DataDirLockedError(file, existing);
        unlinkSync(file); // stale: its process is gone
      }
    }
  } finally {
    try {
      unlinkSync(temp);
    } catch {
      // already gone
    }
  }

  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    // Only our own lock: never remove one another process took over after ours was judged stale.
    if (readLock(file)?.pid === process.pid) {
      try {
        unlinkSync(file);
      } catch {
        // already gone
      }
    }
  };
  process.on('exit', release);
  return { file, release };
}
