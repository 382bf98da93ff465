import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failureSchema } from '../../src/contract/common';
import { parseOrderItems, type OrderItem } from '../../src/contract/orders';
import { DEFAULT_ORDER_LIMITS } from '../../src/contract/settings';
import { orderRequestSchema, orderResponseSchema, SHOP_MESSAGES } from '../../src/contract/shop';
import { call } from '../helpers/api-client';
import { allowManyOrders } from '../helpers/order-limits';
import { startTestServer, type TestServer } from '../helpers/strapi';
import { reportFigures, securityRuns } from '../helpers/figures';
import { serverReading } from './support/malformed';
import { send, Tally } from './support/requests';

type Product = { id: number; documentId: string; title: string; price: number; variants: string[]; availableQuantity: number; isActive: boolean };

const RUNS = securityRuns(500);
// The total column is a 32-bit integer on PostgreSQL (order service).
const MAX_TOTAL = 2_147_483_647;
// The caps on units stay at their defaults here; only the orders per client are raised.
const { maxUnitsPerLine, maxUnitsPerOrder } = DEFAULT_ORDER_LIMITS;

/**
 * What the shop must answer, worked out from the contract schema and the database alone:
 * 400 for a cart the schema refuses, that names an unknown or inactive product or variant, or
 * that holds more units than the caps allow (per product and variant, and in all), 409 when a product has not enough stock, otherwise 200 with these lines at the database's prices.
 */
function expectedOutcome(body: unknown, products: Map<number, Product>): { status: 200; items: OrderItem[]; total: number } | { status: 400 | 409 } {
  const parsed = orderRequestSchema.safeParse(body);
  if (!parsed.success) return { status: 400 };
  const lines = new Map<string, OrderItem>();
  for (const line of parsed.data.items) {
    const product = products.get(line.id);
    if (!product || !product.isActive || !product.variants.includes(line.variant)) return { status: 400 };
    const key = JSON.stringify([line.id, line.variant]);
    const same = lines.get(key);
    if (same) same.quantity += line.quantity;
    else lines.set(key, { id: product.id, title: product.title, variant: line.variant, quantity: line.quantity, price: product.price });
  }
  const items = [...lines.values()];
  if (items.some((item) => item.quantity > maxUnitsPerLine)) return { status: 400 };
  if (items.reduce((sum, item) => sum + item.quantity, 0) > maxUnitsPerOrder) return { status: 400 };
  const total = items.reduce((sum, item) => sum + item.price * item.quantity, 0);
  if (total > MAX_TOTAL) return { status: 400 };
  const wanted = new Map<number, number>();
  for (const item of items) wanted.set(item.id, (wanted.get(item.id) ?? 0) + item.quantity);
  for (const [id, quantity] of wanted) if (quantity > products.get(id)!.availableQuantity) return { status: 409 };
  return { status: 200, items, total };
}

