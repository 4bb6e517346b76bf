import type pg from 'pg';
import { REQUEST_STATUSES, type RequestStatus } from '../../src/common/enums';

// The journal of the PostgreSQL crash test (src/server/crash/postgres-kills-during-flows.crash.test.ts): every write the
// server acknowledged (2xx) or was seen to have committed, checked against the database after every restart.

/** A status's place along the lifecycle (REQUEST_STATUSES is in that order; cancelled last). */
const RANK = Object.fromEntries(REQUEST_STATUSES.map((status, i) => [status, i])) as Record<RequestStatus, number>;

/** Whether `now` is past `target` along the lifecycle (cancelled is never past anything here). */
export const isPast = (now: RequestStatus, target: RequestStatus) => RANK[now] > RANK[target];

export function crashJournal(pool: pg.Pool) {
  const requests = new Map<string, { status: RequestStatus; cancelTried: boolean }>();
  const messages = new Set<string>();
  const violations: string[] = [];
  const counts = { checks: 0, entriesChecked: 0 };

  /** The server acknowledged this state of the request, or was seen to have committed it. */
  const ack = (id: string, status: RequestStatus) => {
    const entry = requests.get(id) ?? { status, cancelTried: false };
    if (entry.status !== 'cancelled' && entry.status !== 'completed' && (RANK[status] > RANK[entry.status] || status === 'cancelled')) entry.status = status;
    requests.set(id, entry);
  };

  /** After each restart: every acknowledged write is in the database (a later state, or cancelled after a try, is allowed). */
  const check = async (when: string) => {
    const entries = [...requests.entries()];
    const messageIds = [...messages];
    const { rows } = await pool.query<{ id: string; status: RequestStatus }>('SELECT id, status FROM mediation_requests WHERE id = ANY($1::uuid[])', [
      entries.map(([id]) => id),
    ]);
    const found = new Map(rows.map((r) => [r.id, r.status]));
    for (const [id, entry] of entries) {
      const status = found.get(id);
      if (!status) violations.push(`${when}: request ${id} acknowledged (${entry.status}) is missing`);
      else if (entry.status === 'cancelled' || entry.status === 'completed') {
        if (status !== entry.status) violations.push(`${when}: request ${id} acknowledged ${entry.status} is ${status}`);
      } else if (status === 'cancelled' ? !entry.cancelTried : RANK[status] < RANK[entry.status])
        violations.push(`${when}: request ${id} acknowledged ${entry.status} is back at ${status}`);
    }
    const stored = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM messages WHERE id = ANY($1::uuid[])', [messageIds]);
    if (stored.rows[0].n !== messageIds.length) violations.push(`${when}: ${messageIds.length - stored.rows[0].n} acknowledged messages missing`);
    counts.checks++;
    counts.entriesChecked += entries.length + messageIds.length;
  };

  return { requests, messages, violations, counts, ack, check };
}

export type CrashJournal = ReturnType<typeof crashJournal>;
