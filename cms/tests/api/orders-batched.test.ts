import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeOrderOnPostgres, type OrderToStore } from '../../src/api/order/services/place-order-postgres';
import type { ProductService, StockLine } from '../../src/api/product/services/product';
import { isDuplicateOrderNumber } from '../../src/bootstrap/order-number-index';
import { ApiError } from '../../src/http/api-error';
import { startTestServer, type TestServer } from '../helpers/strapi';

// On PostgreSQL the orders that come while a batch is with the database go together, in one call
// of gos_place_orders and one commit (docs/decisions/027). Each order of a batch must still be
// answered as if it had gone alone: a refusal takes back that order and nothing of the others.
// Runs on PostgreSQL only (vitest.config.ts).

type Product = { id: number; title: string; availableQuantity: number };

describe('orders sent to PostgreSQL together', () => {
  let server: TestServer;
  let product: Product;

  beforeAll(async () => {
    server = await startTestServer();
    const first = (await server.strapi.db.query('api::product.product').findOne({ where: { isActive: true }, orderBy: { id: 'asc' } })) as Product;
    product = (await server.strapi.db.query('api::product.product').update({ where: { id: first.id }, data: { availableQuantity: 500 } })) as Product;
  });
  afterAll(async () => {
    await server?.destroy();
  });

  const orderNamed = (orderNumber: string): OrderToStore => ({ orderNumber, tokenHash: '0'.repeat(64), firstName: 'Bea', lastName: 'Bündel', items: [], total: 0 });
  const stockOf = async () => ((await server.strapi.db.query('api::product.product').findOne({ where: { id: product.id } })) as Product).availableQuantity;
  const storedNumbers = async (numbers: string[]) =>
    ((await server.strapi.db.query('api::order.order').findMany({ where: { orderNumber: { $in: numbers } } })) as { orderNumber: string }[])
      .map((order) => order.orderNumber)
      .sort();
  const countedFor = async (client: string) => {
    const row = await server.strapi.db.connection('gos_rate_limits').where({ bucket: `order:${client}` }).first('failures');
    return row ? Number(row.failures) : 0;
  };

  /** Stores one order with `units` of the product (none for 0), for `client`, allowed `max` orders. */
  async function store(orderNumber: string, { units = 0, client = '192.0.2.10', max = 100 } = {}) {
    const catalogue = await (server.strapi.service('api::product.product') as ProductService).findForOrderAsStored([product.id]);
    const stock: StockLine[] = units > 0 ? [{ productId: product.id, quantity: units, title: product.title, variant: 'M' }] : [];
    return storeOrderOnPostgres(server.strapi, orderNamed(orderNumber), stock, {
      client,
      limit: { max, windowSeconds: 600 },
      // The cap on units of a product per client is not what this file is about: the highest the column holds.
      maxUnitsPerProduct: 2_147_483_647,
      refusals: { tooManyOrders: 'too many orders', tooManyUnitsOfProduct: (line) => `too many of ${line.title}`, outOfStock: (line) => `short of ${line.title}` },
      pricedFrom: { settings: {}, catalogue },
    });
  }

  it('answers each order of a batch on its own: the refused ones leave nothing, the others are stored and take their stock', async () => {
    await store('GOS-20260101-BATCH0');
    const stockBefore = await stockOf();
    const outcome = (promise: Promise<unknown>) =>
      promise.then(
        () => 'stored',
        (error: unknown) => (isDuplicateOrderNumber(error) ? 'duplicate number' : error instanceof ApiError ? error.status : String(error)),
      );

    // Asked for in one turn: the first goes at once, the rest together in the next batch.
    const outcomes = await Promise.all([
      outcome(store('GOS-20260101-BATCH1', { units: 1 })),
      outcome(store('GOS-20260101-BATCH2', { units: 2 })),
      outcome(store('GOS-20260101-BATCH0', { units: 1 })),
      outcome(store('GOS-20260101-BATCH3', { units: 1, client: '192.0.2.11', max: 0 })),
      outcome(store('GOS-20260101-BATCH4', { units: stockBefore })),
      outcome(store('GOS-20260101-BATCH5', { units: 3 })),
    ]);

    expect(outcomes).toEqual(['stored', 'stored', 'duplicate number', 429, 409, 'stored']);
    expect(await storedNumbers(['GOS-20260101-BATCH1', 'GOS-20260101-BATCH2', 'GOS-20260101-BATCH3', 'GOS-20260101-BATCH4', 'GOS-20260101-BATCH5'])).toEqual([
      'GOS-20260101-BATCH1',
      'GOS-20260101-BATCH2',
      'GOS-20260101-BATCH5',
    ]);
    expect(await stockOf()).toBe(stockBefore - 1 - 2 - 3);
    expect(await countedFor('192.0.2.11')).toBe(0);
  });

  it('stores a burst of a hundred orders, each once, and takes exactly their stock', async () => {
    const stockBefore = await stockOf();
    const numbers = Array.from({ length: 100 }, (_, index) => `GOS-20260102-B${String(index).padStart(5, '0')}`);
    const stored = await Promise.all(numbers.map((orderNumber, index) => store(orderNumber, { units: 1, client: `198.51.100.${index}` })));
    expect(new Set(stored.map((order) => order.id)).size).toBe(100);
    expect(await storedNumbers(numbers)).toEqual(numbers);
    expect(await stockOf()).toBe(stockBefore - 100);
  });
});
