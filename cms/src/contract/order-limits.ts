// The order limits' fields, messages and defaults, without a schema: the shop's cart imports the
// defaults, and importing settings.ts would build its schemas on every public page.
import { CART_LIMITS } from './shop-rules';

/**
 * The limits against order abuse organisers tune in the settings tab (DECISIONS §9). Units per
 * line stay within what a cart line may hold at all (CART_LIMITS.maxQuantity); orders per client
 * and units per product and client go far above the default, since at the festival many shoppers
 * share one address (the venue's Wi-Fi, a carrier's NAT). Units per product and client count over
 * the same window as orders per client.
 */
export const ORDER_LIMIT_FIELDS = {
  maxUnitsPerLine: { label: 'Units per line', min: 1, max: CART_LIMITS.maxQuantity, default: 10, key: 'order_max_units_per_line' },
  maxUnitsPerOrder: { label: 'Units per order', min: 1, max: 999, default: 30, key: 'order_max_units_per_order' },
  maxOrdersPerClient: { label: 'Orders per client', min: 1, max: 10_000, default: 10, key: 'order_max_per_client' },
  windowMinutes: { label: 'The window in minutes', min: 1, max: 1440, default: 10, key: 'order_window_minutes' },
  // Without payment, orders cost nothing: one client must not empty a product within every other cap.
  maxUnitsPerProduct: { label: 'Units per product and client', min: 1, max: 10_000, default: 10, key: 'order_max_units_per_product' },
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

export const DEFAULT_ORDER_LIMITS: Record<OrderLimitName, number> = {
  maxUnitsPerLine: ORDER_LIMIT_FIELDS.maxUnitsPerLine.default,
  maxUnitsPerOrder: ORDER_LIMIT_FIELDS.maxUnitsPerOrder.default,
  maxOrdersPerClient: ORDER_LIMIT_FIELDS.maxOrdersPerClient.default,
  windowMinutes: ORDER_LIMIT_FIELDS.windowMinutes.default,
  maxUnitsPerProduct: ORDER_LIMIT_FIELDS.maxUnitsPerProduct.default,
};
