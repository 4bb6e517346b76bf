import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../../../tests/helpers/backends';
import { createMatchedRequest } from '../../../../tests/helpers/matched';
import { call } from '../../../../tests/helpers/requests';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';

/**
 * Counts the statements the app sends to the database, at the driver: PGlite's `query` or the pg pool's `query` (what
 * drizzle calls for every statement outside a transaction).
 */
function countStatements(t: TestApp): { count: () => number; reset: () => void } {
  let n = 0;
  const target = (t.ctx.database.pglite ?? t.ctx.database.pool) as unknown as { query: (...args: unknown[]) => unknown };
  const original = target.query.bind(target);
  target.query = (...args: unknown[]) => {
    n += 1;
    return original(...args);
  };
  return { count: () => n, reset: () => (n = 0) };
}

// Issue 10: list endpoints read a page with a fixed number of statements, whatever its size (no query per row). Each
// list is read with a page of 1 and a page of 20 rows; a query per row would make the second cost 19 statements more.
describe.each(backends)('list endpoints run a fixed number of statements per page on %s', (backend) => {
  let t: TestApp;
  let lawyerCookie: string;
  let stmts: ReturnType<typeof countStatements>;

  beforeAll(async () => {
    t = await createTestApp(backend);
    const matched = await createMatchedRequest(t);
    lawyerCookie = matched.lawyer.cookie;
    // 24 more matched requests of the same lawyer and mediator, each with its payment, a message and a notification:
    // copies of the real one, so every part a list shows (payment, counterpart, last message) is there for each row.
    await t.ctx.db.execute(sql`
      WITH src AS (SELECT to_jsonb(r) AS j FROM mediation_requests r WHERE r.id = ${matched.id}),
      copies AS (
        SELECT gen_random_uuid() AS id, i FROM generate_series(1, 24) i
      ),
      made AS (
        INSERT INTO mediation_requests
        SELECT (jsonb_populate_record(NULL::mediation_requests,
          src.j || jsonb_build_object('id', c.id, 'case_number', 'CV-COPY-' || c.i,
            'created_at', (now() - c.i * interval '1 minute'), 'updated_at', (now() - c.i * interval '1 minute')))).*
        FROM src, copies c
        RETURNING id, lawyer_id, selected_mediator_id
      ),
      paid AS (
        INSERT INTO payments (request_id, lawyer_id, mediator_id, deposit_amount, platform_fee, mediator_payout, status)
        SELECT m.id, m.lawyer_id, m.selected_mediator_id, 250, 140, 1260, 'held' FROM made m RETURNING id
      )
      INSERT INTO messages (request_id, sender_id, recipient_id, content, is_read)
      SELECT m.id, m.selected_mediator_id, m.lawyer_id, 'Hello from the copy', false FROM made m`);
    await t.ctx.db.execute(sql`
      INSERT INTO notifications (user_id, type, title, message, link_url, is_read)
      SELECT ${matched.lawyer.user.id}::uuid, 'mediator_selected', 'Update ' || i, 'Something changed', '/dashboard', false
      FROM generate_series(1, 24) i`);
    stmts = countStatements(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function statementsFor(url: string, rows: number): Promise<number> {
    await call(t, 'GET', url, lawyerCookie); // warm: the session is cached, jobs and outbox settle
    stmts.reset();
    const res = await call(t, 'GET', url, lawyerCookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toHaveLength(rows);
    return stmts.count();
  }

  it.each([
    ['GET /api/requests (lawyer)', '/api/requests?limit='],
    ['GET /api/messages (threads)', '/api/messages?limit='],
    ['GET /api/notifications', '/api/notifications?limit='],
  ])('%s: a page of 20 costs what a page of 1 costs', async (_name, url) => {
    const one = await statementsFor(`${url}1`, 1);
    const twenty = await statementsFor(`${url}20`, 20);
    expect(one).toBeGreaterThan(0);
    expect(twenty).toBe(one);
  });

  it('GET /api/requests/{id}: the detail of a matched request costs one statement, as the unread count does', async () => {
    const [row] = ((await t.ctx.db.execute(sql`SELECT id FROM mediation_requests WHERE case_number = 'CV-COPY-1'`)) as unknown as { rows: { id: string }[] })
      .rows;
    // The unread count is one statement; whatever a request costs besides (the test app's outbox hook) is the same.
    await call(t, 'GET', '/api/notifications/unread', lawyerCookie);
    stmts.reset();
    expect((await call(t, 'GET', '/api/notifications/unread', lawyerCookie)).statusCode).toBe(200);
    const oneStatement = stmts.count();
    await call(t, 'GET', `/api/requests/${row.id}`, lawyerCookie);
    stmts.reset();
    const res = await call(t, 'GET', `/api/requests/${row.id}`, lawyerCookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: row.id, paymentStatus: 'held', counterpart: { role: 'mediator' }, acceptanceCount: 1 });
    expect(stmts.count()).toBe(oneStatement);
  });
});
