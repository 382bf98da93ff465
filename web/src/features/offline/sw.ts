/// <reference lib="webworker" />
/*
 * The site's service worker (docs/decisions/037), built by vite-plugin-pwa (injectManifest) to
 * /sw.js. It keeps what a guest needs at the festival ground without signal, and nothing of the
 * organisers' side: only the routes below are answered from a cache; every other request (the
 * dashboard, /api/admin/*, the panel under /cms, sign-ins, orders, code checks) goes to the
 * network untouched.
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { CACHE_NAMES, KEEP_PAGE, KEEP_SEEN, KEPT_AT_INSTALL, OFFLINE_COPY_ATTRIBUTE, OFFLINE_LIMITS, OFFLINE_PATH, isBuildFont, isCachedPage, isPublicRead, isUpload, mustBeCurrent, pageMatchesBuild } from './offline-routes';

declare const self: ServiceWorkerGlobalScope;

const manifest = self.__WB_MANIFEST;

/** A short fingerprint of this build's files: the pages it keeps belong to this build only. */
const buildId = (() => {
  let hash = 0x811c9dc5;
  for (const char of JSON.stringify(manifest)) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193);
  return (hash >>> 0).toString(36);
})();
const pagesCache = `${CACHE_NAMES.pagesPrefix}${buildId}`;
const keptFiles = new Set(manifest.map((entry) => new URL(typeof entry === 'string' ? entry : entry.url, self.location.href).pathname));

/**
 * A page is kept only when it names this build's files: after a deploy, while this worker still
 * runs, the network sends pages of the new build, whose files this worker does not have.
 */
const ofThisBuild = async (response: Response) =>
  response.status === 200 && pageMatchesBuild(await response.clone().text(), keptFiles) ? response : null;

// The built scripts, styles, fonts and icons, each under its hashed name.
precacheAndRoute(manifest);
cleanupOutdatedCaches();

const sameOrigin = (url: URL) => url.origin === self.location.origin;

/**
 * A kept page shown instead of the network's says so on its <html> element, with the time the
 * server sent it: the page's banner reads it (offline-notices.tsx). navigator.onLine is no
 * witness: a phone in a field without signal, or a tab whose page came from here, often says true.
 */
const markedAsKept = {
  cachedResponseWillBeUsed: async ({ cachedResponse }: { cachedResponse?: Response }) => {
    if (!cachedResponse) return null;
    const sent = cachedResponse.headers.get('Date') ?? '';
    const html = (await cachedResponse.text()).replace(/<html\b/i, `<html ${OFFLINE_COPY_ATTRIBUTE}="${sent.replace(/[^\w ,:+-]/g, '')}"`);
    const headers = new Headers(cachedResponse.headers);
    headers.delete('Content-Length');
    headers.delete('Content-Encoding');
    return new Response(html, { status: cachedResponse.status, statusText: cachedResponse.statusText, headers });
  },
};

const drawnForOneVisitor = (response: Response) => /\bno-store\b/i.test(response.headers.get('Cache-Control') ?? '');

/**
 * A page the server drew for one visitor (the cart, from its cookie: decision 050) says what was
 * true when it was sent, and shown offline later it would show a cart that has changed since. The
 * page every visitor gets is kept in its place, asked for without cookies once per build; the app
 * draws the cart into it from the device.
 */
const sharedInsteadOfOwn = {
  cacheWillUpdate: async ({ request, response }: { request: Request; response: Response }) => {
    if (!drawnForOneVisitor(response)) return response;
    if (await (await caches.open(pagesCache)).match(request.url)) return null;
    const shared = await fetch(request.url, { credentials: 'omit' }).catch(() => null);
    return shared && !drawnForOneVisitor(shared) ? shared : null;
  },
};

// Public pages: the network first, the last copy after a short wait or without a connection.
const pages = new NetworkFirst({
  cacheName: pagesCache,
  networkTimeoutSeconds: OFFLINE_LIMITS.pageTimeoutSeconds,
  plugins: [
    sharedInsteadOfOwn,
    { cacheWillUpdate: ({ response }) => ofThisBuild(response) },
    markedAsKept,
    new ExpirationPlugin({ maxEntries: OFFLINE_LIMITS.pages, maxAgeSeconds: OFFLINE_LIMITS.pagesMaxAgeSeconds, purgeOnQuotaError: true }),
  ],
});
registerRoute(({ request, url }) => request.mode === 'navigate' && sameOrigin(url) && isCachedPage(url.pathname), pages);

// A public page neither the network nor a cache has (never opened online): the offline page,
// under the address asked for, instead of the browser's own error. Kept at every install.
setCatchHandler(async ({ request }) => {
  if (request.mode !== 'navigate') return Response.error();
  const offline = await (await caches.open(pagesCache)).match(new URL(OFFLINE_PATH, self.location.href).href);
  return offline ?? Response.error();
});

// The public reads the pages ask for: the texts kept and renewed behind; stock and the shop switch from the network first.
const readPlugins = [
  new CacheableResponsePlugin({ statuses: [200] }),
  new ExpirationPlugin({ maxEntries: OFFLINE_LIMITS.reads, maxAgeSeconds: OFFLINE_LIMITS.readsMaxAgeSeconds, purgeOnQuotaError: true }),
];
const reads = new StaleWhileRevalidate({ cacheName: CACHE_NAMES.reads, plugins: readPlugins });
const currentReads = new NetworkFirst({ cacheName: CACHE_NAMES.reads, networkTimeoutSeconds: OFFLINE_LIMITS.pageTimeoutSeconds, plugins: readPlugins });
const readStrategy = (pathname: string) => (mustBeCurrent(pathname) ? currentReads : reads);
registerRoute(
  ({ request, url }) => request.method === 'GET' && sameOrigin(url) && isPublicRead(url.pathname),
  (options) => readStrategy(options.url.pathname).handle(options),
);

