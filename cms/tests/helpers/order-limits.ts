import { DEFAULT_ORDER_LIMITS, ORDER_LIMIT_FIELDS, orderLimitsResponseSchema, type OrderLimits } from '../../src/contract/settings';
import { adminCall, signIn, type AdminSession, type Endpoint } from './api-client';

/** Sets the order limits as an organiser would in the settings tab. */
export async function setOrderLimits(server: Endpoint, limits: OrderLimits, session?: AdminSession): Promise<OrderLimits> {
  const organiser = session ?? (await signIn(server));
  const response = await adminCall(server, organiser, 'PUT', '/api/admin/settings/order-limits', { body: limits });
  return orderLimitsResponseSchema.parse(response.body).limits;
}

/**
 * For tests that place more orders from 127.0.0.1 than one shopper may (10 in 10 minutes):
 * the per-client limit goes to its highest over the shortest window; the caps on units keep
 * their defaults.
 */
export const allowManyOrders = (server: Endpoint, session?: AdminSession) =>
  setOrderLimits(server, { ...DEFAULT_ORDER_LIMITS, maxOrdersPerClient: ORDER_LIMIT_FIELDS.maxOrdersPerClient.max, windowMinutes: 1 }, session);
