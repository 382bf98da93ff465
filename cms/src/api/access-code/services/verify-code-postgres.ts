import type { Core } from '@strapi/strapi';
import type { VerifiedHouse } from '../../../contract/access-codes';
import { ApiError, secondsUntil } from '../../../http/api-error';
import { countInFunction, forgiveStatement, windowFields } from '../../../http/rate-limit';
import { batchedCalls, raisedError, replaceBatchFunction } from '../../../utils/batched-function';
import { onPostgres, quoteName, replaceFunction, tableOf } from '../../../utils/database';
import { codeWithHouse, type CodeWithHouse } from './code-with-house';

const CODE_UID = 'api::access-code.access-code';
const FUNCTION = 'gos_verify_code';
const BATCH_FUNCTION = 'gos_verify_codes';
// Code checks from one address (a festival's Wi-Fi) count on the same row: the checks that come
// while a batch is out go together, in one call and one commit (docs/decisions/025, 027).
const checkCode = batchedCalls<{ tooMany?: true; windowStart?: number; house?: CodeWithHouse }>(BATCH_FUNCTION);

/**
 * On PostgreSQL a well-formed code is checked by one call of a function, the way
 * rateLimiter().attempt checks it in three round trips (docs/decisions/017): the attempt is
 * counted first; past the limit the count is taken back and the call refused; a wrong code stays
 * counted; a right one marks the code used on its first use and takes the count back. Made again
 * at every start, with the names the Query Engine uses.
 */
export async function ensureVerifyCodeFunction(strapi: Core.Strapi) {
  if (!onPostgres(strapi)) return;
  const quote = (name: string) => quoteName(strapi, name);
  const codes = tableOf(strapi, CODE_UID);
  const column = (attribute: string) => quote(codes.column(attribute));
  const codeRead = codeWithHouse(strapi, strapi.db.connection.raw("o->>'code'")).toQuery();
  const definition = `
CREATE OR REPLACE FUNCTION ${FUNCTION}(o jsonb) RETURNS jsonb LANGUAGE plpgsql AS $verify$
DECLARE
  v_count integer;
  v_window bigint;
  v_code jsonb;
BEGIN
  ${countInFunction}
  IF v_count > (o->>'max')::integer THEN
    ${forgiveStatement("o->>'key'", 'v_window')};
    RETURN jsonb_build_object('tooMany', true, 'windowStart', v_window);
  END IF;
  v_code := (SELECT to_jsonb(checked) FROM (${codeRead}) AS checked);
  IF v_code IS NULL THEN
    RETURN '{}'::jsonb;
  END IF;
  IF (v_code->>'isUsed')::boolean IS NOT TRUE THEN
    UPDATE ${quote(codes.name)} SET ${column('isUsed')} = true, ${column('usedAt')} = (o->>'at')::timestamptz, ${column('updatedAt')} = (o->>'at')::timestamptz
      WHERE ${column('id')} = (v_code->>'id')::integer AND ${column('isUsed')} = false;
  END IF;
  ${forgiveStatement("o->>'key'", 'v_window')};
  RETURN jsonb_build_object('house', v_code);
END
$verify$`;
  await replaceFunction(strapi, FUNCTION, definition);
  await replaceBatchFunction(strapi, BATCH_FUNCTION, FUNCTION);
}

/** The house of a well-formed code, or null for a wrong one; 429 past the client's limit. */
export async function verifyOnPostgres(strapi: Core.Strapi, code: string, client: string, tooManyMessage: string): Promise<VerifiedHouse | null> {
  const { maxFailures, windowSeconds } = strapi.config.get('rate-limit') as { maxFailures: number; windowSeconds: number };
  const at = new Date();
  const call = { ...windowFields('verify-code', client, { max: maxFailures, windowSeconds }, at.getTime()), code, at: at.toISOString() };
  const checked = await checkCode(strapi, JSON.stringify(call));
  if (!('answer' in checked)) throw raisedError(checked);
  const { answer } = checked;
  if (answer.tooMany) throw new ApiError(429, tooManyMessage, secondsUntil(Number(answer.windowStart ?? at.getTime()), windowSeconds * 1000, at.getTime()));
  if (!answer.house) return null;
  const { name, chatUrl, colour, emblem } = answer.house;
  return { name, chatUrl, emblem: emblem ?? null, colour: colour ?? null };
}
