// @vitest-environment node
// The rendered pages kept in memory (page-cache.mjs), with a counted stand-in for the renderer
// and Vitest's clock: how often a page is rendered, how soon a change shows, what is kept.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPageCache, PAGE_FRESH_MS } from './page-cache.mjs';

/** A renderer whose page says what `content` holds, with a clock in its state as the real one has. */
function stubRenderer() {
  const stub = {
    content: 'Erste Fassung',
    status: 200,
    renders: 0,
    render: async (key: string) => {
      stub.renders += 1;
      if (stub.content === '') return null;
      const state = `{"queries":[{"state":{"data":"${stub.content}","dataUpdatedAt":${Date.now()}},"dehydratedAt":${Date.now()}}]}`;
      return { status: stub.status, body: Buffer.from(`<h1>${key}: ${stub.content}</h1><script>${state}</script>`) };
    },
  };
  return stub;
}

const text = (version: { body(coding: string): Buffer } | null) => version?.body('identity').toString() ?? null;

describe('the rendered pages kept in memory', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-07-24T18:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('renders a page once for a burst of visits, also those that come while it is rendered', async () => {
    const stub = stubRenderer();
    const pages = createPageCache(stub.render);
    const burst = await Promise.all(Array.from({ length: 200 }, () => pages.page('/')));
    expect(stub.renders).toBe(1);
    expect(new Set(burst).size).toBe(1);
    for (let visit = 0; visit < 100; visit++) await pages.page('/');
    expect(stub.renders).toBe(1);
  });

  it('shows a change at the first visit a second later, rendering the page in the background meanwhile', async () => {
    const stub = stubRenderer();
    const pages = createPageCache(stub.render);
    await pages.page('/shop');
    stub.content = 'Zweite Fassung';
    vi.advanceTimersByTime(PAGE_FRESH_MS - 1);
    expect(text(await pages.page('/shop'))).toContain('Erste Fassung');
    expect(stub.renders).toBe(1);

    vi.advanceTimersByTime(1);
    // This visit gets the kept page at once and starts one render; the visits after it get the new one.
    const during = await Promise.all([pages.page('/shop'), pages.page('/shop')]);
    expect(during.map(text).every((page) => page?.includes('Erste Fassung'))).toBe(true);
    await vi.waitFor(async () => expect(text(await pages.page('/shop'))).toContain('Zweite Fassung'));
    expect(stub.renders).toBe(2);
  });

  it('after a quiet spell, makes the visitor wait for the fresh page rather than show an old one', async () => {
    const stub = stubRenderer();
    const pages = createPageCache(stub.render);
    await pages.page('/');
    stub.content = 'Nach der Pause';
    vi.advanceTimersByTime(60_000);
    expect(text(await pages.page('/'))).toContain('Nach der Pause');
  });

  it('keeps the version, its ETag and its compressed copies while only the clocks in the state change', async () => {
    const stub = stubRenderer();
    const pages = createPageCache(stub.render);
    const first = await pages.page('/');
    const br = first?.body('br');
    vi.advanceTimersByTime(10 * PAGE_FRESH_MS);
    const second = await pages.page('/');
    expect(stub.renders).toBe(2);
    expect(second).toBe(first);
    expect(second?.etag).toBe(first?.etag);
    // The same buffer: compressed once for the version, not per visit.
    expect(second?.body('br')).toBe(br);

    stub.content = 'Geändert';
    vi.advanceTimersByTime(10 * PAGE_FRESH_MS);
    const changed = await pages.page('/');
    expect(changed?.etag).not.toBe(first?.etag);
  });

  it('holds each version in brotli and gzip, made once, that decode to the same page', async () => {
    const pages = createPageCache(stubRenderer().render);
    const page = await pages.page('/shop/item/3');
    const plain = page?.body('identity') ?? Buffer.alloc(0);
    expect(plain.toString()).toContain('/shop/item/3: Erste Fassung');
    expect(brotliDecompressSync(page?.body('br') ?? Buffer.alloc(0)).equals(plain)).toBe(true);
    expect(gunzipSync(page?.body('gzip') ?? Buffer.alloc(0)).equals(plain)).toBe(true);
    expect(page?.body('br')).toBe(page?.body('br'));
    expect(page?.body('gzip')).toBe(page?.body('gzip'));
    expect(page?.status).toBe(200);
  });

  it('still sends the page rendered before while a render fails, and tries again at the next visit', async () => {
    const stub = stubRenderer();
    const pages = createPageCache(stub.render);
    const before = await pages.page('/shop');
    stub.content = '';
    vi.advanceTimersByTime(10 * PAGE_FRESH_MS);
    expect(await pages.page('/shop')).toBe(before);
    expect(await pages.page('/shop')).toBe(before);
    expect(stub.renders).toBe(3);
    stub.content = 'Wieder da';
    expect(text(await pages.page('/shop'))).toContain('Wieder da');
  });

  it('keeps a 404 page with its status, and a page the renderer leaves to the browser not at all', async () => {
    const stub = stubRenderer();
    const pages = createPageCache(stub.render);
    stub.status = 404;
    expect((await pages.page('/gibt-es-nicht'))?.status).toBe(404);
    stub.content = '';
    expect(await pages.page('/admin')).toBeNull();
    expect(await pages.page('/admin')).toBeNull();
    expect(stub.renders).toBe(3);
  });

  it('keeps a bounded number of pages, however many addresses are asked for', async () => {
    const stub = stubRenderer();
    const pages = createPageCache(stub.render, { capacity: 3 });
    await pages.page('/');
    for (let n = 0; n < 50; n++) await pages.page(`/unbekannt-${n}`);
    expect(stub.renders).toBe(51);
    // The oldest went first; the last three are still there.
    await pages.page('/unbekannt-49');
    expect(stub.renders).toBe(51);
    await pages.page('/');
    expect(stub.renders).toBe(52);
  });

  it('keeps not-found pages apart: any number of them never push a real page out', async () => {
    const stub = stubRenderer();
    const pages = createPageCache(stub.render, { capacity: 3, notFoundCapacity: 2 });
    await pages.page('/');
    await pages.page('/shop');
    stub.status = 404;
    for (let n = 0; n < 50; n++) await pages.page(`/shop/item/${90_000 + n}`);
    expect(stub.renders).toBe(52);
    await pages.page('/');
    await pages.page('/shop');
    expect(stub.renders).toBe(52);
    // Bounded all the same: the last two are kept, the older ones are rendered again.
    await pages.page('/shop/item/90049');
    expect(stub.renders).toBe(52);
    await pages.page('/shop/item/90000');
    expect(stub.renders).toBe(53);
  });
});
