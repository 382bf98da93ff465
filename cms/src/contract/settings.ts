import { z } from 'zod';
import { ORDER_LIMIT_FIELDS, ORDER_LIMIT_MESSAGES, type OrderLimitName } from './order-limits';

export const PUBLIC_SETTING_KEYS = ['shop_enabled'] as const;

export const settingResponseSchema = z.object({ success: z.literal(true), value: z.string() });
export type SettingResponse = z.infer<typeof settingResponseSchema>;

export const SETTING_MESSAGES = {
  unknownKey: 'Unknown setting key',
  invalidSwitch: 'The value must be "true" or "false"',
} as const;

export const settingWriteSchema = z.strictObject({
  key: z.enum(PUBLIC_SETTING_KEYS, { error: SETTING_MESSAGES.unknownKey }),
  value: z.enum(['true', 'false'], { error: SETTING_MESSAGES.invalidSwitch }),
});
export type SettingWrite = z.infer<typeof settingWriteSchema>;

export { DEFAULT_ORDER_LIMITS, ORDER_LIMIT_FIELDS, ORDER_LIMIT_MESSAGES, ORDER_LIMIT_NAMES, type OrderLimitName } from './order-limits';

const limitSchema = (name: OrderLimitName) => {
  const message = ORDER_LIMIT_MESSAGES.outOfRange(name);
  const { min, max } = ORDER_LIMIT_FIELDS[name];
  return z.number({ error: message }).int(message).min(min, message).max(max, message);
};

/** Each order limit's own rule: the dashboard's call and every stored setting row are judged by it. */
export const orderLimitFields = {
  maxUnitsPerLine: limitSchema('maxUnitsPerLine'),
  maxUnitsPerOrder: limitSchema('maxUnitsPerOrder'),
  maxOrdersPerClient: limitSchema('maxOrdersPerClient'),
  windowMinutes: limitSchema('windowMinutes'),
  maxUnitsPerProduct: limitSchema('maxUnitsPerProduct'),
};

const lineWithinOrder = <T extends { maxUnitsPerLine: number; maxUnitsPerOrder: number }>(schema: z.ZodType<T>) =>
  schema.refine((limits) => limits.maxUnitsPerLine <= limits.maxUnitsPerOrder, {
    message: ORDER_LIMIT_MESSAGES.lineAboveOrder,
    path: ['maxUnitsPerLine'],
  });

/**
 * PUT /api/admin/settings/order-limits. Units per product and client came later: a client that
 * leaves it out (written for the first four) keeps the stored value.
 */
export const orderLimitsSchema = lineWithinOrder(
  z.strictObject({ ...orderLimitFields, maxUnitsPerProduct: orderLimitFields.maxUnitsPerProduct.optional() }, { error: ORDER_LIMIT_MESSAGES.invalid }),
);
export type OrderLimitsWrite = z.infer<typeof orderLimitsSchema>;

/** The limits as they hold: all of them. */
export const storedOrderLimitsSchema = lineWithinOrder(z.strictObject(orderLimitFields, { error: ORDER_LIMIT_MESSAGES.invalid }));
export type OrderLimits = z.infer<typeof storedOrderLimitsSchema>;

/** GET and PUT /api/admin/settings/order-limits. */
export const orderLimitsResponseSchema = z.object({ success: z.literal(true), limits: storedOrderLimitsSchema });
export type OrderLimitsResponse = z.infer<typeof orderLimitsResponseSchema>;
