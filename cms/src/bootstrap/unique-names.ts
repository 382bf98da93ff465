import type { Core } from '@strapi/strapi';
import { tableOf } from '../utils/database';
import { conflict } from '../http/api-error';
import { createUniqueIndex, isUniqueRefusal } from './unique-index';

// Usernames and house names are unique regardless of letter case. The services check that in a
// transaction, but on PostgreSQL two transactions (on one or several cms instances) can both
// find the name free and both insert it. A unique index on lower(name) makes the database the
// judge; the services turn its refusal into the same 409 as their own check.
const UNIQUE_NAMES = {
  username: { uid: 'plugin::users-permissions.user', attribute: 'username', index: 'gos_up_users_username_lower_unique' },
  houseName: { uid: 'api::house.house', attribute: 'name', index: 'gos_houses_name_lower_unique' },
} as const;

export type UniqueName = keyof typeof UNIQUE_NAMES;

function tableAndColumn(strapi: Core.Strapi, name: UniqueName) {
  const { uid, attribute } = UNIQUE_NAMES[name];
  const table = tableOf(strapi, uid);
  return { table: table.name, column: table.column(attribute) };
}

/**
 * Creates the indexes on first start (and after an upgrade). Names that already clash (entered
 * in the Strapi panel, whose check minds letter case) keep the index from being built: the
 * cms then starts with a warning and the services' own check, rather than not at all.
 */
export async function ensureUniqueNameIndexes(strapi: Core.Strapi) {
  const knex = strapi.db.connection;
  for (const name of Object.keys(UNIQUE_NAMES) as UniqueName[]) {
    const { index } = UNIQUE_NAMES[name];
    const { table, column } = tableAndColumn(strapi, name);
    const clashes = await knex(table).select(knex.raw('lower(??) as name', [column])).groupByRaw('lower(??)', [column]).havingRaw('count(*) > 1');
    if (clashes.length > 0) {
      const names = clashes.map((row: { name: string }) => row.name).join(', ');
      strapi.log.warn(`No unique index ${index}: ${table}.${column} holds names that differ only in letter case (${names}).`);
      continue;
    }
    await createUniqueIndex(knex, 'CREATE UNIQUE INDEX IF NOT EXISTS ?? ON ?? (lower(??))', [index, table, column]);
  }
}

/**
 * Whether the error is the database refusing a second holder of the name, or Strapi's own
 * (letter-case-sensitive) unique validation doing so for a name committed a moment earlier.
 */
export function isDuplicateName(error: unknown, name: UniqueName): boolean {
  const { index, attribute } = UNIQUE_NAMES[name];
  if (isUniqueRefusal(error, { index, sqliteText: `'${index}'` })) return true;
  const { details } = (error ?? {}) as { details?: { errors?: { path?: unknown[]; message?: string }[] } };
  return (details?.errors ?? []).some((entry) => entry.path?.[0] === attribute && entry.message === 'This attribute must be unique');
}

/** A catch handler that answers the database's refusal of a duplicate name with the service's 409. */
export const refuseDuplicateName =
  (name: UniqueName, message: string) =>
  (error: unknown): never => {
    throw isDuplicateName(error, name) ? conflict(message) : error;
  };
