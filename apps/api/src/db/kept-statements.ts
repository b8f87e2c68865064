import type { Db } from './client.ts';

/**
 * Statements made once per database and per `key`, for reads sent at nearly every request (a
 * session, a cart's lines). Made with a name (`.prepare(name)`), PostgreSQL plans each once per
 * connection instead of at each request, and its SQL is not written again each time; the name
 * must stand for one text, so it follows from `key`.
 */
export function keptStatements<K, S>(make: (db: Db, key: K) => S): (db: Db, key: K) => S {
  const kept = new WeakMap<Db, Map<K, S>>();
  return (db, key) => {
    let ofDb = kept.get(db);
    if (!ofDb) kept.set(db, (ofDb = new Map()));
    let statement = ofDb.get(key);
    if (statement === undefined) ofDb.set(key, (statement = make(db, key)));
    return statement;
  };
}
