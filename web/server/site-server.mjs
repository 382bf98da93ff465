// The built site's server: public pages rendered with the cms's content already in them
// (dist-server/render-page.js), the dashboard as index.html's shell, the files of dist with
// gzip and the caching deploy/nginx.conf uses (immutable hashed /assets, `no-cache` for the
// rest), and /api, /uploads and /cms passed on to the cms. In production nginx stands in
// front (deploy/nginx.conf) and sends it only the pages; `npm start`, the browser tests and
// Lighthouse use it alone. Node's own modules only.
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer, request as httpRequest } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
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

const WEB = path.resolve(import.meta.dirname, '..');

/** Where a page rendered on the server goes into index.html: the shell between these markers. */
const APP_MARKUP = /<!--app-->[\s\S]*<!--\/app-->/;
// A rendered page has the cms's answers in it: preloading them again would only cost bandwidth.
const ANSWER_PRELOADS = /[ \t]*<link rel="preload" href="\/api\/[^"]*" as="fetch"[^>]*>\n?/g;

const ENTRY_SCRIPT = /[ \t]*<script type="module" crossorigin src="([^"]+)"><\/script>\n?/;
const MODULE_PRELOADS = /[ \t]*<link rel="modulepreload" crossorigin href="([^"]+)">\n?/g;

/**
 * A rendered page can be read before any script runs, so its scripts are asked for once it has
 * been painted (the browser's first-contentful-paint entry): on a slow phone connection the
 * stylesheet, the fonts and the hero image then arrive without 150 kB of script competing for
 * the same bandwidth, and the scripts' work does not hold up the first picture. A tab opened in
 * the background (which paints nothing) and a browser without paint entries ask at once.
 */
const scriptsAfterFirstPaint = (entry, chunks) => `<script type="module">
      const load = () => {
        for (const href of ${JSON.stringify(chunks)}) {
          const link = Object.assign(document.createElement('link'), { rel: 'modulepreload', href });
          document.head.append(link);
        }
        import(${JSON.stringify(entry)});
      };
      const painted = () => performance.getEntriesByName('first-contentful-paint').length > 0;
      if (document.visibilityState === 'hidden' || !PerformanceObserver.supportedEntryTypes?.includes('paint') || painted()) load();
      else {
        const observer = new PerformanceObserver(() => {
          if (!painted()) return;
          observer.disconnect();
          setTimeout(load);
        });
        observer.observe({ type: 'paint' });
      }
    </script>`;

const escapeHtml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The template's title and meta tags set to the page's (a null content removes the tag). */
function withHead(template, head) {
  if (!head) return template;
  let html = template.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(head.title)}</title>`);
  for (const [{ attribute, key }, content] of head.meta) {
    const existing = new RegExp(`[ \\t]*<meta\\s+${attribute}="${key}"\\s+content="[^"]*"\\s*/?>\\n?`);
    const tag = content === null ? '' : `    <meta ${attribute}="${key}" content="${escapeHtml(content)}" />\n`;
    html = existing.test(html) ? html.replace(existing, () => tag) : html.replace('</head>', () => `${tag}  </head>`);
  }
  return html;
}

/**
 * What every rendered page shares, worked out once per build: index.html without the answers'
 * preloads and the entry's script tags, and the module script that asks for them after the paint.
 */
export function pageTemplate(template) {
  const entry = template.match(ENTRY_SCRIPT)?.[1];
  const chunks = [...template.matchAll(MODULE_PRELOADS)].map((match) => match[1]);
  const html = (entry ? template.replace(ENTRY_SCRIPT, '').replace(MODULE_PRELOADS, '') : template).replace(ANSWER_PRELOADS, '');
  return { html, scripts: entry ? `\n    ${scriptsAfterFirstPaint(entry, chunks)}` : '' };
}

/** A page in its template: its head, its markup in #root, its state and the scripts before </body>. */
const fillTemplate = ({ html, scripts }, page) =>
  withHead(html, page.head)
    .replace(APP_MARKUP, () => page.html)
    .replace('</body>', () => `${page.stateScript}${scripts}\n  </body>`);

/** index.html with a rendered page: its head, its markup in #root, its state, and its scripts asked for after the first paint. */
export const pageHtml = (template, page) => fillTemplate(pageTemplate(template), page);

