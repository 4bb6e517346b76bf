// `npm run bench:seed -- [--db <url>] [--requests 100000]`: (re)creates a benchmark database on the PostgreSQL server,
// runs the app's migrations (openDatabase, the same as a server start) and fills it with set-based SQL
// (generate_series, INSERT ... SELECT): no per-row round trip. What it writes follows the schema and the app's
// invariants (RULES.md), so every read of the app works on it; see bench/README.md for the distributions.
// Helper tables for the runner live in the `bench` schema: who is who (bench.lawyers, bench.mediators), the
// requests by number (bench.req), the sessions the runner signs in with (bench.sessions) and the marker.
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { openDatabase } from '../src/server/db/client';
import { hashPassword } from '../src/server/modules/auth/passwords';
import { seedTwoSidedCases } from './seed-cases';

/** Bump when what the seeder writes changes: the runner then reseeds instead of reusing an older database. */
export const SEED_VERSION = 4;
export const DEFAULT_DB = 'postgres://postgres@127.0.0.1:5432/bench';
/** The password of every seeded account (a benchmark database only). */
export const BENCH_PASSWORD = 'bench-password-not-secret';

const JURISDICTIONS = [
  'California',
  'New York',
  'Texas',
  'Florida',
  'Illinois',
  'Pennsylvania',
  'Ohio',
  'Georgia',
  'Washington',
  'Massachusetts',
  'Colorado',
  'Arizona',
];
const CASE_TYPES = [
  'Family Law',
  'Employment',
  'Commercial',
  'Real Estate',
  'Personal Injury',
  'Construction',
  'Intellectual Property',
  'Insurance',
  'Probate',
  'Landlord-Tenant',
];
const FIRST = ['Ava', 'Ben', 'Chloe', 'David', 'Emma', 'Farid', 'Grace', 'Hiro', 'Isla', 'Jonas', 'Kemi', 'Liam', 'Maya', 'Noah', 'Olga', 'Priya'];
const LAST = ['Anders', 'Brooks', 'Chen', 'Diaz', 'Evans', 'Fischer', 'Garcia', 'Haddad', 'Ivanova', 'Jensen', 'Kowalski', 'Lopez', 'Moreau', 'Nakamura'];

export interface SeedOptions {
  url: string;
  requests: number;
  log?: (line: string) => void;
}

export interface SeedCounts {
  [table: string]: number;
}

const lit = (values: string[]) => `ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]::text[]`;

/**
 * Tables whose secondary indexes are dropped during the load and rebuilt after (much faster than row by row). Not
 * mediator_acceptances: its rows are inserted with the database's triggers on (see below), which read its indexes.
 */
const LOADED_TABLES = [
  'users',
  'lawyer_profiles',
  'mediator_profiles',
  'subscriptions',
  'mediation_requests',
  'payments',
  'ledger_entries',
  'messages',
  'notifications',
  'reviews',
  'session',
];

export async function recreateDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ''));
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`database name ${name} must be a plain lower-case identifier`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
}

/** The marker the runner reads: the size and version of what was seeded, or null. */
export async function readMarker(url: string): Promise<{ requests: number; version: number; seededAt: string } | null> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch {
    return null; // no such database yet
  }
  try {
    const exists = await client.query(`SELECT to_regclass('bench.marker') AS t`);
    if (!exists.rows[0].t) return null;
    const { rows } = await client.query(`SELECT requests, version, seeded_at::text AS "seededAt" FROM bench.marker LIMIT 1`);
    return rows[0] ?? null;
  } finally {
    await client.end();
  }
}

