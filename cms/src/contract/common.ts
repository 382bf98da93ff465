import { z } from 'zod';

/** Every refusal of a contract call (SPEC §7, DECISIONS §4). */
export const failureSchema = z.object({ success: z.literal(false), error: z.string() });
export type Failure = z.infer<typeof failureSchema>;

/** The largest row id PostgreSQL's integer columns hold; a larger id names nothing. */
export const MAX_ROW_ID = 2_147_483_647;

/** A numeric id in a path: digits only (the spec reads ids as integers), within the database's range. */
export const idParamSchema = z
  .string()
  .regex(/^[1-9]\d{0,9}$/)
  .transform(Number)
  .pipe(z.number().max(MAX_ROW_ID));
