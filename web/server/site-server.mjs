// The built site's server: public pages rendered with the cms's content already in them
// (dist-server/render-page.js), kept in memory whole and compressed (page-cache.mjs), the dashboard as index.html's shell, the files of dist as the
// build compressed them (sirv; immutable hashed /assets, `no-cache` for the rest, as
// deploy/nginx.conf caches them), and /api, /uploads and /cms passed on to the cms
// (cms-proxy.mjs). In production nginx stands in front (deploy/nginx.conf) and sends it only
// the pages; `npm start`, the browser tests and Lighthouse use it alone.
import { readFile, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pLimit from 'p-limit';
import sirv from 'sirv';
import { answerWithin } from './answer-deadline.mjs';
import { createCmsHealth, healthAnswer } from './cms-health.mjs';
import { createCmsProxy } from './cms-proxy.mjs';
import { acceptsEncoding } from './encodings.mjs';
import { staticGraph } from './manifest-graph.mjs';
import { createMarkdownPool } from './markdown-pool.mjs';
import { createPageCache, pageVersion } from './page-cache.mjs';
import { pageSecurityHeaders } from './page-security.mjs';
import { drainUnreadBody, refuse, refuseOnSocket } from './refusals.mjs';

const WEB = path.resolve(import.meta.dirname, '..');

/** Where a page rendered on the server goes into index.html: the shell between these markers. */
const APP_MARKUP = /<!--app-->[\s\S]*<!--\/app-->/;
// A rendered page has the cms's answers in it: preloading them again would only cost bandwidth.
const ANSWER_PRELOADS = /[ \t]*<link rel="preload" href="\/api\/[^"]*" as="fetch"[^>]*>\n?/g;

const ENTRY_SCRIPT = /[ \t]*<script type="module" crossorigin src="([^"]+)"><\/script>\n?/;
const MODULE_PRELOADS = /[ \t]*<link rel="modulepreload" crossorigin href="([^"]+)">\n?/g;

/**
 * A rendered page can be read before any script runs, so its scripts are asked for once its first
 * screen has been painted: the first paint (the browser's first-contentful-paint entry), and the
 * page's main picture (the image it asks for with fetchpriority="high") loaded and drawn. On a slow
 * phone connection the stylesheet, the fonts and that picture then arrive without 150 kB of script
 * competing for the same bandwidth, and the scripts' work does not hold up the first picture. The
 * picture is waited for three seconds at most. A tab opened in the background (which paints
 * nothing) and a browser without paint entries ask at once.
 *
 * The main thread sets up each preload's request: 0.5–2 ms a link on this project's machines,
 * unthrottled (2026-11-27), and four times that in Lighthouse's phone. So the links go in
 * PRELOADS_PER_TASK at a time, each pair a task of its own: twenty at once were a long task
 * (19 ms, 95 ms at the phone's speed) in which a tap waited.
 */
