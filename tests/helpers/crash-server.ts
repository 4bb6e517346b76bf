import { once } from 'node:events';
import { instanceClient, startInstance, type Instance } from './instances';

// A server process (src/server/main.ts) that the crash tests kill with SIGKILL and start again on the same database:
// its address changes at each start, so clients ask it for the current one, and callers wait until it is up again.

export class CrashableServer {
  private instance: Instance | null = null;
  private up!: Promise<void>;
  private markUp!: () => void;
  /** What the processes printed after they started (warnings and errors at LOG_LEVEL=warn), for diagnosing a failure. */
  readonly output: string[] = [];
  /** How many times it was killed. */
  kills = 0;
  /** Milliseconds spent starting, per start (spawn to the first ready answer). */
  readonly startTimes: number[] = [];

  constructor(
    private readonly databaseUrl: string,
    private readonly dataDir: string,
    private readonly env: Record<string, string> = {},
  ) {
    this.resetUp();
  }

  private resetUp() {
    this.up = new Promise((resolve) => (this.markUp = resolve));
  }

  get base(): string {
    if (!this.instance) throw new Error('the server is down');
    return this.instance.base;
  }

  get pid(): number | undefined {
    return this.instance?.child.pid;
  }

  /** Resolves once the server answers (at once when it does now). */
  whenUp(): Promise<void> {
    return this.up;
  }

  async start(): Promise<void> {
    const started = Date.now();
    this.instance = await startInstance(this.databaseUrl, this.dataDir, this.env);
    const n = this.startTimes.length + 1;
    for (const stream of [this.instance.child.stdout!, this.instance.child.stderr!]) stream.on('data', (d) => this.output.push(`[start ${n}] ${String(d)}`));
    this.startTimes.push(Date.now() - started);
    this.markUp();
  }

  /** SIGKILL, synchronously: nothing in the process runs after this call (no shutdown handler, no flush). */
  killNow(): Promise<void> {
    const instance = this.instance;
    if (!instance) return Promise.resolve();
    this.instance = null;
    this.resetUp();
    this.kills++;
    const exited = instance.child.exitCode !== null ? Promise.resolve() : once(instance.child, 'exit').then(() => undefined);
    instance.child.kill('SIGKILL');
    return exited;
  }

  /** A graceful stop (SIGTERM) at the end of a test. */
  async stop(): Promise<void> {
    const instance = this.instance;
    if (!instance) return;
    this.instance = null;
    if (instance.child.exitCode !== null) return;
    const exited = once(instance.child, 'exit');
    instance.child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    if (instance.child.exitCode === null) instance.child.kill('SIGKILL');
  }
}

export type CallResult = { status: number; json: unknown };

/**
 * A client with a cookie jar of one that follows the server across restarts. A call the server never answered (it
 * died, or was down) comes back as status 0: its outcome is unknown.
 */
export function crashClient(server: CrashableServer) {
  let cookie = '';
  return {
    get cookie() {
      return cookie;
    },
    async call(method: string, url: string, body?: unknown): Promise<CallResult> {
      try {
        const client = instanceClient(server.base, cookie);
        const result = await client.call(method, url, body);
        cookie = client.cookie;
        return result;
      } catch {
        return { status: 0, json: null };
      }
    },
  };
}

export type CrashClient = ReturnType<typeof crashClient>;
