import type { Core } from '@strapi/strapi';
import { createHash } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import { ApiError, secondsUntil } from './api-error';

// Kept in the database, not in memory, so the limit holds across cms instances on one PostgreSQL.
export const RATE_LIMIT_TABLE = 'gos_rate_limits';

export type RateLimitBucket = 'admin-login' | 'admin-login-account' | 'admin-login-device' | 'verify-code' | 'order' | 'order-units' | 'order-page';

type Limits = { maxFailures: number; accountCeiling: number; deviceMaxFailures: number; windowSeconds: number };

/**
 * An IPv6 client counts by its network, not its address: a provider hands one customer a /64
 * (often a /56 or /48), so the addresses of a /64 are one client's to pick from (docs/decisions/033).
 */
export const IPV6_CLIENT_PREFIX_LENGTH = 64;

const HEXTETS_OF_PREFIX = IPV6_CLIENT_PREFIX_LENGTH / 16;

/** An IPv6 address's eight groups as numbers (WHATWG's URL parser does the parsing and checking). */
function ipv6Groups(address: string): number[] | null {
  let host: string;
  try {
    host = new URL(`http://[${address}]/`).hostname.slice(1, -1);
  } catch {
    return null;
  }
  const [head, tail] = host.includes('::') ? host.split('::') : [host, undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return groups.length === 8 ? groups.map((group) => Number.parseInt(group, 16)) : null;
}

/**
 * The client an address stands for in every limit: an IPv4 address itself (also written as
 * IPv4-mapped IPv6, ::ffff:a.b.c.d), an IPv6 address its /64 ("2001:db8:1:2::/64"). Anything
 * else (no address at all) stands for itself.
 */
export function clientNetwork(address: string): string {
  if (isIPv4(address)) return address;
  // A zone (fe80::1%eth0) names the interface, not the client.
  const unzoned = address.split('%')[0];
  if (!isIPv6(unzoned)) return address;
  const groups = ipv6Groups(unzoned);
  if (!groups) return address;
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6] >> 8, groups[6] & 255, groups[7] >> 8, groups[7] & 255].join('.');
  }
  return `${groups.slice(0, HEXTETS_OF_PREFIX).map((group) => group.toString(16)).join(':')}::/${IPV6_CLIENT_PREFIX_LENGTH}`;
}

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
 * The statement that adds an amount to a key's count in its window, atomically, starting a new
 * window when the last one has ended, and answers the count with this one and the window's start.
 * The `failures` column counts whatever the bucket counts (failed attempts, placed orders, ordered
 * units). key, now, amount and expired are what stands for the values: `?` for Knex (bound in
 * that order, expired twice), or a PL/pgSQL expression.
 */
export const countStatement = (key: string, now: string, amount: string, expired: string) =>
  `INSERT INTO ${RATE_LIMIT_TABLE} (bucket, window_start, failures) VALUES (${key}, ${now}, ${amount})
     ON CONFLICT (bucket) DO UPDATE SET
       failures = CASE WHEN ${RATE_LIMIT_TABLE}.window_start <= ${expired} THEN excluded.failures ELSE ${RATE_LIMIT_TABLE}.failures + excluded.failures END,
       window_start = CASE WHEN ${RATE_LIMIT_TABLE}.window_start <= ${expired} THEN excluded.window_start ELSE ${RATE_LIMIT_TABLE}.window_start END
     RETURNING failures, window_start`;

/** countStatement for an amount of one: key, now and expired bound in that order, expired twice. */
export const countOneStatement = (key: string, now: string, expired: string) => countStatement(key, now, '1', expired);

/** Takes back one count of the key's window that started at windowStart (see countOneStatement). */
export const forgiveStatement = (key: string, windowStart: string) =>
  `UPDATE ${RATE_LIMIT_TABLE} SET failures = failures - 1 WHERE bucket = ${key} AND window_start = ${windowStart} AND failures > 0`;

/** The row that counts one client's (one IPv4 address's, one IPv6 /64's) attempts or events of one kind. */
export const clientKey = (bucket: RateLimitBucket, clientIp: string) => `${bucket}:${clientNetwork(clientIp)}`;