export const PRELOADS_PER_TASK = 2;
const scriptsAfterFirstPaint = (entry, chunks) => `<script type="module">
      const load = () => {
        // A form was sent as plain HTML (index.html): its answer replaces the page. Back to the page, they are asked for.
        if (document.documentElement.hasAttribute('data-form-sent')) return addEventListener('pageshow', load, { once: true });
        const waiting = ${JSON.stringify(chunks)};
        const preloadSome = () => {
          const links = waiting.splice(0, ${PRELOADS_PER_TASK}).map((href) => Object.assign(document.createElement('link'), { rel: 'modulepreload', href }));
          document.head.append(...links);
          if (waiting.length > 0) setTimeout(preloadSome);
          else import(${JSON.stringify(entry)});
        };
        preloadSome();
      };
      const afterNextFrame = () => requestAnimationFrame(() => setTimeout(load));
      const pictureLoaded = (image) => image.complete ? Promise.resolve() : new Promise((done) => {
        image.addEventListener('load', done, { once: true });
        image.addEventListener('error', done, { once: true });
      });
      const firstScreenDrawn = () => {
        const pictures = [...document.querySelectorAll('img[fetchpriority="high"]')].map(pictureLoaded);
        const timeout = new Promise((done) => setTimeout(done, 3000));
        Promise.race([Promise.all(pictures), timeout]).then(afterNextFrame);
      };
      const painted = () => performance.getEntriesByName('first-contentful-paint').length > 0;
      if (document.visibilityState === 'hidden' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) load();
      else if (painted()) firstScreenDrawn();
      else {
        const observer = new PerformanceObserver(() => {
          if (!painted()) return;
          observer.disconnect();
          firstScreenDrawn();
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
 * preloads and the entry's script tags, the entry and the addresses of the chunks it preloads.
 * Vite's manifest of the same build finds the chunks of the modules a page imports at and after
 * its takeover.
 */
export function pageTemplate(template, manifest = {}) {
  const entry = template.match(ENTRY_SCRIPT)?.[1];
  const chunks = [...template.matchAll(MODULE_PRELOADS)].map((match) => match[1]);
  const html = (entry ? template.replace(ENTRY_SCRIPT, '').replace(MODULE_PRELOADS, '') : template).replace(ANSWER_PRELOADS, '');
  return { html, entry, chunks, manifest };
}

/** The chunks of the given modules and of what they import, but for those the entry preloads. */
const chunksOf = ({ chunks, manifest }, modules) =>
  [...staticGraph(manifest, modules)].map((key) => `/${manifest[key].file}`).filter((address) => !chunks.includes(address));

/**
 * The page's scripts, asked for after its first paint: the entry's chunks and those of its
 * route's own module, which the takeover imports (src/app/page-modules.ts).
 */
const pageScripts = (template, page) =>
  template.entry ? `\n    ${scriptsAfterFirstPaint(template.entry, [...template.chunks, ...chunksOf(template, page.importedAtTakeover ?? [])])}` : '';

/**
 * The chunks of what the page imports after its takeover (the landing's sections), listed for the
 * page to preload a few per task (web/src/lib/preload-later.ts, web/src/app/page-modules.ts).
 */
const laterChunksScript = (template, page) => {
  const later = chunksOf(template, page.importedLater ?? []);
  return later.length > 0 ? `\n    <script id="later-chunks" type="application/json">${JSON.stringify(later).replace(/</g, '\\u003c')}</script>` : '';
};

/**
 * A page in its template: its head, its markup in #root, its state and the scripts before </body>
 * (none for a page that is never taken over: the worker's offline page).
 */
const fillTemplate = (template, page) =>
  withHead(template.html, page.head)
    .replace(APP_MARKUP, () => page.html)
    .replace('</body>', () => (page.withoutScripts ? '</body>' : `${page.stateScript}${laterChunksScript(template, page)}${pageScripts(template, page)}\n  </body>`));

/** index.html with a rendered page: its head, its markup in #root, its state, and its scripts asked for after the first paint. */
export const pageHtml = (template, page, manifest) => fillTemplate(pageTemplate(template, manifest), page);

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The headers of a file of the build: hashed /assets kept for good, the rest asked again each
 * time. The service worker (docs/decisions/037) is never kept, so a new build is found at the
 * next visit, and may control the whole site from /sw.js.
 */
export function fileHeaders(pathname) {
  if (pathname.startsWith('/assets/')) return { 'Cache-Control': IMMUTABLE };
  if (pathname === '/sw.js') return { 'Cache-Control': 'no-cache, max-age=0', 'Service-Worker-Allowed': '/' };
  return { 'Cache-Control': 'no-cache' };
}
/**
 * A rendered page: a shared cache (a CDN, nginx's proxy_cache in deploy/nginx.conf) may keep it a
 * few seconds and send it while it asks for a fresh one, so a burst reaches this server a few
 * times a second; a browser asks again on every visit (max-age=0) and gets a 304 while the page
 * is unchanged.
 */
export const PAGE_CACHING = 'public, max-age=0, must-revalidate, s-maxage=2';
/** The dashboard's shell, and the shell sent for a page the browser renders alone: never kept by a shared cache. */
const SHELL_CACHING = 'private, no-cache';
const HTML = 'text/html; charset=utf-8';

/**
 * The request's path with its percent-escapes decoded, or null when it cannot be read as a path:
 * an escape that is not one, bytes that are not UTF-8 (overlong forms included: `%C0%AE`), a
 * control character (`%00`), or a `.`/`..` segment, however written (`%2e%2e`, `..%2f`, `..%5c`).
 * Decoded once: `%252e` stays the three characters `%2e`, which name no file.
 */
function decodedPath(rawPath) {
  let decoded;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return null;
  }
  if (/[\u0000-\u001f\u007f]/.test(decoded)) return null;
  if (decoded.split(/[/\\]/).some((segment) => segment === '.' || segment === '..')) return null;
  return decoded;
}

/** A decoded path that can name a file of the build: the characters Vite and public/ use, no dot-file or dot-folder. */
const FILE_PATH = /^(\/[\w-][\w.~-]*)+$/;
/** The build's own copies, and index.html, which goes out only as a page. */
const NOT_SENT_AS_FILE = /(\.(gz|br)|^\/index\.html)$/;

/** The coding a page goes out in: the best one the client takes. */
const pageCoding = (request) => ['br', 'gzip'].find((coding) => acceptsEncoding(request, coding)) ?? 'identity';

/** The site's icon: what /favicon.ico, the address browsers ask for by themselves, leads to. */
export const FAVICON = '/favicon.svg';

/** The client's address: the connection's, or behind nginx (trustProxy) the one address nginx wrote into X-Forwarded-For. */
const clientAddress = (request, trustProxy) => {
  const forwarded = trustProxy ? String(request.headers['x-forwarded-for'] ?? '').split(',').at(-1)?.trim() : '';
  return forwarded || (request.socket.remoteAddress ?? '');
};

/** The largest access form taken: a code is a few characters, the form a few dozen bytes. */
export const FORM_BYTES = 1024;
/**
 * Pages rendered for one visitor at once (an access form's answer, a cart's page drawn from the
 * request's copy of the cart), and waiting beyond them. Each is a render of its own, the one a
 * client can make this server do at will (every other page is kept, page-cache.mjs): a flood of
 * them waits its turn instead of taking the event loop from the other visitors.
 */
export const FORMS_AT_ONCE = 2;
export const FORMS_WAITING = 64;
const FORM_REFUSALS = {
  403: 'Das Formular kann nur von dieser Seite aus gesendet werden.',
  413: 'Das Formular ist zu groß.',
  415: 'Das Formular muss als application/x-www-form-urlencoded gesendet werden.',
  503: 'Gerade werden sehr viele Codes geprüft. Bitte versuche es in ein paar Sekunden erneut.',
};
const refuseForm = (response, status) => {
  const body = JSON.stringify({ success: false, error: FORM_REFUSALS[status] });
  response.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
    Connection: 'close',
    ...(status === 503 && { 'Retry-After': '5' }),
  });
  response.end(body);
  drainUnreadBody(response.req);
  return null;
};

/**
 * A form sent by this site's own page: its fields, or null once the request has been refused
 * (sent by another site, not a urlencoded form, or larger than FORM_BYTES).
 */
async function readForm(request, response) {
  if (['cross-site', 'same-site'].includes(String(request.headers['sec-fetch-site']))) return refuseForm(response, 403);
  if (!/^application\/x-www-form-urlencoded\s*(;|$)/i.test(String(request.headers['content-type'] ?? ''))) return refuseForm(response, 415);
  if (Number(request.headers['content-length'] ?? 0) > FORM_BYTES) return refuseForm(response, 413);
  const body = await new Promise((resolve) => {
    const chunks = [];
    let size = 0;
    const collect = (chunk) => {
      size += chunk.length;
      if (size <= FORM_BYTES) return chunks.push(chunk);
      request.off('data', collect);
      resolve('too large');
    };
    request.on('data', collect);
    request.once('end', () => resolve(Buffer.concat(chunks)));
    // The client went away before its form had arrived: nobody is left to answer.
    request.once('close', () => resolve(null));
  });
  if (body === 'too large') return refuseForm(response, 413);
  if (body === null) return null;
  return new URLSearchParams(body.toString('utf8'));
}

const sendText = (response, status, text, headers = {}) => {
  response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': Buffer.byteLength(text), ...headers });
  response.end(text);
};

/**
 * Starts the site on host:port (a free port when 0) and resolves with its address and a close
 * function. cmsUrl is where this server reaches the cms; publicUrl the site's public address.
 */
export async function startSiteServer({
  cmsUrl,
  publicUrl,
  port = 0,
  host = '127.0.0.1',
  root = path.join(WEB, 'dist'),
  trustProxy = process.env.PAGES_BEHIND_PROXY === 'true',
}) {
  const { configureRenderer, renderPage, isUnknownAddress, UNKNOWN_ADDRESS, ACCESS_PATH, CART_PATH, cartFromCookies } = await import(
    pathToFileURL(path.join(WEB, 'dist-server', 'render-page.js')).href
  );
  const publicOrigin = new URL(publicUrl ?? `http://localhost:${port}`).origin;
  // cms markdown is parsed in a worker with a time bound, never on this event loop.
  const markdown = createMarkdownPool(path.join(WEB, 'dist-server', 'markdown-worker.js'));
  configureRenderer({ cmsUrl, publicOrigin, parseMarkdown: markdown.parse });
  const cms = createCmsProxy(cmsUrl);
  const cmsHealth = createCmsHealth(cmsUrl);
  const indexFile = path.join(root, 'index.html');
  const manifestFile = path.join(root, '.vite', 'manifest.json');

  // What a build gives this server, read again when a rebuild while it runs has replaced
  // index.html: the page template and the shell, and the list of files sirv serves (it reads
  // the folder once rather than the disk on every request).
  const filesOf = () =>
    sirv(root, {
      extensions: [],
      gzip: true,
      brotli: true,
      etag: true,
      setHeaders: (response, pathname) => {
        for (const [name, value] of Object.entries(fileHeaders(pathname))) response.setHeader(name, value);
      },
    });
  // A rebuild is looked for at most once a second (and at once for an asset not found).
  const BUILD_CHECKED_EVERY_MS = 1000;
  let build = null;
  const currentBuild = async ({ now = false } = {}) => {
    if (build && !now && Date.now() - build.checkedAt < BUILD_CHECKED_EVERY_MS) return build;
    const checkedAt = Date.now();
    const { mtimeMs } = await stat(indexFile);
    if (build?.modified !== mtimeMs) {
      const shell = await readFile(indexFile);
      const manifest = JSON.parse(await readFile(manifestFile, 'utf8').catch(() => '{}'));
      pages?.clear();
      build = {
        modified: mtimeMs,
        template: pageTemplate(shell.toString('utf8'), manifest),
        shell: pageVersion(200, shell),
        files: filesOf(),
      };
    }
    build.checkedAt = checkedAt;
    return build;
  };
  const pages = createPageCache(async (rawPath) => {
    const rendered = await renderPage(`${publicOrigin}${rawPath}`).catch((error) => {
      console.error(`Rendering ${rawPath} failed, the browser renders it:`, error);
      return null;
    });
    if (!rendered) return null;
    const { template } = await currentBuild();
    return { status: rendered.status, body: Buffer.from(fillTemplate(template, rendered)) };
  });
  await currentBuild();

  /** Sends a file of the build when the path names one; false otherwise. Sirv writes its answer at once or calls back. */
  const sendFile = (request, response, decoded) => {
    if (!FILE_PATH.test(decoded) || NOT_SENT_AS_FILE.test(decoded)) return false;
    let missing = false;
    request.url = decoded;
    // Only the codings the client really takes (sirv looks for the names, not for `;q=0`).
    request.headers['accept-encoding'] = ['br', 'gzip'].filter((coding) => acceptsEncoding(request, coding)).join(', ');
    // Whole files only: sirv's reading of Range gets suffix ranges (`bytes=-500`) wrong.
    delete request.headers.range;
    build.files(request, response, () => (missing = true));
    return !missing;
  };

  /** Sends a page (or the shell) in the best coding the client takes, or a 304 when it holds this version. */
  const sendVersion = (request, response, version, caching, rawPath) => {
    const security = pageSecurityHeaders(version, rawPath.split('?')[0]);
    const headers = { 'Cache-Control': caching, Vary: 'Accept-Encoding', ETag: version.etag, ...security };
    if (request.headers['if-none-match'] === version.etag) return response.writeHead(304, headers).end();
    const coding = pageCoding(request);
    const body = version.body(coding);
    response.writeHead(version.status, {
      ...headers,
      'Content-Type': HTML,
      ...(coding !== 'identity' && { 'Content-Encoding': coding }),
      'Content-Length': body.length,
    });
    response.end(request.method === 'HEAD' ? undefined : body);
  };

  /**
   * The access form sent as plain HTML (before the page's scripts arrived): the page rendered with
   * the cms's answer to the code, for this visitor only (sent-code.ts). The code is checked as the
   * client's own call, so the cms's limits count for the client, not for this server.
   */
  const visitorTurns = pLimit(FORMS_AT_ONCE);
  /**
   * A page rendered for one visitor in its turn, kept by no cache. A client gone while it waited
   * is not answered: no render, no call to the cms. `otherwise` sends what goes out without it.
   */
  const sendOwnPage = async (request, response, rawPath, render, otherwise) => {
    const rendered = await visitorTurns(() =>
      response.destroyed
        ? 'gone'
        : render().catch((error) => {
            console.error(`Rendering ${rawPath} for one visitor failed:`, error);
            return null;
          }),
    );
    if (rendered === 'gone') return;
    if (!rendered) return otherwise();
    const version = pageVersion(rendered.status, Buffer.from(fillTemplate((await currentBuild()).template, rendered)));
    sendVersion(request, response, version, 'no-store', rawPath);
  };
  const sendAccessAnswer = async (request, response, rawPath) => {
    const form = await readForm(request, response);
    if (!form) return;
    if (visitorTurns.pendingCount >= FORMS_WAITING) return refuseForm(response, 503);
    const sent = { code: form.get('code') ?? '', clientAddress: clientAddress(request, trustProxy) };
    const shell = async () => sendVersion(request, response, (await currentBuild()).shell, SHELL_CACHING, rawPath);
    await sendOwnPage(request, response, rawPath, () => renderPage(`${publicOrigin}${rawPath}`, sent), shell);
  };

  /**
   * The cart's page for a request that carries the cart (its cookie copy, cart-cookie.ts): drawn
   * with its lines. While many such pages wait their turn, or should the render fail, the shared
   * page goes out, which says the cart is loading, as for a request without the copy.
   */
  const sendCartPage = async (request, response, rawPath, cart) => {
    const sharedPage = () => sendPage(request, response, rawPath);
    if (visitorTurns.pendingCount >= FORMS_WAITING) return await sharedPage();
    await sendOwnPage(request, response, rawPath, () => renderPage(`${publicOrigin}${rawPath}`, undefined, cart), sharedPage);
  };

  /**
   * A page: rendered here when renderPage can (kept, see page-cache.mjs), index.html's shell for
   * the browser to render otherwise. Every address no page has shares one not-found page, so a
   * made-up address costs a lookup: no render, no call to the cms, no room among the pages.
   */
  const sendPage = async (request, response, rawPath) => {
    const page = await pages.page(isUnknownAddress(rawPath) ? UNKNOWN_ADDRESS : rawPath);
    if (page) return sendVersion(request, response, page, PAGE_CACHING, rawPath);
    sendVersion(request, response, (await currentBuild()).shell, SHELL_CACHING, rawPath);
  };

  const handle = async (request, response) => {
    const target = request.url ?? '/';
    const queryAt = target.indexOf('?');
    const rawPath = queryAt === -1 ? target : target.slice(0, queryAt);
    const search = queryAt === -1 ? '' : target.slice(queryAt);
    const decoded = rawPath.startsWith('/') ? decodedPath(rawPath) : null;
    if (decoded === null) return refuse(response, 400, rawPath);

    if (rawPath.startsWith('/api/') || rawPath.startsWith('/uploads/')) return cms.forward(request, response, rawPath + search);
    if (rawPath === '/cms') return sendText(response, 302, 'Found', { Location: '/cms/admin/' });
    // The cms serves its panel's API at root paths such as /admin/init, which are the dashboard's here.
    if (rawPath.startsWith('/cms/')) return cms.forward(request, response, rawPath.slice('/cms'.length) + search);

    if (request.method === 'POST' && rawPath === ACCESS_PATH) return await sendAccessAnswer(request, response, rawPath);
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return sendText(response, 405, 'Method Not Allowed', { Allow: rawPath === ACCESS_PATH ? 'GET, HEAD, POST' : 'GET, HEAD' });
    }
    if (rawPath === '/_health') {
      // This server's own state and the cms's (cms-health.mjs): supervisors and health checks see both.
      const { status, body } = await healthAnswer(cmsHealth);
      const text = JSON.stringify(body);
      response.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', 'Content-Length': Buffer.byteLength(text) });
      return response.end(request.method === 'HEAD' ? undefined : text);
    }
    // Browsers ask for /favicon.ico on a page that names no icon (Strapi's panel, until its script
    // runs); the site's one icon is /favicon.svg.
    if (rawPath === '/favicon.ico') return sendText(response, 301, 'Moved Permanently', { Location: FAVICON });
    // Dot-files and dot-folders (the build's .vite/ manifest among them) are no part of the site.
    if (decoded.split('/').some((segment) => segment.startsWith('.'))) return sendText(response, 404, 'Not Found');
    if (sendFile(request, response, decoded)) return;
    if (decoded.startsWith('/assets/')) {
      // Perhaps a file of a build made after sirv read the folder: read it again and look once more.
      const listed = build;
      if ((await currentBuild({ now: true })) !== listed && sendFile(request, response, decoded)) return;
      return sendText(response, 404, 'Not Found');
    }
    const cart = rawPath === CART_PATH ? cartFromCookies(request.headers.cookie) : null;
    if (cart) return await sendCartPage(request, response, rawPath, cart);
    return await sendPage(request, response, rawPath);
  };

  // Idle connections are kept longer than Node's 5 s, as nginx keeps them (75 s): a client or
  // proxy that reuses a connection just as the server closes it gets a reset instead of an answer.
  const server = createServer({ keepAliveTimeout: 65_000, headersTimeout: 66_000 }, (request, response) => {
    // A file whose client went away stops being read (Readable.pipe would leave it open).
    response.on('pipe', (source) =>
      response.once('close', () => {
        if (!response.writableFinished) source.destroy();
      }),
    );
    handle(request, response).catch((error) => {
      console.error(`${request.method} ${request.url}:`, error);
      if (!response.headersSent) sendText(response, 500, 'Internal Server Error');
      else response.destroy();
    });
  });

  answerWithin(server);

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  // CONNECT would otherwise end the connection without a word; this site tunnels nothing.
  server.on('connect', (request, socket) => refuseOnSocket(socket, 405, request.url));
  // What Node's parser refuses (headers or address too large, a malformed request) gets an
  // answer in the API's shape instead of an empty one.
  server.on('clientError', (error, socket) => {
    const status = { HPE_HEADER_OVERFLOW: 431, HPE_URI_TOO_LONG: 414, ERR_HTTP_REQUEST_TIMEOUT: 408 }[error.code] ?? 400;
    if (error.code === 'ECONNRESET') return socket.destroy();
    // The parser has given up, so the method is known only when the packet it refused starts the
    // request: an answer to a HEAD carries no body. Where the packet is a later part of the
    // request (headers overflowing across packets), the answer has its body, which a HEAD client
    // leaves unread on a connection that closes.
    const method = /^[A-Z]+ /.exec(error.rawPacket?.toString('latin1', 0, 10) ?? '')?.[0].trim();
    refuseOnSocket(socket, status, '/api/', { withBody: method !== 'HEAD' });
  });
  const { port: listening } = server.address();
  return {
    url: `http://localhost:${listening}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
        cms.close();
        void markdown.close();
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