// Uploaded pictures (emblems, gallery, products): kept once seen, each at most a size, a number of them for a time.
const notTooLarge = {
  cacheWillUpdate: async ({ response }: { response: Response }) => {
    const length = Number(response.headers.get('Content-Length') ?? NaN);
    return Number.isFinite(length) && length <= OFFLINE_LIMITS.uploadMaxBytes ? response : null;
  },
};
const uploads = new CacheFirst({
  cacheName: CACHE_NAMES.uploads,
  plugins: [
    new CacheableResponsePlugin({ statuses: [200] }),
    notTooLarge,
    new ExpirationPlugin({ maxEntries: OFFLINE_LIMITS.uploads, maxAgeSeconds: OFFLINE_LIMITS.uploadsMaxAgeSeconds, purgeOnQuotaError: true }),
  ],
});
registerRoute(({ request, url }) => request.method === 'GET' && sameOrigin(url) && isUpload(url.pathname), uploads);

// Font subsets beyond the precached German cuts (a name with "é" or "ł"): kept once a page asked for one.
const fonts = new CacheFirst({
  cacheName: CACHE_NAMES.fonts,
  plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: OFFLINE_LIMITS.fonts, purgeOnQuotaError: true })],
});
registerRoute(({ request, url }) => request.method === 'GET' && sameOrigin(url) && isBuildFont(url.pathname), fonts);

/** The strategy that keeps what a page names, or null for what is never kept (or is precached). */
const keeperOf = (pathname: string) => {
  if (isCachedPage(pathname)) return pages;
  if (isPublicRead(pathname)) return readStrategy(pathname);
  if (isUpload(pathname)) return uploads;
  if (isBuildFont(pathname) && !keptFiles.has(pathname)) return fonts;
  return null;
};

/**
 * The first visit loaded its page, answers, pictures and fonts before this worker controlled it; the
 * page names them (register-worker.ts), and they are kept through the same strategies (and so
 * the same limits) as if they had been asked for now. At most OFFLINE_LIMITS.keptAtOnce.
 */
const keepSeen = async (event: ExtendableEvent, addresses: unknown[]) => {
  for (const address of addresses.slice(0, OFFLINE_LIMITS.keptAtOnce)) {
    if (typeof address !== 'string') continue;
    const url = new URL(address, self.location.href);
    if (!sameOrigin(url)) continue;
    const request = new Request(url.href, { credentials: 'same-origin' });
    await keeperOf(url.pathname)?.handle({ event, request }).catch(() => undefined);
  }
};

/**
 * A page the guest reached by a link inside the app (an item, an order's own page): its HTML was
 * never asked for, so it is fetched and kept now, unless this build has it already.
 */
const keepReached = async (event: ExtendableEvent, address: unknown) => {
  if (typeof address !== 'string') return;
  const url = new URL(address, self.location.href);
  if (!sameOrigin(url) || !isCachedPage(url.pathname)) return;
  if (await (await caches.open(pagesCache)).match(url.href)) return;
  await pages.handle({ event, request: new Request(url.href, { credentials: 'same-origin' }) }).catch(() => undefined);
};

// The first build controls the pages already open, so their later requests are kept too.
clientsClaim();

/**
 * A page kept by an earlier build names that build's scripts, which the precache drops when this
 * build takes over: shown offline, it would be old HTML over missing or new assets. So each
 * build keeps its own pages. While installing (online, or there would be no update), the new
 * build fetches the pages the old one kept, so the guest still has them offline afterwards, and
 * the pages every build keeps (KEPT_AT_INSTALL).
 */
self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const older = (await caches.keys()).filter((name) => name.startsWith(CACHE_NAMES.pagesPrefix) && name !== pagesCache);
      const addresses = new Set<string>(KEPT_AT_INSTALL.map((page) => new URL(page, self.location.href).href));
      for (const name of older) for (const request of await (await caches.open(name)).keys()) addresses.add(request.url);
      const cache = await caches.open(pagesCache);
      await Promise.all(
        [...addresses].slice(0, OFFLINE_LIMITS.pages).map(async (address) => {
          // Without cookies: a page kept is the one every visitor gets (sharedInsteadOfOwn).
          const response = await fetch(address, { credentials: 'omit' }).catch(() => null);
          if (response && !drawnForOneVisitor(response) && (await ofThisBuild(response))) await cache.put(address, response);
        }),
      );
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(CACHE_NAMES.pagesPrefix) && name !== pagesCache) await caches.delete(name);
      }
    })(),
  );
});

// "Neue Version verfügbar – neu laden": the page asks the waiting build to take over.
self.addEventListener('message', (event) => {
  const data = event.data as { type?: string; urls?: unknown } | null;
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting();
  if (data?.type === KEEP_SEEN && Array.isArray(data.urls)) event.waitUntil(keepSeen(event, data.urls));
  if (data?.type === KEEP_PAGE) event.waitUntil(keepReached(event, (data as { url?: unknown }).url));
});
