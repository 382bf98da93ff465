import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminOrderDetailResponseSchema, ORDER_MESSAGES } from '../../src/contract/orders';
import { ORDER_TOKEN_PATTERN, orderResponseSchema, SHOP_MESSAGES, shopOrderResponseSchema } from '../../src/contract/shop';
import { parseCsv } from '../../src/http/csv';
import { adminCall, call, signIn, type AdminSession } from '../helpers/api-client';
import { callFrom } from '../helpers/from-address';
import { allowManyOrders } from '../helpers/order-limits';
import { startTestServer, TEST_ORGANISER, type TestServer } from '../helpers/strapi';

type Product = { id: number; title: string };
type Placed = { orderNumber: string; token: string; id: number };

const NOT_FOUND = { success: false, error: SHOP_MESSAGES.orderNotFound };

// Runs on SQLite by default and on PostgreSQL with `npm run test:pg -- tests/api/order-page.test.ts`.
describe('the order page: /api/shop/orders/{number}?t= and the pickup desk', () => {
  let server: TestServer;
  let session: AdminSession;
  let horn: Product;

  const readOrder = (orderNumber: string, token: string | undefined) =>
    call(server, 'GET', `/api/shop/orders/${encodeURIComponent(orderNumber)}${token === undefined ? '' : `?t=${encodeURIComponent(token)}`}`);
  const detail = async (id: number) => adminOrderDetailResponseSchema.parse((await adminCall(server, session, 'GET', `/api/admin/shop/orders/${id}`)).body).order;
  const handOver = (id: number) => adminCall(server, session, 'POST', `/api/admin/shop/orders/${id}/hand-over`);
  const markPaid = (id: number) => adminCall(server, session, 'POST', `/api/admin/shop/orders/${id}/paid`);

  async function place(firstName = 'Mila', quantity = 1): Promise<Placed> {
    const response = await call(server, 'POST', '/api/shop/orders', {
      body: { firstName, lastName: 'Wachnase', items: JSON.stringify([{ id: horn.id, title: horn.title, price: 1, variant: '0,5 l', quantity }]) },
    });
    expect(response.status).toBe(200);
    const { orderNumber, token } = orderResponseSchema.parse(response.body);
    const row = (await server.strapi.db.query('api::order.order').findOne({ where: { orderNumber } })) as { id: number };
    return { orderNumber, token, id: row.id };
  }

  beforeAll(async () => {
    server = await startTestServer();
    session = await signIn(server);
    await allowManyOrders(server, session);
    horn = await server.strapi.db.query('api::product.product').findOne({ where: { title: 'Trinkhorn' } });
  });
  afterAll(async () => {
    await server?.destroy();
  });

  it('hands out an unguessable token at checkout and stores only its SHA-256', async () => {
    const { orderNumber, token, id } = await place();
    expect(token).toMatch(ORDER_TOKEN_PATTERN);
    const row = (await server.strapi.db.query('api::order.order').findOne({ where: { id } })) as Record<string, unknown>;
    expect(row.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);
    // Neither the organisers' calls nor their export carry the hash.
    const shown = JSON.stringify([await detail(id), (await adminCall(server, session, 'GET', '/api/admin/shop/orders')).body]);
    expect(shown).not.toContain(String(row.tokenHash));
    expect(shown).toContain(orderNumber);
  });

  it('shows the order to its token: lines, total, status, and never caches it', async () => {
    const { orderNumber, token } = await place('Anna', 2);
    const response = await readOrder(orderNumber, token);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const { order } = shopOrderResponseSchema.parse(response.body);
    expect(order).toEqual({
      orderNumber,
      createdAt: expect.any(String),
      status: 'pending',
      firstName: 'Anna',
      lines: [{ title: 'Trinkhorn', variant: '0,5 l', quantity: 2, price: 1800 }],
      total: 3600,
      paidAt: null,
      handedOverAt: null,
    });
  });

  it('answers an unknown number, a wrong, another order’s, a missing or a malformed token alike: 404, same words', async () => {
    const mine = await place('Eigene');
    const other = await place('Andere');
    const flipped = `${mine.token.slice(0, -1)}${mine.token.endsWith('A') ? 'B' : 'A'}`;
    const answers = [
      await readOrder('GOS-20250724-ZZZZZZ', mine.token),
      await readOrder(mine.orderNumber, flipped),
      await readOrder(mine.orderNumber, other.token),
      await readOrder(mine.orderNumber, undefined),
      await readOrder(mine.orderNumber, 'x'),
      await readOrder(mine.orderNumber, `${mine.token}&t=${mine.token}`),
      await readOrder(`${mine.orderNumber}' OR '1'='1`, mine.token),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual(NOT_FOUND);
    }
    // The right token still opens its own order (the failures above came from one client, under its limit).
    expect((await readOrder(other.orderNumber, other.token)).status).toBe(200);
  });

  it('limits failed look-ups per client like code checks: 429 after 10, other clients unaffected', async () => {
    const { orderNumber, token } = await place('Grenze');
    const path = (t: string) => `/api/shop/orders/${orderNumber}?t=${t}`;
    const wrong = 'A'.repeat(43);
    for (let attempt = 1; attempt <= 10; attempt++) {
      expect((await callFrom(server.baseUrl, '127.0.0.7', 'GET', path(wrong))).status).toBe(404);
    }
    const refused = await callFrom(server.baseUrl, '127.0.0.7', 'GET', path(token));
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ success: false, error: SHOP_MESSAGES.tooManyOrderLookups });
    expect((await callFrom(server.baseUrl, '127.0.0.8', 'GET', path(token))).status).toBe(200);
  });

  it('hands an order over once: of many organisers at once exactly one wins, the others learn by whom and when', async () => {
    const { orderNumber, token, id } = await place('Gleichzeitig');
    const answers = await Promise.all(Array.from({ length: 6 }, () => handOver(id)));
    const won = answers.filter((answer) => answer.status === 200);
    const lost = answers.filter((answer) => answer.status !== 200);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(5);
    for (const answer of lost) {
      expect(answer.status).toBe(409);
      expect(answer.body).toEqual({ success: false, error: expect.stringMatching(new RegExp(`^Already handed over by ${TEST_ORGANISER.username} on \\d\\d\\.\\d\\d\\.\\d{4}, \\d\\d:\\d\\d\\.$`)) });
    }
    const order = await detail(id);
    expect(order.status).toBe('delivered');
    expect(order.history).toEqual([{ action: 'handed-over', at: expect.any(String), by: TEST_ORGANISER.username, from: 'pending', to: 'delivered' }]);
    // A second scan later says the same.
    expect((await handOver(id)).status).toBe(409);
    const shown = shopOrderResponseSchema.parse((await readOrder(orderNumber, token)).body).order;
    expect(shown).toMatchObject({ status: 'delivered', handedOverAt: order.history[0].at });
  });

  it('refuses to hand over or mark paid a cancelled order', async () => {
    const { id } = await place('Storno');
    expect((await adminCall(server, session, 'PUT', `/api/admin/shop/orders/${id}`, { body: { status: 'cancelled' } })).status).toBe(200);
    const refused = await handOver(id);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ success: false, error: ORDER_MESSAGES.cancelledNotHandedOver });
    expect((await markPaid(id)).body).toEqual({ success: false, error: ORDER_MESSAGES.cancelledNotPaid });
    expect((await detail(id)).status).toBe('cancelled');
  });

  it('marks an order paid once, records every change with who and when, and exports the marks', async () => {
    const { orderNumber, token, id } = await place('Kasse');
    expect((await adminCall(server, session, 'PUT', `/api/admin/shop/orders/${id}`, { body: { status: 'processing' } })).status).toBe(200);
    const paid = await Promise.all([markPaid(id), markPaid(id)]);
    expect(paid.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(paid.find((answer) => answer.status === 409)!.body.error).toMatch(/^Already marked paid by test-orga on /);
    expect((await handOver(id)).status).toBe(200);
    const { history } = await detail(id);
    expect(history.map(({ action, by, from, to }) => ({ action, by, from, to }))).toEqual([
      { action: 'status', by: TEST_ORGANISER.username, from: 'pending', to: 'processing' },
      { action: 'paid', by: TEST_ORGANISER.username, from: undefined, to: undefined },
      { action: 'handed-over', by: TEST_ORGANISER.username, from: 'processing', to: 'delivered' },
    ]);
    expect(shopOrderResponseSchema.parse((await readOrder(orderNumber, token)).body).order.paidAt).toBe(history[1].at);

    const csv = await adminCall<string>(server, session, 'GET', '/api/admin/export/orders');
    const [header, ...rows] = parseCsv(String(csv.body));
    expect(header).toEqual(['order number', 'date', 'name', 'items', 'total', 'status', 'paid', 'handed over', 'history']);
    const row = rows.find((cells) => cells[0] === orderNumber)!;
    expect(row[5]).toBe('delivered');
    expect(row[6]).toMatch(/^\d\d\.\d\d\.\d{4}, \d\d:\d\d test-orga$/);
    expect(row[7]).toMatch(/^\d\d\.\d\d\.\d{4}, \d\d:\d\d test-orga$/);
    expect(row[8]).toMatch(/test-orga: pending → processing; .* test-orga: paid; .* test-orga: handed-over$/);
  });

  it('finds an order at the pickup desk by its number however it is typed, and nothing else', async () => {
    const { orderNumber, id } = await place('Ausgabe');
    const found = await adminCall(server, session, 'GET', `/api/admin/shop/pickup/${orderNumber.toLowerCase()}`);
    expect(found.status).toBe(200);
    expect(adminOrderDetailResponseSchema.parse(found.body).order.id).toBe(id);
    for (const number of ['GOS-19990101-AAAAAA', 'x'.repeat(40), '%3Cscript%3E']) {
      const missing = await adminCall(server, session, 'GET', `/api/admin/shop/pickup/${number}`);
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ success: false, error: ORDER_MESSAGES.notFound });
    }
    expect((await call(server, 'GET', `/api/admin/shop/pickup/${orderNumber}`)).status).toBe(401);
    expect((await call(server, 'POST', `/api/admin/shop/orders/${id}/hand-over`)).status).toBe(401);
  });
});