/**
 * Starts the site on host:port (a free port when 0) and resolves with its address and a close
 * function. cmsUrl is where this server reaches the cms; publicUrl the site's public address.
 */
export async function startSiteServer({ cmsUrl, publicUrl, port = 0, host = '127.0.0.1', root = path.join(WEB, 'dist') }) {
  const { configureRenderer, renderPage } = await import(pathToFileURL(path.join(WEB, 'dist-server', 'render-page.js')).href);
  const publicOrigin = new URL(publicUrl ?? `http://localhost:${port}`).origin;
  configureRenderer({ cmsUrl, publicOrigin });
  const gzipped = new Map();

  /** Gzips a text body once per key (file and modification time), or on every call without a key. */
  const gzip = (key, body) => {
    if (key === null) return gzipSync(body, { level: 6 });
    if (!gzipped.has(key)) gzipped.set(key, gzipSync(body, { level: 6 }));
    return gzipped.get(key);
  };

  const sendBody = (request, response, { status = 200, type, cacheControl, body, key = null }) => {
    const headers = { 'Content-Type': type, 'Cache-Control': cacheControl, Vary: 'Accept-Encoding' };
    const compressed = acceptsGzip(request);
    const sent = compressed ? gzip(key, body) : body;
    response.writeHead(status, { ...headers, ...(compressed && { 'Content-Encoding': 'gzip' }), 'Content-Length': sent.length });
    response.end(request.method === 'HEAD' ? undefined : sent);
  };

  const send = async (request, response, file, cacheControl) => {
    const extension = path.extname(file);
    const type = TYPES[extension] ?? 'application/octet-stream';
    if (COMPRESSED.has(extension)) {
      // Keyed by modification time too: a rebuild while the server runs replaces the files.
      const key = `${file}@${(await stat(file)).mtimeMs}`;
      return sendBody(request, response, { type, cacheControl, body: await readFile(file), key });
    }
    const { size } = await stat(file);
    response.writeHead(200, { 'Content-Type': type, 'Cache-Control': cacheControl, 'Content-Length': size });
    if (request.method === 'HEAD') response.end();
    else createReadStream(file).pipe(response);
  };

  // Prepared once per build: a rebuild while the server runs changes index.html's modification time.
  let prepared = { key: null, template: null };
  const preparedTemplate = async (indexFile) => {
    const key = (await stat(indexFile)).mtimeMs;
    if (prepared.key !== key) prepared = { key, template: pageTemplate(await readFile(indexFile, 'utf8')) };
    return prepared.template;
  };

  /** A page: rendered here when renderPage can, index.html's shell for the browser to render otherwise. */
  const sendPage = async (request, response, pathname, search) => {
    const indexFile = path.join(root, 'index.html');
    const rendered = await renderPage(new URL(pathname + search, publicOrigin).href).catch((error) => {
      console.error(`Rendering ${pathname} failed, the browser renders it:`, error);
      return null;
    });
    if (!rendered) return send(request, response, indexFile, 'no-cache');
    sendBody(request, response, {
      status: rendered.status,
      type: TYPES['.html'],
      cacheControl: 'no-cache',
      body: Buffer.from(fillTemplate(await preparedTemplate(indexFile), rendered)),
    });
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
      if (file && path.basename(file) !== 'index.html') return await send(request, response, file, 'no-cache');
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        response.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain' });
        return response.end('Method Not Allowed');
      }
      return await sendPage(request, response, pathname, search);
    } catch (error) {
      console.error(error);
      if (!response.headersSent) response.writeHead(500, { 'Content-Type': 'text/plain' });
      response.end('Internal Server Error');
    }
  });

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
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

// `node server/site-server.mjs`: the site on PORT (8080), with the cms at CMS_URL.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const port = Number(process.env.PORT ?? 8080);
  const site = await startSiteServer({
    cmsUrl: process.env.CMS_URL ?? 'http://127.0.0.1:1337',
    publicUrl: process.env.PUBLIC_URL ?? `http://localhost:${port}`,
    port,
    host: process.env.HOST ?? '0.0.0.0',
  });
  console.log(`Site at ${site.url}`);
  const stop = () => site.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
