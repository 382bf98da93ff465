/**
 * Knex's better-sqlite3 client prepares every query's SQL anew (knex 3.1,
 * dialects/better-sqlite3 `_query`), and SQLite's prepare (parsing and planning the statement)
 * costs more than running a short one. Strapi sends the same few hundred statements over and
 * over, so each connection keeps its prepared statements by their SQL, the most recently used
 * first, and reuses them. A statement is run with all() or run() and done before the next query
 * starts (better-sqlite3 runs synchronously), so one statement object never serves two queries
 * at once; SQLite prepares a kept statement again by itself after the schema changes.
 */
type Statement = object;
/** better-sqlite3's Database as knex holds it (its pragmas and transactions prepare apart from this). */
export type SqliteConnection = { prepare(sql: string): Statement };

/** Enough for every statement the cms sends; lists of ids of changing length make more. */
export const KEPT_STATEMENTS = 500;

export function keepPreparedStatements(connection: SqliteConnection, limit = KEPT_STATEMENTS) {
  const prepare = connection.prepare.bind(connection);
  const kept = new Map<string, Statement>();
  connection.prepare = (sql: string) => {
    const statement = kept.get(sql);
    if (statement) {
      // Moved to the end: the map's first entry is the least recently used.
      kept.delete(sql);
      kept.set(sql, statement);
      return statement;
    }
    const prepared = prepare(sql);
    kept.set(sql, prepared);
    if (kept.size > limit) kept.delete(kept.keys().next().value!);
    return prepared;
  };
}
