// The built web app served the way deploy/nginx.conf serves it, for measuring it on this
// machine: gzip, an immutable cache for the hashed /assets, `no-cache` for the rest, the SPA
// fallback to index.html, and /api, /uploads and /cms passed on to the cms. Node's own modules
// only, so measuring adds no dependency to the site.
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer, request as httpRequest } from 'node:http';
import path from 'node:path';
import { createGzip, gzipSync } from 'node:zlib';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.woff2': 'font/woff2',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
};

// nginx.conf's gzip_types (text/html is always compressed by nginx).
const COMPRESSED = new Set(['.html', '.js', '.css', '.json', '.svg', '.txt', '.xml']);
const COMPRESSED_TYPES = /^(text\/(html|css|plain)|application\/(javascript|json|xml)|image\/svg\+xml)\b/;

const acceptsGzip = (request) => /\bgzip\b/.test(request.headers['accept-encoding'] ?? '');

/** The file under root that a request path names, or null when it leaves root or is no file. */
async function fileFor(root, pathname) {
  const file = path.join(root, decodeURIComponent(pathname));
  if (!file.startsWith(root + path.sep)) return null;
  const info = await stat(file).catch(() => null);
  return info?.isFile() ? file : null;
}

function proxy(request, response, cmsUrl, pathname) {
  const target = new URL(cmsUrl);
  const forwarded = request.headers['x-forwarded-for'];
  const upstream = httpRequest(
    {
      host: target.hostname,
      port: target.port,
      method: request.method,
      path: pathname,
      headers: {
        ...request.headers,
        'x-forwarded-for': forwarded ? `${forwarded}, ${request.socket.remoteAddress}` : request.socket.remoteAddress,
        'x-forwarded-proto': 'http',
        'x-real-ip': request.socket.remoteAddress,
      },
    },
    (answer) => {
      // nginx compresses the cms's answers too (gzip_types), when the cms did not.
      const compress =
        acceptsGzip(request) &&
        !answer.headers['content-encoding'] &&
        COMPRESSED_TYPES.test(answer.headers['content-type'] ?? '');
      if (!compress) {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
        return;
      }
      const { 'content-length': _length, ...headers } = answer.headers;
      response.writeHead(answer.statusCode ?? 502, { ...headers, 'content-encoding': 'gzip', vary: 'Accept-Encoding' });
      answer.pipe(createGzip({ level: 6 })).pipe(response);
    },
  );
  upstream.on('error', () => {
    if (!response.headersSent) response.writeHead(502, { 'Content-Type': 'text/plain' });
    response.end('Bad Gateway');
  });
  request.pipe(upstream);
}

/**
 * Serves root (web/dist) on 127.0.0.1:port (a free one when 0) and resolves with its address
 * and a close function.
 */
export async function startStaticServer({ root, cmsUrl, port = 0 }) {
  const gzipped = new Map();

  const send = async (request, response, file, cacheControl) => {
    const extension = path.extname(file);
    const headers = { 'Content-Type': TYPES[extension] ?? 'application/octet-stream', 'Cache-Control': cacheControl };
    if (COMPRESSED.has(extension) && acceptsGzip(request)) {
      // Keyed by modification time too: a rebuild while the server runs replaces index.html.
      const key = `${file}@${(await stat(file)).mtimeMs}`;
      if (!gzipped.has(key)) gzipped.set(key, gzipSync(await readFile(file), { level: 6 }));
      const body = gzipped.get(key);
      response.writeHead(200, { ...headers, 'Content-Encoding': 'gzip', 'Content-Length': body.length });
      response.end(request.method === 'HEAD' ? undefined : body);
      return;
    }
    const { size } = await stat(file);
    response.writeHead(200, { ...headers, 'Content-Length': size });
    if (request.method === 'HEAD') response.end();
    else createReadStream(file).pipe(response);
  };

  const server = createServer(async (request, response) => {
    try {
      const { pathname, search } = new URL(request.url ?? '/', 'http://localhost');
      if (pathname.startsWith('/api/') || pathname.startsWith('/uploads/')) {
        return proxy(request, response, cmsUrl, pathname + search);
      }
      if (pathname === '/cms') {
        response.writeHead(302, { Location: '/cms/admin/' });
        return response.end();
      }
      if (pathname.startsWith('/cms/')) return proxy(request, response, cmsUrl, pathname.slice(4) + search);

      const file = pathname.startsWith('/.vite/') ? null : await fileFor(root, pathname);
      if (pathname.startsWith('/assets/') || pathname.startsWith('/.vite/')) {
        if (file) return await send(request, response, file, 'public, max-age=31536000, immutable');
        response.writeHead(404, { 'Content-Type': 'text/plain' });
        return response.end('Not Found');
      }
      return await send(request, response, file ?? path.join(root, 'index.html'), 'no-cache');
    } catch (error) {
      if (!response.headersSent) response.writeHead(500, { 'Content-Type': 'text/plain' });
      response.end(String(error));
    }
  });

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const { port: listening } = server.address();
  return {
    url: `http://localhost:${listening}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
