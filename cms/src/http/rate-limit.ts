import type { Core } from '@strapi/strapi';
import { ApiError } from './api-error';

// Kept in the database, not in memory, so the limit holds across cms instances on one PostgreSQL.
const TABLE = 'gos_rate_limits';

export type RateLimitBucket = 'admin-login' | 'verify-code' | 'order';

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

  /** Adds one failure atomically and answers the window's count with it. */
  async function countFailure(): Promise<{ failures: number; windowStart: number }> {
    const now = Date.now();
    const expired = now - windowMs;
    const result = await knex.raw(
      `INSERT INTO ${TABLE} (bucket, window_start, failures) VALUES (?, ?, 1)
       ON CONFLICT (bucket) DO UPDATE SET
         failures = CASE WHEN ${TABLE}.window_start <= ? THEN 1 ELSE ${TABLE}.failures + 1 END,
         window_start = CASE WHEN ${TABLE}.window_start <= ? THEN excluded.window_start ELSE ${TABLE}.window_start END
       RETURNING failures, window_start`,
      [key, now, expired, expired],
    );
    // better-sqlite3 answers the rows, pg a result holding them.
    const [row] = (Array.isArray(result) ? result : result.rows) as { failures: number | string; window_start: number | string }[];
    return { failures: Number(row.failures), windowStart: Number(row.window_start) };
  }

  /** Takes back a failure counted in advance, unless its window has ended since. */
  async function forgive(windowStart: number) {
    await knex(TABLE).where({ bucket: key, window_start: windowStart }).andWhere('failures', '>', 0).decrement('failures', 1);
  }

  return {
    /**
     * Runs one attempt (a sign-in, a code check) under the limit. The attempt counts as a failure
     * before it is checked, so parallel attempts cannot all pass the check before any failure is
     * recorded; it is taken back when check() succeeds or refuses the input without checking it
     * (throws). check() answers null for a failed attempt, which stays counted. 429 once the
     * client's failures in the window reach the limit.
     */
    async attempt<T>(tooManyMessage: string, check: () => Promise<T | null>): Promise<T | null> {
      const { failures, windowStart } = await countFailure();
      if (failures > maxFailures) {
        await forgive(windowStart);
        throw new ApiError(429, tooManyMessage);
      }
      let failed = false;
      try {
        const result = await check();
        failed = result === null;
        return result;
      } finally {
        if (!failed) await forgive(windowStart);
      }
    },
  };
}

export type EventLimit = { max: number; windowSeconds: number };

/**
 * Counts one event that happened (a placed order) for the client and refuses it with a 429 past
 * `max` events in the window. The count is written in the caller's transaction: an event refused
 * here, or failing later in the transaction, is rolled back with its count. On PostgreSQL the
 * client's row stays locked until the commit, so parallel events of one client count one by one.
 */
export async function countEvent(
  /** The transaction strapi.db.transaction hands its callback (a Knex.Transaction is a Knex). */
  trx: Core.Strapi['db']['connection'],
  bucket: RateLimitBucket,
  clientIp: string,
  { max, windowSeconds }: EventLimit,
  tooManyMessage: string,
): Promise<void> {
  const now = Date.now();
  const expired = now - windowSeconds * 1000;
  // The failures column counts the bucket's events.
  const result = await trx.raw(
    `INSERT INTO ${TABLE} (bucket, window_start, failures) VALUES (?, ?, 1)
     ON CONFLICT (bucket) DO UPDATE SET
       failures = CASE WHEN ${TABLE}.window_start <= ? THEN 1 ELSE ${TABLE}.failures + 1 END,
       window_start = CASE WHEN ${TABLE}.window_start <= ? THEN excluded.window_start ELSE ${TABLE}.window_start END
     RETURNING failures`,
    [`${bucket}:${clientIp}`, now, expired, expired],
  );
  const [row] = (Array.isArray(result) ? result : result.rows) as { failures: number | string }[];
  if (Number(row.failures) > max) throw new ApiError(429, tooManyMessage);
}
