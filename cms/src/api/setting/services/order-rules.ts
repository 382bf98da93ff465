import { DEFAULT_ORDER_LIMITS, ORDER_LIMIT_FIELDS, ORDER_LIMIT_NAMES, type OrderLimits } from '../../../contract/settings';

// The rules an order is placed under, read from the settings' stored values: pure functions, used
// by the setting service and by the order's statements on SQLite (place-order-sqlite.ts).

export const ORDER_LIMIT_KEYS = ORDER_LIMIT_NAMES.map((name) => ORDER_LIMIT_FIELDS[name].key);

export const ORDER_RULE_KEYS = ['shop_enabled', ...ORDER_LIMIT_KEYS];

/** The stored value of each setting an order's rules come from, by key; null where there is no row. */
export type OrderRuleValues = Record<string, string | null>;

export type OrderRules = { shopEnabled: boolean; limits: OrderLimits };

/**
 * The limits as stored; a missing row, or a value a panel edit left out of range, counts as its
 * default, and units per line never exceed units per order.
 */
export function readLimits(valueOf: (key: string) => string | null | undefined): OrderLimits {
  const limits = { ...DEFAULT_ORDER_LIMITS };
  for (const name of ORDER_LIMIT_NAMES) {
    const { key, min, max } = ORDER_LIMIT_FIELDS[name];
    const value = Number(valueOf(key) ?? Number.NaN);
    if (Number.isInteger(value) && value >= min && value <= max) limits[name] = value;
  }
  return { ...limits, maxUnitsPerLine: Math.min(limits.maxUnitsPerLine, limits.maxUnitsPerOrder) };
}

/** Whether the shop is open, and the limits, from the stored values. */
/** The values orderRulesOf reads, from rows in id order (a key's newest row counts); missing rows are there as null. */
export function orderRuleValuesOf(rows: { key: string; value: string | null }[]): OrderRuleValues {
  const values = new Map(rows.map((row) => [row.key, row.value]));
  return Object.fromEntries(ORDER_RULE_KEYS.map((key) => [key, values.get(key) ?? null]));
}

export const orderRulesOf = (values: OrderRuleValues): OrderRules => ({
  shopEnabled: values.shop_enabled === 'true',
  limits: readLimits((key) => values[key]),
});
