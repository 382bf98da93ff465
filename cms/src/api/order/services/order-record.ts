import { orderEventSchema, type OrderEvent, type OrderItem, type OrderStatus } from '../../../contract/orders';
import type { StockLine } from '../../product/services/product';

// An order's row as the Query Engine reads it, and what the service and the order's lifecycles
// (bootstrap/order-rules.ts) read out of it alike.

export type OrderRecord = {
  id: number;
  documentId: string;
  orderNumber: string;
  firstName: string;
  lastName: string;
  createdAt: string | Date;
  updatedAt?: string | Date;
  status: OrderStatus | null;
  items: unknown;
  total: number;
  tokenHash?: string | null;
  history?: unknown;
};

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

// A missing status counts as pending (SPEC §4).
export const statusOf = (order: Pick<OrderRecord, 'status'>): OrderStatus => order.status ?? 'pending';

/** The stored lines; entries a panel edit may have broken are left out rather than failing the list. */
export function orderItems(order: Pick<OrderRecord, 'items'>): OrderItem[] {
  const items = typeof order.items === 'string' ? safeJson(order.items) : order.items;
  if (!Array.isArray(items)) return [];
  return items.filter(
    (item): item is OrderItem =>
      typeof item === 'object' &&
      item !== null &&
      Number.isInteger(item.id) &&
      typeof item.title === 'string' &&
      typeof item.variant === 'string' &&
      Number.isInteger(item.quantity) &&
      item.quantity > 0 &&
      Number.isInteger(item.price),
  );
}

/** The order's history, oldest first; entries a panel edit may have broken are left out. */
export function historyOf(order: Pick<OrderRecord, 'history'>): OrderEvent[] {
  const history = typeof order.history === 'string' ? safeJson(order.history) : order.history;
  if (!Array.isArray(history)) return [];
  return history.flatMap((entry) => {
    const event = orderEventSchema.safeParse(entry);
    return event.success ? [event.data] : [];
  });
}

export const stockLines = (items: OrderItem[]): StockLine[] =>
  items.map((item) => ({ productId: item.id, quantity: item.quantity, title: item.title, variant: item.variant }));
