import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnPostgres } from '../../../../tests/helpers/postgres-only';
import { explainAnalyze, recordingDb, rowsReadFrom, type SentStatement } from '../../../../tests/helpers/query-plans';
import { freshDatabase } from '../../../../tests/helpers/test-db';
import type { Database, Db } from '../../db/client';
import { listThreadMessages, listThreadMessagesAsParticipant } from './messages.repo';

// A thread's page reads 51 messages off the (request_id, created_at) index, however long the thread and however many
// messages the platform holds; the participant's page (docs/decisions/034) checks the request's row by its key. On
// 2,000 threads of 100 messages (200,000 messages) seeded in SQL, this EXPLAINs the statements the repo really sends.

const THREADS = 2_000;
const PER_THREAD = 100;

const SEED = `
CREATE TEMP TABLE seed_u AS SELECT k, gen_random_uuid() AS id FROM generate_series(0, 2 * ${THREADS} - 1) k;
INSERT INTO users (id, email, password, first_name, last_name, role, profile_completed, status, email_verified)
  SELECT id, 'seed-' || k || '@example.test', 'x', 'User', k::text, (CASE WHEN k % 2 = 0 THEN 'lawyer' ELSE 'mediator' END)::user_role,
         true, 'approved'::user_status, true FROM seed_u;
CREATE TEMP TABLE seed_t AS
  SELECT t, gen_random_uuid() AS id, (SELECT id FROM seed_u WHERE k = 2 * t) AS lawyer, (SELECT id FROM seed_u WHERE k = 2 * t + 1) AS mediator
  FROM generate_series(0, ${THREADS} - 1) t;
INSERT INTO mediation_requests (id, lawyer_id, case_number, case_name, case_type, jurisdiction, description, mediation_type, budget,
    status, selected_mediator_id, submitted_at, created_at, updated_at)
  SELECT id, lawyer, 'C-' || t, 'Seeded case ' || t, 'Commercial', 'Texas', 'Seeded', 'online', 1000,
         (ARRAY['matched', 'in_progress', 'completed', 'cancelled'])[1 + t % 4]::mediation_request_status, mediator, now(), now(), now()
  FROM seed_t;
INSERT INTO messages (request_id, sender_id, recipient_id, content, is_read, created_at)
  SELECT s.id, CASE WHEN i % 2 = 0 THEN s.lawyer ELSE s.mediator END, CASE WHEN i % 2 = 0 THEN s.mediator ELSE s.lawyer END,
         'Message ' || i, true, now() - (${PER_THREAD} - i) * interval '1 minute'
  FROM seed_t s, generate_series(1, ${PER_THREAD}) i;
ANALYZE;
`;

describeOnPostgres('thread-page.plan.test.ts', 'a thread page at volume (PostgreSQL plans)', () => {
  let database: Database;
  let db: Db;
  let sent: SentStatement[];
  let thread: { id: string; lawyer: string; mediator: string };

  beforeAll(async () => {
    database = await freshDatabase('postgres');
    await database.pool!.query(SEED);
    ({ db, sent } = recordingDb(database.pool!));
    const { rows } = await database.pool!.query<{ id: string; lawyer: string; mediator: string }>(
      `SELECT id, lawyer_id AS lawyer, selected_mediator_id AS mediator FROM mediation_requests ORDER BY case_number LIMIT 1 OFFSET 7`,
    );
    thread = rows[0]!;
  }, 300_000);
  afterAll(async () => {
    await database?.close();
  });

  const explain = (statement: SentStatement) => explainAnalyze(database.pool!, statement);

  it('reads a page of 51 off the thread index, for a participant (access checked by key) and for an admin', async () => {
    const pages = [
      { name: 'participant', read: () => listThreadMessagesAsParticipant(db, thread.id, thread.mediator, 50, null) },
      { name: 'admin', read: () => listThreadMessages(db, thread.id, 50, null) },
      {
        name: 'participant, after a cursor',
        read: () => listThreadMessagesAsParticipant(db, thread.id, thread.lawyer, 50, { createdAt: new Date(), id: thread.id }),
      },
    ];
    for (const page of pages) {
      sent.length = 0;
      const rows = await page.read();
      expect(rows, page.name).toHaveLength(51);
      expect(sent).toHaveLength(1);
      const { nodes, ms } = await explain(sent[0]!);
      const scans = nodes.filter((n) => n['Relation Name'] === 'messages' || n['Relation Name'] === 'mediation_requests');
      expect(
        scans.filter((n) => n['Node Type'] === 'Seq Scan' || n['Node Type'] === 'Bitmap Heap Scan'),
        page.name,
      ).toEqual([]);
      expect(new Set(nodes.map((n) => n['Index Name'])), page.name).toContain('messages_request_created_idx');
      const messageRows = rowsReadFrom(nodes, 'messages');
      // The page (and the one row the executor reads past it), not the thread's 100.
      expect(messageRows, page.name).toBeLessThanOrEqual(52);
      expect(ms, page.name).toBeLessThan(50);
    }
  }, 120_000);

  it('finds nothing for someone who is not a participant, without reading the thread', async () => {
    const { rows } = await database.pool!.query<{ id: string }>(`SELECT id FROM users WHERE email = 'seed-100@example.test'`);
    sent.length = 0;
    expect(await listThreadMessagesAsParticipant(db, thread.id, rows[0]!.id, 50, null)).toEqual([]);
    const { nodes } = await explain(sent[0]!);
    // The access check runs once, first; refused, the thread's index is not walked at all.
    expect(rowsReadFrom(nodes, 'messages')).toBe(0);
  });
});
