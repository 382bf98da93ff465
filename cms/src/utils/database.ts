import type { Core } from '@strapi/strapi';

type JoinTable = {
  name: string;
  joinColumn: { name: string };
  inverseJoinColumn: { name: string };
  morphColumn: { typeColumn: { name: string }; idColumn: { name: string } };
};

/** Whether the Query Engine talks to PostgreSQL (else SQLite, the embedded default). */
export const onPostgres = (strapi: Core.Strapi) => strapi.db.dialect.client === 'postgres';

/**
 * Where the Query Engine keeps a content type's rows, for the few queries written with Knex
 * itself (counted, conditional or joined in one statement): its table, the column of an
 * attribute, and the join table of a relation.
 */
export function tableOf(strapi: Core.Strapi, uid: string) {
  const meta = strapi.db.metadata.get(uid);
  return {
    name: meta.tableName,
    column: (attribute: string) => (meta.attributes[attribute] as { columnName?: string }).columnName ?? attribute,
    joinTable: (attribute: string) => (meta.attributes[attribute] as unknown as { joinTable: JoinTable }).joinTable,
  };
}

/**
 * Creates or replaces a PostgreSQL function at start-up. Two instances starting at once would
 * replace it at the same moment, which PostgreSQL refuses ("tuple concurrently updated"): they
 * take turns on an advisory lock named after the function.
 */
export async function replaceFunction(strapi: Core.Strapi, name: string, definition: string) {
  await strapi.db.connection.transaction(async (trx) => {
    await trx.raw('SELECT pg_advisory_xact_lock(hashtext(?))', [name]);
    await trx.raw(definition);
  });
}

/**
 * Takes turns with every other write holding the same name and number until the current Query
 * Engine transaction ends: on PostgreSQL a transaction-level advisory lock; SQLite needs none, as
 * its one connection is held by a transaction from its first statement to its commit. Refuses
 * outside a transaction, where nothing would hold a check until the write it guards.
 */
export async function holdUntilCommit(strapi: Core.Strapi, name: string, number: number) {
  if (!strapi.db.inTransaction()) throw new Error(`${name}: this write must run in a transaction (the Document Service opens one; else strapi.db.transaction) to hold its check until it is written`);
  if (!onPostgres(strapi)) return;
  await strapi.db.transaction(({ trx }) => trx.raw('SELECT pg_advisory_xact_lock(hashtext(?), ?)', [name, number]));
}

/** Quotes a table or column name for SQL written out in full, as Knex quotes it. */
export const quoteName = (strapi: Core.Strapi, name: string) => strapi.db.connection.raw('??', [name]).toQuery();
