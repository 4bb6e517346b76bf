// What the runner needs from the seeded database before it measures: the sessions it signs in with (renewed at each
// run, so a database seeded a week ago still works), the pairs (a lawyer and a mediator sharing an in_progress
// request), the two-sided cases (bench/seed-cases.ts) with both counsel, and fresh live requests for the accept test,
// made again at every run and removed after it.
import pg from 'pg';

export interface Session {
  userId: string;
  cookie: string;
}

export interface Pair {
  requestId: string;
  lawyer: Session;
  mediator: Session;
}

/** A two-sided case with its joint channel, open date poll and term sheet out for signature: both counsel read it. */
export interface Case {
  requestId: string;
  counsel: [first: Session, second: Session];
}

export interface Fixtures {
  lawyer: Session;
  mediator: Session;
  admin: Session;
  acceptors: Session[];
  pairs: Pair[];
  cases: Case[];
  /** Live requests open to everyone, nobody's acceptance yet: one pool for the app, one for the floor. */
  acceptPools: { app: string[]; floor: string[] };
}

/** Text of every message the bench sends: removed after the run, so the data stays the seeded size. */
export const BENCH_MESSAGE_PREFIX = 'bench run message';
const POOL_CASE_PREFIX = 'Bench accept pool';

/**
 * Sessions renewed, the pairs and the bench's users; the accept pools are added apart (addAcceptPools), just before
 * the API runs, so that what is measured before them (the admin analytics) sees the seeded data only.
 */
export async function prepareFixtures(url: string): Promise<Fixtures> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await cleanUp(client); // whatever an interrupted run left
    await client.query(
      `UPDATE session s SET expire = now() + interval '7 days',
              sess = json_build_object('userId', b.user_id, 'createdAt', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
         FROM bench.sessions b WHERE s.sid = encode(sha256(convert_to(b.token, 'UTF8')), 'hex')`,
    );
    const { rows } = await client.query<{ label: string; pair_no: number | null; case_no: number | null; user_id: string; token: string }>(
      `SELECT label, pair_no, case_no, user_id, token FROM bench.sessions ORDER BY label, pair_no, case_no`,
    );
    const session = (r: { user_id: string; token: string }): Session => ({ userId: r.user_id, cookie: `sid=${r.token}` });
    const one = (label: string) => {
      const row = rows.find((r) => r.label === label);
      if (!row) throw new Error(`bench.sessions has no ${label}: reseed (npm run bench -- --reseed)`);
      return session(row);
    };
    const byPair = (label: string) => new Map(rows.filter((r) => r.label === label).map((r) => [r.pair_no!, session(r)]));
    const byCase = (label: string) => new Map(rows.filter((r) => r.label === label).map((r) => [r.case_no!, session(r)]));
    const lawyers = byPair('pair-lawyer');
    const mediators = byPair('pair-mediator');
    const { rows: pairRows } = await client.query<{ pair_no: number; id: string }>(
      `SELECT pair_no, id FROM bench.req WHERE pair_no IS NOT NULL ORDER BY pair_no`,
    );
    const pairs = pairRows.map((p) => ({ requestId: p.id, lawyer: lawyers.get(p.pair_no)!, mediator: mediators.get(p.pair_no)! }));
    const firsts = byCase('case-first');
    const seconds = byCase('case-second');
    const { rows: caseRows } = await client.query<{ case_no: number; id: string }>(`SELECT case_no, id FROM bench.cases ORDER BY case_no`);
    const cases = caseRows.map((c): Case => ({ requestId: c.id, counsel: [firsts.get(c.case_no)!, seconds.get(c.case_no)!] }));

    return {
      lawyer: one('lawyer'),
      mediator: one('mediator'),
      admin: one('admin'),
      acceptors: rows.filter((r) => r.label === 'acceptor').map(session),
      pairs,
      cases,
      acceptPools: { app: [], floor: [] },
    };
  } finally {
    await client.end();
  }
}

/**
 * Fresh live requests for the accept test, one pool per side. Made "30 days ago", so they fall in the admin analytics'
 * default range: measure that before adding them.
 */
export async function addAcceptPools(url: string, acceptRequestsPerSide: number): Promise<Fixtures['acceptPools']> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const acceptPools = { app: [] as string[], floor: [] as string[] };
    for (const side of ['app', 'floor'] as const) {
      // Open to all (the window closed long ago with nobody accepting), from the pair lawyers in turn. Made 30 days ago,
      // older than every seeded live request, so that no Available page read by the bench reaches them.
      const { rows: created } = await client.query<{ id: string }>(
        `INSERT INTO mediation_requests (lawyer_id, case_number, case_name, case_type, jurisdiction, description, mediation_type, pricing_model,
            hourly_rate, hours_needed, budget, status, deposit_amount, platform_fee, open_to_all_at, open_to_free_at, terms, submitted_at, created_at, updated_at)
         SELECT l.user_id, 'POOL-' || $2 || '-' || i, '${POOL_CASE_PREFIX} ' || $2 || ' ' || i, 'Commercial', 'Texas',
                'A request made for the accept benchmark.', 'online', 'hourly', 200, 5, 1000, 'pending_mediators', 250, 100,
                now() - interval '30 days' + interval '20 minutes', now() - interval '30 days' + interval '5 minutes',
                '{"commissionPercentage":"10.00","minimumPlatformFee":"50.00","defaultDeposit":"250.00","matchWindowMinutes":20,"priorityHeadStartMinutes":5,"payoutHoldHours":72}'::jsonb,
                now() - interval '30 days', now() - interval '30 days' - i * interval '1 millisecond', now() - interval '30 days'
           FROM generate_series(1, $1::int) i
           JOIN (SELECT user_id, row_number() OVER (ORDER BY pair_no) AS k, count(*) OVER () AS n FROM bench.sessions WHERE label = 'pair-lawyer') l
             ON l.k = 1 + i % l.n
         ORDER BY i RETURNING id`,
        [acceptRequestsPerSide, side],
      );
      acceptPools[side] = created.map((r) => r.id);
    }
    return acceptPools;
  } finally {
    await client.end();
  }
}

async function cleanUp(client: pg.Client): Promise<void> {
  await client.query(
    `DELETE FROM notifications WHERE link_url IN (SELECT '/requests/' || id FROM mediation_requests WHERE case_name LIKE '${POOL_CASE_PREFIX} %')`,
  );
  await client.query(`DELETE FROM mediation_requests WHERE case_name LIKE '${POOL_CASE_PREFIX} %'`);
  await client.query(`DELETE FROM messages WHERE content LIKE '${BENCH_MESSAGE_PREFIX} %'`);
  // A run leaves tens of thousands of dead rows (the pools, their acceptances and notifications, the messages sent,
  // every accept's update of a request). A server with autovacuum off (this machine's) keeps them, and the next runs'
  // index walks step over them: the database is the seeded size again only once they are gone.
  await client.query('VACUUM (ANALYZE)');
}

/** Removes what the run added (the pools with their acceptances and notifications, the messages it sent). */
export async function cleanUpFixtures(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await cleanUp(client);
  } finally {
    await client.end();
  }
}
