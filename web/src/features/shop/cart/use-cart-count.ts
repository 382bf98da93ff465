import { useSyncExternalStore } from 'react';
import { useServerMarkup } from '@/components/hydrate-near-screen';
import { CART_STORAGE_KEY, subscribeToCartChanges } from './cart-events';
import { useServerCart } from './server-cart';

const isUnits = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 1;

/**
 * The number of units in the cart, read straight from storage: a rough reading of the lines
 * (the cart's own parser, with its schema, stays in the shop's code). Lines the shop would drop
 * count too until the shop has looked at them.
 */
const readCount = (): number => {
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(CART_STORAGE_KEY);
  } catch {
    return 0;
  }
  if (!raw) return 0;
  try {
    const stored: unknown = JSON.parse(raw);
    if (!Array.isArray(stored)) return 0;
    return stored.reduce<number>((sum, line: unknown) => {
      const quantity = typeof line === 'object' && line !== null ? (line as { quantity?: unknown }).quantity : undefined;
      return isUnits(quantity) ? sum + quantity : sum;
    }, 0);
  } catch {
    return 0;
  }
};

/**
 * False while the page shows what the server rendered without the cart (it knows the cart only
 * on the cart's page, from the request's cookie copy, server-cart.ts; the takeover renders it as
 * the server did), true once the page has read the stored cart. Until then a page claims neither
 * an empty cart nor a count (issue 44: "0", then "3").
 */
export const useCartRead = () => {
  const drawnByTheServer = useServerCart() !== undefined;
  return !useServerMarkup() || drawnByTheServer;
};

/** The units in the cart, for the header on every public page; null until the stored cart is read. */
export const useCartCount = (): number | null => {
  const serverCart = useServerCart();
  const serverCount = serverCart?.reduce((sum, line) => sum + line.quantity, 0) ?? 0;
  const count = useSyncExternalStore(subscribeToCartChanges, readCount, () => serverCount);
  return useCartRead() ? count : null;
};
