import type { Core } from '@strapi/strapi';
import { ApiError } from './api-error';

// Kept in the database, not in memory, so the limit holds across cms instances on one PostgreSQL.
const TABLE = 'gos_rate_limits';

export type RateLimitBucket = 'admin-login' | 'verify-code';

type Limits = { maxFailures: number; windowSeconds: number };

export async function ensureRateLimitTable(strapi: Core.Strapi) {
  const knex = strapi.db.connection;
  if (await knex.schema.hasTable(TABLE)) return;
  await knex.schema.createTable(TABLE, (table) => {
    table.string('bucket', 200).primary();
    table.bigInteger('window_start').notNullable();
    table.integer('failures').notNullable();
  });
}

/**
 * Counts failed attempts per client and call. The key is the call and the client's address,
 * never the path or body, so changing letter case, a trailing slash or the body resets nothing.
 */
export function rateLimiter(strapi: Core.Strapi, bucket: RateLimitBucket, clientIp: string) {
  const knex = strapi.db.connection;
  const key = `${bucket}:${clientIp}`;
  const { maxFailures, windowSeconds } = strapi.config.get('rate-limit') as Limits;
  const windowMs = windowSeconds * 1000;

  return {
    /** Refuses with 429 while the client has used up its failures in the current window. */
    async assertAllowed(message: string) {
      const row = await knex(TABLE).where({ bucket: key }).first();
      if (row && Number(row.window_start) > Date.now() - windowMs && Number(row.failures) >= maxFailures) {
        throw new ApiError(429, message);
      }
    },

    /** Records one failure atomically: a concurrent failure on another instance is never lost. */
    async recordFailure() {
      const now = Date.now();
      const expired = now - windowMs;
      await knex.raw(
        `INSERT INTO ${TABLE} (bucket, window_start, failures) VALUES (?, ?, 1)
         ON CONFLICT (bucket) DO UPDATE SET
           failures = CASE WHEN ${TABLE}.window_start <= ? THEN 1 ELSE ${TABLE}.failures + 1 END,
           window_start = CASE WHEN ${TABLE}.window_start <= ? THEN excluded.window_start ELSE ${TABLE}.window_start END`,
        [key, now, expired, expired],
      );
    },
  };
}
