import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { ShopItem } from '@contract/shop';
import { clearCart, keepCartCookie, readCart, subscribeToCart, writeCart } from './cart-storage';
import {
  addToCart,
  cartItemCount,
  cartTotal,
  changeQuantity,
  reconcileCart,
  removeLine,
  EMPTY_CART,
  type CartLine,
  type LineKey,
} from './cart-store';
import { useServerCart } from './server-cart';

// Every change starts from what storage holds now, not from the rendered copy: another tab may have written since.
// add and increase stop at the cap per line they are given.
const cartActions = {
  add: (line: CartLine, maxUnitsPerLine?: number) => writeCart(addToCart(readCart(), line, maxUnitsPerLine)),
  increase: (key: LineKey, maxUnitsPerLine?: number) => writeCart(changeQuantity(readCart(), key, 1, maxUnitsPerLine)),
  decrease: (key: LineKey) => writeCart(changeQuantity(readCart(), key, -1)),
  remove: (key: LineKey) => writeCart(removeLine(readCart(), key)),
  /** Puts a removed line back at its place (undo), joined with a line of the same item added since. */
  restore: (line: CartLine, index: number) => {
    const lines = readCart();
    if (lines.some((each) => each.id === line.id && each.variant === line.variant)) return writeCart(addToCart(lines, line));
    writeCart([...lines.slice(0, index), line, ...lines.slice(index)]);
  },
  clear: clearCart,
};

/**
 * The lines as the page shows them: while React takes over the server's markup, the cart the
 * server drew (none without one: EMPTY_CART, and the page says it is loading), then the stored.
 */
const useLines = () => {
  const serverCart = useServerCart() ?? EMPTY_CART;
  return useSyncExternalStore(subscribeToCart, readCart, () => serverCart);
};

/** The shared cart of all shop pages and tabs, saved to browser storage (and its cookie copy) on every change. */
export function useCart() {
  const lines = useLines();
  // A cart stored before its cookie copy existed gets one, for the next visit of its page.
  useEffect(keepCartCookie, []);
  return useMemo(
    () => ({ lines, itemCount: cartItemCount(lines), total: cartTotal(lines), ...cartActions }),
    [lines],
  );
}

/**
 * Removes lines of items the shop no longer offers, once `items` holds the shop's current
 * list, and gives the removed lines for a notice. Without a list (still loading, or the call
 * failed) the cart stays as it is.
 */
export function useCartReconciliation(items: readonly ShopItem[] | undefined): CartLine[] {
  const lines = useLines();
  const [removed, setRemoved] = useState<CartLine[]>([]);

  useEffect(() => {
    if (!items) return;
    const result = reconcileCart(lines, items);
    if (!result.changed) return;
    writeCart(result.lines);
    if (result.removed.length > 0) setRemoved((previous) => [...previous, ...result.removed]);
  }, [items, lines]);

  return removed;
}
