/*
 * What the service worker (sw.ts) answers from its caches, apart from the precached build files
 * (docs/decisions/037). Everything not named here goes to the network untouched: the dashboard
 * (/admin), its calls (/api/admin/*), the panel (/cms/*), sign-ins, orders and code checks.
 */

export const CACHE_NAMES = {
  /** Followed by the build's fingerprint: each build keeps its own pages. */
  pagesPrefix: 'gos-pages-',
  reads: 'gos-public-reads',
  uploads: 'gos-uploads',
  fonts: 'gos-fonts',
} as const;

const DAY = 24 * 60 * 60;

/** At most this many addresses a page hands over to be kept (KEEP_SEEN); a number of its own, so a page's first script takes no more of this module. */
export const KEPT_AT_ONCE = 80;

export const OFFLINE_LIMITS = {
  /** A page waits this long for the network before the kept copy is shown. */
  pageTimeoutSeconds: 3,
  pages: 60,
  pagesMaxAgeSeconds: 30 * DAY,
  reads: 40,
  readsMaxAgeSeconds: 30 * DAY,
  uploads: 120,
  uploadsMaxAgeSeconds: 30 * DAY,
  /** A picture larger than this is not kept (the originals an editor uploads can be megabytes). */
  uploadMaxBytes: 1_500_000,
  /** Font subsets beyond the German cuts (which are precached) that pages asked for. */
  fonts: 24,
  keptAtOnce: KEPT_AT_ONCE,
} as const;

/** Set on <html> by the worker when it shows a kept page instead of the network's: the time the server sent it. */
export const OFFLINE_COPY_ATTRIBUTE = 'data-offline-copy';

/** The page the worker shows for a public page it has not kept while the network does not answer (routes/offline.tsx). */
export const OFFLINE_PATH = '/offline';

/**
 * The pages every build keeps as it installs, whichever page the guest came by: the start page
 * the installed app opens on, the running order, the page most asked for on the ground, and the
 * page shown for any other not kept.
 */
export const KEPT_AT_INSTALL = ['/', '/programm', OFFLINE_PATH];

/** The message by which a page names what it loaded before the worker controlled it. */
export const KEEP_SEEN = 'KEEP_SEEN';

/** The message by which a page reached inside the app (its HTML never asked for) asks to be kept. */
export const KEEP_PAGE = 'KEEP_PAGE';

/** The public pages kept for offline use: the landing, shop, access, legal pages, the programme and an order's own page (whichever the guest opened, also by a link inside the app). */
const CACHED_PAGES = [
  /^\/$/,
  /^\/shop(\/cart)?\/?$/,
  /^\/shop\/item\/[^/]+\/?$/,
  /^\/shop\/bestellung\/[^/]+\/?$/,
  /^\/enthuelle-dein-wappen\/?$/,
  /^\/(impressum|datenschutz)\/?$/,
  /^\/programm(\/.*)?$/,
  /^\/offline$/,
];

export const isCachedPage = (pathname: string) => CACHED_PAGES.some((page) => page.test(pathname));

/** The public reads the pages ask for (SPEC §7), never the organisers' (/api/admin/*). */
const PUBLIC_READS = [/^\/api\/site-content$/, /^\/api\/settings\/shop_enabled$/, /^\/api\/shop\/items(\/[^/]+)?$/, /^\/api\/programme$/];

export const isPublicRead = (pathname: string) => PUBLIC_READS.some((read) => read.test(pathname));

/**
 * The public reads whose kept answer is shown only when the network does not answer: stock,
 * the shop switch and the programme (its answer carries the clock that marks "Jetzt") must be current while online (a stale count after an order, an open shop
 * after it closed). The festival's texts are shown from the cache at once and renewed behind.
 */
export const mustBeCurrent = (pathname: string) => pathname !== '/api/site-content';

export const isUpload = (pathname: string) => pathname.startsWith('/uploads/');

/** A font file of the build (under its hashed name): the precache has the German cuts only. */
export const isBuildFont = (pathname: string) => /^\/assets\/[^/]+\.woff2$/.test(pathname);

// Every build file the page names: in attributes, and in its inline scripts (the entry and the
// chunks it loads after the first paint are named there, not in a src).
const BUILD_FILE = /["'(](\/assets\/[^"'()\s]+)/g;

/**
 * Whether a page's own build files (its scripts, styles, fonts under /assets/) are all among
 * `kept`: a page of another build than the worker's is never kept, so a page shown offline
 * always comes with the files it was built with.
 */
export const pageMatchesBuild = (html: string, kept: ReadonlySet<string>) => {
  const files = [...html.matchAll(BUILD_FILE)].map((match) => match[1]);
  return files.length > 0 && files.every((file) => kept.has(file));
};
