import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_ORDER_LIMITS } from '../../src/contract/settings';
import { orderResponseSchema, SHOP_MESSAGES } from '../../src/contract/shop';
import { adminCall, call, signIn, type AdminSession } from '../helpers/api-client';
import { allowManyOrders, setOrderLimits } from '../helpers/order-limits';
import { startTestServer, type TestServer } from '../helpers/strapi';
import { expectRefusedLeavingNothing, whileChanged } from '../helpers/while-changed';

// On PostgreSQL the cms prices an order from the settings and products it read for earlier ones,
// and gos_place_order checks them against the rows (docs/decisions/018). Whatever changes them,
// this instance's dashboard or a write it never hears of, the very next order must be answered
// as if nothing had been kept. On SQLite the same answers are expected of its own path.

type Product = { id: number; documentId: string; title: string; price: number; availableQuantity: number };

const SHIRT = 'Haus-Shirt „Game Of Slavs“';
const onPostgres = process.env.DATABASE_CLIENT === 'postgres';

describe('orders after a change to what earlier orders were priced from', () => {
  let server: TestServer;
  let session: AdminSession;
  let shirt: Product;

  const knex = () => server.strapi.db.connection;
  const productRow = async () => (await server.strapi.db.query('api::product.product').findOne({ where: { id: shirt.id } })) as Product;
  const orderCount = () => server.strapi.db.query('api::order.order').count();
  const countedOrders = async () => {
    const row = await knex()('gos_rate_limits').where({ bucket: 'order:127.0.0.1' }).first('failures');
    return row ? Number(row.failures) : 0;
  };
  /** What a refusal must leave as it was: the orders, the shirt's stock and the client's count. */
  const traces = async () => ({ orders: await orderCount(), stock: (await productRow()).availableQuantity, counted: await countedOrders() });

  const order = (quantity = 1) =>
    call(server, 'POST', '/api/shop/orders', {
      body: { firstName: 'Vera', lastName: 'Altpreis', items: JSON.stringify([{ id: shirt.id, variant: 'M', quantity }]) },
    });
  const placed = async (quantity = 1) => {
    const response = await order(quantity);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return orderResponseSchema.parse(response.body);
  };
  const updateShirt = (fields: Record<string, unknown>) => adminCall(server, session, 'PUT', `/api/admin/shop/items/${shirt.id}`, { body: fields });
  const setShopOpen = (open: boolean) => adminCall(server, session, 'POST', '/api/admin/settings', { body: { key: 'shop_enabled', value: String(open) } });

  // Written with Knex, past the Query Engine and its lifecycles: as another instance's write
  // (or an operator's SQL) looks to this one, which therefore keeps what it read before.
  const writeProductBehindTheCms = (columns: Record<string, unknown>) => knex()('products').where({ id: shirt.id }).update(columns);
  const writeSettingBehindTheCms = (key: string, value: string) => knex()('settings').where({ key }).update({ value });

  /** The SQL statements the cms sends while `action` runs. */
  async function statementsDuring(action: () => Promise<unknown>): Promise<string[]> {
    const statements: string[] = [];
    const listener = (query: { sql: string }) => statements.push(query.sql);
    knex().on('query', listener);
    try {
      await action();
    } finally {
      knex().removeListener('query', listener);
    }
    return statements;
  }
  const placeCalls = (statements: string[]) => statements.filter((sql) => sql.includes('gos_place_order')).length;

  beforeAll(async () => {
    server = await startTestServer();
    session = await signIn(server);
    await allowManyOrders(server, session);
    shirt = (await server.strapi.db.query('api::product.product').findOne({ where: { title: SHIRT } })) as Product;
    await server.strapi.documents('api::product.product').update({ documentId: shirt.documentId, data: { availableQuantity: 1000 } as never });
  });
  beforeEach(async () => {
    await knex()('gos_rate_limits').where({ bucket: 'order:127.0.0.1' }).del();
    // An order first, so the cms holds the rules and the shirt as they are now.
    await placed();
  });
  afterAll(async () => {
    await server?.destroy();
  });

  it.runIf(onPostgres)('places an order with one statement once the rules and the products are kept', async () => {
    const statements = await statementsDuring(() => placed());
    expect(statements).toEqual([expect.stringContaining('gos_place_order')]);
  });

  it('charges a price changed in the dashboard on the next order', async () => {
    await updateShirt({ price: 3100 });
    try {
      const { orderNumber, total } = await placed(2);
      expect(total).toBe(6200);
      const stored = await server.strapi.db.query('api::order.order').findOne({ where: { orderNumber } });
      expect(stored.items).toEqual([{ id: shirt.id, title: SHIRT, variant: 'M', quantity: 2, price: 3100 }]);
    } finally {
      await updateShirt({ price: shirt.price });
    }
  });

  it('refuses the next order with 400 once the product is deactivated in the dashboard, and sells it again once it is back', async () => {
    await whileChanged(
      () => updateShirt({ isActive: false }),
      () => updateShirt({ isActive: true }),
      () => expectRefusedLeavingNothing(order, { status: 400, body: { success: false, error: SHOP_MESSAGES.unavailable(SHIRT) } }, traces),
    );
    await placed();
  });

  it('refuses the next order with 403 once the shop is closed in the dashboard, and takes orders once it is open', async () => {
    await whileChanged(
      () => setShopOpen(false),
      () => setShopOpen(true),
      () => expectRefusedLeavingNothing(order, { status: 403, body: { success: false, error: SHOP_MESSAGES.shopClosed } }, traces),
    );
    await placed();
  });

  it('applies limits changed in the dashboard to the next order', async () => {
    await setOrderLimits(server, { ...DEFAULT_ORDER_LIMITS, maxUnitsPerLine: 2, maxOrdersPerClient: 10_000, windowMinutes: 1 }, session);
    try {
      const response = await order(3);
      expect(response.body).toEqual({ success: false, error: SHOP_MESSAGES.tooManyUnitsPerLine(2, SHIRT, 'M') });
    } finally {
      await allowManyOrders(server, session);
    }
  });

  it('charges a price written past this instance on the next order; the call refused for it leaves nothing behind', async () => {
    await writeProductBehindTheCms({ price: 2700 });
    try {
      const before = await traces();
      let answer: { total: number } | undefined;
      const statements = await statementsDuring(async () => (answer = await placed(2)));
      expect(answer?.total).toBe(5400);
      // The call priced at the old price was refused and took back all it did: one order, its
      // two units and one count are all there is.
      if (onPostgres) expect(placeCalls(statements)).toBe(2);
      expect(await traces()).toEqual({ orders: before.orders + 1, stock: before.stock - 2, counted: before.counted + 1 });
    } finally {
      await writeProductBehindTheCms({ price: shirt.price });
    }
  });

  it('refuses the next order with 400 once the product is deactivated past this instance, leaving nothing behind', async () => {
    let statements: string[] = [];
    const orderWatched = async () => {
      let response: Awaited<ReturnType<typeof order>> | undefined;
      statements = await statementsDuring(async () => (response = await order()));
      return response as Awaited<ReturnType<typeof order>>;
    };
    await whileChanged(
      () => writeProductBehindTheCms({ is_active: false }),
      () => writeProductBehindTheCms({ is_active: true }),
      () => expectRefusedLeavingNothing(orderWatched, { status: 400, body: { success: false, error: SHOP_MESSAGES.unavailable(SHIRT) } }, traces),
    );
    if (onPostgres) expect(placeCalls(statements)).toBe(1);
    // Sold again at once: a refusal priced from kept values is checked against fresh reads.
    await placed();
  });

  it('refuses the next order with 403 once the shop is closed past this instance, leaving nothing behind', async () => {
    await whileChanged(
      () => writeSettingBehindTheCms('shop_enabled', 'false'),
      () => writeSettingBehindTheCms('shop_enabled', 'true'),
      () => expectRefusedLeavingNothing(order, { status: 403, body: { success: false, error: SHOP_MESSAGES.shopClosed } }, traces),
    );
    await placed();
  });

  it('applies a cap and a title written past this instance to the next order', async () => {
    await whileChanged(
      () => writeSettingBehindTheCms('order_max_units_per_line', '2'),
      () => writeSettingBehindTheCms('order_max_units_per_line', String(DEFAULT_ORDER_LIMITS.maxUnitsPerLine)),
      () => expectRefusedLeavingNothing(() => order(3), { status: 400, body: { success: false, error: SHOP_MESSAGES.tooManyUnitsPerLine(2, SHIRT, 'M') } }, traces),
    );
    await writeProductBehindTheCms({ title: 'Haus-Shirt (neu)' });
    try {
      const { orderNumber } = await placed();
      const stored = await server.strapi.db.query('api::order.order').findOne({ where: { orderNumber } });
      expect(stored.items).toEqual([{ id: shirt.id, title: 'Haus-Shirt (neu)', variant: 'M', quantity: 1, price: shirt.price }]);
    } finally {
      await writeProductBehindTheCms({ title: SHIRT });
    }
  });

  it('refuses a variant removed past this instance, and sells one added', async () => {
    const variants = (list: string[]) => JSON.stringify(list);
    await writeProductBehindTheCms({ variants: variants(['S', 'L', 'XL']) });
    try {
      expect((await order()).body).toEqual({ success: false, error: SHOP_MESSAGES.unknownVariant(SHIRT, 'M') });
      await writeProductBehindTheCms({ variants: variants(['S', 'M', 'L', 'XL', 'XXL']) });
      await placed();
    } finally {
      await writeProductBehindTheCms({ variants: variants(['S', 'M', 'L', 'XL']) });
    }
  });

  it('takes stock that orders took or an organiser set without reading the product again', async () => {
    // Stock is no part of what an order is priced from: a change of it alone keeps the values.
    await knex()('products').where({ id: shirt.id }).decrement('available_quantity', 5);
    const statements = await statementsDuring(() => placed());
    if (onPostgres) expect(statements).toEqual([expect.stringContaining('gos_place_order')]);
  });
});
