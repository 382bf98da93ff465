import type { Context, Next } from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopItemsResponseSchema } from '../../src/contract/shop';
import { adminCall, call, comparableHeaders, signIn, type AdminSession } from '../helpers/api-client';
import { startTestServer, type TestServer } from '../helpers/strapi';

describe('cached public reads answered before Koa', () => {
  let server: TestServer;
  let session: AdminSession;
  let itemId: number;
  // Requests that reached Koa: a middleware in front of all others counts them.
  let reachedKoa = 0;

  const get = (path: string, init: RequestInit = {}) => fetch(`${server.baseUrl}${path}`, init);

  /** The number of the given requests that Koa saw. */
  async function koaSaw(send: () => Promise<Response>) {
    const before = reachedKoa;
    const response = await send();
    await response.arrayBuffer();
    return reachedKoa - before;
  }

  beforeAll(async () => {
    server = await startTestServer();
    // Koa composes its middleware on the first request, so this one is in front of every other.
    server.strapi.server.app.middleware.unshift((_ctx: Context, next: Next) => {
      reachedKoa += 1;
      return next();
    });
    session = await signIn(server);
    itemId = shopItemsResponseSchema.parse((await call(server, 'GET', '/api/shop/items')).body).items[0].id;
  });
  afterAll(async () => {
    await server?.destroy();
  });

  const paths = () => ['/api/settings/shop_enabled', '/api/shop/items', `/api/shop/items/${itemId}`, '/api/site-content'];

  /** Reads path until Koa has cached it and sent it once from its fast path. */
  const prime = async (path: string) => {
    await (await get(path)).arrayBuffer();
    await (await get(path)).arrayBuffer();
  };

  it('answer what a browser behind the site\'s proxy sends without reaching Koa', async () => {
    const browser = {
      accept: 'application/json, text/plain, */*',
      'accept-language': 'de-DE,de;q=0.9',
      'accept-encoding': 'gzip, deflate, br',
      'user-agent': 'Mozilla/5.0 (Linux; Android 14) Mobile',
      referer: 'https://game-of-slavs.example/shop',
      'sec-fetch-site': 'same-origin',
      'sec-fetch-mode': 'cors',
      'sec-fetch-dest': 'empty',
      'x-forwarded-for': '203.0.113.7',
      'x-forwarded-proto': 'https',
      'x-real-ip': '203.0.113.7',
    };
    for (const path of paths()) {
      await prime(path);
      expect(await koaSaw(() => get(path, { headers: browser })), path).toBe(0);
    }
  });

  it('send the status, headers and bytes of the routed answer without reaching Koa', async () => {
    for (const path of paths()) {
      await prime(path);
      let early: Response | undefined;
      expect(await koaSaw(async () => (early = await get(path))), path).toBe(0);
      const routed = await get(`${path}?via=router`);
      expect(early!.status, path).toBe(200);
      expect(comparableHeaders(early!), path).toEqual(comparableHeaders(routed));
      // The body was read by koaSaw; the same request again gives it (still early).
      expect(await (await get(path)).text(), path).toBe(await routed.text());
    }
  });

  it.each([
    ['an Origin', { headers: { origin: 'https://elsewhere.example' } }],
    ['a Cookie', { headers: { cookie: 'koa.sess=abc' } }],
    ['an Authorization', { headers: { authorization: 'Bearer nonsense' } }],
    ['an If-None-Match', { headers: { 'if-none-match': '"x"' } }],
    ['a Content-Encoding', { headers: { 'content-encoding': 'gzip' } }],
    ['an unknown', { headers: { 'x-something-new': '1' } }],
  ])('leave a read with %s header to Koa', async (_, init: RequestInit) => {
    for (const path of paths()) {
      await prime(path);
      expect(await koaSaw(() => get(path, init)), path).toBe(1);
    }
  });

  it('leave a query string, another spelling, another method and unknown paths to Koa', async () => {
    await prime('/api/shop/items');
    expect(await koaSaw(() => get('/api/shop/items?populate=*'))).toBe(1);
    expect(await koaSaw(() => get('/api/shop/items/'))).toBe(1);
    expect(await koaSaw(() => get('/API/shop/items'))).toBe(1);
    expect(await koaSaw(() => get('/api/shop/items', { method: 'HEAD' }))).toBe(1);
    expect(await koaSaw(() => get('/api/shop/items', { method: 'POST', body: '{}' }))).toBe(1);
    expect(await koaSaw(() => get('/api/settings/secret_key'))).toBe(1);
  });

  it('go through Koa again after a write, and then show what was written', async () => {
    const path = '/api/settings/shop_enabled';
    await prime(path);
    await adminCall(server, session, 'POST', '/api/admin/settings', { body: { key: 'shop_enabled', value: 'false' } });
    let after: Response | undefined;
    expect(await koaSaw(async () => (after = await get(path)))).toBe(1);
    expect(await (await get(path)).json()).toEqual({ success: true, value: 'false' });
    expect(await koaSaw(() => get(path))).toBe(0);
    expect(after!.status).toBe(200);
    await adminCall(server, session, 'POST', '/api/admin/settings', { body: { key: 'shop_enabled', value: 'true' } });
    expect(await (await get(path)).json()).toEqual({ success: true, value: 'true' });
  });

  it('go through Koa again once the cached answer is older than its max age', async () => {
    const path = '/api/site-content';
    await prime(path);
    expect(await koaSaw(() => get(path))).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, Number(process.env.PUBLIC_CACHE_MAX_AGE_MS ?? 2000) + 100));
    expect(await koaSaw(() => get(path))).toBe(1);
  });
});
