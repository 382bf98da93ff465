import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeholderEmail } from '../../src/bootstrap/accounts';
import { failureSchema } from '../../src/contract/common';
import { houseCodeCountsResponseSchema, type HouseCodeCounts } from '../../src/contract/houses';
import { adminOrderDetailResponseSchema, adminOrdersResponseSchema, packingListResponseSchema } from '../../src/contract/orders';
import { productSalesResponseSchema } from '../../src/contract/products';
import { orderResponseSchema } from '../../src/contract/shop';
import { parseCsv } from '../../src/http/csv';
import { adminCall, call, sessionHeadersFor, signIn, type AdminSession } from '../helpers/api-client';
import { allowManyOrders } from '../helpers/order-limits';
import { startTestServer, type TestServer } from '../helpers/strapi';

type Product = { id: number; documentId: string; title: string; variants: string[]; availableQuantity: number };
type Line = { product: Product; variant: string; quantity: number };

/** The figures organisers use at the festival: packing list, order detail, sales per product, codes per house. */
describe('festival figures', () => {
  let server: TestServer;
  let session: AdminSession;
  let memberHeaders: Record<string, string>;
  let shirt: Product;
  let horn: Product;

  const product = async (title: string) => (await server.strapi.db.query('api::product.product').findOne({ where: { title } })) as Product;

  async function place(lines: Line[], firstName = 'Radomir', lastName = 'Wachnase') {
    const items = lines.map(({ product: { id, title }, variant, quantity }) => ({ id, title, price: 1, variant, quantity }));
    const response = await call(server, 'POST', '/api/shop/orders', { body: { firstName, lastName, items: JSON.stringify(items) } });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const { orderNumber } = orderResponseSchema.parse(response.body);
    const orders = adminOrdersResponseSchema.parse((await adminCall(server, session, 'GET', '/api/admin/shop/orders')).body).orders;
    return orders.find((order) => order.orderNumber === orderNumber)!;
  }

  const packingList = async () => {
    const response = await adminCall(server, session, 'GET', '/api/admin/shop/packing-list');
    expect(response.status).toBe(200);
    return packingListResponseSchema.parse(response.body);
  };

  beforeAll(async () => {
    server = await startTestServer();
    session = await signIn(server);
    await allowManyOrders(server, session);
    shirt = await product('Haus-Shirt „Game Of Slavs“');
    horn = await product('Trinkhorn');
    const member = await server.strapi.documents('plugin::users-permissions.user').create({
      data: { username: 'member', email: placeholderEmail('member'), password: 'member-password', confirmed: true, isAdmin: false } as never,
    });
    memberHeaders = await sessionHeadersFor(server, member.id as number);
  });
  afterAll(async () => {
    await server?.destroy();
  });

  it.each([
    ['GET', '/api/admin/shop/packing-list'],
    ['GET', '/api/admin/export/packing-list'],
    ['GET', '/api/admin/shop/orders/1'],
    ['GET', '/api/admin/shop/sales'],
    ['GET', '/api/admin/houses/code-counts'],
    ['GET', '/api/admin/house-emblems'],
  ])('%s %s refuses visitors (401) and members who are no organisers (403)', async (method, path) => {
    const anonymous = await call(server, method, path);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ success: false, error: 'Admin authentication required' });
    const member = await call(server, method, path, { headers: memberHeaders });
    expect(member.status).toBe(403);
    failureSchema.parse(member.body);
    expect((await adminCall(server, session, method, path, { headers: { 'x-user-id': String(session.id + 1) } })).status).toBe(403);
  });

  describe('packing list', () => {
    it('is empty before any order', async () => {
      expect(await packingList()).toEqual({ success: true, orders: 0, lines: [] });
    });

    it('sums the units per product and variant over the orders that are not cancelled', async () => {
      await place([
        { product: shirt, variant: 'M', quantity: 2 },
        { product: horn, variant: '0,5 l', quantity: 1 },
      ]);
      await place([
        { product: shirt, variant: 'S', quantity: 1 },
        { product: shirt, variant: 'M', quantity: 3 },
      ]);
      const cancelled = await place([{ product: horn, variant: '0,3 l', quantity: 4 }]);
      const status = await adminCall(server, session, 'PUT', `/api/admin/shop/orders/${cancelled.id}`, { body: { status: 'cancelled' } });
      expect(status.status).toBe(200);
      // A shipped order still counts: it is not cancelled.
      const shipped = await place([{ product: horn, variant: '0,5 l', quantity: 2 }]);
      await adminCall(server, session, 'PUT', `/api/admin/shop/orders/${shipped.id}`, { body: { status: 'shipped' } });

      const list = await packingList();
      expect(list.orders).toBe(3);
      // By title, the variants in the product's own order (S before M).
      expect(list.lines).toEqual([
        { productId: shirt.id, title: shirt.title, variant: 'S', units: 1 },
        { productId: shirt.id, title: shirt.title, variant: 'M', units: 5 },
        { productId: horn.id, title: 'Trinkhorn', variant: '0,5 l', units: 3 },
      ]);
    });

    it('shows a renamed product under its current title', async () => {
      await server.strapi.documents('api::product.product').update({ documentId: horn.documentId, data: { title: 'Trinkhorn vom Auerochsen' } as never });
      try {
        const list = await packingList();
        expect(list.lines.find((line) => line.productId === horn.id)?.title).toBe('Trinkhorn vom Auerochsen');
      } finally {
        await server.strapi.documents('api::product.product').update({ documentId: horn.documentId, data: { title: 'Trinkhorn' } as never });
      }
    });

    it('downloads as packing-list.csv with the same lines', async () => {
      const response = await adminCall<string>(server, session, 'GET', '/api/admin/export/packing-list');
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
      expect(response.headers.get('content-disposition')).toBe('attachment; filename="packing-list.csv"');
      expect(parseCsv(response.body.replace(/^\uFEFF/, ''))).toEqual([
        ['product', 'variant', 'units'],
        [shirt.title, 'S', '1'],
        [shirt.title, 'M', '5'],
        ['Trinkhorn', '0,5 l', '3'],
      ]);
    });

    it('neutralises a product title a spreadsheet would run as a formula', async () => {
      const documents = server.strapi.documents('api::product.product');
      const created = await documents.create({
        data: { title: '=HYPERLINK("http://evil.example","x")', description: 'x', price: 100, variants: ['-1+1'], availableQuantity: 5, isActive: true } as never,
      });
      try {
        await place([{ product: { ...(created as unknown as Product) }, variant: '-1+1', quantity: 1 }]);
        const csv = (await adminCall<string>(server, session, 'GET', '/api/admin/export/packing-list')).body;
        const row = parseCsv(csv.replace(/^\uFEFF/, '')).find((cells) => cells[0].includes('HYPERLINK'));
        expect(row).toEqual([`'=HYPERLINK("http://evil.example","x")`, "'-1+1", '1']);
      } finally {
        const orders = adminOrdersResponseSchema.parse((await adminCall(server, session, 'GET', '/api/admin/shop/orders')).body).orders;
        for (const order of orders.filter((o) => o.items.includes('HYPERLINK'))) await adminCall(server, session, 'DELETE', `/api/admin/shop/orders/${order.id}`);
        await documents.delete({ documentId: created.documentId });
      }
    });
  });

  describe('GET /api/admin/shop/orders/:id', () => {
    it('answers the order with its lines, customer, status and dates', async () => {
      const order = await place(
        [
          { product: shirt, variant: 'L', quantity: 2 },
          { product: horn, variant: '0,3 l', quantity: 1 },
        ],
        'Ludmila',
        'Aschefrei',
      );
      const response = await adminCall(server, session, 'GET', `/api/admin/shop/orders/${order.id}`);
      expect(response.status).toBe(200);
      const { order: detail } = adminOrderDetailResponseSchema.parse(response.body);
      // A new order has no history yet: its marks and status changes come later (decision 035).
      expect(detail).toEqual({ ...order, updatedAt: expect.any(String), lines: expect.any(Array), history: [] });
      expect(detail.lines).toEqual([
        { id: shirt.id, title: shirt.title, variant: 'L', quantity: 2, price: 2500 },
        { id: horn.id, title: 'Trinkhorn', variant: '0,3 l', quantity: 1, price: 1800 },
      ]);
      expect(detail.total).toBe(2 * 2500 + 1800);
      expect(Date.parse(detail.updatedAt)).toBeGreaterThanOrEqual(Date.parse(detail.createdAt));
    });

    it.each([['999999'], ['0'], ['abc'], ['1.5'], ['99999999999']])('answers 404 for the id %s', async (id) => {
      const response = await adminCall(server, session, 'GET', `/api/admin/shop/orders/${id}`);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ success: false, error: 'Order not found' });
    });
  });

  describe('GET /api/admin/shop/sales', () => {
    it('answers every product with the units sold (cancelled orders left out) and the stock left', async () => {
      const response = await adminCall(server, session, 'GET', '/api/admin/shop/sales');
      expect(response.status).toBe(200);
      const { products } = productSalesResponseSchema.parse(response.body);
      const catalogue = (await server.strapi.db.query('api::product.product').findMany({ orderBy: { id: 'asc' } })) as (Product & { isActive: boolean })[];
      expect(products.map((entry) => entry.id)).toEqual(catalogue.map((entry) => entry.id));
      const { lines } = await packingList();
      for (const entry of products) {
        const source = catalogue.find((item) => item.id === entry.id)!;
        const sold = lines.filter((line) => line.productId === entry.id).reduce((sum, line) => sum + line.units, 0);
        expect(entry).toEqual({ id: source.id, title: source.title, unitsSold: sold, stockLeft: source.availableQuantity, isActive: source.isActive });
      }
      // Shirts: S 1, M 5 and L 2 from the orders above; the cancelled 4 horns are back in stock.
      expect(products.find((entry) => entry.id === shirt.id)).toMatchObject({ unitsSold: 8, stockLeft: shirt.availableQuantity - 8 });
      expect(products.find((entry) => entry.id === horn.id)).toMatchObject({ unitsSold: 4, stockLeft: horn.availableQuantity - 4 });
    });
  });

  describe('GET /api/admin/houses/code-counts', () => {
    const counts = async (): Promise<HouseCodeCounts[]> => {
      const response = await adminCall(server, session, 'GET', '/api/admin/houses/code-counts');
      expect(response.status).toBe(200);
      return houseCodeCountsResponseSchema.parse(response.body).counts;
    };

    it('counts issued, redeemed and open codes per house, houses without codes at 0', async () => {
      const houses = (await server.strapi.db.query('api::house.house').findMany({ orderBy: { id: 'asc' } })) as { id: number; name: string }[];
      const before = await counts();
      expect(before.map((entry) => entry.houseId)).toEqual(houses.map((house) => house.id));

      const [first, second] = houses;
      const generated = await adminCall(server, session, 'POST', '/api/admin/generate-codes', { body: { houseId: first.id, count: 5 } });
      const codes = (generated.body as { codes: string[] }).codes;
      await adminCall(server, session, 'POST', '/api/admin/generate-codes', { body: { houseId: second.id, count: 2 } });
      for (const code of codes.slice(0, 2)) {
        expect((await call(server, 'POST', '/api/auth/verify-code', { body: { code } })).status).toBe(200);
      }

      const after = await counts();
      const of = (list: HouseCodeCounts[], id: number) => list.find((entry) => entry.houseId === id)!;
      expect(of(after, first.id)).toEqual({
        houseId: first.id,
        issued: of(before, first.id).issued + 5,
        redeemed: of(before, first.id).redeemed + 2,
        open: of(before, first.id).open + 3,
      });
      expect(of(after, second.id)).toEqual({ ...of(before, second.id), issued: of(before, second.id).issued + 2, open: of(before, second.id).open + 2 });
      for (const entry of after) expect(entry.open).toBe(entry.issued - entry.redeemed);

      const empty = await adminCall(server, session, 'POST', '/api/admin/houses', { body: { name: 'Leerer Hof', chatUrl: 'https://chat.whatsapp.com/Leer' } });
      const emptyId = (empty.body as { house: { id: number } }).house.id;
      expect(of(await counts(), emptyId)).toEqual({ houseId: emptyId, issued: 0, redeemed: 0, open: 0 });
    });
  });
});
