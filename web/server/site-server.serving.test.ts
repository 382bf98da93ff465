// @vitest-environment node
// The site's server over HTTP: the real startSiteServer on the real production build (built here
// when the sources changed since the last build), with a stand-in for the cms on node:http.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { Agent, createServer, request, type IncomingHttpHeaders, type IncomingMessage, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { freePort } from '../../scripts/cms-process.mjs';
import { WEB, buildWeb } from '../../scripts/lib.mjs';
import { siteContentFixture } from '../src/features/festival/testing/site-content-fixture';
import { allowConsoleError } from '../src/testing/console';
import { PUBLIC_READ_CACHING } from '@contract/http-caching';
import { FORMS_AT_ONCE, FORMS_WAITING, PAGE_CACHING, startSiteServer, type SiteServer } from './site-server.mjs';

const DIST = path.join(WEB, 'dist');
const MB = 1024 * 1024;

type Answer = { status: number; headers: IncomingHttpHeaders; body: Buffer; socket: Socket };

/** One request over node:http, with the path sent exactly as given (no normalising, no encoding). */
function send(
  base: string,
  pathAndQuery: string,
  { method = 'GET', headers = {}, body, agent }: { method?: string; headers?: Record<string, string>; body?: Buffer; agent?: Agent } = {},
) {
  const { hostname, port } = new URL(base);
  return new Promise<Answer>((resolve, reject) => {
    const outgoing = request({ hostname, port, path: pathAndQuery, method, headers, agent: agent ?? false }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () =>
        resolve({ status: answer.statusCode ?? 0, headers: answer.headers, body: Buffer.concat(chunks), socket: outgoing.socket as Socket }),
      );
      answer.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

type Upstream = {
  url: string;
  seen: { url: string; headers: IncomingHttpHeaders; body?: string }[];
  abandoned: string[];
  server: Server;
  /** The imprint's text in the site content it answers, changed as an editor would in the panel. */
  imprint: string;
};

const json = (body: unknown) => JSON.stringify(body);

/** What the stand-in cms answers; it records every request it sees. */
async function startUpstream(): Promise<Upstream> {
  const seen: Upstream['seen'] = [];
  const abandoned: string[] = [];
  const upstream = { imprint: siteContentFixture().legal.imprint?.body ?? '' };
  const server = createServer((incoming: IncomingMessage, answer) => {
    const url = incoming.url ?? '/';
    seen.push({ url, headers: incoming.headers });
    const pathname = url.split('?')[0];
    if (pathname === '/api/site-content') {
      // With its length, as Koa answers GET and HEAD alike.
      const content = siteContentFixture();
      const imprint = { title: 'Impressum', ...content.legal.imprint, body: upstream.imprint };
      const body = json({ ...content, legal: { ...content.legal, imprint } });
      answer.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body) });
      return answer.end(body);
    }
    if (pathname === '/api/settings/shop_enabled') {
      answer.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
      return answer.end(json({ success: true, value: 'true' }));
    }
    // As Strapi does with a body over its limit: refused before it was read. With `close`, the
    // connection is closed after the answer while the body is still on its way.
    if (pathname === '/api/refuse' || pathname === '/api/refuse-and-close') {
      answer.writeHead(413, {
        'Content-Type': 'application/json; charset=utf-8',
        ...(pathname === '/api/refuse-and-close' && { Connection: 'close' }),
      });
      return answer.end(json({ success: false, error: 'Payload Too Large' }));
    }
    if (pathname === '/api/hop-by-hop') {
      answer.writeHead(200, {
        'Content-Type': 'application/json; charset=utf-8',
        Connection: 'close, x-hop',
        'Keep-Alive': 'timeout=1, max=7',
        'Proxy-Connection': 'close',
        'X-Hop': 'for the next hop only',
        Vary: 'Origin',
      });
      return answer.end(json({ success: true, padding: 'x'.repeat(2000) }));
    }
    if (pathname === '/api/echo' || pathname === '/admin/init' || pathname === '/uploads/echo.json') {
      answer.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
      return answer.end(json({ url, headers: incoming.headers }));
    }
    // As the cms answered before its uploads were made harmless: a page stored in its uploads
    // folder as text/html, with a CSP that lets the site's own scripts run.
    const uploads: Record<string, string> = { '/uploads/page.html': 'text/html; charset=utf-8', '/uploads/photo.png': 'image/png' };
    const upload = pathname.includes('uploads') ? uploads[path.posix.normalize(decodeURIComponent(pathname))] : undefined;
    if (upload) {
      answer.writeHead(200, { 'Content-Type': upload, 'Content-Security-Policy': "script-src 'self'" });
      return answer.end(upload.startsWith('text/html') ? '<script>document.title = "ran"</script>' : '\x89PNG');
    }
    if (pathname === '/api/auth/verify-code') {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => {
        const { code } = JSON.parse(Buffer.concat(chunks).toString()) as { code: string };
        seen.at(-1)!.body = code;
        const house = { name: 'Aschefrei', chatUrl: 'https://chat.whatsapp.com/DemoHausAschefrei', emblem: null, colour: null };
        // A slow cms: each check of this code takes 200 ms.
        if (code === 'LANGSAM') return setTimeout(() => answer.writeHead(400, { 'Content-Type': 'application/json' }).end(json({ success: false, error: 'Ungültiger Zugangscode.' })), 200);
        const [status, body] = code.toUpperCase() === 'OFFEN-12345' ? [200, { success: true, house }] : [400, { success: false, error: 'Ungültiger Zugangscode.' }];
        answer.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
        answer.end(json(body));
      });
      return;
    }
    if (pathname === '/api/never-answers') {
      // Takes the body in and never answers: a client that gives up must not leave anything behind.
      incoming.on('error', () => {});
      incoming.socket.once('close', () => abandoned.push(url));
      incoming.resume();
      return;
    }
    answer.writeHead(404, { 'Content-Type': 'application/json; charset=utf-8' });
    answer.end(json({ success: false, error: 'Not Found' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(upstream, { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, abandoned, server });
}

/** Every line the server wrote through console.error during the test (the setup fails tests that log unexpectedly). */
const loggedErrors = () => vi.mocked(console.error).mock.calls.map((args) => args.map(String).join(' '));

const noStackTraces = () => {
  for (const line of loggedErrors()) expect(line).not.toMatch(/\n\s+at /);
};

describe('the site server over HTTP', () => {
  let upstream: Upstream;
  let site: SiteServer;

  beforeAll(async () => {
    await buildWeb();
    upstream = await startUpstream();
    site = await startSiteServer({ cmsUrl: upstream.url, publicUrl: 'https://game-of-slavs.example', port: 0 });
  }, 240_000);

  afterAll(async () => {
    await site?.close();
    upstream?.server.closeAllConnections();
    await new Promise((resolve) => upstream?.server.close(resolve));
  });

  afterEach(async () => {
    noStackTraces();
    // The process lives on: the server still answers after whatever the test sent it.
    expect((await send(site.url, '/favicon.svg')).status).toBe(200);
  });

  describe('passing requests on to the cms', () => {
    /** A 3 MB body sent on a keep-alive connection, then a second request on the same connection. */
    async function refusedThenNext(refusing: string) {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      try {
        const refused = await send(site.url, refusing, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: Buffer.alloc(3 * MB, 'a'),
          agent,
        });
        const next = await send(site.url, '/api/echo', { agent });
        return { refused, next };
      } finally {
        agent.destroy();
      }
    }

    it('keeps the connection usable after the cms refused a 3 MB body it never read', async () => {
      const { refused, next } = await refusedThenNext('/api/refuse');
      expect(refused.status).toBe(413);
      expect(JSON.parse(refused.body.toString())).toEqual({ success: false, error: 'Payload Too Large' });
      expect(next.status).toBe(200);
      expect(next.socket).toBe(refused.socket);
    }, 20_000);

    it('keeps the connection usable when the cms also closes its own mid-body', async () => {
      allowConsoleError();
      const { refused, next } = await refusedThenNext('/api/refuse-and-close');
      // The cms's reset can overtake its answer (the proxy's write fails before it has read the
      // answer; Node's own client talking to such a server saw EPIPE in 3 tries of 20): then the
      // client gets a 502, never a reset.
      expect([413, 502]).toContain(refused.status);
      expect(JSON.parse(refused.body.toString())).toEqual(expect.objectContaining({ success: false }));
      expect(next.status).toBe(200);
      expect(next.socket).toBe(refused.socket);
    }, 20_000);

    it('refuses a chunked body on DELETE or OPTIONS, which would desynchronise its connection to the cms', async () => {
      // http-proxy sends such a request on with Content-Length: 0 and the chunks after it: the
      // cms then read them as a request of their own, and its refusal became the answer to the
      // next request on that pooled connection, someone else's.
      const { hostname, port } = new URL(site.url);
      for (const method of ['DELETE', 'OPTIONS']) {
        const status = await new Promise<number>((resolve, reject) => {
          const outgoing = request({ hostname, port, method, path: '/api/echo', headers: { 'transfer-encoding': 'chunked' }, agent: false }, (answer) => {
            answer.resume();
            resolve(answer.statusCode ?? 0);
          });
          outgoing.on('error', reject);
          outgoing.write('GET /api/refuse HTTP/1.1\r\nHost: cms\r\n\r\n');
          outgoing.end();
        });
        expect(status).toBe(411);
      }
      const seenBefore = upstream.seen.length;
      const next = await send(site.url, '/api/echo');
      expect(next.status).toBe(200);
      expect(upstream.seen.slice(seenBefore).map(({ url }) => url)).toEqual(['/api/echo']);
    });

    it('passes a HEAD answer on as it is, compressing nothing, and the connection stays usable', async () => {
      // gzip of a HEAD answer's empty body wrote 20 bytes after the headers, which broke the
      // client's next request on the same connection (the survival fuzz found it).
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      try {
        const head = await send(site.url, '/api/site-content', { method: 'HEAD', headers: { 'accept-encoding': 'gzip, br' }, agent });
        expect(head.status).toBe(200);
        expect(head.headers['content-encoding']).toBeUndefined();
        expect(head.headers.connection).not.toBe('close');
        const next = await send(site.url, '/api/echo', { agent });
        expect(next.status).toBe(200);
        expect(next.socket).toBe(head.socket);
      } finally {
        agent.destroy();
      }
    });

    it('sends no hop-by-hop header of the cms on, and keeps its Vary', async () => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      try {
        const plain = await send(site.url, '/api/hop-by-hop', { agent });
        expect(plain.status).toBe(200);
        expect(plain.headers['x-hop']).toBeUndefined();
        expect(plain.headers['proxy-connection']).toBeUndefined();
        expect(plain.headers['keep-alive']).not.toBe('timeout=1, max=7');
        expect(plain.headers.connection).not.toMatch(/close/i);
        // Accept-Encoding too: the same address can be sent gzipped to a client that takes it.
        expect(plain.headers.vary).toBe('Origin, Accept-Encoding');

        const gzipped = await send(site.url, '/api/hop-by-hop', { agent, headers: { 'Accept-Encoding': 'gzip' } });
        expect(gzipped.headers['content-encoding']).toBe('gzip');
        expect(gzipped.headers.vary).toBe('Origin, Accept-Encoding');
        expect(JSON.parse(gunzipSync(gzipped.body).toString()).success).toBe(true);
        // The connection survived both answers although the cms asked to close its own.
        expect(gzipped.socket).toBe(plain.socket);
      } finally {
        agent.destroy();
      }
    });

    it('tells the cms the address it saw, whatever the client claims', async () => {
      const answer = await send(site.url, '/api/echo?x=1', {
        headers: { 'X-Forwarded-For': '203.0.113.9', 'X-Real-IP': '203.0.113.9', 'X-Forwarded-Host': 'evil.example' },
      });
      const { url, headers } = JSON.parse(answer.body.toString()) as { url: string; headers: IncomingHttpHeaders };
      expect(url).toBe('/api/echo?x=1');
      expect(headers['x-forwarded-for']).toBe('127.0.0.1');
      expect(headers['x-real-ip']).toBe('127.0.0.1');
      expect(headers['x-forwarded-proto']).toBe('http');
      // Nothing else of the kind: the cms answers its cached reads early only to requests
      // without headers it does not know (cms/src/http/early-answers.ts).
      expect(headers['x-forwarded-host']).toBeUndefined();
      expect(headers['x-forwarded-port']).toBeUndefined();
    });

    it('strips /cms for the cms, and sends /cms to its panel', async () => {
      const panel = await send(site.url, '/cms/admin/init?a=b');
      expect(JSON.parse(panel.body.toString()).url).toBe('/admin/init?a=b');
      const uploads = await send(site.url, '/uploads/echo.json');
      expect(JSON.parse(uploads.body.toString()).url).toBe('/uploads/echo.json');
      const bare = await send(site.url, '/cms');
      expect(bare.status).toBe(302);
      expect(bare.headers.location).toBe('/cms/admin/');
    });

    it.each(['/uploads/page.html', '/cms/uploads/page.html', '/cms/uploads%2Fpage.html', '/cms//uploads/page.html'])(
      'sends %s from the uploads folder as an attachment that cannot run, whatever the cms said',
      async (address) => {
        const answer = await send(site.url, address, { headers: { 'Accept-Encoding': 'gzip' } });
        expect(answer.status).toBe(200);
        expect(answer.headers['x-content-type-options']).toBe('nosniff');
        expect(answer.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
        expect(answer.headers['content-disposition']).toBe('attachment');
      },
    );

    it('shows an image from the uploads folder as an image, sandboxed all the same', async () => {
      const answer = await send(site.url, '/uploads/photo.png');
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toBe('image/png');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
      expect(answer.headers['content-disposition']).toBeUndefined();
    });

    it('forgets a request whose client gave up halfway', async () => {
      const { hostname, port } = new URL(site.url);
      const address = '/api/never-answers?abandoned';
      const outgoing = request({ hostname, port, path: address, method: 'POST', headers: { 'Content-Length': String(MB) } });
      outgoing.on('error', () => {});
      outgoing.write(Buffer.alloc(64 * 1024));
      await vi.waitFor(() => expect(upstream.seen.map(({ url }) => url)).toContain(address));
      outgoing.destroy();
      // The cms's side of the request is closed too, not left waiting for the rest of the body.
      await vi.waitFor(() => expect(upstream.abandoned).toContain(address));
    });
  });

  describe('addresses', () => {
    it.each(['/%', '/assets/%ff', '/%E0%A4%A', '/shop/%C0%AE%C0%AE'])('answers 400 to %s', async (address) => {
      const answer = await send(site.url, address);
      expect(answer.status).toBe(400);
      expect(answer.body.toString()).toBe('Bad Request');
      expect(loggedErrors()).toEqual([]);
    });

    it.each([
      ['/api/shop/items/%zz', 'Die Adresse ist ungültig.'],
      ['/api/admin/users/%ff', 'The address is malformed'],
      ['/cms/%', 'The address is malformed'],
    ])('answers 400 to %s in the API shape, as the cms would', async (address, error) => {
      const answer = await send(site.url, address);
      expect(answer.status).toBe(400);
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(answer.body.toString())).toEqual({ success: false, error });
      expect(upstream.seen.map(({ url }) => url)).not.toContain(address);
    });

    it('answers CONNECT with 405 instead of dropping the connection', async () => {
      const { hostname, port } = new URL(site.url);
      const status = await new Promise<number>((resolve, reject) => {
        const outgoing = request({ hostname, port, method: 'CONNECT', path: '/cms/_health', agent: false });
        outgoing.on('connect', (answer, socket) => {
          socket.destroy();
          resolve(answer.statusCode ?? 0);
        });
        outgoing.on('response', (answer) => resolve(answer.statusCode ?? 0));
        outgoing.on('error', reject);
        outgoing.end();
      });
      expect(status).toBe(405);
    });

    it('answers headers too large for the parser with 431 in the API shape', async () => {
      const answer = await send(site.url, `/api/shop/items?${'a=1&'.repeat(6000)}`);
      expect(answer.status).toBe(431);
      expect(JSON.parse(answer.body.toString())).toEqual({ success: false, error: 'Die Kopfzeilen der Anfrage sind zu groß.' });
    });

    it('answers such a HEAD with 431 and no body, so the client reads nothing stray after it', async () => {
      const answer = await send(site.url, `/api/shop/items?${'a=1&'.repeat(6000)}`, { method: 'HEAD' });
      expect(answer.status).toBe(431);
      expect(answer.headers['content-length']).toBe('0');
    });

    it('answers with its body when the headers overflow in a later packet than the request line', async () => {
      // Node hands the refused packet, not the request's first, to clientError: the method is unknown then.
      const { hostname, port } = new URL(site.url);
      const socket = connect(Number(port), hostname);
      const received: Buffer[] = [];
      const ended = new Promise<string>((resolve) => {
        socket.on('data', (chunk: Buffer) => received.push(chunk));
        socket.on('error', () => resolve(Buffer.concat(received).toString('utf8')));
        socket.on('close', () => resolve(Buffer.concat(received).toString('utf8')));
      });
      socket.write(`GET /api/shop/items HTTP/1.1\r\nHost: ${hostname}\r\n`);
      await new Promise((resolve) => setTimeout(resolve, 100));
      for (let line = 0; line < 40 && !socket.destroyed; line++) {
        socket.write(`X-Filler-${line}: ${'a'.repeat(4000)}\r\n`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      socket.end();
      const answer = await ended;
      expect(answer).toMatch(/^HTTP\/1\.1 431 /);
      expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({ success: false, error: 'Die Kopfzeilen der Anfrage sind zu groß.' });
    });

    it('lets a client that reads late still read that 431 while it keeps sending its body', async () => {
      // Closed with the body unread, the connection was reset, and a reset discards the answer
      // a busy client had not read yet (the survival fuzz lost answers so under load).
      const { hostname, port } = new URL(site.url);
      const socket = connect(Number(port), hostname);
      const received: Buffer[] = [];
      const ended = new Promise<string>((resolve) => {
        socket.on('data', (chunk: Buffer) => received.push(chunk));
        socket.on('error', (error: NodeJS.ErrnoException) => resolve(`error ${error.code}`));
        socket.on('close', () => resolve(Buffer.concat(received).toString('latin1')));
      });
      socket.pause();
      socket.write(`POST /api/shop/orders?${'a=1&'.repeat(6000)} HTTP/1.1\r\nHost: ${hostname}\r\nContent-Length: ${4 * MB}\r\n\r\n`);
      for (let chunk = 0; chunk < 16; chunk++) {
        socket.write(Buffer.alloc(MB / 4, 0x41));
        await new Promise((resolve) => setTimeout(resolve, 30));
      }
      socket.resume();
      socket.end();
      expect(await ended).toMatch(/^HTTP\/1\.1 431 /);
    });


    it.each([
      '/%2evite/manifest.json',
      '/.vite/manifest.json',
      '/%2Evite%2Fmanifest.json',
      '/.vite/chunk-modules.json',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/..%2f..%2fpackage.json',
      '/assets/..%2f..%2fpackage.json',
      '/assets/%2e%2e/%2e%2e/package.json',
      '/assets/..%5c..%5cpackage.json',
      '/%252e%252e/package.json',
      '/%00',
      '/assets/%00.js',
      '/%c0%ae%c0%ae/package.json',
      '/.env',
    ])('serves nothing outside the build or of its metadata for %s', async (address) => {
      const answer = await send(site.url, address);
      expect([400, 404]).toContain(answer.status);
      const body = answer.body.toString();
      expect(body).not.toContain(readFileSync(path.join(DIST, '.vite', 'manifest.json'), 'utf8').slice(0, 200));
      expect(body).not.toContain(readFileSync(path.join(WEB, 'package.json'), 'utf8').slice(0, 200));
      expect(body).not.toContain('root:');
    });

    it('answers 404 under /assets for what is no file of the build', async () => {
      for (const address of ['/assets/', '/assets/missing.js', '/assets', '/assets/../index.html']) {
        expect([400, 404], address).toContain((await send(site.url, address)).status);
      }
    });

    it('never sends index.html as a file', async () => {
      const index = readFileSync(path.join(DIST, 'index.html'), 'utf8');
      for (const address of ['/index.html', '/index.html.gz', '/index.html.br']) {
        const answer = await send(site.url, address);
        expect(answer.body.toString(), address).not.toBe(index);
        expect(answer.body.toString(), address).not.toContain('<!--app-->');
      }
    });

    it('answers only GET and HEAD outside the cms', async () => {
      const post = await send(site.url, '/impressum', { method: 'POST' });
      expect(post.status).toBe(405);
      expect(post.headers.allow).toBe('GET, HEAD');
      expect((await send(site.url, '/favicon.svg', { method: 'DELETE' })).status).toBe(405);
      const head = await send(site.url, '/favicon.svg', { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(head.body.length).toBe(0);
    });

    it('leads /favicon.ico, which browsers ask for by themselves, to the site\'s icon', async () => {
      for (const method of ['GET', 'HEAD']) {
        const answer = await send(site.url, '/favicon.ico', { method });
        expect(answer.status, method).toBe(301);
        expect(answer.headers.location, method).toBe('/favicon.svg');
      }
      const icon = await send(site.url, '/favicon.svg');
      expect(icon.status).toBe(200);
      expect(icon.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(upstream.seen.some(({ url }) => url.includes('favicon'))).toBe(false);
    });

    it('answers /_health itself', async () => {
      const answer = await send(site.url, '/_health');
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body.toString())).toEqual({ status: 'ok', cms: 'ok' });
      expect(upstream.seen.some(({ url }) => url.includes('_health'))).toBe(false);
    });
  });

  describe('the files of the build', () => {
    // Read once the build is there (beforeAll builds it).
    let script = '';
    let original = Buffer.alloc(0);
    beforeAll(() => {
      // The largest script: big enough for the build to have compressed it.
      const scripts = readdirSync(path.join(DIST, 'assets')).filter((name) => name.endsWith('.js'));
      const size = (name: string) => statSync(path.join(DIST, 'assets', name)).size;
      script = scripts.sort((a, b) => size(b) - size(a))[0] ?? '';
      original = readFileSync(path.join(DIST, 'assets', script));
    });

    it.each([
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
      ['identity', (body: Buffer) => body],
    ] as const)('sends /assets/*.js compressed beforehand (%s), cached for good', async (encoding, decode) => {
      const answer = await send(site.url, `/assets/${script}`, { headers: { 'Accept-Encoding': encoding } });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBe(encoding === 'identity' ? undefined : encoding);
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(answer.headers['content-type']).toMatch(/javascript/);
      expect(answer.headers.vary).toMatch(/Accept-Encoding/);
      expect(decode(answer.body).equals(original)).toBe(true);
    });

    it('sends the other files with no-cache', async () => {
      const answer = await send(site.url, '/favicon.svg', { headers: { 'Accept-Encoding': 'gzip' } });
      expect(answer.status).toBe(200);
      expect(answer.headers['cache-control']).toBe('no-cache');
      expect(gunzipSync(answer.body).equals(readFileSync(path.join(DIST, 'favicon.svg')))).toBe(true);
    });

    it('sends the service worker never kept and allowed the whole site, and the manifest as one', async () => {
      const worker = await send(site.url, '/sw.js');
      expect(worker.status).toBe(200);
      expect(worker.headers['cache-control']).toBe('no-cache, max-age=0');
      expect(worker.headers['service-worker-allowed']).toBe('/');
      expect(worker.headers['content-type']).toMatch(/javascript/);
      const manifest = await send(site.url, '/manifest.webmanifest');
      expect(manifest.status).toBe(200);
      expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
      expect(manifest.headers['cache-control']).toBe('no-cache');
      const icon = await send(site.url, '/icons/crest-512.png');
      expect(icon.status).toBe(200);
      expect(icon.headers['content-type']).toBe('image/png');
    });
  });

  describe('rendered pages', () => {
    const renderer = () =>
      import(pathToFileURL(path.join(WEB, 'dist-server', 'render-page.js')).href) as Promise<{ renderCount(): number }>;

    beforeAll(async () => {
      // The first page loads the renderer's chunks through Vitest's transform, which can take
      // longer than the renderer waits for the cms (3 s): the shell goes out until then.
      await vi.waitFor(
        async () => expect((await send(site.url, '/impressum')).body.toString()).toContain('og:url'),
        { timeout: 30_000, interval: 500 },
      );
    }, 40_000);

    describe('the cart’s page, drawn from the cart its request carries', () => {
      const CART = '/shop/cart';
      const horn = { id: 3, title: 'Trinkhorn „Met“', price: 1800, variant: '0,3 l', quantity: 2 };
      const withCart = (stored: string) => ({ headers: { cookie: `theme=dark; gos_cart=${encodeURIComponent(stored)}` } });

      it('draws the lines and the total for this visitor only, kept by no cache', async () => {
        const { renderCount } = await renderer();
        const answer = await send(site.url, CART, withCart(JSON.stringify([horn])));
        const html = answer.body.toString();
        expect(answer.status).toBe(200);
        expect(answer.headers['cache-control']).toBe('no-store');
        expect(html).toContain('Trinkhorn „Met“');
        expect(html).toMatch(/36,00\s€/);
        expect(html).not.toContain('Warenkorb wird geladen...');
        // Each such page is a render of its own, in the turns the access form's answers take.
        const before = renderCount();
        await send(site.url, CART, withCart(JSON.stringify([{ ...horn, quantity: 1 }])));
        expect(renderCount() - before).toBe(1);

        // The page everyone else gets is the shared one, which knows no cart.
        const shared = await send(site.url, CART);
        expect(shared.headers['cache-control']).toBe(PAGE_CACHING);
        expect(shared.body.toString()).toContain('Warenkorb wird geladen...');
        expect(shared.body.toString()).not.toContain('Trinkhorn');
      });

      it('says an emptied cart is empty', async () => {
        const html = (await send(site.url, CART, withCart('[]'))).body.toString();
        expect(html).toContain('Euer Warenkorb ist leer');
        expect(html).not.toContain('Warenkorb wird geladen...');
      });

      it.each([
        ['a broken escape', 'gos_cart=%5B%E0%A4%A'],
        ['a lone surrogate', 'gos_cart=%5B%22%ED%A0%80%22%5D'],
        ['NUL', 'gos_cart=%00'],
        ['no list', `gos_cart=${encodeURIComponent('{"id":3}')}`],
        ['a value over the length kept', `gos_cart=${'%5B'.repeat(2000)}`],
        ['odd bytes', 'gos_cart=\u00ff\u00fe'],
      ])('answers a copy with %s as without one: the shared page, no error', async (_, cookie) => {
        const answer = await send(site.url, CART, { headers: { cookie } });
        expect(answer.status).toBe(200);
        expect(answer.headers['cache-control']).toBe(PAGE_CACHING);
        expect(answer.body.toString()).toContain('Warenkorb wird geladen...');
        expect(loggedErrors()).toEqual([]);
      });

      it('draws a line’s odd title as text, never as markup', async () => {
        const html = (await send(site.url, CART, withCart(JSON.stringify([{ ...horn, title: '<img src=x onerror=alert(1)>\u0000' }])))).body.toString();
        expect(html).not.toContain('<img src=x');
        expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
      });
    });

    it('renders a page once for any number of unknown query parameters', async () => {
      const { renderCount } = await renderer();
      const before = renderCount();
      for (let visit = 0; visit < 200; visit++) {
        const answer = await send(site.url, `/impressum?x=${Math.random().toString(36).slice(2)}&visit=${visit}`);
        expect(answer.status).toBe(200);
        expect(answer.body.toString()).toContain('<h1');
      }
      expect(renderCount() - before).toBe(0);
    }, 60_000);

    it('names the page without its query string in og:url', async () => {
      const answer = await send(site.url, '/impressum?utm_source=newsletter');
      expect(answer.body.toString()).toContain('<meta property="og:url" content="https://game-of-slavs.example/impressum" />');
    });

    it.each([
      ['gzip', 'gzip', gunzipSync],
      ['br, gzip', 'br', brotliDecompressSync],
      ['br;q=0, gzip;q=0', undefined, (body: Buffer) => body],
    ] as const)('sends pages to a client taking %s compressed, with Vary, for a shared cache a few seconds and for a browser to revalidate', async (accepted, encoding, decode) => {
      const answer = await send(site.url, '/impressum', { headers: { 'Accept-Encoding': accepted } });
      expect(answer.headers['content-encoding']).toBe(encoding);
      expect(answer.headers.vary).toBe('Accept-Encoding');
      expect(answer.headers['cache-control']).toBe(PAGE_CACHING);
      // As the cms's public reads: nginx keeps both alike (deploy/nginx.conf).
      expect(PAGE_CACHING).toBe(PUBLIC_READ_CACHING);
      expect(decode(answer.body).toString()).toContain('<div id="root"><');
    });

    it('sends the same page in every coding, and a 304 to a browser that holds it', async () => {
      const [plain, br, gzip] = await Promise.all(
        ['identity', 'br', 'gzip'].map((coding) => send(site.url, '/impressum', { headers: { 'Accept-Encoding': coding } })),
      );
      expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
      expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
      expect(br.headers.etag).toMatch(/^"[\w-]+"$/);
      expect(new Set([plain, br, gzip].map((answer) => answer.headers.etag)).size).toBe(1);
      const again = await send(site.url, '/impressum', { headers: { 'Accept-Encoding': 'br', 'If-None-Match': String(br.headers.etag) } });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
      expect(again.headers['cache-control']).toBe(PAGE_CACHING);
    });

    it('answers any number of unknown addresses from one kept not-found page: no call to the cms each, and `/` stays kept', async () => {
      const { renderCount } = await renderer();
      // The kept pages' clock stands still, an hour on: every kept page is old once, so `/` and the
      // not-found page are rendered now, and then never age. What the last visit of `/` shows is
      // whether the 300 pushed it out, not whether it aged (300 visits take over a second on a
      // busy machine, and a page that old is rendered again in the background).
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 60 * 60_000 });
      onTestFinished(() => {
        vi.useRealTimers();
      });
      const agent = new Agent({ keepAlive: true, maxSockets: 20 });
      await send(site.url, '/', { agent });
      await send(site.url, '/gibt-es-nicht', { agent });
      const asked = upstream.seen.length;
      const renders = renderCount();
      for (let round = 0; round < 3; round++) {
        const answers = await Promise.all(
          Array.from({ length: 100 }, (_, n) => send(site.url, `/unbekannt-${round}-${n}-${Math.random().toString(36).slice(2)}`, { agent })),
        );
        for (const answer of answers) {
          expect(answer.status).toBe(404);
          expect(answer.body.toString()).toContain('404 Page Not Found');
        }
      }
      // Before: two calls to the cms, a render and a compression for each of them. Now the one
      // not-found page is kept, as every page is (and with the clock standing, it stays fresh).
      expect(upstream.seen.length - asked).toBe(0);
      expect(renderCount() - renders).toBe(0);
      // 300 of them pushed `/` out of the kept pages before (its next visit waited for a render).
      const afterwards = renderCount();
      expect((await send(site.url, '/', { agent })).status).toBe(200);
      expect(renderCount() - afterwards).toBe(0);
      agent.destroy();
    }, 60_000);

    it('answers an item the cms does not have with a 404 that says so, and hands its answer to the browser', async () => {
      const answer = await send(site.url, '/shop/item/99999');
      expect(answer.status).toBe(404);
      const html = answer.body.toString();
      expect(html).toContain('Artikel nicht gefunden');
      expect(html).toContain('Zurück zum Shop');
      // Hydrated with the cms's answer, the browser does not ask again: that call's 404 was an
      // error in the visitor's console, and its answer came only after a loading screen.
      const state = JSON.parse(/<script id="server-state" type="application\/json">(.*?)<\/script>/s.exec(html)![1]) as {
        queries: { queries: { queryKey: unknown[]; state: { status: string } }[] };
      };
      const item = state.queries.queries.find(({ queryKey }) => JSON.stringify(queryKey) === JSON.stringify(['shop-items', 'detail', 99999]));
      expect(item?.state.status).toBe('error');
    });

    it('sends the dashboard, which no shared cache may keep, as the shell', async () => {
      const answer = await send(site.url, '/admin/shop');
      expect(answer.status).toBe(200);
      expect(answer.headers['cache-control']).toBe('private, no-cache');
      expect(answer.body.toString()).toContain('<!--app-->');
    });

    it('asks the cms a few times for a burst of visits, and shows a change in the panel within about a second', async () => {
      const agent = new Agent({ keepAlive: true, maxSockets: 50 });
      const asked = () => upstream.seen.filter((each) => each.url === '/api/site-content').length;
      await send(site.url, '/impressum');
      const before = asked();
      const started = Date.now();
      for (let round = 0; round < 5; round++) {
        const burst = await Promise.all(Array.from({ length: 100 }, () => send(site.url, '/impressum', { agent })));
        expect(burst.every((answer) => answer.status === 200)).toBe(true);
      }
      // At most one render a second, plus one when the burst began.
      expect(asked() - before).toBeLessThanOrEqual(Math.ceil((Date.now() - started) / 1000) + 1);

      upstream.imprint = '## Angaben gemäß § 5 DDG\n\nNeu eingetragen in der Redaktion';
      await vi.waitFor(async () => expect((await send(site.url, '/impressum', { agent })).body.toString()).toContain('Neu eingetragen in der Redaktion'), {
        timeout: 2500,
        interval: 100,
      });
      agent.destroy();
    }, 30_000);
  });

  describe('the access form sent as plain HTML (before the scripts)', () => {
    const ACCESS = '/enthuelle-dein-wappen';
    const FORM = 'application/x-www-form-urlencoded';
    const sendForm = (body: string | Buffer, headers: Record<string, string> = {}, base = site.url) =>
      send(base, ACCESS, { method: 'POST', headers: { 'Content-Type': FORM, ...headers }, body: Buffer.from(body) });
    const checksSeen = () => upstream.seen.filter((each) => each.url === '/api/auth/verify-code');

    it('answers with the house, its QR code drawn, kept by no cache', async () => {
      const answer = await sendForm('code=offen-12345');
      const html = answer.body.toString();
      expect(answer.status).toBe(200);
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.headers['content-security-policy']).toContain("form-action 'self'");
      expect(html).toContain('Willkommen im <span');
      expect(html).toContain('href="https://chat.whatsapp.com/DemoHausAschefrei"');
      expect(html).toMatch(/<img[^>]+src="data:image\/svg\+xml[^"]+"[^>]+alt="QR-Code zum Chat des Hauses Aschefrei"/);
      expect(html).not.toContain('QR-Code wird generiert...');
      // The cms got the code as typed but trimmed (it normalises the rest itself).
      expect(checksSeen().at(-1)?.body).toBe('offen-12345');
    });

    it('answers a refused code with the form, the message and the code as typed', async () => {
      const answer = await sendForm('code=FALSCH-0000&code=second');
      const html = answer.body.toString();
      expect(answer.status).toBe(400);
      expect(html).toContain('Ungültiger Zugangscode.');
      expect(html).toContain('value="FALSCH-0000"');
      expect(html).toContain('Zugang zum Haus');
    });

    it('answers an empty code without asking the cms', async () => {
      const before = checksSeen().length;
      for (const body of ['code=', 'code=%20%20', '', 'other=1']) {
        const answer = await sendForm(body);
        expect(answer.status).toBe(400);
        expect(answer.body.toString()).toContain('Bitte gib einen Zugangscode ein.');
      }
      expect(checksSeen().length).toBe(before);
    });

    it('checks the code as the client’s own call: the connection’s address, never one the client wrote', async () => {
      await sendForm('code=A', { 'X-Forwarded-For': '203.0.113.9', 'X-Real-IP': '203.0.113.9', Forwarded: 'for=203.0.113.9' });
      expect(checksSeen().at(-1)?.headers['x-forwarded-for']).toBe('127.0.0.1');
      expect(checksSeen().at(-1)?.headers['x-real-ip']).toBe('127.0.0.1');

      // Behind nginx (PAGES_BEHIND_PROXY, compose): the one address nginx wrote.
      const behindNginx = await startSiteServer({ cmsUrl: upstream.url, publicUrl: 'https://game-of-slavs.example', port: 0, trustProxy: true });
      try {
        await sendForm('code=A', { 'X-Forwarded-For': '203.0.113.9, 198.51.100.4' }, behindNginx.url);
        expect(checksSeen().at(-1)?.headers['x-forwarded-for']).toBe('198.51.100.4');
      } finally {
        await behindNginx.close();
      }
    });

    it.each([
      ['lone surrogates', 'code=%ED%A0%80%ED%B0%80'],
      ['a NUL', 'code=ABC%00DEF'],
      ['a broken escape', 'code=%E0%A4%A&x=%'],
      ['control characters and markup', `code=${encodeURIComponent('<script>alert(1)</script>\u0007')}`],
      ['bytes that are not UTF-8', Buffer.from([0x63, 0x6f, 0x64, 0x65, 0x3d, 0xff, 0xfe, 0xc0, 0xae])],
      ['a thousand characters', `code=${'Z'.repeat(1000)}`],
    ])('answers a code with %s with the form and a message, never a 5xx', async (_name, body) => {
      const answer = await sendForm(body);
      expect(answer.status).toBe(400);
      expect(answer.body.toString()).toContain('Zugang zum Haus');
      expect(answer.body.toString()).not.toContain('<script>alert(1)');
    });

    it.each([
      ['sent by another site', 403, { 'Sec-Fetch-Site': 'cross-site' }, 'code=A', 'Das Formular kann nur von dieser Seite aus gesendet werden.'],
      ['sent as JSON', 415, { 'Content-Type': 'application/json' }, '{"code":"A"}', 'Das Formular muss als application/x-www-form-urlencoded gesendet werden.'],
      ['sent without a type', 415, { 'Content-Type': '' }, 'code=A', 'Das Formular muss als application/x-www-form-urlencoded gesendet werden.'],
      ['larger than a form can be', 413, {}, `code=${'A'.repeat(2000)}`, 'Das Formular ist zu groß.'],
    ])('refuses a form %s in the API’s shape, without asking the cms', async (_name, status, headers, body, error) => {
      const before = checksSeen().length;
      const answer = await sendForm(body, headers);
      expect(answer.status).toBe(status);
      expect(JSON.parse(answer.body.toString())).toEqual({ success: false, error });
      expect(checksSeen().length).toBe(before);
    });

    it('refuses a chunked form past its bound once it has read that much, not the whole body', async () => {
      const { hostname, port } = new URL(site.url);
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const outgoing = request({ hostname, port, path: ACCESS, method: 'POST', headers: { 'Content-Type': FORM, 'Transfer-Encoding': 'chunked' }, agent: false }, (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        });
        outgoing.on('error', reject);
        // 64 kB in small pieces, and the body never ends: the answer must not wait for its end.
        outgoing.write('code=');
        for (let piece = 0; piece < 64; piece++) outgoing.write('A'.repeat(1024));
      });
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toEqual({ success: false, error: 'Das Formular ist zu groß.' });
    });

    it(`answers ${FORMS_AT_ONCE} forms at once and lets ${FORMS_WAITING} wait; beyond, a 503 that says to try again, and every other page still comes at once`, async () => {
      const burst = FORMS_AT_ONCE + FORMS_WAITING + 14;
      const answers = Promise.all(Array.from({ length: burst }, () => sendForm('code=LANGSAM')));
      await new Promise((resolve) => setTimeout(resolve, 300));
      const started = Date.now();
      expect((await send(site.url, '/impressum')).status).toBe(200);
      expect(Date.now() - started).toBeLessThan(1000);
      const statuses = (await answers).map((answer) => answer.status);
      expect(statuses.filter((status) => status === 400)).toHaveLength(FORMS_AT_ONCE + FORMS_WAITING);
      expect(statuses.filter((status) => status === 503)).toHaveLength(14);
      const refused = (await answers).find((answer) => answer.status === 503)!;
      expect(refused.headers['retry-after']).toBe('5');
      expect(JSON.parse(refused.body.toString())).toEqual({ success: false, error: 'Gerade werden sehr viele Codes geprüft. Bitte versuche es in ein paar Sekunden erneut.' });
    }, 60_000);

    it('takes no other method there than GET, HEAD and POST', async () => {
      const answer = await send(site.url, ACCESS, { method: 'PUT', headers: { 'Content-Type': FORM }, body: Buffer.from('code=A') });
      expect(answer.status).toBe(405);
      expect(answer.headers.allow).toBe('GET, HEAD, POST');
      expect((await send(site.url, '/shop', { method: 'POST', headers: { 'Content-Type': FORM }, body: Buffer.from('code=A') })).status).toBe(405);
    });
  });

  // Last: the renderer's settings are the module's, so this second server points them at no cms.
  describe('when the cms is down', () => {
    let orphan: SiteServer;
    beforeAll(async () => {
      orphan = await startSiteServer({ cmsUrl: `http://127.0.0.1:${await freePort()}`, port: 0 });
    });
    afterAll(() => orphan?.close());

    it('answers 502, in the API shape under /api', async () => {
      allowConsoleError();
      const api = await send(orphan.url, '/api/site-content', { method: 'POST', body: Buffer.from('{}') });
      expect(api.status).toBe(502);
      expect(api.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(api.body.toString())).toEqual({ success: false, error: expect.any(String) });

      const upload = await send(orphan.url, '/uploads/photo.jpg');
      expect(upload.status).toBe(502);
      expect(upload.headers['content-type']).toMatch(/^text\/plain/);
      // Its health says so (it said 200 "ok" here until issue 44; see site-server.health.test.ts).
      const health = await send(orphan.url, '/_health');
      expect(health.status).toBe(503);
      expect(JSON.parse(health.body.toString())).toEqual({ status: 'unavailable', cms: 'down: not reachable' });
    });
  });
});
