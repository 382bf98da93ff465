import { z } from 'zod';
import { shopItemSchema } from './shop';

export const PRODUCT_LIMITS = {
  titleLength: 200,
  descriptionLength: 20_000,
  variants: 50,
  variantLength: 100,
  // Keeps an order's total (at most 50 lines of 99) inside the database's integer range.
  maxPrice: 1_000_000,
  maxQuantity: 1_000_000,
} as const;

export const PRODUCT_MESSAGES = {
  notFound: 'Product not found',
  titleRequired: 'Title is required',
  titleTooLong: `Title must be at most ${PRODUCT_LIMITS.titleLength} characters`,
  descriptionRequired: 'Description is required',
  descriptionTooLong: `Description must be at most ${PRODUCT_LIMITS.descriptionLength} characters`,
  price: 'Price must be a whole number of cents, 0 or more',
  priceTooHigh: `Price must be at most ${PRODUCT_LIMITS.maxPrice} cents`,
  quantity: 'Available quantity must be a whole number, 0 or more',
  quantityTooHigh: `Available quantity must be at most ${PRODUCT_LIMITS.maxQuantity}`,
  variantsFormat: 'Variants must be a JSON list of names, e.g. ["S","M","L"]',
  variantsRequired: 'At least one variant is required',
  variantsNotDistinct: 'Each variant must be a distinct name without spaces around it',
  tooManyVariants: `At most ${PRODUCT_LIMITS.variants} variants, each at most ${PRODUCT_LIMITS.variantLength} characters`,
  isActive: 'isActive must be "true" or "false"',
} as const;

// Multipart form fields arrive as text; a JSON body may send the real types. Both are read alike.
const wholeNumber = (message: string, max: number, maxMessage: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^\s*\d{1,15}\s*$/.test(value) ? Number(value) : value),
    z.number({ error: message }).int(message).min(0, message).max(max, maxMessage),
  );

const variantsField = z.preprocess(
  (value, ctx) => {
    if (typeof value !== 'string') return value;
    if (value.trim() === '') return [];
    try {
      return JSON.parse(value) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: PRODUCT_MESSAGES.variantsFormat, input: value });
      return z.NEVER;
    }
  },
  z
    .array(z.string({ error: PRODUCT_MESSAGES.variantsFormat }).max(PRODUCT_LIMITS.variantLength, PRODUCT_MESSAGES.tooManyVariants), {
      error: PRODUCT_MESSAGES.variantsFormat,
    })
    .max(PRODUCT_LIMITS.variants, PRODUCT_MESSAGES.tooManyVariants)
    .transform((variants) => [...new Set(variants.map((variant) => variant.trim()).filter((variant) => variant !== ''))])
    .refine((variants) => variants.length > 0, PRODUCT_MESSAGES.variantsRequired),
);

const isActiveField = z.preprocess(
  (value) => (value === 'true' ? true : value === 'false' ? false : value),
  z.boolean({ error: PRODUCT_MESSAGES.isActive }),
);

const productFields = {
  title: z
    .string({ error: PRODUCT_MESSAGES.titleRequired })
    .trim()
    .min(1, PRODUCT_MESSAGES.titleRequired)
    .max(PRODUCT_LIMITS.titleLength, PRODUCT_MESSAGES.titleTooLong),
  description: z
    .string({ error: PRODUCT_MESSAGES.descriptionRequired })
    .trim()
    .min(1, PRODUCT_MESSAGES.descriptionRequired)
    .max(PRODUCT_LIMITS.descriptionLength, PRODUCT_MESSAGES.descriptionTooLong),
  price: wholeNumber(PRODUCT_MESSAGES.price, PRODUCT_LIMITS.maxPrice, PRODUCT_MESSAGES.priceTooHigh),
  variants: variantsField,
  availableQuantity: wholeNumber(PRODUCT_MESSAGES.quantity, PRODUCT_LIMITS.maxQuantity, PRODUCT_MESSAGES.quantityTooHigh),
  isActive: isActiveField,
};

/** The text fields of POST /api/admin/shop/items (the image travels as the multipart file "image"). */
export const productCreateSchema = z.object({ ...productFields, isActive: isActiveField.default(true) });
export type ProductCreate = z.infer<typeof productCreateSchema>;

/** PUT /api/admin/shop/items/{id}: only the fields sent change. */
export const productUpdateSchema = z.object(productFields).partial();
export type ProductUpdate = z.infer<typeof productUpdateSchema>;

export const adminProductSchema = shopItemSchema.extend({ isActive: z.boolean() });
export type AdminProduct = z.infer<typeof adminProductSchema>;

export const adminProductsResponseSchema = z.object({ success: z.literal(true), items: z.array(adminProductSchema) });
export type AdminProductsResponse = z.infer<typeof adminProductsResponseSchema>;

export const adminProductResponseSchema = z.object({ success: z.literal(true), item: adminProductSchema });
export type AdminProductResponse = z.infer<typeof adminProductResponseSchema>;

/** A product's figures for the dashboard: units in orders that are not cancelled, and the stock left. */
export const productSalesSchema = z.strictObject({
  id: z.number().int(),
  title: z.string(),
  unitsSold: z.number().int().min(0),
  stockLeft: z.number().int().min(0),
  isActive: z.boolean(),
});
export type ProductSales = z.infer<typeof productSalesSchema>;

/** GET /admin/shop/sales: every product of the catalogue, in the products tab's order. */
export const productSalesResponseSchema = z.object({ success: z.literal(true), products: z.array(productSalesSchema) });
export type ProductSalesResponse = z.infer<typeof productSalesResponseSchema>;
