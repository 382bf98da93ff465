import type { Core } from '@strapi/strapi';

const INDEX = 'gos_orders_order_number_unique';

/**
 * A unique index on the order number: the database refuses a second order with the same number,
 * and the order service, instead of looking each new number up first, places the order again
 * with a new number when it does (see isDuplicateOrderNumber). Created on first start (and after
 * an upgrade).
 */
export async function ensureOrderNumberIndex(strapi: Core.Strapi) {
  const meta = strapi.db.metadata.get('api::order.order');
  const column = (meta.attributes.orderNumber as { columnName?: string }).columnName ?? 'orderNumber';
  const knex = strapi.db.connection;
  const create = () => knex.raw('CREATE UNIQUE INDEX IF NOT EXISTS ?? ON ?? (??)', [INDEX, meta.tableName, column]);
  // Two instances starting at once may race to create it; the second attempt finds it there.
  await create().catch(create);
}

/** Whether the error is the database refusing an order number that another order already has. */
export function isDuplicateOrderNumber(error: unknown): boolean {
  const { code, constraint, message } = (error ?? {}) as { code?: unknown; constraint?: unknown; message?: unknown };
  if (code === '23505') return constraint === INDEX;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' && typeof message === 'string' && message.includes('order_number');
}
