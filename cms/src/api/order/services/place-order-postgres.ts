import type { Core } from '@strapi/strapi';
import type { OrderItem } from '../../../contract/orders';
import { ApiError, conflict } from '../../../http/api-error';
import { countAmountInFunction, countInFunction, productUnitsKey, windowFields, type EventLimit } from '../../../http/rate-limit';
import { batchedCalls, raisedError, replaceBatchFunction } from '../../../utils/batched-function';
import { onPostgres, quoteName, replaceFunction, tableOf } from '../../../utils/database';
import type { StockLine, StoredOrderableProduct } from '../../product/services/product';
import type { OrderRuleValues } from '../../setting/services/order-rules';

const ORDER_UID = 'api::order.order';
const PRODUCT_UID = 'api::product.product';
const SETTING_UID = 'api::setting.setting';
const FUNCTION = 'gos_place_order';
const BATCH_FUNCTION = 'gos_place_orders';
// The function's own SQLSTATEs (class GS is free): refused by the client's limit on orders or on
// units of a product, by a shortage, or because what the order was priced from is no longer what
// the rows hold.
const TOO_MANY_ORDERS = 'GS429';
const TOO_MANY_UNITS_OF_PRODUCT = 'GS430';
const OUT_OF_STOCK = 'GS409';
const PRICED_FROM_CHANGED_ROWS = 'GS412';
// A burst of orders takes the stock of the same few products: the orders that come while a
// batch is out go to PostgreSQL together, in one call and one commit (docs/decisions/025, 027).
const placeOrder = batchedCalls<number>(BATCH_FUNCTION);

/** The call was refused, and took everything back, because a setting or product it was priced from has changed since. */
export class PricedFromChangedRows extends Error {
  constructor() {
    super('The order was priced from settings or products that have changed since');
    this.name = 'PricedFromChangedRows';
  }
}

/**
 * On PostgreSQL an order is stored by one call of a function: it checks that the settings and
 * products the order was priced from still hold what the pricing read, counts the order and its
 * units of each product against the client's limits, inserts it and takes its stock, and a refusal on the way (RAISE) takes all
 * of it back. Each round trip to the database costs the cms more than the statement costs
 * PostgreSQL, and the transaction of separate statements took eight (docs/decisions/017, 018).
 * Made again at every start, with the table and column names the Query Engine uses.
 */
export async function ensurePlaceOrderFunction(strapi: Core.Strapi) {
  if (!onPostgres(strapi)) return;
  const quote = (name: string) => quoteName(strapi, name);
  const orders = tableOf(strapi, ORDER_UID);
  const products = tableOf(strapi, PRODUCT_UID);
  const settings = tableOf(strapi, SETTING_UID);
  const orderColumn = (attribute: string) => quote(orders.column(attribute));
  const product = (attribute: string) => `p.${quote(products.column(attribute))}`;
  const setting = (attribute: string) => `s.${quote(settings.column(attribute))}`;
  const stock = quote(products.column('availableQuantity'));
  const stored = ['documentId', 'orderNumber', 'tokenHash', 'firstName', 'lastName', 'items', 'total', 'status', 'publishedAt', 'createdAt', 'updatedAt'];
  // The product row p still holds what the order's line (jsonb) was priced from (StoredOrderableProduct).
  const asPriced = (line: string) => `${product('id')} = (${line}->>'productId')::integer
      AND ${product('title')} IS NOT DISTINCT FROM ${line}->>'title'
      AND ${product('price')} IS NOT DISTINCT FROM (${line}->>'price')::integer
      AND ${product('isActive')} IS NOT DISTINCT FROM (${line}->>'isActive')::boolean
      AND ${product('variants')}::text IS NOT DISTINCT FROM ${line}->>'variants'`;
  const definition = `
CREATE OR REPLACE FUNCTION ${FUNCTION}(o jsonb) RETURNS integer LANGUAGE plpgsql AS $place$
DECLARE
  v_count integer;
  v_window bigint;
  v_order integer;
  v_line integer;
  v_item jsonb;
  v_at timestamptz := (o->>'at')::timestamptz;
BEGIN
  -- First, so that an order priced from old values is refused for that before anything else: the
  -- cms prices it again from fresh reads, and its refusals (shop closed, product gone) come first.
  -- A key with two rows counts with its newest, as the setting service reads it.
  IF EXISTS (
       SELECT 1 FROM jsonb_each_text(o->'settings') AS used(key, value)
        WHERE used.value IS DISTINCT FROM
              (SELECT ${setting('value')} FROM ${quote(settings.name)} s WHERE ${setting('key')} = used.key ORDER BY ${setting('id')} DESC LIMIT 1))
     OR EXISTS (
       SELECT 1 FROM jsonb_array_elements(o->'stock') AS used(line)
        WHERE NOT EXISTS (SELECT 1 FROM ${quote(products.name)} p WHERE ${asPriced('used.line')})) THEN
    RAISE EXCEPTION 'priced from changed rows' USING ERRCODE = '${PRICED_FROM_CHANGED_ROWS}';
  END IF;
  ${countInFunction}
  IF v_count > (o->>'max')::integer THEN
    RAISE EXCEPTION 'too many orders from this client' USING ERRCODE = '${TOO_MANY_ORDERS}';
  END IF;
  -- The client's units of each product in the window: one line per product, as in o->'stock'.
  FOR v_line IN 0 .. jsonb_array_length(o->'units') - 1 LOOP
    v_item := o->'units'->v_line;
    ${countAmountInFunction("v_item->>'key'", "(v_item->>'quantity')::integer")}
    IF v_count > (o->>'maxUnits')::integer THEN
      RAISE EXCEPTION 'too many units of a product from this client' USING ERRCODE = '${TOO_MANY_UNITS_OF_PRODUCT}', DETAIL = v_line::text;
    END IF;
  END LOOP;
  INSERT INTO ${quote(orders.name)} (${stored.map(orderColumn).join(', ')})
    VALUES (o->>'documentId', o->>'orderNumber', o->>'tokenHash', o->>'firstName', o->>'lastName', o->'items', (o->>'total')::integer,
            'pending', v_at, v_at, v_at)
    RETURNING ${orderColumn('id')} INTO v_order;
  -- The check above read the rows without locking them; the UPDATE compares again on the row it
  -- locks until the commit, so a change committed in between refuses the order too.
  FOR v_line IN 0 .. jsonb_array_length(o->'stock') - 1 LOOP
    v_item := o->'stock'->v_line;
    UPDATE ${quote(products.name)} AS p SET ${stock} = ${product('availableQuantity')} - (v_item->>'quantity')::integer
      WHERE ${asPriced('v_item')} AND ${product('availableQuantity')} >= (v_item->>'quantity')::integer;
    IF NOT FOUND THEN
      IF NOT EXISTS (SELECT 1 FROM ${quote(products.name)} p WHERE ${asPriced('v_item')}) THEN
        RAISE EXCEPTION 'priced from changed rows' USING ERRCODE = '${PRICED_FROM_CHANGED_ROWS}';
      END IF;
      RAISE EXCEPTION 'out of stock' USING ERRCODE = '${OUT_OF_STOCK}', DETAIL = v_line::text;
    END IF;
  END LOOP;
  RETURN v_order;
END
$place$`;
  await replaceFunction(strapi, FUNCTION, definition);

  // The products of the whole batch are locked first, in id order, so that two batches (two cms
  // instances) never wait on each other's rows in turn.
  const lockProducts = `PERFORM 1 FROM ${quote(products.name)} p
    WHERE ${product('id')} IN (SELECT (line->>'productId')::integer
                                 FROM jsonb_array_elements(batch) AS orders(o), jsonb_array_elements(orders.o->'stock') AS lines(line))
    ORDER BY ${product('id')} FOR UPDATE;`;
  await replaceBatchFunction(strapi, BATCH_FUNCTION, FUNCTION, lockProducts);
}

