import type { Core } from '@strapi/strapi';
import { createHash } from 'node:crypto';
import { ApiError } from './api-error';

// Kept in the database, not in memory, so the limit holds across cms instances on one PostgreSQL.
export const RATE_LIMIT_TABLE = 'gos_rate_limits';

export type RateLimitBucket = 'admin-login' | 'admin-login-account' | 'verify-code' | 'order';

type Limits = { maxFailures: number; windowSeconds: number };

export async function ensureRateLimitTable(strapi: Core.Strapi) {
  const knex = strapi.db.connection;
  if (await knex.schema.hasTable(RATE_LIMIT_TABLE)) return;
  await knex.schema.createTable(RATE_LIMIT_TABLE, (table) => {
    table.string('bucket', 200).primary();
    table.bigInteger('window_start').notNullable();
    table.integer('failures').notNullable();
  });
}

/**
 * The statement that adds one to a key's count in its window, atomically, starting a new window
 * when the last one has ended, and answers the count with this one and the window's start. The
 * `failures` column counts whatever the bucket counts (failed attempts, placed orders). key, now
 * and expired are what stands for the values: `?` for Knex, or a PL/pgSQL variable.
 */
export const countOneStatement = (key: string, now: string, expired: string) =>
  `INSERT INTO ${RATE_LIMIT_TABLE} (bucket, window_start, failures) VALUES (${key}, ${now}, 1)
     ON CONFLICT (bucket) DO UPDATE SET
       failures = CASE WHEN ${RATE_LIMIT_TABLE}.window_start <= ${expired} THEN 1 ELSE ${RATE_LIMIT_TABLE}.failures + 1 END,
       window_start = CASE WHEN ${RATE_LIMIT_TABLE}.window_start <= ${expired} THEN excluded.window_start ELSE ${RATE_LIMIT_TABLE}.window_start END
     RETURNING failures, window_start`;

/** Takes back one count of the key's window that started at windowStart (see countOneStatement). */
export const forgiveStatement = (key: string, windowStart: string) =>
  `UPDATE ${RATE_LIMIT_TABLE} SET failures = failures - 1 WHERE bucket = ${key} AND window_start = ${windowStart} AND failures > 0`;

/** The row that counts one client's attempts or events of one kind. */
export const clientKey = (bucket: RateLimitBucket, clientIp: string) => `${bucket}:${clientIp}`;

async function countOne(knex: Core.Strapi['db']['connection'], key: string, windowMs: number): Promise<{ count: number; windowStart: number }> {
  const now = Date.now();
  const expired = now - windowMs;
  const result = await knex.raw(countOneStatement('?', '?', '?'), [key, now, expired, expired]);
  // better-sqlite3 answers the rows, pg a result holding them.
  const [row] = (Array.isArray(result) ? result : result.rows) as { failures: number | string; window_start: number | string }[];
  return { count: Number(row.failures), windowStart: Number(row.window_start) };
}

/**
 * Counts failed attempts per call and client address, or per call and account. The key never
 * holds the path or body, so changing letter case, a trailing slash or the body resets nothing;
 * the client's address is the one the trusted hop in front of the cms saw (config/server.ts).
 */
export function rateLimiter(strapi: Core.Strapi, bucket: RateLimitBucket, subject: string) {
  const knex = strapi.db.connection;
  // An account's name may be long and hold anything: its digest keeps the key short.
  const key = clientKey(bucket, bucket === 'admin-login-account' ? createHash('sha256').update(subject).digest('hex') : subject);
  const { maxFailures, windowSeconds } = strapi.config.get('rate-limit') as Limits;
  const windowMs = windowSeconds * 1000;

  /** Adds one failure atomically and answers the window's count with it. */
  const countFailure = () => countOne(knex, key, windowMs);

  async function failuresInWindow(): Promise<number> {
    const row = await knex(RATE_LIMIT_TABLE).where({ bucket: key }).andWhere('window_start', '>', Date.now() - windowMs).first('failures');
    return row ? Number(row.failures) : 0;
  }

  /** Takes back a failure counted in advance, unless its window has ended since. */
  async function forgive(windowStart: number) {
    await knex.raw(forgiveStatement('?', '?'), [key, windowStart]);
  }

  return {
    /**
     * Runs one attempt (a sign-in, a code check) under the limit. The attempt counts as a failure
     * before it is checked, so parallel attempts cannot all pass the check before any failure is
     * recorded; it is taken back when check() succeeds or refuses the input without checking it
     * (throws). check() answers null for a failed attempt, which stays counted. 429 once the
     * client's failures in the window reach the limit.
     */
    async attempt<T>(tooManyMessage: string, check: (client: { earlierFailures: number }) => Promise<T | null>): Promise<T | null> {
      const { count: failures, windowStart } = await countFailure();
      if (failures > maxFailures) {
        await forgive(windowStart);
        throw new ApiError(429, tooManyMessage);
      }
      let failed = false;
      try {
        const result = await check({ earlierFailures: failures - 1 });
        failed = result === null;
        return result;
      } finally {
        if (!failed) await forgive(windowStart);
      }
    },

    /**
     * Runs a check of an account's password under the account's own limit: once the account has
     * had maxFailures failures in the window (from any number of addresses), only a client with no
     * failures of its own gets to try, so an attacker can slow an account down but never lock its
     * owner out. check() answers null for a failed attempt, which counts for the account.
     */
    async guardAccount<T>(tooManyMessage: string, clientIsClean: boolean, check: () => Promise<T | null>): Promise<T | null> {
      if (!clientIsClean && (await failuresInWindow()) >= maxFailures) throw new ApiError(429, tooManyMessage);
      const result = await check();
      if (result === null) await countFailure();
      return result;
    },
  };
}

export type EventLimit = { max: number; windowSeconds: number };

/**
 * For the PostgreSQL functions that count inside themselves (gos_place_order, gos_verify_code):
 * the fields of their jsonb argument `o` that countInFunction reads.
 */
export const windowFields = (bucket: RateLimitBucket, clientIp: string, { max, windowSeconds }: EventLimit, now: number) => ({
  key: clientKey(bucket, clientIp),
  now,
  expired: now - windowSeconds * 1000,
  max,
});

/** PL/pgSQL counting one for the client of windowFields, into the function's v_count and v_window. */
export const countInFunction = `${countOneStatement("o->>'key'", "(o->>'now')::bigint", "(o->>'expired')::bigint")}
    INTO v_count, v_window;`;
