import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodesOf, recordingDb, type PlanNode, type SentStatement } from '../../../../tests/helpers/query-plans';
import { freshDatabase } from '../../../../tests/helpers/test-db';
import type { Database, Db } from '../../db/client';
import { listAuditLog } from './admin-audit.repo';
import { listAdminMediations } from './admin-lists.repo';
import { listAdminUsers } from './admin-users.repo';

// The admin searches (ILIKE '%term%') and the audit list's filters read indexes of migration 0005, not whole tables.
// On 20,000 users, 20,000 requests and 20,000 audit entries seeded in SQL, this EXPLAINs the statements the repos
// really send: the searches take Bitmap Index Scans on the trigram indexes (no Seq Scan of users or requests), the
// audit list reads a page off the index of its filter in order (no Seq Scan, no Sort); and the rows are the ones the
// plain reading (the query the search replaced) gives.
// Plans need the PostgreSQL server and its statistics, as in available-list.plan.test.ts: outside CI a machine without
// one skips this file, loudly; in CI (CI=true) it always runs, and a missing TEST_DATABASE_URL fails the run.
const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
const IN_CI = process.env.CI === 'true';
if (!TEST_DATABASE_URL) {
  console.warn(
    `\n${'!'.repeat(100)}\n!!! admin-search.plan.test.ts: TEST_DATABASE_URL is not set. The query plans need a PostgreSQL server` +
      `${IN_CI ? ' and CI=true: FAILING.' : ': SKIPPED.'}\n!!! Run them with TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres\n${'!'.repeat(100)}\n`,
  );
}

const ROWS = 20_000;

/**
 * ROWS users (hex names and addresses, so a word is rare), three of them named Quixote (a lawyer, a mediator, one in
 * the e-mail only), ROWS requests (every fifth with a selected mediator; two lawyers' and one case's worth of
 * Quixote), and ROWS audit entries by 40 admins over 10 actions and 20 targets (a page of each is a small part).
 */
const SEED = `
CREATE TEMP TABLE seed_u AS SELECT k, gen_random_uuid() AS id FROM generate_series(0, ${ROWS - 1}) k;
INSERT INTO users (id, email, password, first_name, last_name, role, profile_completed, status, email_verified, created_at)
  SELECT id,
    CASE k WHEN 5 THEN 'don.quixote.mail@example.test' ELSE substr(md5('e' || k), 1, 12) || '@example.test' END,
    'x',
    CASE k WHEN 1 THEN 'Alonso' WHEN 2 THEN 'Teresa' ELSE initcap(substr(md5('f' || k), 1, 8)) END,
    CASE k WHEN 1 THEN 'Quixote' WHEN 2 THEN 'Quixote' ELSE initcap(substr(md5('l' || k), 1, 10)) END,
    (CASE WHEN k % 2 = 0 THEN 'mediator' ELSE 'lawyer' END)::user_role, true, 'approved', true,
    '2026-01-01'::timestamptz + k * interval '1 minute'
  FROM seed_u;
INSERT INTO mediation_requests (lawyer_id, case_number, case_name, case_type, jurisdiction, description, mediation_type, budget, status,
    selected_mediator_id, created_at)
  SELECT l.id, 'CV-' || substr(md5('n' || i), 1, 8),
    CASE WHEN i = 7 THEN 'Quixote v. Windmill' ELSE 'Case ' || substr(md5('c' || i), 1, 12) END,
    'Family Law', 'California', 'Seeded', 'online', 1000,
    (CASE WHEN i % 5 = 0 THEN 'matched' ELSE 'pending_mediators' END)::mediation_request_status,
    CASE WHEN i % 5 = 0 THEN m.id END,
    '2026-02-01'::timestamptz + i * interval '1 minute'
  FROM generate_series(0, ${ROWS - 1}) i
  JOIN seed_u l ON l.k = 1 + 2 * (i % ${ROWS / 2})
  JOIN seed_u m ON m.k = 2 * ((i * 7) % ${ROWS / 2});
INSERT INTO audit_log (actor_id, action, target_type, target_id, created_at)
  SELECT a.id, 'action_' || (i % 10), 'user', t.id::text, '2026-03-01'::timestamptz + i * interval '1 second' + (i % 1000) * interval '1 microsecond'
  FROM generate_series(0, ${ROWS - 1}) i
  JOIN seed_u a ON a.k = 2 * (i % 40)
  JOIN seed_u t ON t.k = 1 + 2 * (i % 20);
`;

