import { z } from 'zod';

export const PUBLIC_SETTING_KEYS = ['shop_enabled'] as const;

export const settingResponseSchema = z.object({ success: z.literal(true), value: z.string() });
export type SettingResponse = z.infer<typeof settingResponseSchema>;

export const settingWriteSchema = z.strictObject({
  key: z.enum(PUBLIC_SETTING_KEYS, { error: 'Unknown setting key' }),
  value: z.enum(['true', 'false'], { error: 'The value must be "true" or "false"' }),
});
export type SettingWrite = z.infer<typeof settingWriteSchema>;

/**
 * The limits against order abuse organisers tune in the settings tab (DECISIONS §9). Units per
 * line stay within what a cart line may hold at all (CART_LIMITS.maxQuantity in shop.ts, not
 * imported: the public site reads this module for shop_enabled, and shop.ts would come along);
 * orders per client go far above the default, since at the festival many shoppers share one
 * address (the venue's Wi-Fi, a carrier's NAT).
 */
export const ORDER_LIMIT_FIELDS = {
  maxUnitsPerLine: { label: 'Units per line', min: 1, max: 99, default: 10, key: 'order_max_units_per_line' },
  maxUnitsPerOrder: { label: 'Units per order', min: 1, max: 999, default: 30, key: 'order_max_units_per_order' },
  maxOrdersPerClient: { label: 'Orders per client', min: 1, max: 10_000, default: 10, key: 'order_max_per_client' },
  windowMinutes: { label: 'The window in minutes', min: 1, max: 1440, default: 10, key: 'order_window_minutes' },
} as const;

export type OrderLimitName = keyof typeof ORDER_LIMIT_FIELDS;
export const ORDER_LIMIT_NAMES = Object.keys(ORDER_LIMIT_FIELDS) as OrderLimitName[];

export const ORDER_LIMIT_MESSAGES = {
  outOfRange: (name: OrderLimitName) => {
    const { label, min, max } = ORDER_LIMIT_FIELDS[name];
    return `${label} must be a whole number from ${min} to ${max}`;
  },
  lineAboveOrder: 'Units per line cannot be more than units per order',
  invalid: 'The order limits are invalid',
} as const;

const limitSchema = (name: OrderLimitName) => {
  const message = ORDER_LIMIT_MESSAGES.outOfRange(name);
  const { min, max } = ORDER_LIMIT_FIELDS[name];
  return z.number({ error: message }).int(message).min(min, message).max(max, message);
};

export const orderLimitsSchema = z
  .strictObject(
    {
      maxUnitsPerLine: limitSchema('maxUnitsPerLine'),
      maxUnitsPerOrder: limitSchema('maxUnitsPerOrder'),
      maxOrdersPerClient: limitSchema('maxOrdersPerClient'),
      windowMinutes: limitSchema('windowMinutes'),
    },
    { error: ORDER_LIMIT_MESSAGES.invalid },
  )
  .refine((limits) => limits.maxUnitsPerLine <= limits.maxUnitsPerOrder, {
    message: ORDER_LIMIT_MESSAGES.lineAboveOrder,
    path: ['maxUnitsPerLine'],
  });
export type OrderLimits = z.infer<typeof orderLimitsSchema>;

export const DEFAULT_ORDER_LIMITS: OrderLimits = {
  maxUnitsPerLine: ORDER_LIMIT_FIELDS.maxUnitsPerLine.default,
  maxUnitsPerOrder: ORDER_LIMIT_FIELDS.maxUnitsPerOrder.default,
  maxOrdersPerClient: ORDER_LIMIT_FIELDS.maxOrdersPerClient.default,
  windowMinutes: ORDER_LIMIT_FIELDS.windowMinutes.default,
};

/** GET and PUT /api/admin/settings/order-limits. */
export const orderLimitsResponseSchema = z.object({ success: z.literal(true), limits: orderLimitsSchema });
export type OrderLimitsResponse = z.infer<typeof orderLimitsResponseSchema>;
