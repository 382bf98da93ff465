import type { Core } from '@strapi/strapi';
import type { OrderItem } from '../../../contract/orders';
import { ApiError, conflict } from '../../../http/api-error';
import { countInFunction, windowFields, type EventLimit } from '../../../http/rate-limit';
import { onPostgres, quoteName, replaceFunction, tableOf } from '../../../utils/database';
import type { StockLine } from '../../product/services/product';

const ORDER_UID = 'api::order.order';
const PRODUCT_UID = 'api::product.product';
const FUNCTION = 'gos_place_order';
// The function's own SQLSTATEs (class GS is free): refused by the client's limit, or by a shortage.
const TOO_MANY_ORDERS = 'GS429';
const OUT_OF_STOCK = 'GS409';

/**
 * On PostgreSQL an order is stored by one call of a function: it counts the order against the
 * client's limit, inserts it and takes its stock, and a refusal on the way (RAISE) takes all of
 * it back. Each round trip to the database costs the cms more than the statement costs
 * PostgreSQL, and the transaction of separate statements took eight (docs/decisions/017).
 * Made again at every start, with the table and column names the Query Engine uses.
 */
export async function ensurePlaceOrderFunction(strapi: Core.Strapi) {
  if (!onPostgres(strapi)) return;
  const quote = (name: string) => quoteName(strapi, name);
  const orders = tableOf(strapi, ORDER_UID);
  const products = tableOf(strapi, PRODUCT_UID);
  const orderColumn = (attribute: string) => quote(orders.column(attribute));
  const id = quote(products.column('id'));
  const stock = quote(products.column('availableQuantity'));
  const stored = ['documentId', 'orderNumber', 'firstName', 'lastName', 'items', 'total', 'status', 'publishedAt', 'createdAt', 'updatedAt'];
  const definition = `
CREATE OR REPLACE FUNCTION ${FUNCTION}(o jsonb) RETURNS integer LANGUAGE plpgsql AS $place$
DECLARE
  v_count integer;
  v_window bigint;
  v_order integer;
  v_line integer;
  v_at timestamptz := (o->>'at')::timestamptz;
BEGIN
  ${countInFunction}
  IF v_count > (o->>'max')::integer THEN
    RAISE EXCEPTION 'too many orders from this client' USING ERRCODE = '${TOO_MANY_ORDERS}';
  END IF;
  INSERT INTO ${quote(orders.name)} (${stored.map(orderColumn).join(', ')})
    VALUES (o->>'documentId', o->>'orderNumber', o->>'firstName', o->>'lastName', o->'items', (o->>'total')::integer,
            'pending', v_at, v_at, v_at)
    RETURNING ${orderColumn('id')} INTO v_order;
  FOR v_line IN 0 .. jsonb_array_length(o->'stock') - 1 LOOP
    UPDATE ${quote(products.name)} SET ${stock} = ${stock} - (o->'stock'->v_line->>'quantity')::integer
      WHERE ${id} = (o->'stock'->v_line->>'productId')::integer AND ${stock} >= (o->'stock'->v_line->>'quantity')::integer;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'out of stock' USING ERRCODE = '${OUT_OF_STOCK}', DETAIL = v_line::text;
    END IF;
  END LOOP;
  RETURN v_order;
END
$place$`;
  await replaceFunction(strapi, FUNCTION, definition);
}

export type OrderToStore = { orderNumber: string; firstName: string; lastName: string; items: OrderItem[]; total: number };

type Refusals = { tooManyOrders: string; outOfStock: (line: StockLine) => string };

/**
 * Stores the order and takes the stock of `stock` (one line per product, in id order, as
 * takeStock locks them) in one call; answers the stored row. 429 past the client's limit, 409
 * with the line that is short.
 */
export async function storeOrderOnPostgres(
  strapi: Core.Strapi,
  order: OrderToStore,
  stock: StockLine[],
  { client, limit, refusals }: { client: string; limit: EventLimit; refusals: Refusals },
): Promise<{ id: number; documentId: string; at: Date }> {
  const meta = strapi.db.metadata.get(ORDER_UID);
  // The generator the Query Engine gives a new row's documentId by default.
  const documentId = (meta.attributes.documentId as unknown as { default: () => string }).default();
  const at = new Date();
  const call = {
    ...order,
    ...windowFields('order', client, limit, at.getTime()),
    documentId,
    at: at.toISOString(),
    stock: stock.map(({ productId, quantity }) => ({ productId, quantity })),
  };
  try {
    const result = await strapi.db.connection.raw(`SELECT ${FUNCTION}(?::jsonb) AS id`, [JSON.stringify(call)]);
    return { id: Number(result.rows[0].id), documentId, at };
  } catch (error) {
    const { code, detail } = error as { code?: string; detail?: string };
    if (code === TOO_MANY_ORDERS) throw new ApiError(429, refusals.tooManyOrders);
    if (code === OUT_OF_STOCK) throw conflict(refusals.outOfStock(stock[Number(detail)]));
    throw error;
  }
}