describe('tampered carts', () => {
  let server: TestServer;
  let catalogue: Product[];
  const figures = { tried: 0, accepted: 0, refused: 0, '5xx': 0, oversoldUnits: 0, wrongTotals: 0, wrongStock: 0 };

  const readProducts = async () =>
    new Map(
      ((await server.strapi.db.query('api::product.product').findMany({ orderBy: { id: 'asc' } })) as Product[]).map((p) => [p.id, p]),
    );
  const orderCount = () => server.strapi.db.query('api::order.order').count();
  const setStock = (product: Product, availableQuantity: number) =>
    server.strapi.db.query('api::product.product').update({ where: { id: product.id }, data: { availableQuantity } });

  beforeAll(async () => {
    server = await startTestServer();
    // Every tampered order comes from 127.0.0.1: far more than a shopper may place (order-abuse.test.ts).
    await allowManyOrders(server);
    catalogue = [...(await readProducts()).values()];
    // Two products that never run out, one that runs out during the run, one sold out, one inactive.
    const [plenty, more, scarce] = catalogue.filter((p) => p.isActive && p.availableQuantity > 0);
    await setStock(plenty, 1_000_000);
    await setStock(more, 1_000_000);
    await setStock(scarce, Math.ceil(RUNS / 3));
    catalogue = [...(await readProducts()).values()];
  });
  afterAll(async () => {
    if (server) reportFigures('cart-tampering', server.database.client, { orders: figures });
    await server?.destroy();
  });

  /** A cart line a shopper's browser could never have made: prices, titles, quantities and ids tampered with. */
  const tamperedLine = () => {
    // Mostly products that can be sold, so that many tampered orders are accepted and their totals checked.
    const sellable = catalogue.filter((p) => p.isActive && p.availableQuantity > 0);
    const product = fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...sellable) }, { weight: 1, arbitrary: fc.constantFrom(...catalogue) });
    return product.chain((p) =>
      fc.record(
        {
          id: fc.oneof(
            { weight: 30, arbitrary: fc.constant<unknown>(p.id) },
            { weight: 1, arbitrary: fc.constantFrom<unknown>(999_999, 0, -1, 1.5, String(p.id), 2 ** 31, Number.MAX_SAFE_INTEGER, null, [p.id], { $gt: 0 }) },
          ),
          title: fc.oneof(fc.constant(p.title), fc.constantFrom('Gratis-Shirt', '', '=HYPERLINK("http://evil")', 'x'.repeat(500)), fc.string()),
          price: fc.oneof(fc.constant(p.price), fc.constantFrom(0, 1, -2500, 0.01, 1e12, '0', null, Number.NaN)),
          variant: fc.oneof(
            { weight: 30, arbitrary: fc.constantFrom<unknown>(...p.variants) },
            { weight: 1, arbitrary: fc.constantFrom<unknown>('', ' ', 'XXXL', p.variants[0].toLowerCase(), ` ${p.variants[0]} `, 7, null, [p.variants[0]]) },
          ),
          quantity: fc.oneof(
            { weight: 24, arbitrary: fc.integer({ min: 1, max: 5 }) },
            { weight: 2, arbitrary: fc.integer({ min: 6, max: 99 }) },
            { weight: 3, arbitrary: fc.constantFrom<unknown>(0, -1, -99, 0.5, 1.5, 100, 1e9, Number.MAX_SAFE_INTEGER, '2', '1', null, true, [1], { $gt: 0 }) },
          ),
          total: fc.constantFrom(0, 1, -100),
          isActive: fc.constant(true),
          discount: fc.constantFrom(100, '100%'),
        },
        { requiredKeys: ['id', 'variant', 'quantity'] },
      ),
    );
  };

  const tamperedOrder = () =>
    fc
      .record({
        lines: fc.array(tamperedLine(), { minLength: 1, maxLength: 4 }),
        duplicate: fc.nat({ max: 3 }),
        asText: fc.boolean(),
        extra: fc.record({ total: fc.constantFrom(0, 1, -1), price: fc.constant(0), status: fc.constant('delivered'), paid: fc.constant(true) }, { requiredKeys: [] }),
      })
      .map(({ lines, duplicate, asText, extra }) => {
        const cart = [...lines, ...lines.slice(0, duplicate)];
        return { firstName: 'Tamara', lastName: 'Manipulator', ...extra, items: asText ? JSON.stringify(cart) : cart };
      });

  it(`answers ${RUNS} tampered orders exactly: refused ones change nothing, accepted ones cost the database's prices`, async () => {
    const tally = new Tally();
    await fc.assert(
      fc.asyncProperty(tamperedOrder(), async (order) => {
        const request = { headers: { 'content-type': 'application/json' }, body: JSON.stringify(order) };
        const reading = serverReading({ label: '', ...request });
        const before = await readProducts();
        const ordersBefore = await orderCount();
        const expected = reading.parserRefuses ? { status: 400 as const } : expectedOutcome(reading.value, before);

        const response = await send(server, { method: 'POST', path: '/api/shop/orders', ...request });
        tally.record(response.status);
        const after = await readProducts();
        for (const product of after.values()) if (product.availableQuantity < 0) figures.oversoldUnits -= product.availableQuantity;
        expect({ status: response.status, body: response.text.slice(0, 200) }).toEqual({ status: expected.status, body: expect.any(String) });

        if (expected.status !== 200) {
          failureSchema.parse(JSON.parse(response.text));
          expect(after).toEqual(before);
          expect(await orderCount()).toBe(ordersBefore);
          return;
        }
        const { orderNumber, total } = orderResponseSchema.parse(JSON.parse(response.text));
        const stored = (await server.strapi.db.query('api::order.order').findOne({ where: { orderNumber } })) as { total: number; items: unknown; status: string };
        const storedItems = parseOrderItems(typeof stored.items === 'string' ? stored.items : JSON.stringify(stored.items));
        if (stored.total !== expected.total || total !== expected.total) figures.wrongTotals++;
        expect({ total, stored: stored.total, status: stored.status }).toEqual({ total: expected.total, stored: expected.total, status: 'pending' });
        expect(storedItems).toEqual(expected.items);
        expect(stored.total).toBe(storedItems.reduce((sum, item) => sum + before.get(item.id)!.price * item.quantity, 0));
        for (const [id, product] of before) {
          const ordered = expected.items.filter((item) => item.id === id).reduce((sum, item) => sum + item.quantity, 0);
          if (after.get(id)!.availableQuantity !== product.availableQuantity - ordered) figures.wrongStock++;
          expect({ id, stock: after.get(id)!.availableQuantity }).toEqual({ id, stock: product.availableQuantity - ordered });
        }
        expect(await orderCount()).toBe(ordersBefore + 1);
      }),
      { numRuns: RUNS },
    );
    Object.assign(figures, { tried: tally.tried, refused: tally.refused, accepted: tally.statuses[200] ?? 0, '5xx': tally.serverErrors });
    expect(tally.serverErrors).toBe(0);
    expect(figures.accepted).toBeGreaterThan(RUNS / 20);
    expect(tally.refused).toBeGreaterThan(RUNS / 5);
    expect(tally.statuses[409] ?? 0).toBeGreaterThan(0);
    expect({ oversoldUnits: figures.oversoldUnits, wrongTotals: figures.wrongTotals, wrongStock: figures.wrongStock }).toEqual({ oversoldUnits: 0, wrongTotals: 0, wrongStock: 0 });
  }, Math.max(300_000, RUNS * 600));

  it('never sells more than the stock when tampered orders for the last units arrive at once', async () => {
    const [target] = catalogue.filter((p) => p.isActive && p.availableQuantity > 0);
    await setStock(target, 7);
    const ordersBefore = await orderCount();
    const quantities = [1, 2, 3, 1, 0, -1, 2, 1.5, 4, 1, 1, 2, '1', 3, 1, 1, 99, 1, 2, 1];
    const answers = await Promise.all(
      quantities.map((quantity) =>
        call(server, 'POST', '/api/shop/orders', {
          body: { firstName: 'Eilig', lastName: 'Käufer', total: 0, items: JSON.stringify([{ id: target.id, variant: target.variants[0], quantity, price: 0 }]) },
        }),
      ),
    );
    const sold = answers.reduce((sum, answer, index) => sum + (answer.status === 200 ? (quantities[index] as number) : 0), 0);
    for (const answer of answers) expect([200, 400, 409]).toContain(answer.status);
    const stock = ((await readProducts()).get(target.id) as Product).availableQuantity;
    figures.oversoldUnits += Math.max(0, sold - 7);
    expect(sold).toBeLessThanOrEqual(7);
    expect(stock).toBe(7 - sold);
    expect(await orderCount()).toBe(ordersBefore + answers.filter((answer) => answer.status === 200).length);
    for (const [index, answer] of answers.entries()) {
      if (answer.status === 409) expect(answer.body).toEqual({ success: false, error: SHOP_MESSAGES.outOfStock(target.title, target.variants[0]) });
      if (answer.status === 400) expect(Number.isInteger(quantities[index]) && (quantities[index] as number) >= 1 && (quantities[index] as number) <= maxUnitsPerLine).toBe(false);
    }
  });
});
