import type { Context, Next } from 'koa';
import { freshAnswer, publicCacheKey, sendAnswer } from '../http/public-cache';

// The cached public reads, by the exact path the web app sends (see their routes).
const CACHED_READS: [path: RegExp, key: (match: RegExpExecArray) => string][] = [
  [/^\/api\/settings\/([A-Za-z0-9_-]+)$/, ([, key]) => publicCacheKey.setting(key)],
  [/^\/api\/shop\/items$/, () => publicCacheKey.shopItems],
  [/^\/api\/shop\/items\/([1-9][0-9]{0,9})$/, ([, id]) => publicCacheKey.shopItem(id)],
  [/^\/api\/site-content$/, () => publicCacheKey.siteContent],
];

/**
 * Answers a public read that is in the cache right after the logger, error, security, CORS and
 * powered-by middlewares have run, so the answer carries every header theirs does. The query
 * and body parsers, session, favicon, static files, router and route pipeline behind it have
 * nothing to do for these public GETs (no auth, no policies), yet cost most of an answer's time
 * (`npm run bench -- --profile`).
 *
 * Only a GET of an exact path without a query string whose answer is cached and fresh is
 * answered here. Everything else takes the normal route, which validates the request and fills
 * the cache: the first read, any read after a write, and spellings the router also accepts
 * (letter case, a trailing slash, encoded characters, ids such as 01, whose keys never match).
 */
export default () => (ctx: Context, next: Next) => {
  if (ctx.method !== 'GET' || ctx.querystring !== '') return next();
  for (const [path, key] of CACHED_READS) {
    const match = path.exec(ctx.path);
    if (!match) continue;
    const answer = freshAnswer(key(match));
    if (!answer) return next();
    sendAnswer(ctx, answer);
    return Promise.resolve();
  }
  return next();
};
