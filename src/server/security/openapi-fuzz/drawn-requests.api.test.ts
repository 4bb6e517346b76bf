import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../../../tests/helpers/backends';
import { answerChecker } from '../../../../tests/helpers/fuzz-answers';
import { buildRequest, CASES_PER_OPERATION, drawsFor, SESSION_OPERATIONS } from '../../../../tests/helpers/fuzz-requests';
import { createFuzzWorld, SIGNED_IN, type FuzzWorld } from '../../../../tests/helpers/fuzz-world';
import { call } from '../../../../tests/helpers/requests';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { users } from '../../db/schema';
import { awaitSessionInvalidations } from '../../plugins/session';

// Issue 11, family 6 (docs/reliability.md): every operation of the served OpenAPI description (GET /api/docs/json) is
// called with valid and invalid bodies, path parameters and queries by signed-in callers of every role, with the ids
// of objects that exist. Property: no answer is a 5xx, every status is one the route declares, and every JSON answer
// conforms to the schema the description gives for that status. Deterministic: a fixed seed per operation
// (FUZZ_CASES_PER_OPERATION cases each). The world, the cases and the judge of answers are tests/helpers/fuzz-*.ts.

describe.each(backends)('API fuzzing from the served OpenAPI description on %s', (backend) => {
  let t: TestApp;
  let world: FuzzWorld;
  const problemWith = answerChecker();

  beforeAll(async () => {
    t = await createTestApp(backend);
    world = await createFuzzWorld(t);
  }, 300_000);

  afterAll(async () => {
    await t?.close();
  });

  it('every operation, fuzzed by every role: no 5xx, only declared statuses, every JSON answer matching its schema', async () => {
    const { operations, cookies, userIds } = world;
    expect(operations.length).toBeGreaterThan(80);
    const failures = new Map<string, { count: number; example: string }>();
    const byOperation = new Map<string, Record<string, number>>();
    let sent = 0;
    let sessionsLost = 0;
    const timings: [string, number][] = [];
    let generationMs = 0;
    const started = Date.now();

    for (const [index, operation] of operations.entries()) {
      const name = `${operation.method} ${operation.path}`;
      const statuses: Record<string, number> = {};
      byOperation.set(name, statuses);
      const generationStarted = Date.now();
      const draws = drawsFor(world, operation, index);
      generationMs += Date.now() - generationStarted;
      const operationStarted = Date.now();
      for (const d of draws) {
        const cookie = d.role === 'anon' ? undefined : SESSION_OPERATIONS.has(name) ? await world.mintSession(d.role) : cookies[d.role];
        const options = buildRequest(world, operation, d, cookie);
        const res = await t.app.inject(options);
        sent++;
        statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
        const problem = problemWith(operation, res);
        if (problem) {
          const key = `${name}: ${problem.split(':')[0]} (${res.statusCode})`;
          const seen = failures.get(key) ?? { count: 0, example: '' };
          seen.count++;
          if (!seen.example) {
            seen.example = `${d.role} ${options.method} ${String(options.url).slice(0, 200)} [${d.bodyMode}] ${String(options.payload ?? '').slice(0, 300)} → ${problem}`;
            console.info(`[fuzz ${backend}] problem: ${key}: ${seen.example}`);
          }
          failures.set(key, seen);
        }
        // The one caller without a role stays without one.
        if (name === 'PATCH /api/user/role' && d.role === 'fresh' && res.statusCode === 200) {
          await t.ctx.db.update(users).set({ role: null, profileCompleted: false }).where(eq(users.id, userIds.fresh!));
          await awaitSessionInvalidations(t.ctx);
        }
      }
      timings.push([name, Date.now() - operationStarted]);
      // The callers' own sessions must outlive everything they sent.
      for (const role of SIGNED_IN) {
        const me = await call(t, 'GET', '/api/user', cookies[role]);
        if (me.statusCode !== 200 || me.json().id !== userIds[role]) {
          sessionsLost++;
          failures.set(`${role} lost their session after ${name}`, { count: 1, example: `${me.statusCode} ${me.body.slice(0, 200)}` });
          cookies[role] = await world.mintSession(role);
        }
      }
    }

    const seconds = (Date.now() - started) / 1000;
    const reached = [...byOperation.entries()].filter(([, s]) => Object.keys(s).some((status) => /^[23]/.test(status)));
    console.info(
      `[fuzz ${backend}] ${sent} requests over ${operations.length} operations in ${seconds.toFixed(1)} s; ` +
        `${reached.length} operations answered 2xx/3xx at least once; sessions lost: ${sessionsLost}; problems: ${failures.size}; drawing the cases took ${(generationMs / 1000).toFixed(1)} s`,
    );
    const totals: Record<string, number> = {};
    for (const statuses of byOperation.values()) for (const [status, n] of Object.entries(statuses)) totals[status] = (totals[status] ?? 0) + n;
    const unreached = [...byOperation.entries()].filter(([, st]) => !Object.keys(st).some((status) => /^[23]/.test(status))).map(([name]) => name);
    console.info(`[fuzz ${backend}] never answered 2xx/3xx: ${JSON.stringify(unreached)}`);
    console.info(`[fuzz ${backend}] slowest: ${JSON.stringify(timings.sort((a, b) => b[1] - a[1]).slice(0, 8))}`);
    console.info(`[fuzz ${backend}] statuses: ${JSON.stringify(totals)}`);

    expect([...failures.entries()].map(([key, { count, example }]) => `${key} ×${count}: ${example}`)).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(operations.length * CASES_PER_OPERATION);
    // The requests reach the handlers: most operations succeeded at least once for some caller. Not all can: the
    // fuzz's own earlier calls end the states some need (a cancel ends the two-sided case's open proposal and its live
    // invitations, issue 23), and those answer declared refusals, which is what this test checks. The fee split's
    // operations (issue 24) succeed only for counsel, on a split still open, with a drawn body that happens to be two
    // whole percents adding up to 100, or a drawn `side` that is a side: rarely. A validation layer that stopped
    // requests early would fall far below these shares (the log lists what never succeeded).
    expect(reached.length).toBeGreaterThanOrEqual(Math.floor(operations.length * (CASES_PER_OPERATION >= 200 ? 0.67 : 0.6)));
    // No body merged a prototype key into Object.prototype.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).role).toBeUndefined();
  }, 900_000);
});
