// The rendered pages kept in memory, whole and compressed, so that a burst of visitors (codes
// sent out, the line-up announced, the shop opened) costs a lookup per visit instead of a render
// and a compression. A page is rendered again at most once a second: that render asks the cms
// for the page's answers (its public reads, from the cms's memory) and is how this server learns
// of a change in the panel, with no round trip to the cms on the visitor's request. A page whose
// content did not change keeps its bytes, its compressed copies and its ETag.
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** How old a page may be before the next visit asks for it again: a panel change shows within about this. */
export const PAGE_FRESH_MS = 1000;
/**
 * Until this age the page still goes out while it is rendered again in the background: under
 * load the refresh is done long before, so no visitor waits for it. Beyond, after a quiet spell,
 * the visitor waits for the fresh page rather than being shown content of long ago.
 */
const SERVED_WHILE_REFRESHED_MS = 2 * PAGE_FRESH_MS;
/** A change in the cms is in every page a visitor is sent from this long after it was made. */
export const PAGES_FOLLOW_WITHIN_MS = SERVED_WHILE_REFRESHED_MS;
/** Pages kept: the site has a few dozen. */
const PAGES_KEPT = 128;
/**
 * Not-found pages kept, apart from the real ones: addresses anyone can make up (an unknown
 * item's) push out only each other, never a real page (issue 45: 140 of them pushed `/` out, and
 * its next visit waited for a render).
 */
const NOT_FOUND_KEPT = 32;

// The state script's clocks change with every render while the content stays the same; the
// browser never refetches by them (staleTime is Infinity), so they are no part of a page's identity.
const RENDER_CLOCKS = /"(?:dataUpdatedAt|errorUpdatedAt|dehydratedAt)":\d+/g;

/** The codings a page is kept in, best first; made once per page version, on first demand. */
const CODINGS = {
  // Quality 5: faster than gzip at level 6 and smaller; an unknown address's 404 page is made per visit.
  br: (body) => brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  gzip: (body) => gzipSync(body, { level: 6 }),
};

/**
 * One version of one page: its status, its bytes, its ETag and its compressed copies. identity is
 * what tells two versions apart (the bytes, unless given).
 */
export function pageVersion(status, body, identity = body) {
  const etag = `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`;
  const copies = new Map([['identity', body]]);
  return {
    status,
    etag,
    identity,
    /** The page in coding (br, gzip or identity), compressed at the first visit that takes it. */
    body(coding) {
      if (!copies.has(coding)) copies.set(coding, CODINGS[coding](body));
      return copies.get(coding);
    },
  };
}

/**
 * render(key) resolves with { status, body (Buffer) } or null (the page is left to the browser);
 * page(key) resolves with the kept version of the page, rendering it when it is too old, or null.
 */
export function createPageCache(
  render,
  { freshMs = PAGE_FRESH_MS, servedWhileRefreshedMs = SERVED_WHILE_REFRESHED_MS, capacity = PAGES_KEPT, notFoundCapacity = NOT_FOUND_KEPT } = {},
) {
  /** key → { version, checkedAt }: real pages, and (apart) not-found ones, each the oldest first. */
  const pages = new Map();
  const notFound = new Map();
  const kept = (key) => pages.get(key) ?? notFound.get(key);
  const keep = (key, entry) => {
    pages.delete(key);
    notFound.delete(key);
    const [shelf, room] = entry.version.status === 404 ? [notFound, notFoundCapacity] : [pages, capacity];
    if (shelf.size >= room) shelf.delete(shelf.keys().next().value);
    shelf.set(key, entry);
  };
  /** key → the render under way: the visits that need it meanwhile wait for the same one. */
  const rendering = new Map();

  const refresh = (key) => {
    const pending = rendering.get(key);
    if (pending) return pending;
    const started = Date.now();
    const done = (async () => {
      const rendered = await render(key);
      if (!rendered) {
        // The cms did not answer in time (a busy minute) or the page is left to the browser: a
        // page rendered before still goes out, and the next visit tries again.
        return kept(key)?.version ?? null;
      }
      const identity = rendered.body.toString('utf8').replace(RENDER_CLOCKS, '');
      const previous = kept(key)?.version;
      const unchanged = previous?.status === rendered.status && previous.identity === identity;
      const version = unchanged ? previous : pageVersion(rendered.status, rendered.body, identity);
      // Moved to the end: the page rendered longest ago goes first.
      keep(key, { version, checkedAt: started });
      return version;
    })();
    rendering.set(key, done);
    const forget = () => rendering.delete(key);
    done.then(forget, forget);
    return done;
  };

  return {
    async page(key) {
      const entry = kept(key);
      const age = entry ? Date.now() - entry.checkedAt : Number.POSITIVE_INFINITY;
      if (age < freshMs) return entry.version;
      if (age < servedWhileRefreshedMs) {
        refresh(key).catch((error) => console.error(`Rendering ${key} again failed:`, error));
        return entry.version;
      }
      return refresh(key);
    },
    /** Forgets every page (a new build: the template changed). */
    clear: () => {
      pages.clear();
      notFound.clear();
    },
  };
}
