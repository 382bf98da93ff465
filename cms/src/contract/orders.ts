import { z } from 'zod';
import { LIST_MESSAGES, listQuerySchema, pageInfoSchema } from './list-query';

export const ORDER_STATUSES = ['pending', 'processing', 'shipped', 'delivered', 'cancelled'] as const;
export const orderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

export const ORDER_MESSAGES = {
  notFound: 'Order not found',
  invalidStatus: 'Invalid order status',
  changedMeanwhile: 'The order was changed at the same time. Please reload and try again.',
  outOfStock: (title: string, variant: string) => `Not enough stock left: ${title} (${variant})`,
  invalidOrderNumber: 'Invalid order number',
  cancelledNotHandedOver: 'This order is cancelled and cannot be handed over.',
  alreadyHandedOver: (by: string, at: string) => `Already handed over by ${by} on ${at}.`,
  alreadyPaid: (by: string, at: string) => `Already marked paid by ${by} on ${at}.`,
  cancelledNotPaid: 'This order is cancelled and cannot be marked paid.',
  outOfStockToReopen: 'Not enough stock left to reopen this order.',
  oneStatusAtATime: 'Change the status of one order at a time.',
} as const;

/** Who changed an order where no organiser is signed in: the seed, a script, a migration. */
export const SYSTEM_ACTOR = 'System (ohne Anmeldung)';

/** What was done to an order, by whom and when: its history (docs/decisions/035). */
export const ORDER_EVENT_ACTIONS = ['status', 'paid', 'handed-over'] as const;
export const orderEventSchema = z.strictObject({
  action: z.enum(ORDER_EVENT_ACTIONS),
  /** ISO 8601. */
  at: z.string(),
  /** The organiser's username; a panel user's name with " (Panel)"; SYSTEM_ACTOR without anyone signed in. */
  by: z.string(),
  from: orderStatusSchema.optional(),
  to: orderStatusSchema.optional(),
});
export type OrderEvent = z.infer<typeof orderEventSchema>;

/** The last event of an action (the mark it sets), if any. */
export const lastEventOf = (history: OrderEvent[], action: OrderEvent['action']) => [...history].reverse().find((event) => event.action === action);

/** One line of a placed order, with the title and unit price (cents) the database had then. */
export const orderItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  variant: z.string(),
  quantity: z.number().int().positive(),
  price: z.number().int().min(0),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

export const adminOrderSchema = z.strictObject({
  id: z.number().int().positive(),
  orderNumber: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
  status: orderStatusSchema,
  /** JSON text of OrderItem[] (SPEC §3); read it with parseOrderItems. */
  items: z.string(),
  /** Cents. */
  total: z.number().int().min(0),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;

export const adminOrdersResponseSchema = z.object({ success: z.literal(true), orders: z.array(adminOrderSchema) });
export type AdminOrdersResponse = z.infer<typeof adminOrdersResponseSchema>;

export const ORDER_SORT_FIELDS = ['createdAt', 'orderNumber', 'lastName', 'total', 'status'] as const;
export type OrderSortField = (typeof ORDER_SORT_FIELDS)[number];

/** GET /admin/shop/orders?page=&pageSize=&search=&sort=&order=&status=: newest first unless sorted otherwise. */
export const adminOrdersQuerySchema = listQuerySchema(ORDER_SORT_FIELDS, {
  status: z.enum(ORDER_STATUSES, { error: LIST_MESSAGES.invalidStatus(ORDER_STATUSES) }).optional(),
});
export type AdminOrdersQuery = z.infer<typeof adminOrdersQuerySchema>;

/** The orders tab's cards over every order: count, revenue (cancelled ones left out, cents), the last 24 hours. */
export const orderSummarySchema = z.object({
  count: z.number().int().min(0),
  revenue: z.number().int().min(0),
  recent: z.number().int().min(0),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

export const adminOrdersPageResponseSchema = adminOrdersResponseSchema.extend({ ...pageInfoSchema.shape, summary: orderSummarySchema });
export type AdminOrdersPageResponse = z.infer<typeof adminOrdersPageResponseSchema>;

export const orderStatusUpdateSchema = z.object({ status: z.enum(ORDER_STATUSES, { error: ORDER_MESSAGES.invalidStatus }) });
export type OrderStatusUpdate = z.infer<typeof orderStatusUpdateSchema>;

export const orderStatusUpdateResponseSchema = z.object({ success: z.literal(true), order: adminOrderSchema });
export type OrderStatusUpdateResponse = z.infer<typeof orderStatusUpdateResponseSchema>;

/** The lines of an order's items text. */
export const parseOrderItems = (items: string): OrderItem[] => z.array(orderItemSchema).parse(JSON.parse(items));

/** GET /admin/shop/orders/{id}: the order with its lines read out and when it last changed. */
export const adminOrderDetailSchema = adminOrderSchema.extend({
  /** ISO 8601: the last change, a status change for example. */
  updatedAt: z.string(),
  lines: z.array(orderItemSchema),
  /** Oldest first. */
  history: z.array(orderEventSchema),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetailSchema>;

export const adminOrderDetailResponseSchema = z.object({ success: z.literal(true), order: adminOrderDetailSchema });
export type AdminOrderDetailResponse = z.infer<typeof adminOrderDetailResponseSchema>;

/** One line of the packing list: how many units of a product's variant the open orders hold. */
export const packingLineSchema = z.strictObject({
  productId: z.number().int(),
  title: z.string(),
  variant: z.string(),
  units: z.number().int().min(1),
});
export type PackingLine = z.infer<typeof packingLineSchema>;

/** GET /admin/shop/packing-list: units per product and variant over every order that is not cancelled. */
export const packingListResponseSchema = z.object({
  success: z.literal(true),
  /** How many orders the list covers. */
  orders: z.number().int().min(0),
  lines: z.array(packingLineSchema),
});
export type PackingListResponse = z.infer<typeof packingListResponseSchema>;

/** GET /admin/shop/pickup/{orderNumber}: the pickup desk's look-up; the number as typed, any case. */
export const pickupNumberSchema = z
  .string({ error: ORDER_MESSAGES.invalidOrderNumber })
  .trim()
  .max(32, ORDER_MESSAGES.invalidOrderNumber)
  .transform((number) => number.toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9-]+$/, ORDER_MESSAGES.invalidOrderNumber));
