import { useSyncExternalStore } from 'react';
import type { ShopOrder } from '@contract/shop';

/*
 * Meine Bestellungen: the orders placed on this device, with the token that opens each one's
 * page and the state it had when last seen (shown offline). Kept in this browser only, like
 * the house code; "Vergessen" removes them.
 */

const KEY = 'game-of-slavs_orders';
// Bounds what a device keeps, whatever a page or a script left there.
const MAX_KEPT = 50;

export type KeptOrder = {
  orderNumber: string;
  token: string;
  /** The order as last seen, null until its page was first read. */
  lastSeen: ShopOrder | null;
  /** Cents, from the checkout's answer (shown before the page was read). */
  total: number | null;
  /** ISO 8601, when it was placed on this device. */
  placedAt: string;
};

const listeners = new Set<() => void>();
let cachedText: string | null = null;
let cachedList: KeptOrder[] = [];

const isKept = (value: unknown): value is KeptOrder => {
  if (typeof value !== 'object' || value === null) return false;
  const order = value as Record<string, unknown>;
  return typeof order.orderNumber === 'string' && typeof order.token === 'string' && typeof order.placedAt === 'string';
};

function readText(): string | null {
  try {
    return window.localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

/** The kept orders, newest first; the same array while storage holds the same text. */
export function readKeptOrders(): KeptOrder[] {
  if (typeof window === 'undefined') return [];
  const text = readText();
  if (text === cachedText) return cachedList;
  cachedText = text;
  try {
    const parsed: unknown = text ? JSON.parse(text) : [];
    cachedList = Array.isArray(parsed) ? parsed.filter(isKept).slice(0, MAX_KEPT) : [];
  } catch {
    cachedList = [];
  }
  return cachedList;
}

function write(list: KeptOrder[]) {
  try {
    if (list.length === 0) window.localStorage.removeItem(KEY);
    else window.localStorage.setItem(KEY, JSON.stringify(list.slice(0, MAX_KEPT)));
  } catch {
    // Storage full or off: the order page's address still opens the order.
  }
  for (const listener of listeners) listener();
}

export const keptOrder = (orderNumber: string) => readKeptOrders().find((order) => order.orderNumber === orderNumber);

/** Remembers an order placed on this device (first in the list). */
export function keepOrder(order: Pick<KeptOrder, 'orderNumber' | 'token' | 'total'>) {
  const others = readKeptOrders().filter((kept) => kept.orderNumber !== order.orderNumber);
  write([{ ...order, lastSeen: null, placedAt: new Date().toISOString() }, ...others]);
}

/** Keeps what the order's page showed, for when the device is offline. Only orders kept already. */
export function keepLastSeen(order: ShopOrder) {
  const list = readKeptOrders();
  if (!list.some((kept) => kept.orderNumber === order.orderNumber)) return;
  write(list.map((kept) => (kept.orderNumber === order.orderNumber ? { ...kept, lastSeen: order, total: order.total } : kept)));
}

/** "Vergessen": removes one order, or all of them, from this device. */
export function forgetOrders(orderNumber?: string) {
  write(orderNumber === undefined ? [] : readKeptOrders().filter((kept) => kept.orderNumber !== orderNumber));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

const none: KeptOrder[] = [];

/** The orders kept on this device; none while the page is rendered on the server. */
export const useKeptOrders = () => useSyncExternalStore(subscribe, readKeptOrders, () => none);

/** The address of an order's page, as its QR code carries it (the contract other parts rely on). */
export const orderPagePath = (orderNumber: string, token: string) => `/shop/bestellung/${encodeURIComponent(orderNumber)}?t=${encodeURIComponent(token)}`;
