import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpLawyer, signUpMediator } from '../../../tests/helpers/accounts';
import { backends } from '../../../tests/helpers/backends';
import { call, createLiveRequest, setTier } from '../../../tests/helpers/requests';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { compiledMapperCount, compileRowMapper, withCompiledRows } from './compiled-rows';
import { lawyerProfiles, mediationRequests, mediatorAcceptances, payments, users } from './schema';

// The compiled mapper must build exactly what Drizzle's own mapping builds (decision 034): the same selects prepared
// twice, once as Drizzle maps them and once compiled, give equal rows: whole tables, left joins that find nothing (the
// object becomes null) or something, nested objects of an aliased join's columns, SQL fields with and without a
// decoder, timestamps, numerics, JSON and nulls.
describe.each(backends)('compiled row mapping on %s', (backend) => {
  let t: TestApp;
  let requestId: string;
  let acceptedId: string;
  let mediatorId: string;
  beforeAll(async () => {
    t = await createTestApp(backend);
    const lawyer = await signUpLawyer(t);
    const mediator = await signUpMediator(t);
    mediatorId = mediator.user.id;
    await setTier(t, mediator.user.id, 'pro');
    requestId = await createLiveRequest(t, lawyer.cookie);
    acceptedId = await createLiveRequest(t, lawyer.cookie);
    const accept = await call(t, 'POST', `/api/requests/${acceptedId}/accept`, mediator.cookie, { noConflictConfirmed: true });
    expect(accept.statusCode).toBe(201);
  });
  afterAll(async () => {
    await t?.close();
  });

  let counter = 0;
  /** The rows of `build()` mapped by Drizzle, and by the compiled mapper. */
  async function both<T>(
    build: () => { prepare(name: string): { execute(values?: Record<string, unknown>): Promise<T> } },
    values: Record<string, unknown> = {},
  ) {
    const name = `compiled_rows_test_${++counter}`;
    const drizzle = await build().prepare(`${name}_drizzle`).execute(values);
    const compiled = await withCompiledRows(build().prepare(`${name}_compiled`)).execute(values);
    return { drizzle, compiled };
  }

  it('maps whole tables, a left join with and without a match, an aliased join and SQL fields as Drizzle does', async () => {
    const lawyer = alias(users, 'lawyer');
    const build = () =>
      t.ctx.db
        .select({
          request: mediationRequests,
          acceptance: mediatorAcceptances,
          payment: payments,
          owner: { id: lawyer.id, name: lawyer.firstName, phone: lawyerProfiles.phoneNumber },
          twice: sql<number>`2 * ${mediationRequests.hoursNeeded}`,
          latest: sql<Date | null>`${mediationRequests.submittedAt}`.mapWith(mediationRequests.submittedAt),
          nothing: sql<string | null>`NULL::text`,
        })
        .from(mediationRequests)
        .leftJoin(
          mediatorAcceptances,
          sql`${mediatorAcceptances.requestId} = ${mediationRequests.id} AND ${mediatorAcceptances.mediatorId} = ${mediatorId}::uuid`,
        )
        .leftJoin(payments, eq(payments.requestId, mediationRequests.id))
        .leftJoin(lawyer, eq(lawyer.id, mediationRequests.lawyerId))
        .leftJoin(lawyerProfiles, eq(lawyerProfiles.userId, lawyer.id))
        .where(sql`${mediationRequests.id} IN (${sql.placeholder('a')}::uuid, ${sql.placeholder('b')}::uuid)`)
        .orderBy(mediationRequests.createdAt);
    const { drizzle, compiled } = await both(build, { a: requestId, b: acceptedId });
    expect(drizzle).toHaveLength(2);
    expect(compiled).toEqual(drizzle);
    const [open, accepted] = compiled as (typeof drizzle)[number][];
    expect(open.acceptance).toBeNull();
    expect(accepted.acceptance?.mediatorId).toBe(mediatorId);
    expect(accepted.request.createdAt).toBeInstanceOf(Date);
    expect(accepted.latest).toBeInstanceOf(Date);
    expect(accepted.owner.id).toBe(accepted.request.lawyerId);
  });

  it('keeps a joined table whose columns are all null as null only where Drizzle does, and a nested object of SQL fields', async () => {
    const build = () =>
      t.ctx.db
        .select({ id: mediationRequests.id, mine: { id: mediatorAcceptances.id, at: mediatorAcceptances.acceptedAt }, extra: { n: sql<number>`1` } })
        .from(mediationRequests)
        .leftJoin(mediatorAcceptances, sql`${mediatorAcceptances.requestId} = ${mediationRequests.id} AND false`)
        .where(eq(mediationRequests.id, sql.placeholder('id')));
    const { drizzle, compiled } = await both(build, { id: requestId });
    expect(compiled).toEqual(drizzle);
  });

  it('a row mapper compiled from a field list builds the same object as Drizzle for hand-made rows', () => {
    const fields = [
      { path: ['id'], field: users.id },
      { path: ['user', 'createdAt'], field: users.createdAt },
      { path: ['user', 'role'], field: users.role },
    ];
    const map = compileRowMapper(fields);
    expect(map(['x', '2026-11-26 10:00:00.5+00', 'lawyer'])).toEqual({ id: 'x', user: { createdAt: new Date('2026-11-26T10:00:00.500Z'), role: 'lawyer' } });
    expect(map(['x', null, null])).toEqual({ id: 'x', user: { createdAt: null, role: null } });
    const joined = compileRowMapper(fields, { users: false });
    expect(joined(['x', null, null])).toEqual({ id: 'x', user: null });
  });

  it('with the check on (every API test), a compiled mapping that differs from Drizzle fails the statement', async () => {
    // A left join whose table Drizzle is then told cannot be null: Drizzle keeps its object of nulls, the mapper
    // (compiled before) makes it null. The statement must fail rather than answer a row Drizzle would not build.
    const prepared = withCompiledRows(
      t.ctx.db
        .select({ id: mediationRequests.id, mine: { id: mediatorAcceptances.id } })
        .from(mediationRequests)
        .leftJoin(mediatorAcceptances, sql`${mediatorAcceptances.requestId} = ${mediationRequests.id} AND false`)
        .where(eq(mediationRequests.id, sql.placeholder('id')))
        .prepare(`compiled_rows_differs_${++counter}`),
    );
    (prepared as unknown as { joinsNotNullableMap: Record<string, boolean> }).joinsNotNullableMap.mediator_acceptances = true;
    await expect(prepared.execute({ id: requestId })).rejects.toThrow(/compiled rows differ from Drizzle's mapping/);
  });

  it('compiles a field layout once, however many times a statement is prepared (once per transaction)', async () => {
    const findIn = async (db: typeof t.ctx.db) =>
      withCompiledRows(
        db
          .select()
          .from(mediationRequests)
          .where(eq(mediationRequests.id, sql.placeholder('id')))
          .prepare(`compiled_rows_tx_${++counter}`),
      ).execute({
        id: requestId,
      });
    await findIn(t.ctx.db);
    const before = compiledMapperCount();
    for (let i = 0; i < 5; i++) await t.ctx.db.transaction((tx) => findIn(tx as unknown as typeof t.ctx.db));
    expect(compiledMapperCount()).toBe(before);
  });
});
