import { describe, expect, it } from 'vitest';
import type { DbOrTx } from './client';
import { preparedOnce } from './prepared-once';

describe('preparedOnce', () => {
  const handle = () => ({}) as DbOrTx;

  it('builds once per handle and key, and again for another handle or key', () => {
    const built: string[] = [];
    const statement = preparedOnce((db, key: 'a' | 'b') => {
      built.push(key);
      return { db, key };
    });
    const first = handle();
    const second = handle();
    expect(statement(first, 'a')).toBe(statement(first, 'a'));
    expect(statement(first, 'b')).not.toBe(statement(first, 'a'));
    expect(statement(second, 'a')).not.toBe(statement(first, 'a'));
    expect(statement(second, 'a').db).toBe(second);
    expect(built).toEqual(['a', 'b', 'a']);
  });

  it('takes no key for a builder of one shape', () => {
    let builds = 0;
    const statement = preparedOnce(() => ++builds);
    const db = handle();
    expect([statement(db), statement(db), statement(handle())]).toEqual([1, 1, 2]);
  });
});
