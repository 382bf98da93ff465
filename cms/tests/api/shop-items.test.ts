import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failureSchema } from '../../src/contract/common';
import { shopItemResponseSchema, shopItemsResponseSchema, type ShopItem } from '../../src/contract/shop';
import { call } from '../helpers/api-client';
import { startTestServer, TEST_SUPER_ADMIN, type TestServer } from '../helpers/strapi';

const ITEM_KEYS = ['availableQuantity', 'description', 'id', 'image', 'imageSizes', 'price', 'title', 'variants'];

describe('GET /api/shop/items and /api/shop/items/{id}', () => {
  let server: TestServer;
  const listItems = async () => shopItemsResponseSchema.parse((await call(server, 'GET', '/api/shop/items')).body).items;
  const productIdByTitle = async (title: string) =>
    (await server.strapi.db.query('api::product.product').findOne({ where: { title }, select: ['id'] })).id as number;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.destroy();
  });

  it('lists the active products only, with exactly the contract’s keys', async () => {
    const response = await call(server, 'GET', '/api/shop/items');
    expect(response.status).toBe(200);
    const { items } = shopItemsResponseSchema.parse(response.body);
    expect(items.map((item) => item.title)).toEqual([
      'Haus-Shirt „Game Of Slavs“',
      'Kapuzenmantel der Wache',
      'Trinkhorn',
      'Aufnäher-Set der Häuser',
    ]);
    for (const item of items) expect(Object.keys(item).sort()).toEqual(ITEM_KEYS);
    const shirt = items[0];
    expect(shirt).toMatchObject({ price: 2500, variants: ['S', 'M', 'L', 'XL'], availableQuantity: 40 });
    expect(shirt.description).toContain('- [x] 100 % Bio-Baumwolle');
    expect(items.find((item) => item.title.startsWith('Aufnäher'))?.availableQuantity).toBe(0);
  });

  it('gives image URLs the browser can load, with the sizes Strapi made for list cards', async () => {
    const [shirt] = await listItems();
    expect(shirt.image).toMatch(/^\/uploads\/[\w-]+\.webp$/);
    expect(Object.keys(shirt.imageSizes).sort()).toEqual(['medium', 'small', 'thumbnail']);
    for (const url of [shirt.image!, ...Object.values(shirt.imageSizes)]) {
      const image = await fetch(`${server.baseUrl}${url}`);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/webp');
    }
  });

  it('answers an unchanged list with 304 when the browser sends its ETag', async () => {
    const first = await call(server, 'GET', '/api/shop/items');
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const second = await fetch(`${server.baseUrl}/api/shop/items`, { headers: { 'if-none-match': etag! } });
    expect(second.status).toBe(304);
  });

  it('reads one active item by its id', async () => {
    const [, hoodie] = await listItems();
    const response = await call(server, 'GET', `/api/shop/items/${hoodie.id}`);
    expect(response.status).toBe(200);
    const { item } = shopItemResponseSchema.parse(response.body);
    expect(item).toEqual(hoodie);
  });

  it('answers an inactive or unknown item with 404 "Artikel nicht gefunden"', async () => {
    const inactive = await productIdByTitle('Met-Becher (Vorjahr)');
    for (const id of [inactive, 999_999, 2_147_483_647]) {
      const response = await call(server, 'GET', `/api/shop/items/${id}`);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ success: false, error: 'Artikel nicht gefunden' });
    }
  });

  it.each(['abc', '1.5', '-1', '0', '01', '1e3', '99999999999', '2147483648', '%00', '1%20OR%201=1'])(
    'refuses the id %s with a 4xx in the contract shape, never a 500',
    async (id) => {
      const response = await call(server, 'GET', `/api/shop/items/${id}`);
      expect([400, 404]).toContain(response.status);
      failureSchema.parse(response.body);
    },
  );

  it('shows a product change made elsewhere on the next read', async () => {
    const before = await listItems();
    const horn = before.find((item) => item.title === 'Trinkhorn') as ShopItem;
    const { documentId } = await server.strapi.db.query('api::product.product').findOne({ where: { id: horn.id } });
    await server.strapi.documents('api::product.product').update({ documentId, data: { isActive: false } as never });
    expect((await listItems()).map((item) => item.id)).not.toContain(horn.id);
    expect((await call(server, 'GET', `/api/shop/items/${horn.id}`)).status).toBe(404);

    await server.strapi.documents('api::product.product').update({ documentId, data: { isActive: true, price: 1999 } as never });
    expect((await listItems()).find((item) => item.id === horn.id)?.price).toBe(1999);
  });

  it('keeps Strapi’s stock product reads closed to the public and open to a read-only API token', async () => {
    const { documentId } = await server.strapi.db.query('api::product.product').findOne({ where: { title: 'Trinkhorn' } });
    for (const path of ['/api/products', `/api/products/${documentId}`]) {
      expect((await fetch(`${server.baseUrl}${path}`)).status).toBe(403);
    }

    // API tokens are made in Settings, which only the panel's Super Admin reaches.
    const login = await call<{ data: { token: string } }>(server, 'POST', '/admin/login', { body: TEST_SUPER_ADMIN });
    const created = await call<{ data: { accessKey: string } }>(server, 'POST', '/admin/api-tokens', {
      body: { name: 'read-only test', type: 'read-only', lifespan: null },
      headers: { authorization: `Bearer ${login.body.data.token}` },
    });
    expect(created.status).toBe(201);
    const response = await call<{ data: { title: string; image: { url: string } | null } }>(
      server,
      'GET',
      `/api/products/${documentId}?populate=image`,
      { headers: { authorization: `Bearer ${created.body.data.accessKey}` } },
    );
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ title: 'Trinkhorn', image: { url: expect.stringMatching(/^\/uploads\//) } });
  });
});
