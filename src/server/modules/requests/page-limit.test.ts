import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { pageLimit } from './visibility';

// A page's size is written into the statement (decision 034), so it must be a positive integer and nothing else.
describe('pageLimit', () => {
  const dialect = new PgDialect();
  it.each([1, 21, 101])('writes LIMIT %i with no parameter', (take) => {
    expect(dialect.sqlToQuery(pageLimit(take))).toEqual({ sql: `LIMIT ${take}`, params: [] });
  });
  it.each([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60])('refuses %s', (take) => {
    expect(() => pageLimit(take)).toThrow(/positive integer/);
  });
});
