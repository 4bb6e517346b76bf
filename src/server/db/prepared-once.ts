import type { DbOrTx } from './client';

/**
 * A hot statement built once per database or transaction handle instead of at every call (Drizzle builds the same SQL
 * each time; decision 032): `build` runs the first time a handle asks for `key` (the shapes one builder makes: a page
 * size, with or without a cursor, a kind of viewer), and its result is kept for as long as the handle lives. Being
 * named (`.prepare(name)`), the statement is also parsed and planned once per pooled connection.
 */
export function preparedOnce<T, K extends string = ''>(build: (db: DbOrTx, key: K) => T): (db: DbOrTx, key?: K) => T {
  const byHandle = new WeakMap<DbOrTx, Map<K, T>>();
  return (db, key = '' as K) => {
    let built = byHandle.get(db);
    if (!built) byHandle.set(db, (built = new Map()));
    let statement = built.get(key);
    if (statement === undefined) built.set(key, (statement = build(db, key)));
    return statement;
  };
}
