// @vitest-environment node
// The production entry, deploy/nginx.conf, run by the real nginx in front of a stand-in cms that
// answers as the cms did before its uploads were made harmless: an HTML page from the uploads
// folder as text/html, with a CSP that lets the site's own scripts run and no nosniff.
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNginx, type NginxUnderTest } from './nginx-under-test';

const FILES: Record<string, { type: string; body: Buffer }> = {
  'page.html': { type: 'text/html; charset=utf-8', body: Buffer.from('<script>document.title = "ran"</script>') },
  'take-over.js': { type: 'application/javascript; charset=utf-8', body: Buffer.from('fetch("/api/admin/users")') },
  'drawing.svg': { type: 'image/svg+xml', body: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>') },
  'site-plan.pdf': { type: 'application/pdf', body: Buffer.from('%PDF-1.4\n%%EOF\n') },
  'photo.png': { type: 'image/png', body: Buffer.from('89504e470d0a1a0a', 'hex') },
};

/** A stand-in for the cms: the file the decoded path names in its uploads folder, as Strapi's static server finds it. */
async function startOldCms(): Promise<Server> {
  const server = createServer((incoming, answer) => {
    const decoded = path.posix.normalize(decodeURIComponent((incoming.url ?? '/').split('?')[0]));
    const file = decoded.startsWith('/uploads/') ? FILES[decoded.slice('/uploads/'.length)] : undefined;
    const headers = { 'Content-Security-Policy': "default-src 'self'; script-src 'self'", 'X-Frame-Options': 'SAMEORIGIN' };
    if (!file) {
      answer.writeHead(404, { ...headers, 'Content-Type': 'text/plain' });
      return answer.end('Not Found');
    }
    answer.writeHead(200, { ...headers, 'Content-Type': file.type, 'Content-Length': file.body.length });
    answer.end(file.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

type Answer = { status: number; headers: IncomingHttpHeaders; raw: string[] };

/** A GET with the path sent exactly as written (fetch would normalise %2F and `//`). */
const get = (base: string, address: string) =>
  new Promise<Answer>((resolve, reject) => {
    const { hostname, port } = new URL(base);
    const outgoing = request({ hostname, port, path: address, agent: false }, (answer) => {
      answer.resume();
      answer.on('end', () => resolve({ status: answer.statusCode ?? 0, headers: answer.headers, raw: answer.rawHeaders }));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });

/** Every value of one header, once for each time it was sent. */
function valuesOf({ raw }: Answer, name: string): string[] {
  const values: string[] = [];
  for (let index = 0; index < raw.length; index += 2) if (raw[index].toLowerCase() === name) values.push(raw[index + 1]);
  return values;
}

describe('deploy/nginx.conf serving /uploads', () => {
  let cms: Server;
  let nginx: NginxUnderTest;

  beforeAll(async () => {
    cms = await startOldCms();
    const cmsPort = (cms.address() as AddressInfo).port;
    nginx = await startNginx({ cmsPort, pagesPort: cmsPort });
  });

  afterAll(async () => {
    await nginx?.stop();
    cms?.closeAllConnections();
    await new Promise((resolve) => cms?.close(resolve));
  });

  it.each([
    '/uploads/page.html',
    '/uploads/take-over.js',
    '/uploads/drawing.svg',
    '/uploads/site-plan.pdf',
    '/cms/uploads/page.html',
    '/uploads%2Fpage.html',
    '/cms/uploads%2Fpage.html',
    '/cms//uploads/page.html',
  ])('sends %s as an attachment that cannot run, whatever the cms said', async (address) => {
    const answer = await get(nginx.url, address);
    expect(answer.status).toBe(200);
    expect(valuesOf(answer, 'x-content-type-options')).toEqual(['nosniff']);
    expect(valuesOf(answer, 'content-security-policy')).toEqual(["sandbox; default-src 'none'"]);
    expect(valuesOf(answer, 'content-disposition')).toEqual(['attachment']);
  });

  it('shows an image as an image, sandboxed all the same', async () => {
    const answer = await get(nginx.url, '/uploads/photo.png');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('image/png');
    expect(valuesOf(answer, 'x-content-type-options')).toEqual(['nosniff']);
    expect(valuesOf(answer, 'content-security-policy')).toEqual(["sandbox; default-src 'none'"]);
    expect(valuesOf(answer, 'content-disposition')).toEqual([]);
  });

  it('sends the same headers with an answer that is no file', async () => {
    const answer = await get(nginx.url, '/uploads/missing.html');
    expect(answer.status).toBe(404);
    expect(valuesOf(answer, 'x-content-type-options')).toEqual(['nosniff']);
    expect(valuesOf(answer, 'content-security-policy')).toEqual(["sandbox; default-src 'none'"]);
    expect(valuesOf(answer, 'content-disposition')).toEqual(['attachment']);
  });
});
