import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { cachedReadKey, freshAnswer, type CachedAnswer } from './public-cache';

/**
 * Cached public reads answered before Koa: with the status, headers and bytes that the whole
 * middleware chain (security headers, CORS, caching headers) sent for the same
 * kind of request, replayed while the cached answer they were sent with is still the fresh one.
 * Koa's own request handling costs more than everything the fast path middleware still does
 * (`npm run bench -- --profile`).
 *
 * "The same kind" means a GET of the exact path, without a query string, with only request
 * headers that no middleware reads to decide its answer (below). A header outside that list
 * (Origin for CORS, Cookie, Authorization, If-None-Match, Content-Encoding, anything unknown)
 * sends the request through Koa as before. The list holds what browsers and the site's proxy
 * send with a plain read, so those are answered early. The first plain request after a change
 * goes through Koa too, and what it sends becomes the answer replayed.
 */
type Replay = { answer: CachedAnswer; headers: [name: string, value: string][] };

const replays = new Map<string, Replay>();

const HEADERS_NO_ANSWER_DEPENDS_ON = new Set([
  'host',
  'connection',
  'user-agent',
  'accept',
  'accept-language',
  'accept-encoding', // the cms compresses nothing itself (the site's proxy does)
  'referer',
  'cache-control',
  'pragma',
  'priority',
  'dnt',
  'sec-fetch-site',
  'sec-fetch-mode',
  'sec-fetch-dest',
  'sec-ch-ua',
  'sec-ch-ua-mobile',
  'sec-ch-ua-platform',
  // Set by the site's proxy (deploy/nginx.conf); they name the client, which a read ignores.
  'x-forwarded-for',
  'x-forwarded-proto',
  'x-real-ip',
]);

function isPlainRead(method: string | undefined, headers: IncomingMessage['headers']) {
  return method === 'GET' && Object.keys(headers).every((name) => HEADERS_NO_ANSWER_DEPENDS_ON.has(name));
}

/** Called by the fast path after it answered: keeps the answer's headers once the chain is done. */
export function rememberForEarlyAnswers(ctx: Context, key: string, answer: CachedAnswer) {
  if (!isPlainRead(ctx.req.method, ctx.req.headers) || ctx.status !== 200) return;
  const response = ctx.res;
  response.once('finish', () => {
    // An answer that sets a cookie belongs to its client alone, never to be replayed to others.
    if (response.statusCode !== 200 || response.hasHeader('set-cookie')) return;
    const headers = response.getHeaderNames().map((name): [string, string] => {
      const value = response.getHeader(name);
      return [name, Array.isArray(value) ? value.join(', ') : String(value)];
    });
    replays.set(key, { answer, headers });
  });
}

/** Answers req when it is a plain read of a cached answer that was sent before; else false. */
function answerEarly(strapi: Core.Strapi, request: IncomingMessage, response: ServerResponse) {
  const url = request.url ?? '';
  if (url.includes('?') || !isPlainRead(request.method, request.headers)) return false;
  const key = cachedReadKey(url);
  if (key === undefined) return false;
  const replay = replays.get(key);
  if (!replay || freshAnswer(key) !== replay.answer) return false;
  const started = Date.now();
  response.writeHead(200, replay.headers.flat());
  response.end(replay.answer.json);
  // The line strapi::logger writes for every request.
  strapi.log.http(`GET ${url} (${Math.ceil(Date.now() - started)} ms) 200`);
  return true;
}

/** Puts the early answers in front of Strapi's request listener (Koa). */
export function answerCachedReadsEarly(strapi: Core.Strapi) {
  const server = strapi.server.httpServer;
  const koaListeners = server.listeners('request') as ((request: IncomingMessage, response: ServerResponse) => void)[];
  server.removeAllListeners('request');
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (answerEarly(strapi, request, response)) return;
    for (const listener of koaListeners) listener.call(server, request, response);
  });
}
