import { z } from 'zod';

/** Every refusal of a contract call (SPEC §7, DECISIONS §4). */
export const failureSchema = z.object({ success: z.literal(false), error: z.string() });
export type Failure = z.infer<typeof failureSchema>;

/** A numeric id in a path: digits only, as the spec reads ids as integers. */
export const idParamSchema = z.string().regex(/^[1-9]\d{0,9}$/).transform(Number);
