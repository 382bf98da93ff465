import { writeCartCookie } from './cart-cookie';
import { CART_STORAGE_KEY, emitCartChange, subscribeToCartChanges } from './cart-events';
import { EMPTY_CART, parseCart, serializeCart, type CartLine } from './cart-store';

/*
 * The cart as an external store over localStorage, for useSyncExternalStore: every read looks
 * at storage (so it also sees other tabs' writes), every write is saved at once, and the
 * `storage` event of other tabs re-renders the shop.
 */

// Storage can be unavailable (blocked cookies) or full; the cart then lives in memory for this page.
let memoryCart: string | null = null;
// Set while the last write did not reach storage, so reads do not fall back to an older cart.
let storageFailed = false;

let cachedRaw: string | null | undefined;
let cachedLines: readonly CartLine[] = EMPTY_CART;

const readRaw = (): string | null => {
  if (storageFailed) return memoryCart;
  try {
    return window.localStorage.getItem(CART_STORAGE_KEY);
  } catch {
    return memoryCart;
  }
};

const emit = emitCartChange;

/** The current cart; the same array as long as storage holds the same text. */
export const readCart = (): readonly CartLine[] => {
  const raw = readRaw();
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedLines = raw === null ? EMPTY_CART : parseCart(raw);
  }
  return cachedLines;
};

export const writeCart = (lines: readonly CartLine[]) => {
  const raw = serializeCart(lines);
  memoryCart = raw;
  try {
    window.localStorage.setItem(CART_STORAGE_KEY, raw);
    storageFailed = false;
  } catch {
    storageFailed = true;
  }
  // A cart kept in memory only is gone with the page: the server is not to draw it afterwards.
  writeCartCookie(storageFailed ? null : raw);
  emit();
};

/** Writes the cookie copy of what storage holds (a cart stored before there was one, or by another tab). */
export const keepCartCookie = () => {
  if (!storageFailed) writeCartCookie(readRaw());
};

/** Empties the cart and removes its storage entry (after a placed order, SPEC §4). */
export const clearCart = () => {
  memoryCart = null;
  storageFailed = false;
  try {
    window.localStorage.removeItem(CART_STORAGE_KEY);
  } catch {
    // Nothing stored, nothing to remove.
  }
  writeCartCookie(null);
  emit();
};

// Another tab could save: what storage holds is newer than this page's copy in memory.
export const subscribeToCart = (listener: () => void) =>
  subscribeToCartChanges(listener, () => {
    storageFailed = false;
  });

