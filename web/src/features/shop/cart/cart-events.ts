/*
 * Who listens to the cart, apart from the cart's code: the header's count reads it without the
 * cart's validation (zod), so every public page can show the count without loading the shop.
 */

/** SPEC §3: the cart lives in browser storage under `{product}_cart`; the product is this site. */
export const CART_STORAGE_KEY = 'game-of-slavs_cart';

const listeners = new Set<() => void>();

export const emitCartChange = () => {
  for (const listener of listeners) listener();
};

const onStorage = (event: StorageEvent) => {
  // key null: another tab cleared all of this site's storage.
  if (event.key !== CART_STORAGE_KEY && event.key !== null) return;
  for (const listener of listeners) listener();
};

/** Listens to this page's cart writes and to other tabs' (`onOtherTab` runs first for those). */
export const subscribeToCartChanges = (listener: () => void, onOtherTab?: () => void) => {
  const fromOtherTab = (event: StorageEvent) => {
    if (event.key !== CART_STORAGE_KEY && event.key !== null) return;
    onOtherTab?.();
  };
  listeners.add(listener);
  window.addEventListener('storage', fromOtherTab);
  if (listeners.size === 1) window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', fromOtherTab);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
};
