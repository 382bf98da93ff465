import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failureSchema } from '../../src/contract/common';
import { DEFAULT_ORDER_LIMITS, ORDER_LIMIT_FIELDS } from '../../src/contract/settings';
import { orderResponseSchema, shopItemsResponseSchema, SHOP_MESSAGES } from '../../src/contract/shop';
import { call, signIn, type AdminSession } from '../helpers/api-client';
import { setOrderLimits } from '../helpers/order-limits';
import { startTestServer, type TestServer } from '../helpers/strapi';
import { reportFigures } from '../helpers/figures';

type Product = { id: number; documentId: string; title: string; variants: string[]; availableQuantity: number };
type Line = { id: number; variant: string; quantity: number };
type Answer = { status: number; body: unknown };

const SHIRT = 'Haus-Shirt „Game Of Slavs“';
const HOOD = 'Kapuzenmantel der Wache';
const HORN = 'Trinkhorn';

describe('order abuse: caps on units and a limit on orders per client', () => {
  let server: TestServer;
  let session: AdminSession;
  let port: number;
  let shirt: Product;
  let hood: Product;
  let horn: Product;
  // Every test orders from loopback addresses of its own, so their counts never meet.
  let nextAddress = 10;
  const newAddress = () => `127.0.0.${nextAddress++}`;
  const figures = { tried: 0, placed: 0, refused400: 0, refused429: 0 };

  const product = async (title: string) =>
    (await server.strapi.db.query('api::product.product').findOne({ where: { title } })) as Product;
  const stockOf = async (target: Product) => (await product(target.title)).availableQuantity;
  const setStock = (target: Product, availableQuantity: number) =>
    server.strapi.db.query('api::product.product').update({ where: { id: target.id }, data: { availableQuantity } });
  const orderCount = () => server.strapi.db.query('api::order.order').count();

  /** POST /api/shop/orders from the given loopback address, as a shopper at that address would. */
  const orderFrom = (localAddress: string, lines: Line[], headers: Record<string, string> = {}) =>
    new Promise<Answer>((resolve, reject) => {
      const body = JSON.stringify({ firstName: 'Viel', lastName: 'Besteller', items: JSON.stringify(lines) });
      const request = http.request(
        { host: '127.0.0.1', port, method: 'POST', path: '/api/shop/orders', localAddress, headers: { 'content-type': 'application/json', ...headers } },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () => {
            figures.tried++;
            if (response.statusCode === 200) figures.placed++;
            if (response.statusCode === 400) figures.refused400++;
            if (response.statusCode === 429) figures.refused429++;
            resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as unknown });
          });
        },
      );
      request.on('error', reject);
      request.end(body);
    });

  /** Sends the order and expects it refused with exactly this status and message, leaving orders and stock as they were. */
  async function expectRefused(address: string, lines: Line[], status: number, error: string) {
    const [orders, stocks] = [await orderCount(), await Promise.all([shirt, hood, horn].map(stockOf))];
    const answer = await orderFrom(address, lines);
    expect({ status: answer.status, body: failureSchema.parse(answer.body) }).toEqual({ status, body: { success: false, error } });
    expect([await orderCount(), await Promise.all([shirt, hood, horn].map(stockOf))]).toEqual([orders, stocks]);
  }

  async function expectPlaced(address: string, lines: Line[]) {
    const answer = await orderFrom(address, lines);
    expect({ status: answer.status, body: answer.body }).toEqual({ status: 200, body: expect.objectContaining({ success: true }) });
    return orderResponseSchema.parse(answer.body);
  }

  beforeAll(async () => {
    server = await startTestServer();
    session = await signIn(server);
    port = Number(new URL(server.baseUrl).port);
    [shirt, hood, horn] = await Promise.all([product(SHIRT), product(HOOD), product(HORN)]);
    await Promise.all([setStock(shirt, 10_000), setStock(hood, 10_000), setStock(horn, 10_000)]);
    // The cap on units of a product per client (client-networks.test.ts) would stop an address
    // here before the limits these tests are about: it goes to its highest.
    await setOrderLimits(server, { ...DEFAULT_ORDER_LIMITS, maxUnitsPerProduct: ORDER_LIMIT_FIELDS.maxUnitsPerProduct.max }, session);
  });
  afterAll(async () => {
    if (server) reportFigures('order-abuse', server.database.client, { orders: figures });
    await server?.destroy();
  });

  it('refuses one order of 50 lines × 99 units that would take the whole stock, and leaves the stock alone', async () => {
    await setStock(shirt, 50 * 99);
    try {
      const lines = Array.from({ length: 50 }, (_, index) => ({ id: shirt.id, variant: shirt.variants[index % shirt.variants.length], quantity: 99 }));
      await expectRefused(newAddress(), lines, 400, SHOP_MESSAGES.tooManyUnitsPerLine(10, SHIRT, 'S'));
      expect(await stockOf(shirt)).toBe(50 * 99);
      // The shop does not show "Ausverkauft".
      const shop = shopItemsResponseSchema.parse((await call(server, 'GET', '/api/shop/items')).body);
      expect(shop.items.find((item) => item.id === shirt.id)?.availableQuantity).toBe(50 * 99);
    } finally {
      await setStock(shirt, 10_000);
    }
  });

  it('refuses 10 units of every variant by the cap per order, and the same cart five times over by the cap per line', async () => {
    const lines = [shirt, hood, horn].flatMap((target) => target.variants.map((variant) => ({ id: target.id, variant, quantity: 10 })));
    await expectRefused(newAddress(), lines, 400, 'Eine Bestellung darf höchstens 30 Stück enthalten.');
    const repeated = Array.from({ length: 5 }, () => lines).flat();
    await expectRefused(newAddress(), repeated, 400, SHOP_MESSAGES.tooManyUnitsPerLine(10, SHIRT, shirt.variants[0]));
  });

  it('accepts 10 units on a line and refuses 11, naming the line', async () => {
    const address = newAddress();
    await expectRefused(address, [{ id: shirt.id, variant: 'M', quantity: 11 }], 400, `Höchstens 10 Stück je Artikel: ${SHIRT} (M)`);
    const stock = await stockOf(shirt);
    await expectPlaced(address, [{ id: shirt.id, variant: 'M', quantity: 10 }]);
    expect(await stockOf(shirt)).toBe(stock - 10);
  });

  it('accepts 10 + 10 + 10 units over three lines and refuses 31', async () => {
    const address = newAddress();
    const thirty = [
      { id: shirt.id, variant: 'S', quantity: 10 },
      { id: hood.id, variant: hood.variants[0], quantity: 10 },
      { id: horn.id, variant: horn.variants[0], quantity: 10 },
    ];
    await expectRefused(address, [...thirty, { id: shirt.id, variant: 'L', quantity: 1 }], 400, 'Eine Bestellung darf höchstens 30 Stück enthalten.');
    const { total } = await expectPlaced(address, thirty);
    expect(total).toBeGreaterThan(0);
  });

  it('merges lines of the same product and variant before the cap, so splitting a line gains nothing', async () => {
    const address = newAddress();
    const split = Array.from({ length: 11 }, () => ({ id: shirt.id, variant: 'XL', quantity: 1 }));
    await expectRefused(address, split, 400, `Höchstens 10 Stück je Artikel: ${SHIRT} (XL)`);
    await expectRefused(address, [{ id: shirt.id, variant: 'XL', quantity: 6 }, { id: shirt.id, variant: 'XL', quantity: 5 }], 400, `Höchstens 10 Stück je Artikel: ${SHIRT} (XL)`);
    // Other variants of the same product are lines of their own.
    await expectPlaced(address, [{ id: shirt.id, variant: 'XL', quantity: 6 }, { id: shirt.id, variant: 'L', quantity: 5 }, { id: shirt.id, variant: 'XL', quantity: 4 }]);
  });

  it('refuses the 11th order of one address within 10 minutes with a German 429, while another address still orders', async () => {
    const [busy, other] = [newAddress(), newAddress()];
    const one = [{ id: horn.id, variant: horn.variants[0], quantity: 1 }];
    for (let n = 0; n < 10; n++) await expectPlaced(busy, one);
    const tooMany = 'Zu viele Bestellungen in kurzer Zeit: höchstens 10 in 10 Minuten. Bitte versuche es später erneut.';
    await expectRefused(busy, one, 429, tooMany);
    // Neither a forged forwarding header (the cms trusts no proxy here) nor another cart makes it someone else.
    const forged = await orderFrom(busy, one, { 'x-forwarded-for': '203.0.113.7', 'x-real-ip': '203.0.113.8' });
    expect(forged).toEqual({ status: 429, body: { success: false, error: tooMany } });
    await expectRefused(busy, [{ id: shirt.id, variant: 'S', quantity: 2 }], 429, tooMany);
    await expectPlaced(other, one);
  });

  it('does not count refused orders', async () => {
    const address = newAddress();
    const patches = await product('Aufnäher-Set der Häuser');
    for (let n = 0; n < 5; n++) {
      await expectRefused(address, [{ id: patches.id, variant: patches.variants[0], quantity: 1 }], 409, SHOP_MESSAGES.outOfStock(patches.title, patches.variants[0]));
      await expectRefused(address, [{ id: shirt.id, variant: 'M', quantity: 11 }], 400, SHOP_MESSAGES.tooManyUnitsPerLine(10, SHIRT, 'M'));
      await expectRefused(address, [{ id: shirt.id, variant: 'XXL', quantity: 1 }], 400, SHOP_MESSAGES.unknownVariant(SHIRT, 'XXL'));
    }
    for (let n = 0; n < 10; n++) await expectPlaced(address, [{ id: horn.id, variant: horn.variants[0], quantity: 1 }]);
    expect((await orderFrom(address, [{ id: horn.id, variant: horn.variants[0], quantity: 1 }])).status).toBe(429);
  });

  it('lets exactly 10 of 25 orders sent at once from one address through', async () => {
    const address = newAddress();
    const orders = await orderCount();
    const answers = await Promise.all(Array.from({ length: 25 }, () => orderFrom(address, [{ id: hood.id, variant: hood.variants[0], quantity: 1 }])));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(10);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(15);
    expect(await orderCount()).toBe(orders + 10);
  });

  it('lets a client order again once its window has passed', async () => {
    const address = newAddress();
    const one = [{ id: horn.id, variant: horn.variants[0], quantity: 1 }];
    for (let n = 0; n < 10; n++) await expectPlaced(address, one);
    expect((await orderFrom(address, one)).status).toBe(429);
    // Ten minutes and a second later, as far as the counter can tell.
    await server.strapi.db.connection('gos_rate_limits').where({ bucket: `order:${address}` }).decrement('window_start', 10 * 60 * 1000 + 1000);
    await expectPlaced(address, one);
  });

  it('applies the limits an organiser sets at once, and shows the caps in the shop', async () => {
    await setOrderLimits(server, { maxUnitsPerLine: 2, maxUnitsPerOrder: 3, maxOrdersPerClient: 2, windowMinutes: 1 }, session);
    try {
      const shop = shopItemsResponseSchema.parse((await call(server, 'GET', '/api/shop/items')).body);
      expect(shop.unitLimits).toEqual({ maxUnitsPerLine: 2, maxUnitsPerOrder: 3 });
      const address = newAddress();
      await expectRefused(address, [{ id: shirt.id, variant: 'M', quantity: 3 }], 400, `Höchstens 2 Stück je Artikel: ${SHIRT} (M)`);
      await expectRefused(address, [{ id: shirt.id, variant: 'M', quantity: 2 }, { id: shirt.id, variant: 'L', quantity: 2 }], 400, 'Eine Bestellung darf höchstens 3 Stück enthalten.');
      await expectPlaced(address, [{ id: shirt.id, variant: 'M', quantity: 2 }]);
      await expectPlaced(address, [{ id: shirt.id, variant: 'M', quantity: 1 }]);
      await expectRefused(address, [{ id: shirt.id, variant: 'M', quantity: 1 }], 429, 'Zu viele Bestellungen in kurzer Zeit: höchstens 2 in einer Minute. Bitte versuche es später erneut.');

      // Raised again, the same client may order at once.
      await setOrderLimits(server, { maxUnitsPerLine: 20, maxUnitsPerOrder: 40, maxOrdersPerClient: 3, windowMinutes: 1 }, session);
      await expectPlaced(address, [{ id: shirt.id, variant: 'M', quantity: 20 }, { id: shirt.id, variant: 'L', quantity: 20 }]);
      const item = await call(server, 'GET', `/api/shop/items/${shirt.id}`);
      expect(item.body).toMatchObject({ success: true, unitLimits: { maxUnitsPerLine: 20, maxUnitsPerOrder: 40 } });
    } finally {
      await setOrderLimits(server, DEFAULT_ORDER_LIMITS, session);
    }
    expect(shopItemsResponseSchema.parse((await call(server, 'GET', '/api/shop/items')).body).unitLimits).toEqual({ maxUnitsPerLine: 10, maxUnitsPerOrder: 30 });
  });
});