export async function seed(options: SeedOptions): Promise<SeedCounts> {
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const R = options.requests;
  // Users grow with the requests past the default size, so a lawyer's list stays about as long.
  const L = Math.max(20_000, Math.round(R / 5));
  const M = Math.max(10_000, Math.round(R / 10));
  // The bench runs with the app's rate limits on (300 calls a minute per user, 60 messages, 30 accepts), so its load
  // is spread over enough users that none goes over a limit in any minute: 2,000 pairs (4,000 users for the unread
  // count), 1,500 accepting mediators and 1,000 two-sided cases (2,000 counsel). bench/api.ts works out each
  // scenario's calls per user and minute from these; bench/README.md has the table.
  const PAIRS = 2_000;
  const ACCEPTORS = 1_500;
  const CASES = 1_000;
  const started = performance.now();

  await recreateDatabase(options.url);
  const database = await openDatabase({ databaseUrl: options.url, dataDir: 'memory://' });
  await database.close();
  log(`  database recreated and migrated (${((performance.now() - started) / 1000).toFixed(1)} s)`);

  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const client = new pg.Client({ connectionString: options.url });
  await client.connect();
  const step = async (label: string, text: string, params: unknown[] = []) => {
    const t0 = performance.now();
    const result = await client.query(text, params);
    log(`  ${label.padEnd(44)} ${String(result.rowCount ?? '').padStart(9)} ${((performance.now() - t0) / 1000).toFixed(1).padStart(6)} s`);
    return result;
  };

  try {
    await client.query(`SET synchronous_commit = off`);
    await client.query(`SET maintenance_work_mem = '512MB'`);
    await client.query(`SET work_mem = '128MB'`);
    // Foreign keys are not checked row by row during the load (what is written is consistent by construction).
    await client.query(`SET session_replication_role = replica`);
    await client.query(`SELECT setseed(0.42)`);
    const hasMatchedAt =
      (await client.query(`SELECT 1 FROM information_schema.columns WHERE table_name = 'mediation_requests' AND column_name = 'matched_at'`)).rowCount === 1;

    // Secondary indexes (not those behind a primary key or unique constraint) are rebuilt after the load.
    const { rows: indexes } = await client.query<{ name: string; def: string }>(
      `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS def
         FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid
        WHERE t.relname = ANY($1) AND t.relnamespace = 'public'::regnamespace
          AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)`,
      [LOADED_TABLES],
    );
    for (const index of indexes) await client.query(`DROP INDEX ${index.name}`);

    await client.query(`CREATE SCHEMA bench`);
    await client.query(`INSERT INTO platform_settings (id) VALUES (1) ON CONFLICT DO NOTHING`);

    // People. Lawyer 1 and mediator 1 are the bench's own; mediators 2..1,501 accept in the write test (Unlimited).
    await step(
      'bench.lawyers',
      `CREATE TABLE bench.lawyers AS
         SELECT n, gen_random_uuid() AS id, (${lit(JURISDICTIONS)})[1 + (n % 12)] AS jurisdiction,
                now() - random() * interval '400 days' AS created_at
           FROM generate_series(1, ${L}) n`,
    );
    await client.query(`ALTER TABLE bench.lawyers ADD PRIMARY KEY (n)`);
    await step(
      'bench.mediators',
      `CREATE TABLE bench.mediators AS
         SELECT n, gen_random_uuid() AS id,
                CASE WHEN n = 1 THEN 'California' ELSE (${lit(JURISDICTIONS)})[1 + floor(random() * 12)::int] END AS jurisdiction,
                CASE WHEN n = 1 THEN ${lit(CASE_TYPES.slice(0, 4))}
                     ELSE ARRAY(SELECT (${lit(CASE_TYPES)})[1 + ((s + i * 3) % 10)] FROM generate_series(0, k - 1) i) END AS specializations,
                CASE WHEN n <= ${1 + ACCEPTORS} THEN 'unlimited' WHEN t < 0.70 THEN 'free' WHEN t < 0.95 THEN 'pro' ELSE 'unlimited' END::subscription_tier AS tier,
                now() - random() * interval '400 days' AS created_at
           FROM (SELECT n, floor(random() * 10)::int AS s, 1 + floor(random() * 4)::int AS k, random() AS t FROM generate_series(1, ${M}) n) x`,
    );
    await client.query(`ALTER TABLE bench.mediators ADD PRIMARY KEY (n)`);
    const first = lit(FIRST);
    const last = lit(LAST);
    await step(
      'users',
      `INSERT INTO users (id, email, password, first_name, last_name, role, profile_completed, status, email_verified, created_at, updated_at)
       SELECT id, 'lawyer' || n || '@bench.test', $1, (${first})[1 + n % 16], (${last})[1 + (n / 16) % 14], 'lawyer'::user_role, true, 'approved'::user_status, true, created_at, created_at
         FROM bench.lawyers
       UNION ALL
       SELECT id, 'mediator' || n || '@bench.test', $1, (${first})[1 + (n * 7) % 16], (${last})[1 + (n / 16) % 14], 'mediator'::user_role, true, 'approved'::user_status, true, created_at, created_at
         FROM bench.mediators
       UNION ALL
       SELECT gen_random_uuid(), 'admin@bench.test', $1, 'Bench', 'Admin', 'admin'::user_role, true, 'approved'::user_status, true, now() - interval '500 days', now()`,
      [passwordHash],
    );
    await step(
      'lawyer_profiles',
      `INSERT INTO lawyer_profiles (user_id, firm_name, bar_number, practice_area, jurisdiction, phone_number, bio, created_at)
       SELECT id, (${last})[1 + n % 14] || ' & Partners LLP', 'BAR-' || (100000 + n), 'Civil litigation', jurisdiction, '+1 555 ' || lpad((n % 10000)::text, 4, '0'),
              'Litigator with a practice in ' || jurisdiction || '.', created_at
         FROM bench.lawyers`,
    );
    await step(
      'mediator_profiles',
      `INSERT INTO mediator_profiles (user_id, certifications, specializations, years_experience, hourly_rate, bio, jurisdiction, phone_number,
                                      mediation_training, languages_spoken, subscription_tier, subscription_start_date, created_at)
       SELECT id, ARRAY['Certified Mediator'], specializations, 3 + n % 25, (150 + (n % 30) * 10)::numeric, 'Mediator in ' || jurisdiction || ' since ' || (1995 + n % 25) || '.',
              jurisdiction, '+1 555 ' || lpad((n % 10000)::text, 4, '0'), ARRAY['40-hour mediation training'], ARRAY['English'], tier,
              CASE WHEN tier <> 'free' THEN now() - interval '10 days' END, created_at
         FROM bench.mediators`,
    );
    await step(
      'subscriptions (paid tiers)',
      `INSERT INTO subscriptions (mediator_id, tier, provider_subscription_id, payment_method_id, current_period_start, current_period_end, attempt, period_number, period_anchor, created_at, updated_at)
       SELECT id, tier, 'sub_bench_' || n, 'pm_bench_' || n, now() - interval '10 days', now() - interval '10 days' + interval '1 month', 1, 1, now() - interval '10 days', created_at, now() - interval '10 days'
         FROM bench.mediators WHERE tier <> 'free'`,
    );
    // For each (jurisdiction, case type), the mediators it matches (RULES.md 5): acceptances and selections draw from these.
    await step(
      'bench.slots',
      `CREATE TABLE bench.slots AS
         SELECT j AS jurisdiction, t AS case_type, array_agg(m.n ORDER BY m.n) AS ns, count(*)::int AS len
           FROM unnest(${lit(JURISDICTIONS)}) j CROSS JOIN unnest(${lit(CASE_TYPES)}) t
           JOIN bench.mediators m ON m.jurisdiction = j AND t = ANY (m.specializations)
          GROUP BY j, t`,
    );

    // Requests by state: draft 8 %, live 20 % (pending_mediators 6 %, awaiting_selection 14 %), matched 10 %,
    // in_progress 10 %, completed 40 %, cancelled 12 % (half of them after a mediator was selected).
    await step(
      'bench.req',
      `CREATE TABLE bench.req AS
       WITH base AS (
         SELECT n, random() AS u, random() AS u2, random() AS u3, floor(random() * 1000000)::int AS h,
                1 + floor(random() * ${L})::int AS lawyer_n,
                (${lit(JURISDICTIONS)})[1 + floor(random() * 12)::int] AS jurisdiction,
                (${lit(CASE_TYPES)})[1 + floor(random() * 10)::int] AS case_type,
                random() < 0.8 AS hourly, 120 + floor(random() * 30)::int * 10 AS rate, 3 + floor(random() * 10)::int AS hours
           FROM generate_series(1, ${R}) n
       ), staged AS (
         SELECT *, CASE WHEN u < 0.08 THEN 'draft' WHEN u < 0.14 THEN 'pending_mediators' WHEN u < 0.28 THEN 'awaiting_selection'
                        WHEN u < 0.38 THEN 'matched' WHEN u < 0.48 THEN 'in_progress' WHEN u < 0.88 THEN 'completed' ELSE 'cancelled' END AS status
           FROM base
       ), timed AS (
         SELECT *, now() - CASE status
                  WHEN 'draft' THEN random() * interval '60 days'
                  WHEN 'pending_mediators' THEN random() * interval '3 days'
                  WHEN 'awaiting_selection' THEN interval '1 hour' + random() * interval '3 days'
                  WHEN 'matched' THEN interval '1 day' + random() * interval '13 days'
                  WHEN 'in_progress' THEN interval '2 days' + random() * interval '28 days'
                  ELSE interval '7 days' + random() * interval '358 days' END AS created_at
           FROM staged
       )
       SELECT n, gen_random_uuid() AS id, lawyer_n, jurisdiction, case_type, status::mediation_request_status AS status, h, u2, u3,
              hourly, rate, hours, (rate * hours)::numeric AS budget, created_at,
              CASE WHEN status <> 'draft' THEN created_at + least(random() * interval '2 hours', (now() - created_at) / 2) END AS submitted_at,
              (status IN ('matched', 'in_progress', 'completed') OR (status = 'cancelled' AND u2 < 0.5)) AS has_mediator,
              CASE WHEN status = 'awaiting_selection' THEN 1 + floor(u3 * 3)::int
                   WHEN status IN ('matched', 'in_progress', 'completed') OR (status = 'cancelled' AND u2 < 0.5) THEN 1 + floor(u3 * 3)::int
                   ELSE 0 END AS k,
              NULL::int AS pair_no, NULL::int AS case_no, NULL::int AS opposing_n
         FROM timed`,
    );
    await client.query(`ALTER TABLE bench.req ADD PRIMARY KEY (n)`);
    // The selected mediator is the first of the request's acceptances (offset 0 in its slot list).
    await step(
      'bench.req: selected mediators',
      `ALTER TABLE bench.req ADD COLUMN mediator_n int;
       UPDATE bench.req r SET mediator_n = s.ns[1 + (r.h % s.len)]
         FROM bench.slots s WHERE s.jurisdiction = r.jurisdiction AND s.case_type = r.case_type AND r.has_mediator`,
    );
    // Pairs for the WebSocket test and the per-user reads: in_progress requests with distinct lawyers and mediators
    // (none of the bench's own users); their threads are longer, so a thread page is a full page.
    await step(
      'bench.req: pairs',
      `UPDATE bench.req r SET pair_no = p.pair_no FROM (
         SELECT n, row_number() OVER (ORDER BY n) AS pair_no FROM (
           SELECT DISTINCT ON (mediator_n) n, mediator_n FROM (
             SELECT DISTINCT ON (lawyer_n) n, lawyer_n, mediator_n FROM bench.req
              WHERE status = 'in_progress' AND lawyer_n > 1 AND mediator_n > ${1 + ACCEPTORS} ORDER BY lawyer_n, n) a
           ORDER BY mediator_n, n) b
         ORDER BY n LIMIT ${PAIRS}) p WHERE p.n = r.n`,
    );
    // The two-sided cases (seed-cases.ts): other in_progress requests, each first counsel and each second counsel a
    // lawyer with no other seat among the bench's readers, so every reader is one user of the rate limits' arithmetic.
    // Their mediators are not the accepting ones, which `npm run load` signs in (bench/load.ts): its checks of who
    // wrote to whom are about one-sided threads.
    await step(
      'bench.req: two-sided cases',
      `UPDATE bench.req r SET case_no = c.case_no FROM (
         SELECT n, row_number() OVER (ORDER BY n) AS case_no FROM (
           SELECT DISTINCT ON (lawyer_n) n, lawyer_n FROM bench.req
            WHERE status = 'in_progress' AND pair_no IS NULL AND lawyer_n > 1 AND mediator_n > ${1 + ACCEPTORS}
              AND lawyer_n NOT IN (SELECT lawyer_n FROM bench.req WHERE pair_no IS NOT NULL)
            ORDER BY lawyer_n, n) a
         ORDER BY n LIMIT ${CASES}) c WHERE c.n = r.n;
       UPDATE bench.req r SET opposing_n = o.n FROM (
         SELECT l.n, row_number() OVER (ORDER BY l.n DESC) AS k FROM bench.lawyers l
          WHERE l.n > 1 AND l.n NOT IN (SELECT lawyer_n FROM bench.req WHERE pair_no IS NOT NULL OR case_no IS NOT NULL)) o
        WHERE o.k = r.case_no`,
    );

    const matchedAt = hasMatchedAt ? ', matched_at' : '';
    const matchedAtValue = hasMatchedAt ? `, CASE WHEN r.has_mediator THEN r.submitted_at + interval '1 hour' END` : '';
    await step(
      'mediation_requests',
      `INSERT INTO mediation_requests (id, lawyer_id, case_number, case_name, case_type, jurisdiction, court_info, trial_date, description,
          opposing_lawyer_name, opposing_lawyer_firm_name, opposing_lawyer_email, opposing_lawyer_id, mediation_type, pricing_model, preferred_date, estimated_duration,
          hourly_rate, hours_needed, flat_fee, budget, status, selected_mediator_id, deposit_amount, platform_fee, open_to_all_at, open_to_free_at, terms,
          completion_results, deliverables, completed_at, submitted_at, cancelled_at, cancel_reason, created_at, updated_at${matchedAt})
       SELECT r.id, l.id, 'BN-' || lpad(r.n::text, 7, '0'), (${last})[1 + r.n % 14] || ' v. ' || (${last})[1 + (r.n / 14) % 14] || ' (' || r.n || ')',
              r.case_type, r.jurisdiction, 'Superior Court of ' || r.jurisdiction, (r.created_at + interval '120 days')::date,
              'A dispute about ' || lower(r.case_type) || ' between the parties; both sides are open to mediation. Reference ' || r.n || '.',
              'Opposing Counsel ' || r.n, 'Opposing Firm LLP', 'opposing' || r.n || '@example.com', o.id,
              (CASE WHEN r.n % 3 = 0 THEN 'in-person' ELSE 'online' END)::mediation_type,
              (CASE WHEN r.hourly THEN 'hourly' ELSE 'flat' END)::pricing_model,
              (r.created_at + interval '30 days')::date, r.hours * 60,
              CASE WHEN r.hourly THEN r.rate END, CASE WHEN r.hourly THEN r.hours END, CASE WHEN NOT r.hourly THEN r.budget END, r.budget,
              r.status, m.id,
              CASE WHEN r.status <> 'draft' THEN 250 END, CASE WHEN r.status <> 'draft' THEN greatest(50, round(r.budget * 0.10, 2)) END,
              r.submitted_at + interval '20 minutes', r.submitted_at + interval '5 minutes',
              CASE WHEN r.status <> 'draft' THEN '{"commissionPercentage":"10.00","minimumPlatformFee":"50.00","defaultDeposit":"250.00","matchWindowMinutes":20,"priorityHeadStartMinutes":5,"payoutHoldHours":72}'::jsonb END,
              CASE WHEN r.status = 'completed' THEN 'Settled in mediation; terms recorded in the agreement.' END,
              CASE WHEN r.status = 'completed' THEN 'Signed settlement agreement.' END,
              CASE WHEN r.status = 'completed' THEN r.submitted_at + interval '5 days' END,
              r.submitted_at,
              CASE WHEN r.status = 'cancelled' THEN r.submitted_at + interval '2 days' END,
              CASE WHEN r.status = 'cancelled' THEN 'The parties settled on their own.' END,
              r.created_at,
              CASE r.status WHEN 'completed' THEN r.submitted_at + interval '5 days' WHEN 'cancelled' THEN r.submitted_at + interval '2 days'
                            WHEN 'draft' THEN r.created_at ELSE r.submitted_at + interval '1 hour' END
              ${matchedAtValue}
         FROM bench.req r JOIN bench.lawyers l ON l.n = r.lawyer_n LEFT JOIN bench.mediators m ON m.n = r.mediator_n
         LEFT JOIN bench.lawyers o ON o.n = r.opposing_n`,
    );
    // Acceptances: 1-3 pending while awaiting selection (70 % of them within the match window, so those requests
    // are for matching mediators only; the rest after it, open to all); from matched on the selected one (offset 0)
    // and the others rejected. At most 3 live per request; the selected mediator's acceptance is 'selected'.
    // With triggers on: whatever the schema keeps in step with the acceptances (decision 022 keeps the live count and
    // "accepted before open to all" on the request row) is then kept exactly as the app's own writes keep it.
    await client.query(`SET session_replication_role = DEFAULT`);
    // Not the activity rollup's trigger (docs/decisions/031): it would note 160,000 acceptances one by one with its
    // index dropped; the rollup is rebuilt from every source at the end instead.
    await client.query(`ALTER TABLE mediator_acceptances DISABLE TRIGGER user_activity`);
    await step(
      'mediator_acceptances',
      `INSERT INTO mediator_acceptances (request_id, mediator_id, status, note, no_conflict_confirmed, accepted_at)
       SELECT r.id, m.id,
              (CASE WHEN r.status = 'awaiting_selection' THEN 'pending' WHEN i = 0 THEN 'selected' ELSE 'rejected' END)::acceptance_status,
              CASE WHEN i = 0 THEN 'Available next week; happy to help.' END, true,
              r.submitted_at + CASE WHEN r.status = 'awaiting_selection' AND r.u2 >= 0.7 THEN interval '25 minutes' ELSE interval '1 minute' END
                             + i * interval '3 minutes' + random() * interval '2 minutes'
         FROM bench.req r CROSS JOIN LATERAL generate_series(0, r.k - 1) i
         JOIN bench.slots s ON s.jurisdiction = r.jurisdiction AND s.case_type = r.case_type
         JOIN bench.mediators m ON m.n = s.ns[1 + ((r.h + i) % s.len)]
        WHERE r.k > 0`,
    );
    await client.query(`ALTER TABLE mediator_acceptances ENABLE TRIGGER user_activity`);
    await client.query(`SET session_replication_role = replica`);
    await step(
      'payments',
      `INSERT INTO payments (request_id, lawyer_id, mediator_id, payment_intent_id, payment_method_id, deposit_amount, platform_fee, mediator_payout, status,
                             refund_amount, refund_reason, transfer_id, deposit_attempt, balance_attempt, payout_due_at, created_at, updated_at)
       SELECT r.id, l.id, m.id, 'pi_bench_' || r.n, 'pm_bench_l' || r.lawyer_n, 250, greatest(50, round(r.budget * 0.10, 2)), r.budget - greatest(50, round(r.budget * 0.10, 2)),
              (CASE WHEN r.status = 'completed' THEN 'released' WHEN r.status = 'cancelled' AND r.has_mediator THEN 'refunded_partial'
                    WHEN r.status = 'cancelled' THEN 'refunded_full' ELSE 'held' END)::payment_status,
              CASE WHEN r.status = 'cancelled' AND r.has_mediator THEN r.budget - 250 WHEN r.status = 'cancelled' THEN 250 ELSE 0 END,
              CASE WHEN r.status = 'cancelled' THEN 'Cancelled by the lawyer' END,
              CASE WHEN r.status = 'completed' THEN 'tr_bench_' || r.n END,
              1, CASE WHEN r.has_mediator THEN 1 ELSE 0 END,
              CASE WHEN r.status = 'completed' THEN r.submitted_at + interval '8 days' END,
              r.submitted_at, coalesce(r.submitted_at + interval '5 days', r.submitted_at)
         FROM bench.req r JOIN bench.lawyers l ON l.n = r.lawyer_n LEFT JOIN bench.mediators m ON m.n = r.mediator_n
        WHERE r.status <> 'draft'`,
    );
    // The ledger: the deposit of every submitted request; the balance from matched on; the payout of completed ones;
    // the refunds of cancelled ones (the whole deposit before a mediator, the balance after).
    await step(
      'ledger_entries',
      `INSERT INTO ledger_entries (payment_id, kind, amount, platform_fee, provider_ref, idempotency_key, created_at, payer_id)
       SELECT p.id, e.kind::ledger_kind, e.amount, e.fee, e.ref || r.n, 'bench:' || e.kind || ':' || r.n, e.at, p.lawyer_id
         FROM bench.req r JOIN payments p ON p.request_id = r.id
         CROSS JOIN LATERAL (VALUES
           ('deposit_charge', 250::numeric, 0::numeric, 'ch_dep_', r.submitted_at, true),
           ('balance_charge', r.budget - 250, 0, 'ch_bal_', r.submitted_at + interval '1 hour', r.has_mediator),
           ('payout_transfer', r.budget - greatest(50, round(r.budget * 0.10, 2)), greatest(50, round(r.budget * 0.10, 2)), 'tr_bench_', r.submitted_at + interval '8 days', r.status = 'completed'),
           ('refund', CASE WHEN r.has_mediator THEN r.budget - 250 ELSE 250 END, 0, 're_bench_', r.submitted_at + interval '2 days', r.status = 'cancelled')
         ) AS e(kind, amount, fee, ref, at, wanted)
        WHERE e.wanted`,
    );
    // Messages: every thread (a request with a selected mediator), 4-28 messages (60-119 for the pairs' threads),
    // alternating sides, strictly increasing times; the last 1-3 unread in live threads.
    await step(
      'messages',
      `INSERT INTO messages (request_id, sender_id, recipient_id, content, is_read, created_at)
       SELECT t.id, CASE WHEN i % 2 = 0 THEN t.lawyer ELSE t.mediator END, CASE WHEN i % 2 = 0 THEN t.mediator ELSE t.lawyer END,
              (ARRAY['Thanks for taking this on. I have uploaded the brief.', 'Could we schedule a first joint session next week?',
                     'The other side has agreed to the proposed date.', 'Please find my notes on the settlement range below. We are flexible on timing.',
                     'Confirmed. I will circulate the agenda tomorrow morning.', 'Quick question about the exhibits: are the invoices in scope?',
                     'Both parties signed the confidentiality agreement.', 'Following up on yesterday''s call: the client accepts the framework.'])[1 + (i % 8)]
                || ' (' || i || ')',
              NOT (t.live AND i >= t.c - t.unread), least(t.base + i * t.gap, now() - (t.c - i) * interval '1 second')
         FROM (SELECT r.id, l.id AS lawyer, m.id AS mediator, r.status IN ('matched', 'in_progress') AS live,
                      CASE WHEN r.pair_no IS NOT NULL THEN 60 + floor(random() * 60)::int ELSE 4 + floor(random() * 25)::int END AS c,
                      1 + floor(random() * 3)::int AS unread, r.submitted_at + interval '1 hour' AS base,
                      interval '5 minutes' + random() * interval '4 hours' AS gap
                 FROM bench.req r JOIN bench.lawyers l ON l.n = r.lawyer_n JOIN bench.mediators m ON m.n = r.mediator_n
                WHERE r.has_mediator) t
         CROSS JOIN LATERAL generate_series(0, t.c - 1) i`,
    );
    // One unread new-message notification per user and thread with unread messages (the coalescing invariant).
    await step(
      'notifications: unread messages',
      `INSERT INTO notifications (user_id, type, title, message, link_url, is_read, created_at, coalesced_count, email_handled_at)
       SELECT recipient_id, 'new_message', CASE WHEN count(*) = 1 THEN 'New message' ELSE count(*) || ' new messages' END,
              'New message on your mediation', '/messages/' || request_id, false, max(created_at), count(*)::int, max(created_at)
         FROM messages WHERE NOT is_read GROUP BY recipient_id, request_id`,
    );
    // Everything else people are told: about 33 a user over a year, 90 % read.
    await step(
      'notifications: history',
      `INSERT INTO notifications (user_id, type, title, message, link_url, is_read, created_at, email_handled_at)
       SELECT u.id, (ARRAY['acceptance_received', 'mediator_selected', 'mediation_completed', 'payment_processed', 'review_received',
                           'new_request', 'request_cancelled', 'broadcast']::notification_type[])[1 + k],
              (ARRAY['A mediator accepted your request', 'You were selected', 'Mediation completed', 'Payment processed', 'New review',
                     'New mediation request', 'Request cancelled', 'Platform update'])[1 + k],
              'Details are on your dashboard (' || i || ').', '/dashboard', random() < 0.9, now() - random() * interval '365 days', now()
         FROM (SELECT id FROM bench.lawyers UNION ALL SELECT id FROM bench.mediators) u
         CROSS JOIN LATERAL generate_series(1, 10 + floor(random() * 50)::int) i
         CROSS JOIN LATERAL (SELECT floor(random() * 8)::int + (i * 0) AS k) kk`,
    );
    // Reviews of completed mediations: lawyers review their mediator (80 %), mediators their lawyer (50 %).
    await step(
      'reviews',
      `INSERT INTO reviews (request_id, reviewer_id, reviewee_id, rating, comment, created_at)
       SELECT r.id, l.id, m.id, 3 + floor(random() * 3)::int, 'Professional and well prepared.', r.submitted_at + interval '6 days'
         FROM bench.req r JOIN bench.lawyers l ON l.n = r.lawyer_n JOIN bench.mediators m ON m.n = r.mediator_n
        WHERE r.status = 'completed' AND r.u3 < 0.8
       UNION ALL
       SELECT r.id, m.id, l.id, 3 + floor(random() * 3)::int, 'Clear and responsive counsel.', r.submitted_at + interval '7 days'
         FROM bench.req r JOIN bench.lawyers l ON l.n = r.lawyer_n JOIN bench.mediators m ON m.n = r.mediator_n
        WHERE r.status = 'completed' AND r.u2 < 0.5`,
    );
    await step(
      'mediator_profiles: ratings',
      `UPDATE mediator_profiles p SET rating = a.rating, review_count = a.n, total_mediations_completed = a.done
         FROM (SELECT m.id, coalesce(rv.rating, 0) AS rating, coalesce(rv.n, 0) AS n, coalesce(c.done, 0) AS done
                 FROM bench.mediators m
                 LEFT JOIN (SELECT reviewee_id, round(avg(rating), 2) AS rating, count(*)::int AS n FROM reviews GROUP BY reviewee_id) rv ON rv.reviewee_id = m.id
                 LEFT JOIN (SELECT mediator_n, count(*)::int AS done FROM bench.req WHERE status = 'completed' GROUP BY mediator_n) c ON c.mediator_n = m.n) a
        WHERE p.user_id = a.id`,
    );
    await step(
      'lawyer_profiles: ratings',
      `UPDATE lawyer_profiles p SET rating = a.rating, review_count = a.n
         FROM (SELECT reviewee_id, round(avg(rating), 2) AS rating, count(*)::int AS n FROM reviews GROUP BY reviewee_id) a
        WHERE p.user_id = a.reviewee_id`,
    );
    await seedTwoSidedCases(step);

    // Signed-in sessions the runner uses: the cookie carries the token, the table keeps its SHA-256 (plugins/session.ts).
    await step(
      'bench.sessions',
      `CREATE TABLE bench.sessions AS
       SELECT role, label, pair_no, case_no, user_id, md5(random()::text) || md5(random()::text) AS token FROM (
         SELECT 'lawyer' AS role, 'lawyer' AS label, NULL::int AS pair_no, NULL::int AS case_no, id AS user_id FROM bench.lawyers WHERE n = 1
         UNION ALL SELECT 'mediator', 'mediator', NULL, NULL, id FROM bench.mediators WHERE n = 1
         UNION ALL SELECT 'admin', 'admin', NULL, NULL, id FROM users WHERE email = 'admin@bench.test'
         UNION ALL SELECT 'mediator', 'acceptor', n - 1, NULL, id FROM bench.mediators WHERE n BETWEEN 2 AND ${1 + ACCEPTORS}
         UNION ALL SELECT 'lawyer', 'pair-lawyer', r.pair_no, NULL, l.id FROM bench.req r JOIN bench.lawyers l ON l.n = r.lawyer_n WHERE r.pair_no IS NOT NULL
         UNION ALL SELECT 'mediator', 'pair-mediator', r.pair_no, NULL, m.id FROM bench.req r JOIN bench.mediators m ON m.n = r.mediator_n WHERE r.pair_no IS NOT NULL
         UNION ALL SELECT 'lawyer', 'case-first', NULL, case_no, lawyer_id FROM bench.cases
         UNION ALL SELECT 'lawyer', 'case-second', NULL, case_no, opposing_id FROM bench.cases
       ) s`,
    );
    await step(
      'session',
      `INSERT INTO session (sid, sess, expire)
       SELECT encode(sha256(convert_to(token, 'UTF8')), 'hex'), json_build_object('userId', user_id, 'createdAt', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
              now() + interval '7 days'
         FROM bench.sessions`,
    );
    // The activity rollup of the admin analytics, from everything loaded with triggers off (docs/decisions/031).
    await step('user_activity_days', `SELECT user_activity_rebuild()`);

    await client.query(`SET session_replication_role = DEFAULT`);
    for (const index of indexes) {
      const t0 = performance.now();
      await client.query(index.def);
      log(`  index ${index.name.padEnd(48)} ${((performance.now() - t0) / 1000).toFixed(1).padStart(6)} s`);
    }
    await step('vacuum analyze', `VACUUM (ANALYZE)`);

    const counts: SeedCounts = {};
    for (const table of [
      'users',
      'mediation_requests',
      'mediator_acceptances',
      'payments',
      'ledger_entries',
      'messages',
      'notifications',
      'reviews',
      'session',
      'case_invitations',
      'date_polls',
      'poll_answers',
      'term_sheet_versions',
      'signing_envelopes',
    ]) {
      const { rows } = await client.query(`SELECT count(*)::int AS n FROM ${table}`);
      counts[table] = rows[0].n;
    }
    const { rows: states } = await client.query(`SELECT status, count(*)::int AS n FROM mediation_requests GROUP BY status ORDER BY status`);
    for (const s of states) counts[`requests.${s.status}`] = s.n;
    await client.query(
      `CREATE TABLE bench.marker (requests int NOT NULL, version int NOT NULL, seeded_at timestamptz NOT NULL DEFAULT now(), counts jsonb NOT NULL)`,
    );
    await client.query(`INSERT INTO bench.marker (requests, version, counts) VALUES ($1, $2, $3)`, [R, SEED_VERSION, JSON.stringify(counts)]);
    log(`  seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return counts;
  } finally {
    await client.end();
  }
}

function parseArgs(argv: string[]): { url: string; requests: number } {
  let url = process.env.BENCH_DATABASE_URL ?? DEFAULT_DB;
  let requests = 100_000;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--db') url = argv[++i];
    else if (argv[i] === '--requests') requests = Number(argv[++i]);
    else throw new Error(`unknown argument ${argv[i]} (use --db <url> --requests <n>)`);
  }
  if (!Number.isInteger(requests) || requests < 1000) throw new Error('--requests must be a whole number of at least 1000');
  return { url, requests };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { url, requests } = parseArgs(process.argv.slice(2));
  process.stdout.write(`Seeding ${url} with ${requests} requests\n`);
  seed({ url, requests })
    .then((counts) => {
      process.stdout.write(`${JSON.stringify(counts, null, 2)}\n`);
    })
    .catch((error) => {
      process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exit(1);
    });
}
