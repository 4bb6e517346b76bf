import { eq } from 'drizzle-orm';
import type { Logger } from 'drizzle-orm/logger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../../../tests/helpers/backends';
import { signUpVerified, uniqueEmail } from '../../../../tests/helpers/accounts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { users } from '../../db/schema';

// POST /api/password/forgot must not tell, by the time it takes, whether an address has an account: in the request,
// a known and an unknown address do the same work (the lookup, a token and its hash, the same insert statement). Only
// the e-mail differs (the settings read for its template and its outbox row, which the relay sends after the answer).

interface Statement {
  query: string;
  params: unknown[];
}

/** Every statement the app sends through drizzle while `work` runs (transactions included). */
async function recordStatements(t: TestApp, work: () => Promise<unknown>): Promise<Statement[]> {
  const session = (t.ctx.db as unknown as { session: { logger: Logger; options: { logger?: Logger } } }).session;
  const saved = { logger: session.logger, option: session.options.logger };
  const seen: Statement[] = [];
  const recorder: Logger = { logQuery: (query, params) => void seen.push({ query, params }) };
  session.logger = recorder;
  session.options.logger = recorder;
  try {
    await work();
  } finally {
    session.logger = saved.logger;
    session.options.logger = saved.option;
  }
  return seen;
}

/** The statements that belong to the e-mail itself (template settings, outbox, its transaction), left out. */
const MAIL_OR_TX = /platform_settings|outbox|^\s*(begin|commit|rollback|savepoint|release)\b/i;
const requestWork = (statements: Statement[]) => statements.filter((s) => !MAIL_OR_TX.test(s.query));

describe.each(backends)('forgot password does the same work for known and unknown addresses on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  const forgot = (email: string) => t.app.inject({ method: 'POST', url: '/api/password/forgot', payload: { email } });

  async function statementsFor(email: string) {
    let status = 0;
    let body = '';
    const statements = await recordStatements(t, async () => {
      const res = await forgot(email);
      status = res.statusCode;
      body = res.body;
    });
    return { status, body, statements, work: requestWork(statements) };
  }

  it('runs the same statements, hashing a token on both paths; only the known address gets mail', async () => {
    const known = await signUpVerified(t);
    const anonymised = await signUpVerified(t);
    await t.ctx.db.update(users).set({ anonymizedAt: new Date() }).where(eq(users.id, anonymised.user.id));

    const mailsBefore = t.mailer.sent.length;
    const unknownRun = await statementsFor(uniqueEmail('nobody'));
    const anonymisedRun = await statementsFor(anonymised.email);
    expect(t.mailer.sent.length).toBe(mailsBefore);
    const knownRun = await statementsFor(known.email);
    expect(t.mailer.sent.length).toBe(mailsBefore + 1);

    for (const run of [unknownRun, anonymisedRun, knownRun]) expect(run.status).toBe(200);
    expect(unknownRun.body).toBe(knownRun.body);

    const shape = (run: typeof knownRun) => run.work.map((s) => s.query);
    expect(shape(unknownRun)).toEqual(shape(knownRun));
    expect(shape(anonymisedRun)).toEqual(shape(knownRun));

    // Both paths store (or try to store) a freshly hashed token: a 64-hex SHA-256 among the insert's parameters.
    for (const run of [unknownRun, anonymisedRun, knownRun]) {
      const insert = run.work.find((s) => /insert into\s+"?password_reset_tokens/i.test(s.query));
      expect(insert, JSON.stringify(run.work)).toBeDefined();
      expect(insert!.params.some((p) => typeof p === 'string' && /^[0-9a-f]{64}$/.test(p))).toBe(true);
    }
    // What the known path does beyond that is the e-mail only.
    const extra = knownRun.statements.filter((s) => MAIL_OR_TX.test(s.query) && !/^\s*(begin|commit)/i.test(s.query));
    expect(extra.every((s) => /platform_settings|outbox/i.test(s.query))).toBe(true);
  });
});
