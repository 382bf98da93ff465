import type { Core } from '@strapi/strapi';
import { tableOf } from '../utils/database';
import { createUniqueIndex, isUniqueRefusal } from './unique-index';

const INDEX = 'gos_orders_order_number_unique';

/**
 * A unique index on the order number: the database refuses a second order with the same number,
 * and the order service, instead of looking each new number up first, places the order again
 * with a new number when it does (see isDuplicateOrderNumber). Created on first start (and after
 * an upgrade).
 */
export async function ensureOrderNumberIndex(strapi: Core.Strapi) {
  const orders = tableOf(strapi, 'api::order.order');
  await createUniqueIndex(strapi.db.connection, 'CREATE UNIQUE INDEX IF NOT EXISTS ?? ON ?? (??)', [INDEX, orders.name, orders.column('orderNumber')]);
}

/** Whether the error is the database refusing an order number that another order already has. */
export const isDuplicateOrderNumber = (error: unknown) => isUniqueRefusal(error, { index: INDEX, sqliteText: 'order_number' });
