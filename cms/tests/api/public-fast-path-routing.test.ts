import { EventEmitter } from 'node:events';
import { PUBLIC_READ_CACHING } from '../../src/contract/http-caching';
import type { Context } from 'koa';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { invalidatePublicCache, publicCacheKey, sendCachedJson } from '../../src/http/public-cache';
import publicFastPath from '../../src/middlewares/public-fast-path';

type FakeContext = Context & { headers: Record<string, string> };

const fakeContext = (method: string, url: string): FakeContext => {
  const [path, querystring = ''] = url.split('?');
  const headers: Record<string, string> = {};
  return {
    req: { method, headers: {} },
    res: new EventEmitter(),
    method,
    path,
    querystring,
    headers,
    status: 404,
    body: undefined,
    type: '',
    set: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    get: () => '',
  } as unknown as FakeContext;
};

const fastPath = publicFastPath();

/** Runs the middleware; true when it answered itself instead of passing the request on. */
async function answeredByFastPath(method: string, url: string) {
  const next = vi.fn(async () => {});
  const ctx = fakeContext(method, url);
  await fastPath(ctx, next);
  return next.mock.calls.length === 0;
}

const cache = (key: string, value: unknown) => sendCachedJson(fakeContext('GET', '/'), key, async () => value);

describe('the public fast path (which requests it answers)', () => {
  beforeEach(async () => {
    invalidatePublicCache();
    await cache(publicCacheKey.setting('shop_enabled'), { success: true, value: 'true' });
    await cache(publicCacheKey.shopItems, { success: true, items: [] });
    await cache(publicCacheKey.shopItem(1), { success: true, item: {} });
    await cache(publicCacheKey.siteContent, { festival: {} });
  });

  it.each(['/api/settings/shop_enabled', '/api/shop/items', '/api/shop/items/1', '/api/site-content'])(
    'answers a GET of %s from the cache, with ETag and Cache-Control',
    async (url) => {
      const next = vi.fn(async () => {});
      const ctx = fakeContext('GET', url);
      await fastPath(ctx, next);
      expect(next).not.toHaveBeenCalled();
      expect(ctx.headers.etag).toMatch(/^"[\w-]+"$/);
      expect(ctx.headers['cache-control']).toBe(PUBLIC_READ_CACHING);
      expect(ctx.type).toBe('application/json; charset=utf-8');
      expect(typeof ctx.body).toBe('string');
    },
  );

  it.each([
    ['POST', '/api/shop/items'],
    ['HEAD', '/api/shop/items'],
    ['GET', '/api/shop/items?populate=*'],
    ['GET', '/api/shop/items/'],
    ['GET', '/API/shop/items'],
    ['GET', '/api/shop/items/01'],
    ['GET', '/api/shop/items/2'],
    ['GET', '/api/settings/shop%5Fenabled'],
    ['GET', '/api/settings/other_key'],
    ['GET', '/api/products'],
  ])('passes %s %s on to the router', async (method, url) => {
    expect(await answeredByFastPath(method, url)).toBe(false);
  });

  it('passes every read on to the router after a write, until the router has cached it again', async () => {
    invalidatePublicCache();
    expect(await answeredByFastPath('GET', '/api/shop/items')).toBe(false);
    await cache(publicCacheKey.shopItems, { success: true, items: [] });
    expect(await answeredByFastPath('GET', '/api/shop/items')).toBe(true);
  });

  it('does not keep an answer built from data read before a write', async () => {
    invalidatePublicCache();
    await sendCachedJson(fakeContext('GET', '/'), publicCacheKey.shopItems, async () => {
      invalidatePublicCache(); // a write lands while the answer is being built
      return { success: true, items: [] };
    });
    expect(await answeredByFastPath('GET', '/api/shop/items')).toBe(false);
  });
});

describe('building a cached answer', () => {
  beforeEach(() => invalidatePublicCache());

  /** A load that waits until released, counting how often it ran. */
  function gatedLoad(value: unknown) {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const load = vi.fn(async () => {
      await gate;
      return value;
    });
    return { load, release: () => release() };
  }

  it('reads the database once for all the requests that miss the cache at the same time', async () => {
    const { load, release } = gatedLoad({ success: true, items: [] });
    const contexts = Array.from({ length: 50 }, () => fakeContext('GET', '/api/shop/items'));
    const answers = Promise.all(contexts.map((ctx) => sendCachedJson(ctx, publicCacheKey.shopItems, load)));
    release();
    await answers;
    expect(load).toHaveBeenCalledTimes(1);
    expect(new Set(contexts.map((ctx) => ctx.body))).toEqual(new Set(['{"success":true,"items":[]}']));
  });

  it('does not make a request after a write wait for a build that read the data before it', async () => {
    const before = gatedLoad({ success: true, value: 'true' });
    const first = fakeContext('GET', '/api/settings/shop_enabled');
    const stale = sendCachedJson(first, publicCacheKey.setting('shop_enabled'), before.load);
    invalidatePublicCache(); // the organiser switches the shop off
    const after = fakeContext('GET', '/api/settings/shop_enabled');
    await sendCachedJson(after, publicCacheKey.setting('shop_enabled'), async () => ({ success: true, value: 'false' }));
    before.release();
    await stale;
    expect(after.body).toBe('{"success":true,"value":"false"}');
    expect(await answeredByFastPath('GET', '/api/settings/shop_enabled')).toBe(true);
    const next = fakeContext('GET', '/api/settings/shop_enabled');
    await fastPath(next, async () => {});
    expect(next.body).toBe('{"success":true,"value":"false"}');
  });
});
