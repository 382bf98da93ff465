import type { Core } from '@strapi/strapi';

/** A statement of better-sqlite3, as prepared on the connection. */
export type SqliteStatement = {
  get(...bindings: unknown[]): unknown;
  all(...bindings: unknown[]): unknown[];
  run(...bindings: unknown[]): { changes: number; lastInsertRowid: number | bigint };
};

/** better-sqlite3's Database, as far as a transaction in one turn uses it. */
export type SqliteDatabase = {
  prepare(sql: string): SqliteStatement;
  transaction<T>(work: () => T): { immediate(): T };
};

/**
 * Runs `work` as one transaction on the Query Engine's SQLite connection, all within one turn of
 * the event loop: better-sqlite3 answers each statement synchronously, so the transaction holds
 * the connection for the time its statements take (well under a millisecond) instead of across
 * every await of a Knex transaction, while other requests' work runs in between and the next
 * order waits for all of it. Knex's pool holds SQLite's one connection: while work runs, no other
 * query can, and work's statements see no one else's. A throw in work rolls everything back.
 * Not for code already inside strapi.db.transaction: that holds the one connection.
 */
export async function inOneSqliteTurn<T>(strapi: Core.Strapi, work: (database: SqliteDatabase) => T): Promise<T> {
  const { client } = strapi.db.connection;
  const database = (await client.acquireConnection()) as SqliteDatabase;
  try {
    return database.transaction(() => work(database)).immediate();
  } finally {
    await client.releaseConnection(database);
  }
}