describe.skipIf(!TEST_DATABASE_URL && !IN_CI)('admin searches and the audit list on 20,000 rows (PostgreSQL)', () => {
  let database: Database;
  let db: Db;
  let sent: SentStatement[];

  beforeAll(async () => {
    database = await freshDatabase('postgres');
    await database.pool!.query(SEED);
    // Rows inserted after a GIN index wait in its pending list until a vacuum (autovacuum, on a live database) merges
    // them; the planner prices that list high. A live database's steady state is the vacuumed one.
    await database.pool!.query('VACUUM ANALYZE');
    // The repos' own functions on this database, with every statement they send kept for EXPLAIN.
    ({ db, sent } = recordingDb(database.pool!));
  }, 300_000);
  afterAll(async () => {
    await database?.close();
  });

  /** The repo call's one statement, EXPLAINed as sent (its parameters bound): the plan's nodes. */
  async function planOf<T>(work: () => Promise<T>): Promise<{ result: T; nodes: PlanNode[] }> {
    sent.length = 0;
    const result = await work();
    expect(sent).toHaveLength(1);
    const { rows } = await database.pool!.query(`EXPLAIN (FORMAT JSON) ${sent[0]!.query}`, sent[0]!.params);
    const [plan] = rows[0]['QUERY PLAN'] as [{ Plan: PlanNode }];
    return { result, nodes: nodesOf(plan.Plan) };
  }
  const seqScans = (nodes: PlanNode[]) => nodes.filter((n) => n['Node Type'] === 'Seq Scan').map((n) => n['Relation Name']);
  const bitmapIndexes = (nodes: PlanNode[]) => new Set(nodes.filter((n) => n['Node Type'] === 'Bitmap Index Scan').map((n) => n['Index Name']));

  it('seeds the volume the plans are about', async () => {
    const { rows } = await database.pool!.query(
      `SELECT (SELECT count(*)::int FROM users) AS users, (SELECT count(*)::int FROM mediation_requests) AS requests,
              (SELECT count(*)::int FROM audit_log) AS audit`,
    );
    expect(rows[0]).toEqual({ users: ROWS, requests: ROWS, audit: ROWS });
  });

  it('the users search reads the name and e-mail trigram indexes, and finds the three Quixotes', async () => {
    const { result, nodes } = await planOf(() => listAdminUsers(db, { search: 'quixo' }, 20, null));
    expect(result).toHaveLength(3);
    expect(result.map((r) => r.user.email)).toContain('don.quixote.mail@example.test');
    const names = result.map((r) => `${r.user.firstName} ${r.user.lastName}`);
    expect(names.filter((n) => n.endsWith(' Quixote')).sort()).toEqual(['Alonso Quixote', 'Teresa Quixote']);
    expect(seqScans(nodes)).not.toContain('users');
    expect(bitmapIndexes(nodes)).toEqual(new Set(['users_name_trgm_idx', 'users_email_trgm_idx']));
  });

  it('the mediations search reads the trigram indexes of the cases and of the parties, and finds what the plain join finds', async () => {
    const { result, nodes } = await planOf(() => listAdminMediations(db, { search: 'quixo' }, 100, null));
    // The search this replaced: every request joined to its parties, each row tested.
    const plain = await database.pool!.query<{ id: string }>(
      `SELECT r.id FROM mediation_requests r JOIN users l ON l.id = r.lawyer_id LEFT JOIN users m ON m.id = r.selected_mediator_id
        WHERE r.case_name ILIKE $1 OR r.case_number ILIKE $1 OR (l.first_name || ' ' || l.last_name) ILIKE $1 OR l.email ILIKE $1
           OR (m.first_name || ' ' || m.last_name) ILIKE $1 OR m.email ILIKE $1
        ORDER BY r.created_at DESC, r.id DESC`,
      ['%quixo%'],
    );
    // Alonso (user 1) lawyers requests 0 and 10,000; Teresa (user 2) mediates 1 in 5,000 requests; request 7 is the case.
    expect(plain.rows.length).toBeGreaterThan(3);
    expect(result.map((r) => r.request.id)).toEqual(plain.rows.map((r) => r.id));
    expect(result.some((r) => r.request.caseName === 'Quixote v. Windmill')).toBe(true);
    expect(seqScans(nodes).filter((name) => name === 'users' || name === 'mediation_requests')).toEqual([]);
    const indexes = bitmapIndexes(nodes);
    for (const name of ['mediation_requests_case_name_trgm_idx', 'mediation_requests_case_number_trgm_idx', 'users_name_trgm_idx', 'users_email_trgm_idx']) {
      expect(indexes).toContain(name);
    }
  });

  it('the audit list reads a page off the index of its filter, in order, with no sort', async () => {
    const { rows } = await database.pool!.query<{ actor: string; target: string }>(
      `SELECT actor_id AS actor, target_id AS target FROM audit_log ORDER BY created_at LIMIT 1`,
    );
    const cases = [
      { filter: {}, index: 'audit_log_listed_idx', where: 'true', params: [] as string[] },
      { filter: { actorId: rows[0]!.actor }, index: 'audit_log_actor_idx', where: 'actor_id = $1', params: [rows[0]!.actor] },
      { filter: { targetId: rows[0]!.target }, index: 'audit_log_target_idx', where: 'target_id = $1', params: [rows[0]!.target] },
      { filter: { action: 'action_3' }, index: 'audit_log_action_idx', where: 'action = $1', params: ['action_3'] },
    ];
    for (const { filter, index, where, params } of cases) {
      // Two pages of 20, the cursor as the API builds it from the last row of the page before (milliseconds).
      const first = await planOf(() => listAuditLog(db, filter, 20, null));
      const last = first.result[19]!.entry;
      const second = await planOf(() => listAuditLog(db, filter, 20, { createdAt: last.createdAt, id: last.id }));
      const plain = await database.pool!.query<{ id: string }>(
        `SELECT id FROM audit_log WHERE ${where} ORDER BY date_trunc('milliseconds', created_at) DESC, id DESC LIMIT 41`,
        params,
      );
      expect([...first.result.slice(0, 20), ...second.result].map((r) => r.entry.id)).toEqual(plain.rows.map((r) => r.id));
      for (const { nodes } of [first, second]) {
        const audit = nodes.filter((n) => n['Relation Name'] === 'audit_log');
        expect(audit.map((n) => [n['Node Type'], n['Index Name']])).toEqual([['Index Scan', index]]);
        expect(nodes.filter((n) => n['Node Type'] === 'Sort')).toEqual([]);
        // The acting admin and the target user are found by their keys, not by reading the users.
        expect(seqScans(nodes)).toEqual([]);
      }
    }
  });
});
