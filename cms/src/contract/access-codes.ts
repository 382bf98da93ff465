import { z } from 'zod';
import { houseIdFieldSchema } from './houses';
import { LIST_MESSAGES, listQuerySchema, pageInfoSchema } from './list-query';
import { ACCESS_CODE_LENGTH, ACCESS_CODE_MESSAGES, FORMATTED_ACCESS_CODE, MAX_CODES_PER_REQUEST, normalizeAccessCode } from './access-code-rules';

export { ACCESS_CODE_ALPHABET, ACCESS_CODE_LENGTH, ACCESS_CODE_MESSAGES, FORMATTED_ACCESS_CODE, formatAccessCode, MAX_CODES_PER_REQUEST, normalizeAccessCode } from './access-code-rules';

const countSchema = z
  .union([z.number(), z.string()], { error: ACCESS_CODE_MESSAGES.invalidCount })
  .transform((value, ctx) => {
    const count = typeof value === 'number' ? value : /^\s*\d{1,3}\s*$/.test(value) ? Number(value) : NaN;
    if (Number.isInteger(count) && count >= 1 && count <= MAX_CODES_PER_REQUEST) return count;
    ctx.addIssue({ code: 'custom', message: ACCESS_CODE_MESSAGES.invalidCount });
    return z.NEVER;
  });

export const generateCodesRequestSchema = z.object(
  {
    houseId: houseIdFieldSchema.optional().transform((id, ctx) => {
      if (typeof id === 'number') return id;
      ctx.addIssue({ code: 'custom', message: ACCESS_CODE_MESSAGES.chooseHouse });
      return z.NEVER;
    }),
    count: countSchema,
  },
  { error: ACCESS_CODE_MESSAGES.invalidRequest },
);
export type GenerateCodesRequest = z.infer<typeof generateCodesRequestSchema>;

export const generateCodesResponseSchema = z.object({
  success: z.literal(true),
  codes: z.array(z.string().regex(FORMATTED_ACCESS_CODE)),
});
export type GenerateCodesResponse = z.infer<typeof generateCodesResponseSchema>;

export const ACCESS_CODE_SORT_FIELDS = ['id', 'code', 'house', 'status', 'usedAt'] as const;
export type AccessCodeSortField = (typeof ACCESS_CODE_SORT_FIELDS)[number];
export const ACCESS_CODE_STATUSES = ['used', 'available'] as const;

/**
 * ?houseId= filters the list (absent or empty: every house), as before; page, pageSize, search
 * (code or house name), sort, order and status (used, available) ask for a page.
 */
export const accessCodesQuerySchema = listQuerySchema(
  ACCESS_CODE_SORT_FIELDS,
  { status: z.enum(ACCESS_CODE_STATUSES, { error: LIST_MESSAGES.invalidStatus(ACCESS_CODE_STATUSES) }).optional() },
  { houseId: houseIdFieldSchema.optional() },
);
export type AccessCodesQuery = z.infer<typeof accessCodesQuerySchema>;

export const accessCodeSchema = z.strictObject({
  id: z.number().int(),
  code: z.string().regex(FORMATTED_ACCESS_CODE),
  houseId: z.number().int().nullable(),
  houseName: z.string().nullable(),
  isUsed: z.boolean(),
  usedAt: z.iso.datetime().nullable(),
});
export type AccessCode = z.infer<typeof accessCodeSchema>;

export const accessCodesResponseSchema = z.object({ success: z.literal(true), accessCodes: z.array(accessCodeSchema) });
export type AccessCodesResponse = z.infer<typeof accessCodesResponseSchema>;

/** A page of codes, with the counters of the house filter (every code of the house, whatever the search). */
export const accessCodesPageResponseSchema = accessCodesResponseSchema.extend({
  ...pageInfoSchema.shape,
  counts: z.object({ total: z.number().int().min(0), used: z.number().int().min(0) }),
});
export type AccessCodesPageResponse = z.infer<typeof accessCodesPageResponseSchema>;

const CODE_INPUT_MAX = 64;
// Looser than the alphabet, so codes an editor typed in the Strapi panel still verify.
const WELL_FORMED_INPUT = new RegExp(`^[A-Z0-9]{${ACCESS_CODE_LENGTH}}$`);

/** A code as a visitor may type it; "empty" is the only refusal that says more than "invalid". */
export const verifyCodeRequestSchema = z.object(
  {
    code: z.preprocess(
      (value) => value ?? '',
      z
        .string({ error: ACCESS_CODE_MESSAGES.invalid })
        .trim()
        .min(1, ACCESS_CODE_MESSAGES.empty)
        .max(CODE_INPUT_MAX, ACCESS_CODE_MESSAGES.invalid)
        .transform(normalizeAccessCode)
        .refine((code) => WELL_FORMED_INPUT.test(code), ACCESS_CODE_MESSAGES.invalid),
    ),
  },
  { error: ACCESS_CODE_MESSAGES.invalid },
);
export type VerifyCodeRequest = z.infer<typeof verifyCodeRequestSchema>;

/** The only answer that ever contains a house's chat URL. */
export const verifiedHouseSchema = z.strictObject({
  name: z.string(),
  chatUrl: z.string(),
  emblem: z.string().nullable(),
  colour: z.string().nullable(),
});
export type VerifiedHouse = z.infer<typeof verifiedHouseSchema>;

export const verifyCodeResponseSchema = z.object({ success: z.literal(true), house: verifiedHouseSchema });
export type VerifyCodeResponse = z.infer<typeof verifyCodeResponseSchema>;
