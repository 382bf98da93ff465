/*
 * The order just placed, while its confirmation is on screen: kept in this tab's session storage,
 * so a reload (or a reload without a connection, docs/decisions/037) shows the order number
 * again instead of an empty cart. It is forgotten when the confirmation is left.
 */
import type { PlacedOrder } from '../api/place-order';

const KEY = 'game-of-slavs_last-order';

const isNumberOrNull = (value: unknown) => value === null || typeof value === 'number';

export const keepLastOrder = (order: PlacedOrder) => {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(order));
  } catch {
    // A browser that keeps nothing shows the confirmation until the next reload only.
  }
};

export const readLastOrder = (): PlacedOrder | null => {
  try {
    const kept: unknown = JSON.parse(window.sessionStorage.getItem(KEY) ?? 'null');
    if (typeof kept !== 'object' || kept === null) return null;
    const { orderNumber, total } = kept as Record<string, unknown>;
    return (orderNumber === null || typeof orderNumber === 'string') && isNumberOrNull(total)
      ? { orderNumber: orderNumber as string | null, total: total as number | null }
      : null;
  } catch {
    return null;
  }
};

export const forgetLastOrder = () => {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // Nothing kept.
  }
};
