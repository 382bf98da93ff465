import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminOrderDetailResponseSchema, ORDER_MESSAGES, SYSTEM_ACTOR } from '../../src/contract/orders';
import { ORDER_TOKEN_PATTERN, orderResponseSchema, SHOP_MESSAGES, shopOrderResponseSchema } from '../../src/contract/shop';
import { parseCsv } from '../../src/http/csv';
import { adminCall, call, signIn, type AdminSession } from '../helpers/api-client';
import { callFrom } from '../helpers/from-address';
import { allowManyOrders } from '../helpers/order-limits';
import { startTestServer, TEST_ORGANISER, TEST_SUPER_ADMIN, type TestServer } from '../helpers/strapi';

type Product = { id: number; title: string };
type Placed = { orderNumber: string; token: string; id: number };
type OrderRow = { id: number; documentId: string; status: string; tokenHash: string; history: unknown };
type PanelFailure = { error: { name: string; details?: { errors?: { path: string[]; message: string }[] } } };

const ORDER = 'api::order.order';
// The Super Admin the cms creates: "Festival Technik" (bootstrap/accounts.ts).
const PANEL_USER = 'Festival Technik (Panel)';

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
    const row = (await server.strapi.db.query(ORDER).findOne({ where: { orderNumber } })) as { id: number };
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
  describe('a status changed outside the dashboard: the Super Admin’s panel, the Document Service, the Query Engine', () => {
    let panel: { authorization: string };
    const rowOf = async (id: number) => (await server.strapi.db.query(ORDER).findOne({ where: { id } })) as OrderRow;
    const stockOfHorn = async () => ((await server.strapi.db.query('api::product.product').findOne({ where: { id: horn.id } })) as { availableQuantity: number }).availableQuantity;
    const setStockOfHorn = (availableQuantity: number) => server.strapi.db.query('api::product.product').update({ where: { id: horn.id }, data: { availableQuantity } });
    const asPanel = async <T = PanelFailure>(method: string, id: number, body?: unknown) =>
      call<T>(server, method, `/content-manager/collection-types/${ORDER}/${(await rowOf(id)).documentId}`, { headers: panel, body });
    const events = async (id: number) => (await detail(id)).history.map(({ action, by, from, to }) => ({ action, by, from, to }));
    /** A write through the Document Service, in a request of the Super Admin's (as a plugin or a panel page of ours would make it). */
    const asPanelUser = async (id: number, status: string) => {
      const documentId = (await rowOf(id)).documentId;
      const state = { user: { firstname: 'Festival', lastname: 'Technik', username: null }, auth: { strategy: { name: 'admin' } } };
      return server.strapi.requestContext.run({ state } as never, async () => {
        await server.strapi.documents(ORDER).update({ documentId, data: { status } as never });
      });
    };

    beforeAll(async () => {
      const signedIn = await call<{ data: { token: string } }>(server, 'POST', '/admin/login', { body: TEST_SUPER_ADMIN });
      expect(signedIn.status).toBe(200);
      panel = { authorization: `Bearer ${signedIn.body.data.token}` };
      await setStockOfHorn(1000);
    });

    it('the content manager changes no order’s status: Strapi 5 reads `status` there as draft or published', async () => {
      const { id } = await place('Panel');
      const before = await rowOf(id);
      for (const status of ['processing', 'delivered', 'cancelled']) {
        const refused = await asPanel('PUT', id, { status });
        expect(refused.status).toBe(400);
        expect(refused.body.error.name).toBe('ValidationError');
      }
      expect(await rowOf(id)).toEqual(before);
      // Other fields still save, and record no change of status.
      const saved = await asPanel('PUT', id, { firstName: 'Panela' });
      expect(saved.status, JSON.stringify(saved.body).slice(0, 300)).toBe(200);
      expect(await rowOf(id)).toMatchObject({ firstName: 'Panela', status: 'pending', history: before.history });
    });

    it('records a change through the Document Service with the request’s user, or the system, once, beside the dashboard’s own events', async () => {
      const { id } = await place('Skript');
      const before = Date.now();
      await asPanelUser(id, 'processing');
      const [event] = (await detail(id)).history;
      expect(event).toEqual({ action: 'status', at: expect.any(String), by: PANEL_USER, from: 'pending', to: 'processing' });
      expect(Date.parse(event.at)).toBeGreaterThanOrEqual(before - 1000);
      // An unchanged status records nothing.
      await server.strapi.documents(ORDER).update({ documentId: (await rowOf(id)).documentId, data: { status: 'processing', firstName: 'Skripta' } as never });
      await server.strapi.db.query(ORDER).update({ where: { id }, data: { status: 'shipped' } });
      expect((await adminCall(server, session, 'PUT', `/api/admin/shop/orders/${id}`, { body: { status: 'processing' } })).status).toBe(200);
      expect((await handOver(id)).status).toBe(200);
      expect(await events(id)).toEqual([
        { action: 'status', by: PANEL_USER, from: 'pending', to: 'processing' },
        { action: 'status', by: SYSTEM_ACTOR, from: 'processing', to: 'shipped' },
        { action: 'status', by: TEST_ORGANISER.username, from: 'shipped', to: 'processing' },
        { action: 'handed-over', by: TEST_ORGANISER.username, from: 'processing', to: 'delivered' },
      ]);
    });

    it('refuses one write that changes the status of many orders: it cannot carry each one’s history', async () => {
      const { id } = await place('Viele');
      await expect(server.strapi.db.query(ORDER).updateMany({ where: { id }, data: { status: 'shipped' } })).rejects.toMatchObject({ name: 'ValidationError' });
      // One that changes no status passes.
      await server.strapi.db.query(ORDER).updateMany({ where: { id }, data: { status: 'pending', firstName: 'Viola' } });
      expect(await rowOf(id)).toMatchObject({ status: 'pending', firstName: 'Viola' });
      expect(await events(id)).toEqual([]);
    });

    it('hands no cancelled order over at the desk, while every door may set any status (SPEC §4), moving the stock and recording each', async () => {
      const { id } = await place('Storniert', 2);
      const stock = await stockOfHorn();
      await asPanelUser(id, 'cancelled');
      expect(await stockOfHorn()).toBe(stock + 2);
      const cancelled = await rowOf(id);
      expect((await handOver(id)).status).toBe(409);
      expect(await rowOf(id)).toEqual(cancelled);
      expect(await stockOfHorn()).toBe(stock + 2);

      // The organiser's select sets any status from any other: delivered takes the stock again, as reopening does.
      const dashboard = await adminCall(server, session, 'PUT', `/api/admin/shop/orders/${id}`, { body: { status: 'delivered' } });
      expect(dashboard.status).toBe(200);
      expect(await stockOfHorn()).toBe(stock);
      await asPanelUser(id, 'cancelled');
      await server.strapi.db.query(ORDER).update({ where: { id }, data: { status: 'delivered' } });
      expect(await stockOfHorn()).toBe(stock);
      await asPanelUser(id, 'pending');
      expect(await events(id)).toEqual([
        { action: 'status', by: PANEL_USER, from: 'pending', to: 'cancelled' },
        { action: 'status', by: TEST_ORGANISER.username, from: 'cancelled', to: 'delivered' },
        { action: 'status', by: PANEL_USER, from: 'delivered', to: 'cancelled' },
        { action: 'status', by: SYSTEM_ACTOR, from: 'cancelled', to: 'delivered' },
        { action: 'status', by: PANEL_USER, from: 'delivered', to: 'pending' },
      ]);
    });

    it('refuses to reopen through the Document Service when the stock is gone, and changes nothing', async () => {
      const { id } = await place('Ausverkauft');
      await asPanelUser(id, 'cancelled');
      const cancelled = await rowOf(id);
      const stock = await stockOfHorn();
      await setStockOfHorn(0);
      await expect(asPanelUser(id, 'processing')).rejects.toMatchObject({ name: 'ValidationError', details: { errors: [{ path: ['status'], message: expect.stringMatching(/Vorrat/) }] } });
      expect(await rowOf(id)).toEqual(cancelled);
      expect(await stockOfHorn()).toBe(0);
      await setStockOfHorn(stock);
    });

    it('neither shows nor takes the token’s hash or the history in the panel', async () => {
      const { orderNumber, token, id } = await place('Privat');
      expect((await handOver(id)).status).toBe(200);
      const before = await rowOf(id);
      const shown = await asPanel<Record<string, unknown>>('GET', id);
      expect(shown.status).toBe(200);
      expect(JSON.stringify(shown.body)).not.toContain(before.tokenHash);
      expect(JSON.stringify(shown.body)).not.toMatch(/handed-over|"history"|"tokenHash"/);

      const forged = [{ action: 'paid', at: new Date().toISOString(), by: 'Fälscher' }];
      const saved = await asPanel('PUT', id, { history: forged, tokenHash: 'f'.repeat(64), firstName: 'Privata' });
      expect(saved.status).toBeLessThan(500);
      const after = await rowOf(id);
      expect(after.tokenHash).toBe(before.tokenHash);
      expect(after.history).toEqual(before.history);
      expect((await readOrder(orderNumber, token)).status).toBe(200);
    });

    it('keeps both events when a Document Service write and the pickup desk change the same order at once', async () => {
      const { id } = await place('Zugleich');
      const [, desk] = await Promise.all([asPanelUser(id, 'processing'), handOver(id)]);
      expect(desk.status).toBe(200);
      const actions = (await events(id)).map(({ action, by }) => `${action} ${by}`);
      expect(actions.sort()).toEqual([`handed-over ${TEST_ORGANISER.username}`, `status ${PANEL_USER}`]);
    });
  });
});
