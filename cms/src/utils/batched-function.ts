import type { Core } from '@strapi/strapi';
import { callBatch } from './call-batch';
import { replaceFunction } from './database';

// The calls of a burst that come while a batch is out go with the next one (docs/decisions/027).
const MAX_CALLS_PER_BATCH = 32;
// PostgreSQL broke a wait in a circle (another instance's batch) by refusing this one: sent again.
const DEADLOCK = '40P01';
const MAX_SENDS = 3;

/** One call's place in a batch's answer: what the function answered, or the error it raised. */
export type AnsweredOrRaised<Answer> =
  | { answer: Answer }
  | { code: string; message: string; detail: string | null; constraint: string | null };

/** The error a call raised inside its batch, as the driver reports an error of a statement. */
export const raisedError = ({ code, message, detail, constraint }: Exclude<AnsweredOrRaised<unknown>, { answer: unknown }>) =>
  Object.assign(new Error(message), { code, detail, constraint });

/**
 * Makes `batchName(batch jsonb)`, which calls `name(o jsonb)` for each element of the batch, each
 * in a block of its own: an error raised by one call takes back that call alone and is answered
 * in its place. `first` runs once before the calls (e.g. to lock their rows in a fixed order).
 */
export async function replaceBatchFunction(strapi: Core.Strapi, batchName: string, name: string, first = '') {
  const definition = `
CREATE OR REPLACE FUNCTION ${batchName}(batch jsonb) RETURNS jsonb LANGUAGE plpgsql AS $batch$
DECLARE
  v_answers jsonb := '[]'::jsonb;
  v_call jsonb;
  v_state text;
  v_message text;
  v_detail text;
  v_constraint text;
BEGIN
  ${first}
  FOR v_call IN SELECT value FROM jsonb_array_elements(batch) LOOP
    BEGIN
      v_answers := v_answers || jsonb_build_array(jsonb_build_object('answer', ${name}(v_call)));
    EXCEPTION WHEN OTHERS THEN
      GET STACKED DIAGNOSTICS v_state = RETURNED_SQLSTATE, v_message = MESSAGE_TEXT, v_detail = PG_EXCEPTION_DETAIL, v_constraint = CONSTRAINT_NAME;
      v_answers := v_answers || jsonb_build_array(jsonb_build_object('code', v_state, 'message', v_message, 'detail', v_detail, 'constraint', v_constraint));
    END;
  END LOOP;
  RETURN v_answers;
END
$batch$`;
  await replaceFunction(strapi, batchName, definition);
}

/** Sends one batch; sent again when PostgreSQL broke a deadlock with it. */
async function sendBatch<Answer>(strapi: Core.Strapi, batchName: string, calls: string[]): Promise<AnsweredOrRaised<Answer>[]> {
  for (let send = 1; ; send++) {
    try {
      // As text: how the driver hands back a jsonb depends on the type parsers Strapi sets.
      const result = await strapi.db.connection.raw(`SELECT ${batchName}(?::jsonb)::text AS answers`, [`[${calls.join(',')}]`]);
      return JSON.parse(result.rows[0].answers);
    } catch (error) {
      if (send < MAX_SENDS && (error as { code?: string }).code === DEADLOCK) continue;
      throw error;
    }
  }
}

/**
 * Calls of the batch function made by replaceBatchFunction, one batch at a time per cms instance
 * (callBatch): each call is the function's argument as JSON, and gets its own answer or error.
 */
export function batchedCalls<Answer>(batchName: string) {
  const batchesOf = new WeakMap<Core.Strapi, (call: string) => Promise<AnsweredOrRaised<Answer>>>();
  return (strapi: Core.Strapi, call: string) => {
    let send = batchesOf.get(strapi);
    if (!send) {
      send = callBatch((calls: string[]) => sendBatch<Answer>(strapi, batchName, calls), MAX_CALLS_PER_BATCH);
      batchesOf.set(strapi, send);
    }
    return send(call);
  };
}