export type OrderToStore = { orderNumber: string; tokenHash: string; firstName: string; lastName: string; items: OrderItem[]; total: number };

type Refusals = { tooManyOrders: string; tooManyUnitsOfProduct: (line: StockLine) => string; outOfStock: (line: StockLine) => string };

/** What the order was priced from: the settings' values and the products' rows as read. */
export type PricedFrom = { settings: OrderRuleValues; catalogue: Map<number, StoredOrderableProduct> };

/**
 * Stores the order and takes the stock of `stock` (one line per product, in id order, as
 * takeStock locks them) in one call; answers the stored row. Throws PricedFromChangedRows when a
 * setting or product of `pricedFrom` holds something else by now, 429 past the client's limit on
 * orders or on a product's units, 409 with the line that is short.
 */
export async function storeOrderOnPostgres(
  strapi: Core.Strapi,
  order: OrderToStore,
  stock: StockLine[],
  { client, limit, maxUnitsPerProduct, refusals, pricedFrom }: { client: string; limit: EventLimit; maxUnitsPerProduct: number; refusals: Refusals; pricedFrom: PricedFrom },
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
    settings: pricedFrom.settings,
    units: stock.map(({ productId, quantity }) => ({ key: productUnitsKey(client, productId), quantity })),
    maxUnits: maxUnitsPerProduct,
    stock: stock.map(({ productId, quantity }) => {
      const product = pricedFrom.catalogue.get(productId);
      if (!product) throw new Error(`Product ${productId} was ordered but not priced`);
      const { title, price, isActive, storedVariants } = product;
      return { productId, quantity, title, price, isActive, variants: storedVariants };
    }),
  };
  const placed = await placeOrder(strapi, JSON.stringify(call));
  if ('answer' in placed) return { id: Number(placed.answer), documentId, at };
  const { code, detail } = placed;
  if (code === PRICED_FROM_CHANGED_ROWS) throw new PricedFromChangedRows();
  if (code === TOO_MANY_ORDERS) throw new ApiError(429, refusals.tooManyOrders);
  if (code === TOO_MANY_UNITS_OF_PRODUCT) throw new ApiError(429, refusals.tooManyUnitsOfProduct(stock[Number(detail)]));
  if (code === OUT_OF_STOCK) throw conflict(refusals.outOfStock(stock[Number(detail)]));
  // A repeated order number among them: isDuplicateOrderNumber reads its code and constraint.
  throw raisedError(placed);
}
