import type { Core } from '@strapi/strapi';

type Knex = Core.Strapi['db']['connection'];

/** Creates a unique index if it is missing; two instances starting at once may race, and the second attempt finds it there. */
export async function createUniqueIndex(knex: Knex, sql: string, bindings: string[]) {
  const create = () => knex.raw(sql, bindings);
  await create().catch(create);
}

/**
 * Whether the error is the database refusing a row under one of our unique indexes. PostgreSQL
 * names the index (23505); SQLite names an expression index (`index 'name'`) but the columns of
 * a plain one, so the caller says which text SQLite's refusal holds.
 */
export function isUniqueRefusal(error: unknown, { index, sqliteText }: { index: string; sqliteText: string }): boolean {
  const { code, constraint, message } = (error ?? {}) as { code?: unknown; constraint?: unknown; message?: unknown };
  if (code === '23505') return constraint === index;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' && typeof message === 'string' && message.includes(sqliteText);
}
