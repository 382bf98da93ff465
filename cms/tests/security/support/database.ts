import type { TestServer } from '../../helpers/strapi';

// Failed attempts are meant to be counted; every other table must stay as it was.
const COUNTERS = new Set(['gos_rate_limits']);

// Rows Strapi updates on its own schedule (the upload plugin's weekly metrics job), whatever a request does.
const isHousekeeping = (table: string, row: Record<string, unknown>) =>
  table === 'strapi_core_store_settings' && typeof row.key === 'string' && row.key.endsWith('_metrics');

async function tableNames(server: TestServer): Promise<string[]> {
  const knex = server.strapi.db.connection;
  if (server.database.client === 'postgres') {
    const rows = await knex('pg_tables').where({ schemaname: 'public' }).select('tablename');
    return rows.map((row: { tablename: string }) => row.tablename);
  }
  const rows = await knex('sqlite_master').where({ type: 'table' }).whereNot('name', 'like', 'sqlite_%').select('name');
  return rows.map((row: { name: string }) => row.name);
}

/** Every row of every table (but the rate-limit counters), in a form two snapshots compare by. */
export async function snapshotDatabase(server: TestServer): Promise<Record<string, string[]>> {
  const knex = server.strapi.db.connection;
  const snapshot: Record<string, string[]> = {};
  for (const table of (await tableNames(server)).filter((name) => !COUNTERS.has(name)).sort()) {
    const rows = (await knex(table).select('*')) as Record<string, unknown>[];
    snapshot[table] = rows.filter((row) => !isHousekeeping(table, row)).map((row) => JSON.stringify(row)).sort();
  }
  return snapshot;
}

/** The rows that appeared or disappeared between two snapshots, per table: empty when nothing changed. */
export function databaseChanges(before: Record<string, string[]>, after: Record<string, string[]>) {
  const changes: Record<string, { added: string[]; removed: string[] }> = {};
  for (const table of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const [was, is] = [new Set(before[table] ?? []), new Set(after[table] ?? [])];
    const added = [...is].filter((row) => !was.has(row)).map((row) => row.slice(0, 300));
    const removed = [...was].filter((row) => !is.has(row)).map((row) => row.slice(0, 300));
    if (added.length > 0 || removed.length > 0) changes[table] = { added, removed };
  }
  return changes;
}
