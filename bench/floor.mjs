// The floor (issue 10): a bare node:http server with a pg Pool, no framework and no session check, running the main
// query of each hot path the app serves and answering with JSON.stringify of the rows. It is what "the query the
// product needs, done well" costs on this machine; `npm run bench` drives it beside the app and reports the ratio.
// The caller names the user in an `x-user` header (the app gets it from the session cookie instead).
//
//   DATABASE_URL=postgres://... PORT=3901 [FLOOR_PROCESSES=N] node bench/floor.mjs
//
// FLOOR_PROCESSES=N runs N processes on the port through node:cluster, as the app does with WEB_CONCURRENCY=N
// (scripts/cluster.mjs), so the two are compared with the same number of cores for their JavaScript.
import cluster from 'node:cluster';
import http from 'node:http';
import pg from 'pg';
import { runCluster } from '../scripts/cluster.mjs';
import {
  ACCEPT_SQL,
  ANNOUNCE_SQL,
  AVAILABLE_COLUMNS_SQL,
  AVAILABLE_INDEXED_SQL,
  AVAILABLE_SQL,
  CHANNEL_SQL,
  LOCK_SQL,
  REQUEST_SQL,
  SCHEDULING_SQL,
  SEND_SQL,
  SIGNING_SQL,
  THREAD_SQL,
  UNREAD_SQL,
} from './floor-sql.mjs';

const processes = Number(process.env.FLOOR_PROCESSES ?? 1);
// The app's own cluster primary (fork, replace, stop), so the two sides share the port the same way.
if (cluster.isPrimary && processes > 1) await runCluster(processes);
else await serve();

async function serve() {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.FLOOR_POOL ?? 10) });
  const port = Number(process.env.PORT ?? 3901);
  const { indexed } = (await pool.query(AVAILABLE_COLUMNS_SQL)).rows[0];
  const available = indexed ? AVAILABLE_INDEXED_SQL : AVAILABLE_SQL;

  // The hot reads run as named statements, so PostgreSQL parses and plans each once per connection, as a good
  // implementation would (the app prepares its hot reads too: docs/decisions/026 and 032). The Available list's plan
  // costs more than running it (≈ 0.6–1 ms against ≈ 0.5 ms at 100,000 requests).
  const read = (name, text, values) => pool.query({ name: `floor_${name}`, text, values });

  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  const CARDS = new Map([
    ['scheduling', SCHEDULING_SQL],
    ['signing', SIGNING_SQL],
  ]);

  function send(res, status, body) {
    const text = JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
    res.end(text);
  }

  function readBody(req) {
    return new Promise((resolve, reject) => {
      const chunks = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => {
        try {
          resolve(chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {});
        } catch (error) {
          reject(error);
        }
      });
      req.on('error', reject);
    });
  }

  async function accept(requestId, mediatorId) {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const locked = await client.query(LOCK_SQL, [requestId]);
      if (!locked.rows.length) {
        await client.query('ROLLBACK');
        return null;
      }
      const { rows } = await client.query(ACCEPT_SQL, [requestId, mediatorId, locked.rows[0].lawyer_id]);
      await client.query('COMMIT');
      if (rows[0]) await client.query(ANNOUNCE_SQL, [locked.rows[0].lawyer_id]);
      return rows[0] ?? null;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  async function handle(req, res) {
    const url = new URL(req.url, 'http://floor');
    const parts = url.pathname.split('/').filter(Boolean);
    const user = req.headers['x-user'];
    if (req.method === 'GET' && url.pathname === '/health') return send(res, 200, { ok: true });
    if (typeof user !== 'string' || !UUID.test(user)) return send(res, 401, { message: 'x-user header required' });
    if (req.method === 'GET') {
      if (parts[0] === 'available') return send(res, 200, (await read('available', available, [user])).rows.slice(0, 20));
      if (parts[0] === 'requests' && UUID.test(parts[1] ?? '')) {
        const { rows } = await read('request', REQUEST_SQL, [user, parts[1]]);
        return rows.length ? send(res, 200, rows[0]) : send(res, 404, { message: 'not found' });
      }
      if (parts[0] === 'unread') return send(res, 200, { count: (await read('unread', UNREAD_SQL, [user])).rows[0].count });
      if (parts[0] === 'messages' && UUID.test(parts[1] ?? '')) return send(res, 200, (await read('thread', THREAD_SQL, [parts[1], user])).rows.slice(0, 50));
      if (parts[0] === 'channel' && UUID.test(parts[1] ?? '')) return send(res, 200, (await read('channel', CHANNEL_SQL, [parts[1], user])).rows.slice(0, 50));
      // One row of the case's card, or none when the reader has no seat in the case.
      const card = CARDS.get(parts[0]);
      if (card && UUID.test(parts[1] ?? '')) {
        const { rows } = await read(parts[0], card, [parts[1], user]);
        return rows.length ? send(res, 200, rows[0]) : send(res, 404, { message: 'not found' });
      }
    }
    if (req.method === 'POST') {
      const body = await readBody(req);
      if (parts[0] === 'messages' && UUID.test(String(body.requestId)) && typeof body.content === 'string') {
        const { rows } = await pool.query(SEND_SQL, [body.requestId, user, body.content]);
        if (rows.length) await pool.query(ANNOUNCE_SQL, [rows[0].request_id]);
        return rows.length ? send(res, 201, rows[0]) : send(res, 404, { message: 'thread not found' });
      }
      if (parts[0] === 'accept' && UUID.test(parts[1] ?? '')) {
        const row = await accept(parts[1], user);
        return row ? send(res, 201, row) : send(res, 409, { message: 'not open for acceptance' });
      }
    }
    return send(res, 404, { message: 'no such route' });
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error) => {
      if (!res.headersSent) send(res, 500, { message: String(error?.message ?? error) });
    });
  });
  server.keepAliveTimeout = 60_000;

  const stop = () => {
    server.close();
    void pool.end().finally(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);

  server.listen(port, '127.0.0.1', () => {
    process.stdout.write(
      `floor listening on http://127.0.0.1:${port} (Available: ${indexed ? 'indexed walks, decision 022' : 'one walk in created_at order'})\n`,
    );
  });
}
