import { z } from 'zod';

export const HOUSE_MESSAGES = {
  nameTooShort: 'Name must be at least 2 characters',
  nameTooLong: 'Name must be at most 100 characters',
  nameNotText: 'Name must be text',
  nameMarkup: 'Name must not contain <, > or control characters',
  invalidChatUrl: 'Please enter a valid URL for the chat',
  invalidHouse: 'Invalid house data',
  duplicateName: 'A house with this name already exists',
  invalidId: 'Invalid house id',
  notFound: 'House not found',
  invalidReference: 'Please choose a valid house',
  invalidColour: 'Colour must be a hex colour like #8E3B2E',
  invalidEmblem: 'Please choose one of the offered emblems',
} as const;

/** #RRGGBB, as the panel's colour picker stores it. */
export const HOUSE_COLOUR = /^#[0-9A-F]{6}$/;

const MAX_DATABASE_ID = 2_147_483_647;

/**
 * A house reference as the dashboard's select sends it: a number, a numeric string, or
 * null / "" / "null" for none (SPEC §5).
 */
export const houseIdFieldSchema = z
  .union([z.number(), z.string(), z.null()], { error: HOUSE_MESSAGES.invalidReference })
  .transform((value, ctx) => {
    const given = typeof value === 'string' ? value.trim() : value;
    if (given === null || given === '' || given === 'null') return null;
    const id = typeof given === 'number' ? given : /^\d{1,10}$/.test(given) ? Number(given) : NaN;
    if (Number.isInteger(id) && id > 0 && id <= MAX_DATABASE_ID) return id;
    ctx.addIssue({ code: 'custom', message: HOUSE_MESSAGES.invalidReference });
    return z.NEVER;
  });

/** Only web links: a javascript: or data: URL must never become a link on the access page. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

export const houseInputSchema = z.object(
  {
    name: z
      .string({ error: (issue) => (issue.input === undefined ? HOUSE_MESSAGES.nameTooShort : HOUSE_MESSAGES.nameNotText) })
      .trim()
      .min(2, HOUSE_MESSAGES.nameTooShort)
      .max(100, HOUSE_MESSAGES.nameTooLong)
      // Plain text: a name is shown to every guest of the house; markup in it is an attack, not a name.
      .regex(/^[^<>\p{Cc}]*$/u, HOUSE_MESSAGES.nameMarkup),
    chatUrl: z
      .string({ error: HOUSE_MESSAGES.invalidChatUrl })
      .trim()
      .max(500, HOUSE_MESSAGES.invalidChatUrl)
      .refine(isHttpUrl, HOUSE_MESSAGES.invalidChatUrl),
    /** Left out: unchanged (none for a new house); null or "": none. */
    colour: z
      .union([z.string(), z.null()], { error: HOUSE_MESSAGES.invalidColour })
      .transform((value, ctx) => {
        const colour = value?.trim().toUpperCase() ?? '';
        if (colour === '') return null;
        if (HOUSE_COLOUR.test(colour)) return colour;
        ctx.addIssue({ code: 'custom', message: HOUSE_MESSAGES.invalidColour });
        return z.NEVER;
      })
      .optional(),
    /** The id of one of GET /admin/house-emblems' images; left out: unchanged; null: none. */
    emblem: z
      .union([z.number(), z.null()], { error: HOUSE_MESSAGES.invalidEmblem })
      .refine((id) => id === null || (Number.isInteger(id) && id > 0 && id <= MAX_DATABASE_ID), { message: HOUSE_MESSAGES.invalidEmblem })
      .optional(),
  },
  { error: HOUSE_MESSAGES.invalidHouse },
);
export type HouseInput = z.infer<typeof houseInputSchema>;

/** A house as the dashboard sees it; emblem is the image URL. */
export const houseSchema = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  chatUrl: z.string(),
  colour: z.string().nullable(),
  emblem: z.string().nullable(),
});
export type House = z.infer<typeof houseSchema>;

export const housesResponseSchema = z.object({ success: z.literal(true), houses: z.array(houseSchema) });
export type HousesResponse = z.infer<typeof housesResponseSchema>;

export const houseResponseSchema = z.object({ success: z.literal(true), house: houseSchema });
export type HouseResponse = z.infer<typeof houseResponseSchema>;

/** An image of the media library a house may show as its emblem. */
export const houseEmblemSchema = z.strictObject({
  id: z.number().int(),
  /** Its alternative text, or its file name. */
  name: z.string(),
  url: z.string(),
  /** A small version for the picker, or the image itself. */
  thumbnailUrl: z.string(),
});
export type HouseEmblem = z.infer<typeof houseEmblemSchema>;

export const houseEmblemsResponseSchema = z.object({ success: z.literal(true), emblems: z.array(houseEmblemSchema) });
export type HouseEmblemsResponse = z.infer<typeof houseEmblemsResponseSchema>;

/** A house's access codes: issued in all, redeemed (used), and open. */
export const houseCodeCountsSchema = z.strictObject({
  houseId: z.number().int(),
  issued: z.number().int().min(0),
  redeemed: z.number().int().min(0),
  open: z.number().int().min(0),
});
export type HouseCodeCounts = z.infer<typeof houseCodeCountsSchema>;

/** GET /admin/houses/code-counts: one entry per house, in id order, houses without codes at 0. */
export const houseCodeCountsResponseSchema = z.object({ success: z.literal(true), counts: z.array(houseCodeCountsSchema) });
export type HouseCodeCountsResponse = z.infer<typeof houseCodeCountsResponseSchema>;
