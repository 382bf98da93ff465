import { DEFAULT_ORDER_LIMITS, ORDER_LIMIT_FIELDS, orderLimitsResponseSchema, type OrderLimits, type OrderLimitsWrite } from '../../src/contract/settings';
import { adminCall, signIn, type AdminSession, type Endpoint } from './api-client';

/** Sets the order limits as an organiser would in the settings tab; one left out keeps its value. */
export async function setOrderLimits(server: Endpoint, limits: OrderLimitsWrite, session?: AdminSession): Promise<OrderLimits> {
  const organiser = session ?? (await signIn(server));
  const response = await adminCall(server, organiser, 'PUT', '/api/admin/settings/order-limits', { body: limits });
  return orderLimitsResponseSchema.parse(response.body).limits;
}

/**
 * For tests that place more orders from 127.0.0.1 than one shopper may (10 in 10 minutes, 10
 * units of a product): the per-client limits go to their highest over the shortest window; the
 * caps on units per line and order keep their defaults.
 */
export const allowManyOrders = (server: Endpoint, session?: AdminSession) =>
  setOrderLimits(server, { ...DEFAULT_ORDER_LIMITS, ...manyPerClient }, session);

/** The limits per client at their highest over the shortest window. */
export const manyPerClient = {
  maxOrdersPerClient: ORDER_LIMIT_FIELDS.maxOrdersPerClient.max,
  maxUnitsPerProduct: ORDER_LIMIT_FIELDS.maxUnitsPerProduct.max,
  windowMinutes: 1,
};
