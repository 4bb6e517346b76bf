import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../../../tests/helpers/backends';
import { answerChecker } from '../../../../tests/helpers/fuzz-answers';
import { encodePart } from '../../../../tests/helpers/fuzz-requests';
import { createFuzzWorld, type FuzzWorld } from '../../../../tests/helpers/fuzz-world';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';

// Issue 11, family 6 (docs/reliability.md): beside the drawn cases of drawn-requests.api.test.ts, every query
// parameter of every operation of the served OpenAPI description gets, deterministically, the values that reach the
// database worst, from the admin, the lawyer and the mediator, in a world set up as for the drawn cases
// (tests/helpers/fuzz-world.ts). Property: no 5xx, only declared statuses, every JSON answer matching its schema.

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

  it('a NUL, a lone surrogate or a huge value in every query parameter of every operation is never a 5xx', async () => {
    // The drawn cases found a NUL in ?search= of /api/admin/users and /api/admin/mediations reaching PostgreSQL (500):
    // every query parameter of every operation gets the values that reach the database worst, deterministically.
    const { operations, cookies } = world;
    const problems: string[] = [];
    let sent = 0;
    for (const operation of operations) {
      const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => world.poolFor(operation.path, name)[0] ?? 'x');
      for (const parameter of (operation.parameters ?? []).filter((p) => p.in === 'query')) {
        for (const value of ['\u0000', 'a\u0000b', '%00', '\ud800', 'x'.repeat(5000), "' OR 1=1 --"]) {
          for (const role of ['admin', 'lawyer', 'mediator'] as const) {
            const res = await t.app.inject({
              method: operation.method as 'GET',
              url: `${path}?${parameter.name}=${encodePart(value)}`,
              headers: { cookie: cookies[role] },
            });
            sent++;
            const problem = problemWith(operation, res);
            if (problem) problems.push(`${role} ${operation.method} ${operation.path}?${parameter.name}=${JSON.stringify(value.slice(0, 10))} → ${problem}`);
          }
        }
      }
    }
    expect(sent).toBeGreaterThan(500);
    expect(problems).toEqual([]);
  }, 300_000);
});
