import { z } from 'zod';
import { houseInputSchema } from './houses';
import { PRODUCT_MESSAGES, productUpdateSchema } from './products';
import { ORDER_LIMIT_FIELDS, ORDER_LIMIT_MESSAGES, ORDER_LIMIT_NAMES, PUBLIC_SETTING_KEYS, SETTING_MESSAGES, orderLimitFields, settingWriteSchema } from './settings';
import { festivalLinkSchema } from './site-content';
import { USER_MESSAGES, userUpdateSchema } from './users';

// The contract's rules for the rows themselves, whichever path writes them: the dashboard's calls,
// Strapi's content manager, the Document Service, the Query Engine, the seed
// (docs/decisions/030-rules-live-with-the-data.md). Each field is judged by the very schema its
// dashboard call uses, on the value as it would be stored; a write is judged only by the fields
// it holds.

/** One field a write would store against the rules: the field and the contract's message. */
export type FieldRefusal = { field: string; message: string };

const house = houseInputSchema.shape;
const product = productUpdateSchema.shape;

/**
 * Variants as a row holds them: a list the dashboard's call would store as it is. The call trims,
 * drops blanks and repeats before writing; a list that still holds them came another way.
 */
const storedVariants = z.unknown().superRefine((value, ctx) => {
  const result = product.variants.safeParse(value);
  if (!result.success) ctx.addIssue({ code: 'custom', message: result.error.issues[0]?.message ?? PRODUCT_MESSAGES.variantsFormat });
  else if (!Array.isArray(value) || JSON.stringify(result.data) !== JSON.stringify(value)) {
    ctx.addIssue({ code: 'custom', message: Array.isArray(value) ? PRODUCT_MESSAGES.variantsNotDistinct : PRODUCT_MESSAGES.variantsFormat });
  }
});

/** The stored types whose rows have rules, and the rule of each of their fields. */
export const STORED_FIELD_RULES = {
  'api::house.house': { name: house.name, chatUrl: house.chatUrl, colour: house.colour },
  'api::product.product': {
    title: product.title,
    description: product.description,
    price: product.price,
    variants: storedVariants,
    availableQuantity: product.availableQuantity,
    isActive: product.isActive,
  },
  'plugin::users-permissions.user': {
    username: userUpdateSchema.shape.username,
    // Stored, it is a boolean: the call's "left out" (null) is no value a row can hold.
    isAdmin: z.boolean({ error: USER_MESSAGES.invalidIsAdmin }),
  },
  'api::setting.setting': {},
  'api::festival.festival': { paymentUrl: festivalLinkSchema, whatsappGroupUrl: festivalLinkSchema, mapsUrl: festivalLinkSchema },
} satisfies Record<string, Record<string, z.ZodType>>;

export type RuledModel = keyof typeof STORED_FIELD_RULES;
export const RULED_MODELS = Object.keys(STORED_FIELD_RULES) as RuledModel[];

/** Every key a setting row may have: the public switch and the order limits. */
export const SETTING_KEYS: readonly string[] = [...PUBLIC_SETTING_KEYS, ...ORDER_LIMIT_NAMES.map((name) => ORDER_LIMIT_FIELDS[name].key)];

const firstMessage = (error: z.ZodError) => error.issues[0]?.message ?? 'Invalid value';

/** The fields of a write that its type's rules refuse; fields it leaves out are not judged. */
export function refusedFields(model: RuledModel, data: Record<string, unknown>): FieldRefusal[] {
  const rules: Record<string, z.ZodType> = STORED_FIELD_RULES[model];
  const refusals: FieldRefusal[] = [];
  for (const [field, rule] of Object.entries(rules)) {
    if (!Object.hasOwn(data, field) || data[field] === undefined) continue;
    const result = rule.safeParse(data[field]);
    if (!result.success) refusals.push({ field, message: firstMessage(result.error) });
  }
  return refusals;
}

/**
 * A setting row as it would be stored: a known key, and a value its key allows ("true" or
 * "false" for the shop switch, a whole number in range for an order limit, as text).
 */
export function refusedSetting(key: unknown, value: unknown): FieldRefusal[] {
  if (typeof key !== 'string' || !SETTING_KEYS.includes(key)) return [{ field: 'key', message: SETTING_MESSAGES.unknownKey }];
  const limit = ORDER_LIMIT_NAMES.find((name) => ORDER_LIMIT_FIELDS[name].key === key);
  if (!limit) {
    const result = settingWriteSchema.shape.value.safeParse(value);
    return result.success ? [] : [{ field: 'value', message: firstMessage(result.error) }];
  }
  const number = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : Number.NaN;
  return orderLimitFields[limit].safeParse(number).success ? [] : [{ field: 'value', message: ORDER_LIMIT_MESSAGES.outOfRange(limit) }];
}
