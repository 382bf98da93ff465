// /api, /uploads and /cms passed on to the cms, as deploy/nginx.conf does in production:
// http-proxy-3 (the proxy inside Vite's dev server) carries the request there and the answer
// back; this module decides which headers cross, compresses text answers the cms sent
// uncompressed, and turns a cms that cannot be reached into a 502.
import { Agent } from 'node:http';
import { pipeline } from 'node:stream';
import { createGzip } from 'node:zlib';
import { createProxyServer } from 'http-proxy-3';
import { acceptsEncoding } from './encodings.mjs';
import { drainUnreadBody, refuse } from './refusals.mjs';
import { isUploadsPath, withUploadHeaders } from './upload-headers.mjs';

// RFC 9110 §7.6.1: headers about one connection, never passed on in either direction. Node
// frames and keeps alive each side's connection itself.
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);
// Headers a message cannot lose without changing its body's framing, even when Connection names them.
const FRAMING = new Set(['content-length', 'transfer-encoding', 'host']);

/** The names a message marks as hop-by-hop: the fixed ones and those its Connection header lists. */
function hopByHop(headers) {
  const listed = String(headers.connection ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name && !FRAMING.has(name));
  return new Set([...HOP_BY_HOP, ...listed]);
}

// What a client says about where it comes from is not passed on: the cms, trusting this proxy,
// would take it for the truth (its rate limits count per X-Forwarded-For address).
const CLAIMS_ABOUT_THE_CLIENT = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-port', 'x-forwarded-proto', 'x-real-ip'];

/**
 * The request's headers as the cms gets them. Transfer-Encoding stays: Node sends a body it was
 * told is chunked as chunked. Expect stays out: this server has already answered it. Nothing is
 * added beyond X-Forwarded-For, X-Forwarded-Proto and X-Real-IP, because the cms answers its
 * cached reads early only to requests without headers it does not know (cms/src/http/early-answers.ts).
 */
function headersForCms(request) {
  const headers = { ...request.headers };
  for (const name of hopByHop(request.headers)) if (name !== 'transfer-encoding') delete headers[name];
  for (const name of CLAIMS_ABOUT_THE_CLIENT) delete headers[name];
  delete headers.expect;
  const address = request.socket.remoteAddress ?? '';
  return { ...headers, 'x-forwarded-for': address, 'x-forwarded-proto': 'http', 'x-real-ip': address };
}

// nginx.conf's gzip_types (nginx compresses the cms's answers too, when the cms did not).
const COMPRESSIBLE_TYPES = /^(text\/(html|css|plain)|application\/(javascript|json|xml)|image\/svg\+xml)\b/i;

/**
 * An answer whose body could go out gzipped: a text type, not compressed yet, not forbidden to
 * change, and a body at all (an answer to HEAD has none; gzip would still write its 20 bytes of
 * frame after the headers, into the client's next answer).
 */
const mayCompress = (method, status, headers) =>
  method !== 'HEAD' &&
  status >= 200 &&
  status !== 204 &&
  status !== 206 &&
  status !== 304 &&
  !headers['content-encoding'] &&
  COMPRESSIBLE_TYPES.test(String(headers['content-type'] ?? '')) &&
  !/\bno-transform\b/i.test(String(headers['cache-control'] ?? ''));

/** Vary with Accept-Encoding added to what it already names (the cms sends Vary: Origin). */
function varyAlso(vary, name) {
  const names = String(vary ?? '')
    .split(',')
    .map((each) => each.trim())
    .filter(Boolean);
  if (names.includes('*') || names.some((each) => each.toLowerCase() === name.toLowerCase())) return names.join(', ');
  return [...names, name].join(', ');
}

/**
 * The cms's answer on its way to the client: its own headers only (never an X-Powered-By, which
 * tells an attacker what to look up), gzipped when it is text and the client takes gzip.
 */
function answerFromCms(upstream, request, response) {
  // This server answered already (its deadline, answer-deadline.mjs): the cms's late answer goes nowhere.
  if (response.headersSent || response.destroyed) return upstream.destroy();
  const status = upstream.statusCode ?? 502;
  const dropped = hopByHop(upstream.headers);
  let headers = Object.fromEntries(Object.entries(upstream.headers).filter(([name]) => !dropped.has(name) && name !== 'x-powered-by'));
  // request.url is the path on the cms here (/cms/uploads/… arrives as /uploads/…).
  if (isUploadsPath(request.url ?? '/')) headers = withUploadHeaders(headers);
  const compress = mayCompress(request.method, status, headers);
  // The answer varies with Accept-Encoding whenever it could be compressed, whether or not it is this time.
  if (compress) headers.vary = varyAlso(headers.vary, 'Accept-Encoding');
  const gzip = compress && acceptsEncoding(request, 'gzip');
  if (gzip) {
    // The ETag stays as the cms wrote it: the cms answers 304 only to exactly its own tag
    // (cms/src/http/public-cache.ts), and the gzipped bytes change only when its content does.
    delete headers['content-length'];
    headers['content-encoding'] = 'gzip';
  }
  response.writeHead(status, headers);
  // An error on either side (the cms's answer cut short, the client gone) ends both: the client
  // then sees its answer end early instead of a complete-looking truncated one.
  const done = () => {};
  if (gzip) pipeline(upstream, createGzip({ level: 6 }), response, done);
  else pipeline(upstream, response, done);
}

/**
 * The proxy to the cms at cmsUrl. forward(request, response, path) passes one request on, to
 * path (with its query string) on the cms; close() ends the connections kept open to it.
 */
export function createCmsProxy(cmsUrl) {
  // Connections to the cms are kept open between requests (http-proxy-3 opens one per request without an agent).
  const agent = new Agent({ keepAlive: true });
  const proxy = createProxyServer({ target: cmsUrl, agent, selfHandleResponse: true, xfwd: false });
  proxy.on('proxyRes', answerFromCms);

  // The request to the cms for each incoming request, to close it when the client's answer is done first.
  const upstreamOf = new WeakMap();
  proxy.on('proxyReq', (upstreamRequest, request) => upstreamOf.set(request, upstreamRequest));

  const forward = (request, response, path) => {
    // http-proxy sends a DELETE or OPTIONS without Content-Length on with `Content-Length: 0`
    // and drops Transfer-Encoding, yet still pipes the body: the cms would read a chunked body
    // as a request of its own, and its answer to that would become the answer to the next
    // request on the pooled connection. No call of the site sends a body with these methods.
    if ((request.method === 'DELETE' || request.method === 'OPTIONS') && request.headers['transfer-encoding'] && !request.headers['content-length']) {
      return refuse(response, 411, path);
    }
    request.url = path;
    request.headers = headersForCms(request);
    // The answer went out before the cms read the whole body (a 413 for an upload over the
    // limit): the rest of the body is read and dropped, so the client's connection stays
    // usable for its next request, and the cms's connection, left mid-body, is closed.
    response.once('finish', () => {
      if (request.complete) return;
      request.unpipe();
      drainUnreadBody(request);
      upstreamOf.get(request)?.destroy();
    });
    proxy.web(request, response, {}, (error) => {
      // Once the answer has begun, its pipeline ends it; before, the client gets a 502.
      if (response.headersSent) return;
      console.error(`${request.method} ${path}: no answer from the cms (${error.code ?? error.message})`);
      refuse(response, 502, path);
    });
  };

  return { forward, close: () => agent.destroy() };
}
