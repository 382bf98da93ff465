import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_READ_CACHING } from '../../src/contract/http-caching';
import { shopItemResponseSchema, shopItemsResponseSchema } from '../../src/contract/shop';
import { adminCall, call, comparableHeaders, signIn, type AdminSession } from '../helpers/api-client';
import { startTestServer, type TestServer } from '../helpers/strapi';

describe('cached public reads answered by the fast path', () => {
  let server: TestServer;
  let session: AdminSession;
  let itemId: number;

  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${server.baseUrl}${path}`, { headers });

  beforeAll(async () => {
    server = await startTestServer();
    session = await signIn(server);
    itemId = shopItemsResponseSchema.parse((await call(server, 'GET', '/api/shop/items')).body).items[0].id;
  });
  afterAll(async () => {
    await server?.destroy();
  });

  const paths = () => ['/api/settings/shop_enabled', '/api/shop/items', `/api/shop/items/${itemId}`, '/api/site-content'];

  it.each([
    ['without an Origin', {}],
    ['from another origin', { origin: 'https://elsewhere.example' }],
  ])('send the same status, headers and bytes as the router, %s', async (_, headers: Record<string, string>) => {
    for (const path of paths()) {
      await get(path); // fills the cache, so the next read of the exact path is a fast one
      const fast = await get(path, headers);
      // A query string always takes the router, which answers from the same cache entry.
      const routed = await get(`${path}?via=router`, headers);
      expect(fast.status, path).toBe(200);
      expect(routed.status, path).toBe(200);
      expect(comparableHeaders(fast), path).toEqual(comparableHeaders(routed));
      expect(await fast.text(), path).toBe(await routed.text());
    }
  });

  it('carry the security, CORS and caching headers, and no powered-by', async () => {
    for (const path of paths()) {
      await get(path);
      const response = await get(path, { origin: 'https://elsewhere.example' });
      expect(response.headers.get('content-type'), path).toBe('application/json; charset=utf-8');
      expect(response.headers.get('cache-control'), path).toBe(PUBLIC_READ_CACHING);
      expect(response.headers.get('etag'), path).toMatch(/^"[\w-]+"$/);
      expect(response.headers.get('content-security-policy'), path).toContain("default-src 'self'");
      expect(response.headers.get('strict-transport-security'), path).toBe('max-age=31536000; includeSubDomains');
      expect(response.headers.get('x-frame-options'), path).toBe('SAMEORIGIN');
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(response.headers.get('referrer-policy'), path).toBe('no-referrer');
      expect(response.headers.get('x-powered-by'), path).toBeNull();
      // Another origin is not allowed to read the answer (only PUBLIC_URL's is, DECISIONS §4).
      expect(response.headers.get('access-control-allow-origin'), path).toBeNull();
      expect(response.headers.get('vary'), path).toContain('Origin');
    }
  });

  it('answer a matching If-None-Match with 304 and no body', async () => {
    for (const path of paths()) {
      const etag = (await get(path)).headers.get('etag')!;
      const revalidated = await get(path, { 'if-none-match': etag });
      expect(revalidated.status, path).toBe(304);
      expect(revalidated.headers.get('etag'), path).toBe(etag);
      expect(await revalidated.text(), path).toBe('');
      expect((await get(path, { 'if-none-match': '"stale"' })).status, path).toBe(200);
    }
  });

  it('show an organiser’s write on the very next read', async () => {
    await get('/api/settings/shop_enabled');
    await adminCall(server, session, 'POST', '/api/admin/settings', { body: { key: 'shop_enabled', value: 'false' } });
    expect(await (await get('/api/settings/shop_enabled')).json()).toEqual({ success: true, value: 'false' });
    await adminCall(server, session, 'POST', '/api/admin/settings', { body: { key: 'shop_enabled', value: 'true' } });
    expect(await (await get('/api/settings/shop_enabled')).json()).toEqual({ success: true, value: 'true' });
  });

  it('show the stock an order took on the very next read', async () => {
    const read = async () => shopItemResponseSchema.parse(await (await get(`/api/shop/items/${itemId}`)).json()).item;
    const before = await read();
    const order = await call(server, 'POST', '/api/shop/orders', {
      body: {
        firstName: 'Fast',
        lastName: 'Path',
        items: JSON.stringify([{ id: itemId, title: before.title, price: before.price, variant: before.variants[0], quantity: 2 }]),
      },
    });
    expect(order.status).toBe(200);
    expect((await read()).availableQuantity).toBe(before.availableQuantity - 2);
  });

  it('leave other spellings to the router, which keeps refusing what it refuses', async () => {
    await get(`/api/shop/items/${itemId}`);
    const padded = await call(server, 'GET', `/api/shop/items/0${itemId}`);
    expect(padded.status).toBe(404);
    expect(padded.body).toEqual({ success: false, error: 'Artikel nicht gefunden' });
    expect((await get('/api/settings/secret_key')).status).toBe(404);
  });
});
