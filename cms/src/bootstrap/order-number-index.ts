import type { Core } from '@strapi/strapi';

const INDEX = 'gos_orders_order_number_unique';

/**
 * An index on the order number. Every order looks its new number up twice (the service's check
 * that it is unused, and Strapi's own `unique` validation); without an index each look-up read
 * the whole orders table, so orders slowed down as the table grew. Unique, so the database also
 * refuses a second order with the same number. Created on first start (and after an upgrade).
 */
export async function ensureOrderNumberIndex(strapi: Core.Strapi) {
  const meta = strapi.db.metadata.get('api::order.order');
  const column = (meta.attributes.orderNumber as { columnName?: string }).columnName ?? 'orderNumber';
  const knex = strapi.db.connection;
  const create = () => knex.raw('CREATE UNIQUE INDEX IF NOT EXISTS ?? ON ?? (??)', [INDEX, meta.tableName, column]);
  // Two instances starting at once may race to create it; the second attempt finds it there.
  await create().catch(create);
}
