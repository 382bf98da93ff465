import { CART_STORAGE_KEY, EMPTY_CART, parseCart, serializeCart, type CartLine } from './cart-store';

/*
 * The cart as an external store over localStorage, for useSyncExternalStore: every read looks
 * at storage (so it also sees other tabs' writes), every write is saved at once, and the
 * `storage` event of other tabs re-renders the shop.
 */

const listeners = new Set<() => void>();

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

const emit = () => {
  for (const listener of listeners) listener();
};

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
  emit();
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
  emit();
};

const onStorage = (event: StorageEvent) => {
  // key null: another tab cleared all of this site's storage.
  if (event.key !== CART_STORAGE_KEY && event.key !== null) return;
  // Another tab could save: what storage holds is newer than this page's copy in memory.
  storageFailed = false;
  emit();
};

export const subscribeToCart = (listener: () => void) => {
  listeners.add(listener);
  if (listeners.size === 1) window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
};

export const readServerCart = (): readonly CartLine[] => EMPTY_CART;
