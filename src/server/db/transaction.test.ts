import { describe, expect, it } from 'vitest';
import type { Db } from './client';
import { isRetryable, transact } from './transaction';

/** A stand-in database whose transactions fail with the given errors, in order, before they succeed. */
function flakyDb(failures: unknown[]) {
  let calls = 0;
  const db = {
    transaction: async (work: (tx: unknown) => Promise<unknown>) => {
      calls++;
      const failure = failures.shift();
      if (failure) throw failure;
      return work({});
    },
  } as unknown as Db;
  return { db, calls: () => calls };
}

const pgError = (code: string) => Object.assign(new Error(`pg ${code}`), { code });

describe('transact', () => {
  it.each([
    ['a deadlock victim (40P01)', pgError('40P01'), true],
    ['a serialization failure (40001)', pgError('40001'), true],
    ['one wrapped by the query builder', Object.assign(new Error('Failed query'), { cause: pgError('40P01') }), true],
    ['a unique violation (23505)', pgError('23505'), false],
    ['an application error', new Error('409'), false],
  ])('%s is retryable: %s', (_label, error, retryable) => {
    expect(isRetryable(error)).toBe(retryable);
  });

  it('runs the whole unit again after a deadlock and returns its result', async () => {
    const { db, calls } = flakyDb([pgError('40P01'), pgError('40001')]);
    await expect(transact(db, async () => 'done')).resolves.toBe('done');
    expect(calls()).toBe(3);
  });

  it('gives up after five attempts, and never retries other errors', async () => {
    const always = flakyDb(Array.from({ length: 10 }, () => pgError('40P01')));
    await expect(transact(always.db, async () => 'never')).rejects.toThrow('pg 40P01');
    expect(always.calls()).toBe(5);
    const other = flakyDb([pgError('23505')]);
    await expect(transact(other.db, async () => 'never')).rejects.toThrow('pg 23505');
    expect(other.calls()).toBe(1);
  });
});
