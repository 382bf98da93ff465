import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeholderEmail } from '../../src/bootstrap/accounts';
import { failureSchema } from '../../src/contract/common';
import { adminOrdersResponseSchema, orderStatusUpdateResponseSchema, parseOrderItems, type AdminOrder } from '../../src/contract/orders';
import { orderResponseSchema } from '../../src/contract/shop';
import { parseCsv } from '../../src/http/csv';
import { adminCall, call, sessionHeadersFor, signIn, type AdminSession } from '../helpers/api-client';
import { allowManyOrders } from '../helpers/order-limits';
import { startTestServer, type TestServer } from '../helpers/strapi';

type Product = { id: number; documentId: string; title: string; availableQuantity: number };

const ORDER_KEYS = ['createdAt', 'firstName', 'id', 'items', 'lastName', 'orderNumber', 'status', 'total'];

describe('admin orders: /api/admin/shop/orders and /api/admin/export/orders', () => {
  let server: TestServer;
  let session: AdminSession;
  let memberHeaders: Record<string, string>;
  let horn: Product;

  const stockOf = async (id: number) =>
    ((await server.strapi.db.query('api::product.product').findOne({ where: { id } })) as Product).availableQuantity;
  const setStock = (availableQuantity: number) =>
    server.strapi.documents('api::product.product').update({ documentId: horn.documentId, data: { availableQuantity } as never });
  const listOrders = async () => adminOrdersResponseSchema.parse((await adminCall(server, session, 'GET', '/api/admin/shop/orders')).body).orders;
  const setStatus = (id: number | string, body: unknown) => adminCall(server, session, 'PUT', `/api/admin/shop/orders/${id}`, { body });
  async function place(firstName: string, quantity = 1, lastName = 'Wachnase'): Promise<AdminOrder> {
    const response = await call(server, 'POST', '/api/shop/orders', {
      body: { firstName, lastName, items: JSON.stringify([{ id: horn.id, title: horn.title, price: 1, variant: '0,5 l', quantity }]) },
    });
    const { orderNumber } = orderResponseSchema.parse(response.body);
    return (await listOrders()).find((order) => order.orderNumber === orderNumber)!;
  }

  beforeAll(async () => {
    server = await startTestServer();
    session = await signIn(server);
    // This file places more orders from one address than a shopper may (order-abuse.test.ts).
    await allowManyOrders(server, session);
    horn = await server.strapi.db.query('api::product.product').findOne({ where: { title: 'Trinkhorn' } });
    const member = await server.strapi.documents('plugin::users-permissions.user').create({
      data: { username: 'member', email: placeholderEmail('member'), password: 'member-password', confirmed: true, isAdmin: false } as never,
    });
    memberHeaders = await sessionHeadersFor(server, member.id as number);
  });
  afterAll(async () => {
    await server?.destroy();
  });

  it.each([
    ['GET', '/api/admin/shop/orders'],
    ['PUT', '/api/admin/shop/orders/1'],
    ['DELETE', '/api/admin/shop/orders/1'],
    ['GET', '/api/admin/export/orders'],
  ])('%s %s refuses a caller without a session, with only x-user-id, a non-admin and a mismatched x-user-id', async (method, path) => {
    const body = method === 'PUT' ? { status: 'cancelled' } : undefined;
    const noSession = await call(server, method, path, { body });
    expect(noSession.status).toBe(401);
    expect(noSession.body).toEqual({ success: false, error: 'Admin authentication required' });
    expect((await call(server, method, path, { body, headers: { 'x-user-id': String(session.id) } })).status).toBe(401);
    const nonAdmin = await call(server, method, path, { body, headers: memberHeaders });
    expect(nonAdmin.status).toBe(403);
    failureSchema.parse(nonAdmin.body);
    expect((await adminCall(server, session, method, path, { body, headers: { 'x-user-id': String(session.id + 1) } })).status).toBe(403);
  });

  it('lists orders newest first with exactly the contract’s keys and the items as JSON text', async () => {
    const first = await place('Erste', 1);
    const second = await place('Zweite', 2);
    const orders = await listOrders();
    expect(orders.slice(0, 2).map((order) => order.orderNumber)).toEqual([second.orderNumber, first.orderNumber]);
    for (const order of orders) expect(Object.keys(order).sort()).toEqual(ORDER_KEYS);
    expect(second).toMatchObject({ firstName: 'Zweite', lastName: 'Wachnase', status: 'pending', total: 3600 });
    expect(new Date(second.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(parseOrderItems(second.items)).toEqual([{ id: horn.id, title: 'Trinkhorn', variant: '0,5 l', quantity: 2, price: 1800 }]);
  });

  it('sets any of the five statuses and answers with the changed order', async () => {
    const order = await place('Status');
    for (const status of ['processing', 'shipped', 'delivered', 'pending'] as const) {
      const response = await setStatus(order.id, { status });
      expect(response.status).toBe(200);
      expect(orderStatusUpdateResponseSchema.parse(response.body).order).toEqual({ ...order, status });
    }
  });

  it.each([[{ status: 'lost' }], [{ status: 'Cancelled' }], [{ status: '' }], [{}], [{ status: ['cancelled'] }], [{ status: { $ne: 'x' } }]])(
    'refuses %j with "Invalid order status"',
    async (body) => {
      const order = await place('Ungültig');
      const response = await setStatus(order.id, body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ success: false, error: 'Invalid order status' });
      expect((await listOrders()).find((entry) => entry.id === order.id)?.status).toBe('pending');
    },
  );

  it('answers an unknown or malformed order id with 404', async () => {
    for (const id of ['999999', 'abc', '0', '99999999999']) {
      const update = await setStatus(id, { status: 'shipped' });
      expect(update.status).toBe(404);
      expect(update.body).toEqual({ success: false, error: 'Order not found' });
      expect((await adminCall(server, session, 'DELETE', `/api/admin/shop/orders/${id}`)).status).toBe(404);
    }
  });

  it('puts the stock back on cancel (once) and takes it again when the order leaves cancelled', async () => {
    await setStock(10);
    const order = await place('Storno', 3);
    expect(await stockOf(horn.id)).toBe(7);
    expect((await setStatus(order.id, { status: 'cancelled' })).status).toBe(200);
    expect(await stockOf(horn.id)).toBe(10);
    expect((await setStatus(order.id, { status: 'cancelled' })).status).toBe(200);
    expect(await stockOf(horn.id)).toBe(10);
    expect((await setStatus(order.id, { status: 'processing' })).status).toBe(200);
    expect(await stockOf(horn.id)).toBe(7);
    expect((await setStatus(order.id, { status: 'shipped' })).status).toBe(200);
    expect(await stockOf(horn.id)).toBe(7);
  });

  it('refuses to leave cancelled when the stock is gone, and changes nothing', async () => {
    await setStock(5);
    const order = await place('Zu spät', 4);
    await setStatus(order.id, { status: 'cancelled' });
    await setStock(2);
    const response = await setStatus(order.id, { status: 'pending' });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ success: false, error: 'Not enough stock left: Trinkhorn (0,5 l)' });
    expect(await stockOf(horn.id)).toBe(2);
    expect((await listOrders()).find((entry) => entry.id === order.id)?.status).toBe('cancelled');
  });

  it('returns the stock exactly once when two organisers cancel at the same time', async () => {
    await setStock(10);
    const order = await place('Doppelt', 4);
    const answers = await Promise.all(Array.from({ length: 5 }, () => setStatus(order.id, { status: 'cancelled' })));
    for (const answer of answers) expect([200, 409]).toContain(answer.status);
    expect(await stockOf(horn.id)).toBe(10);
  });

  it('deletes an order without touching the stock', async () => {
    await setStock(10);
    const order = await place('Löschen', 2);
    const response = await adminCall(server, session, 'DELETE', `/api/admin/shop/orders/${order.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true });
    expect((await listOrders()).map((entry) => entry.id)).not.toContain(order.id);
    expect(await stockOf(horn.id)).toBe(8);
  });

  it('exports orders.csv for packing with spreadsheet formulas neutralised', async () => {
    await setStock(10);
    const hostile = await place('=HYPERLINK("http://evil.example","Klick")', 2, '+SUM(1,2)');
    const response = await adminCall(server, session, 'GET', '/api/admin/export/orders');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="orders.csv"');
    const rows = parseCsv((response.body as unknown as string).replace(/^\uFEFF/, ''));
    expect(rows[0]).toEqual(['order number', 'date', 'name', 'items', 'total', 'status', 'paid', 'handed over', 'history']);
    const row = rows.find((cells) => cells[0] === hostile.orderNumber)!;
    expect(row[1]).toMatch(/^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/);
    expect(row[2]).toBe(`'=HYPERLINK("http://evil.example","Klick") +SUM(1,2)`);
    expect(row[3]).toBe('2 × Trinkhorn (0,5 l)');
    expect(row[4]).toBe('36,00 €');
    expect(row[5]).toBe('pending');
    expect(rows.slice(1).flat().filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([]);
    expect(rows).toHaveLength((await listOrders()).length + 1);
  });
});
