import { createHash } from 'node:crypto';
import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { PUBLIC_READ_CACHING } from '../contract/http-caching';

export type CachedAnswer = { json: string; etag: string; storedAt: number };

// Another instance's writes reach this one within this time; this instance's own writes at once.
const MAX_AGE_MS = Number(process.env.PUBLIC_CACHE_MAX_AGE_MS ?? 2000);

const entries = new Map<string, CachedAnswer>();
// Answers being built: the requests that miss the cache meanwhile wait for the same build
// instead of each reading the database (on PostgreSQL, 50 connections made 50 reads at once).
const building = new Map<string, Promise<CachedAnswer>>();
// Bumped by every invalidation: an answer built from data read before a write is not stored after it.
let generation = 0;

/** The cache keys of the public reads, shared by their controllers and the fast path. */
export const publicCacheKey = {
  setting: (key: string) => `setting:${key}`,
  shopItems: 'shop:items',
  shopItem: (id: number | string) => `shop:item:${id}`,
  siteContent: 'site-content',
  programme: 'programme',
} as const;

// The cached public reads, by the exact path the web app sends (see their routes).
const CACHED_READS: [path: RegExp, key: (match: RegExpExecArray) => string][] = [
  [/^\/api\/settings\/([A-Za-z0-9_-]+)$/, ([, key]) => publicCacheKey.setting(key)],
  [/^\/api\/shop\/items$/, () => publicCacheKey.shopItems],
  [/^\/api\/shop\/items\/([1-9][0-9]{0,9})$/, ([, id]) => publicCacheKey.shopItem(id)],
  [/^\/api\/site-content$/, () => publicCacheKey.siteContent],
  [/^\/api\/programme$/, () => publicCacheKey.programme],
];

/** The cache key of the public read at exactly this path (no query string), else undefined. */
export function cachedReadKey(path: string): string | undefined {
  for (const [pattern, key] of CACHED_READS) {
    const match = pattern.exec(path);
    if (match) return key(match);
  }
  return undefined;
}

/** Forgets every cached public answer; called after any write to the data they are built from. */
export const invalidatePublicCache = () => {
  generation += 1;
  entries.clear();
  // A request after the write must not wait for a build that read the data before it.
  building.clear();
};

/** The cached answer for key while it is fresh enough to send, else undefined. */
export function freshAnswer(key: string): CachedAnswer | undefined {
  const entry = entries.get(key);
  return entry && Date.now() - entry.storedAt <= MAX_AGE_MS ? entry : undefined;
}

/** Sends a cached answer with its ETag, or a 304 when the browser already holds it. */
export function sendAnswer(ctx: Context, entry: CachedAnswer) {
  ctx.set('ETag', entry.etag);
  ctx.set('Cache-Control', PUBLIC_READ_CACHING);
  if (ctx.get('if-none-match') === entry.etag) {
    ctx.status = 304;
    return;
  }
  ctx.type = 'application/json; charset=utf-8';
  ctx.body = entry.json;
}

/**
 * Answers a public read from memory, built by load() at most once per change, with an ETag so
 * a browser or proxy revalidates with a 304 instead of downloading the body again.
 */
export async function sendCachedJson(ctx: Context, key: string, load: () => Promise<unknown>) {
  sendAnswer(ctx, freshAnswer(key) ?? (await buildOnce(key, load)));
}

function buildOnce(key: string, load: () => Promise<unknown>): Promise<CachedAnswer> {
  const pending = building.get(key);
  if (pending) return pending;
  const before = generation;
  const build = (async () => {
    const json = JSON.stringify(await load());
    const entry = { json, etag: `"${createHash('sha1').update(json).digest('base64url')}"`, storedAt: Date.now() };
    if (generation === before) entries.set(key, entry);
    return entry;
  })();
  building.set(key, build);
  const forget = () => {
    if (building.get(key) === build) building.delete(key);
  };
  build.then(forget, forget);
  return build;
}

/** Content whose changes (panel, dashboard or API) must reach the cached public answers. */
const SOURCES = [
  'api::setting.setting',
  'api::product.product',
  'api::festival.festival',
  'api::agenda-image.agenda-image',
  'api::performer.performer',
  'api::faq-item.faq-item',
  'api::accommodation-photo.accommodation-photo',
  'api::imprint.imprint',
  'api::privacy-policy.privacy-policy',
  'api::house.house',
  'api::place.place',
  'api::programme-entry.programme-entry',
  'plugin::upload.file',
];

export function invalidateOnContentChanges(strapi: Core.Strapi) {
  const clear = () => invalidatePublicCache();
  strapi.db.lifecycles.subscribe({
    models: SOURCES,
    afterCreate: clear,
    afterCreateMany: clear,
    afterUpdate: clear,
    afterUpdateMany: clear,
    afterDelete: clear,
    afterDeleteMany: clear,
  });
}