/** The row that counts the units of one product one client ordered. */
export const productUnitsKey = (clientIp: string, productId: number) => `${clientKey('order-units', clientIp)}:${productId}`;

/** The row of a rateLimiter's subject: an account by its name's digest, a device by its id, a client by its network. */
function subjectKey(bucket: RateLimitBucket, subject: string) {
  // An account's name may be long and hold anything: its digest keeps the key short.
  if (bucket === 'admin-login-account') return `${bucket}:${createHash('sha256').update(subject).digest('hex')}`;
  if (bucket === 'admin-login-device') return `${bucket}:${subject}`;
  return clientKey(bucket, subject);
}

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
  const key = subjectKey(bucket, subject);
  const { maxFailures, accountCeiling, deviceMaxFailures, windowSeconds } = strapi.config.get('rate-limit') as Limits;
  const windowMs = windowSeconds * 1000;

  /** Takes back a failure counted in advance, unless its window has ended since. */
  async function forgive(windowStart: number) {
    await knex.raw(forgiveStatement('?', '?'), [key, windowStart]);
  }

  /**
   * Runs one attempt under a limit. The attempt counts as a failure before it is checked, so
   * parallel attempts cannot all pass the check before any failure is recorded; it is taken back
   * when check() succeeds or refuses the input without checking it (throws), and when `allowed`
   * refuses it (429). check() answers null for a failed attempt, which stays counted.
   */
  async function underLimit<T>(
    tooManyMessage: string,
    allowed: (earlierFailures: number) => boolean,
    check: (earlierFailures: number) => Promise<T | null>,
  ): Promise<T | null> {
    const { count, windowStart } = await countOne(knex, key, windowMs);
    const earlierFailures = count - 1;
    if (!allowed(earlierFailures)) {
      await forgive(windowStart);
      throw new ApiError(429, tooManyMessage, secondsUntil(windowStart, windowMs));
    }
    let failed = false;
    try {
      const result = await check(earlierFailures);
      failed = result === null;
      return result;
    } finally {
      if (!failed) await forgive(windowStart);
    }
  }

  return {
    /**
     * Runs one attempt (a sign-in, a code check) under the client's limit: 429 once the client's
     * failures in the window reach maxFailures (a known device's: deviceMaxFailures).
     */
    attempt<T>(tooManyMessage: string, check: (client: { earlierFailures: number }) => Promise<T | null>): Promise<T | null> {
      const limit = bucket === 'admin-login-device' ? deviceMaxFailures : maxFailures;
      return underLimit(tooManyMessage, (earlierFailures) => earlierFailures < limit, (earlierFailures) => check({ earlierFailures }));
    },

    /**
     * Runs a check of an account's password under the account's own limits, counting as attempt()
     * does: once the account has had maxFailures failures in the window (from any number of
     * addresses), only a client with no failures of its own gets to try, so a flood from one client
     * never locks the owner out at another address; once it has had accountCeiling failures, no
     * client without a known device gets to try until the window ends, so new addresses (an IPv6
     * network holds many /64s) cannot buy guesses without end. Known devices pass both (the
     * device cookie, docs/decisions/033).
     */
    guardAccount<T>(tooManyMessage: string, clientIsClean: boolean, check: () => Promise<T | null>): Promise<T | null> {
      return underLimit(
        tooManyMessage,
        // Never below one client's own limit: raising that (as a load test does) raises the ceiling too.
        (earlierFailures) => earlierFailures < Math.max(accountCeiling, maxFailures) && (clientIsClean || earlierFailures < maxFailures),
        check,
      );
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

/**
 * PL/pgSQL adding `amount` to the row `key` (PL/pgSQL expressions) in the window of windowFields,
 * into the function's v_count and v_window.
 */
export const countAmountInFunction = (key: string, amount: string) =>
  `${countStatement(key, "(o->>'now')::bigint", amount, "(o->>'expired')::bigint")}
    INTO v_count, v_window;`;
