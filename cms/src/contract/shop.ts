import { z } from 'zod';
import { MAX_ROW_ID } from './common';
import { CART_LIMITS, SHOP_MESSAGES } from './shop-rules';

export { CART_LIMITS, SHOP_MESSAGES } from './shop-rules';

/** The units an order may hold, which the shop shows (organisers tune them, DECISIONS §9). */
export const unitLimitsSchema = z.object({
  maxUnitsPerLine: z.number().int().positive(),
  maxUnitsPerOrder: z.number().int().positive(),
});
export type UnitLimits = z.infer<typeof unitLimitsSchema>;

/** The sizes Strapi derives from an upload (only those it made: small images get fewer). */
export const IMAGE_SIZE_NAMES = ['thumbnail', 'small', 'medium', 'large'] as const;
export const imageSizesSchema = z.partialRecord(z.enum(IMAGE_SIZE_NAMES), z.string());
export type ImageSizes = z.infer<typeof imageSizesSchema>;

export const shopItemSchema = z.strictObject({
  id: z.number().int().positive(),
  title: z.string(),
  description: z.string(),
  /** Cents. */
  price: z.number().int().min(0),
  /** A URL the browser can load (e.g. /uploads/shirt.jpg), or null without an image. */
  image: z.string().nullable(),
  imageSizes: imageSizesSchema,
  variants: z.array(z.string()),
  availableQuantity: z.number().int().min(0),
});
export type ShopItem = z.infer<typeof shopItemSchema>;

export const shopItemsResponseSchema = z.object({ success: z.literal(true), items: z.array(shopItemSchema), unitLimits: unitLimitsSchema });
export type ShopItemsResponse = z.infer<typeof shopItemsResponseSchema>;

export const shopItemResponseSchema = z.object({ success: z.literal(true), item: shopItemSchema, unitLimits: unitLimitsSchema });
export type ShopItemResponse = z.infer<typeof shopItemResponseSchema>;

/**
 * A cart line as the browser keeps it. Its title and price are the shopper's copy: the order
 * takes both from the database, so only id, variant and quantity are read.
 */
export const cartLineSchema = z.object(
  {
    id: z.number({ error: SHOP_MESSAGES.invalidLine }).int(SHOP_MESSAGES.invalidLine).positive(SHOP_MESSAGES.invalidLine).max(MAX_ROW_ID, SHOP_MESSAGES.invalidLine),
    title: z.string().max(200).optional().catch(undefined),
    price: z.unknown().optional(),
    variant: z.string({ error: SHOP_MESSAGES.variantRequired }).trim().min(1, SHOP_MESSAGES.variantRequired).max(100, SHOP_MESSAGES.invalidLine),
    // A number, never a numeric string: the cart stores numbers, and one reading avoids "2" vs 2 surprises.
    quantity: z.number({ error: SHOP_MESSAGES.quantity }).int(SHOP_MESSAGES.quantity).min(1, SHOP_MESSAGES.quantity).max(CART_LIMITS.maxQuantity, SHOP_MESSAGES.quantity),
  },
  { error: SHOP_MESSAGES.invalidLine },
);
export type CartLine = z.infer<typeof cartLineSchema>;

/** The spec sends the cart as JSON text; an actual list is accepted as well. */
const cartItemsSchema = z.preprocess(
  (value, ctx) => {
    if (value === undefined || value === null || value === '') return [];
    if (typeof value !== 'string') return value;
    if (value.length > CART_LIMITS.maxCartText) {
      ctx.addIssue({ code: 'custom', message: SHOP_MESSAGES.tooManyLines, input: value });
      return z.NEVER;
    }
    try {
      return JSON.parse(value) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: SHOP_MESSAGES.cartInvalid, input: value });
      return z.NEVER;
    }
  },
  z
    .array(cartLineSchema, { error: SHOP_MESSAGES.cartInvalid })
    .min(1, SHOP_MESSAGES.cartEmpty)
    .max(CART_LIMITS.maxLines, SHOP_MESSAGES.tooManyLines),
);

const nameSchema = z
  .string({ error: SHOP_MESSAGES.namesRequired })
  .trim()
  .min(1, SHOP_MESSAGES.namesRequired)
  .max(CART_LIMITS.maxNameLength, SHOP_MESSAGES.namesTooLong);

export const orderRequestSchema = z.object(
  { firstName: nameSchema, lastName: nameSchema, items: cartItemsSchema },
  { error: SHOP_MESSAGES.orderInvalid },
);
export type OrderRequest = z.infer<typeof orderRequestSchema>;
/** What the browser sends: items as JSON text of its cart lines (SPEC §3). */
export type OrderPayload = { firstName: string; lastName: string; items: string };

export const orderResponseSchema = z.object({
  success: z.literal(true),
  orderNumber: z.string(),
  /** The order page's key (docs/decisions/035): shown once, only its SHA-256 is stored. */
  token: z.string(),
  /** Cents, computed from the database's prices. */
  total: z.number().int().min(0),
});
export type OrderResponse = z.infer<typeof orderResponseSchema>;

/** A token as the cms hands it out: 32 random bytes in base64url. */
export const ORDER_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const ORDER_NUMBER_PATTERN = /^[A-Z0-9-]{1,32}$/;

/**
 * GET /shop/orders/{orderNumber}?t={token}: a malformed number or token is answered as an unknown
 * one (404), so the shape of the input tells nothing either.
 */
export const orderLookupSchema = z.object({
  orderNumber: z.string().regex(ORDER_NUMBER_PATTERN),
  t: z.string().regex(ORDER_TOKEN_PATTERN),
});
export type OrderLookup = z.infer<typeof orderLookupSchema>;

/** The order page's view of one order: what the shopper ordered, never who else did. */
export const shopOrderSchema = z.strictObject({
  orderNumber: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
  status: z.enum(['pending', 'processing', 'shipped', 'delivered', 'cancelled']),
  firstName: z.string(),
  lines: z.array(z.object({ title: z.string(), variant: z.string(), quantity: z.number().int().positive(), price: z.number().int().min(0) })),
  /** Cents. */
  total: z.number().int().min(0),
  /** ISO 8601, when the order was paid at the stand; null before. */
  paidAt: z.string().nullable(),
  /** ISO 8601, when it was handed over at the stand; null before. */
  handedOverAt: z.string().nullable(),
});
export type ShopOrder = z.infer<typeof shopOrderSchema>;

export const shopOrderResponseSchema = z.object({ success: z.literal(true), order: shopOrderSchema });
export type ShopOrderResponse = z.infer<typeof shopOrderResponseSchema>;
