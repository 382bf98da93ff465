import type { Context, Next } from 'koa';
import { rememberForEarlyAnswers } from '../http/early-answers';
import { cachedReadKey, freshAnswer, sendAnswer } from '../http/public-cache';

/**
 * Answers a public read that is in the cache right after the logger, error, security and CORS
 * middlewares have run, so the answer carries every header theirs does. The query
 * and body parsers, session, favicon, static files, router and route pipeline behind it have
 * nothing to do for these public GETs (no auth, no policies), yet cost most of an answer's time
 * (`npm run bench -- --profile`).
 *
 * Only a GET of an exact path without a query string whose answer is cached and fresh is
 * answered here. Everything else takes the normal route, which validates the request and fills
 * the cache: the first read, any read after a write, and spellings the router also accepts
 * (letter case, a trailing slash, encoded characters, ids such as 01, whose keys never match).
 * What this sends is remembered for src/http/early-answers.ts.
 */
export default () => (ctx: Context, next: Next) => {
  if (ctx.method !== 'GET' || ctx.querystring !== '') return next();
  const key = cachedReadKey(ctx.path);
  if (key === undefined) return next();
  const answer = freshAnswer(key);
  if (!answer) return next();
  sendAnswer(ctx, answer);
  rememberForEarlyAnswers(ctx, key, answer);
  return Promise.resolve();
};
