// @vitest-environment node
// The production entry, deploy/nginx.conf, run by the real nginx in front of a stand-in for the
// cms and the pages service that says what software it is on every answer, as Strapi did.
import { readFile } from 'node:fs/promises';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../scripts/lib.mjs';
import { ANSWER_DEADLINE_MS } from '../../cms/src/http/answer-deadline';
import { SITE_ANSWER_DEADLINE_MS } from './answer-deadline.mjs';
import { startNginx, type NginxUnderTest } from './nginx-under-test';

async function startTalkativeUpstream(): Promise<Server> {
  const server = createServer((incoming, answer) => {
    const type = incoming.url?.startsWith('/uploads/') ? 'image/png' : 'text/html; charset=utf-8';
    answer.writeHead(200, { 'Content-Type': type, 'X-Powered-By': 'Strapi <strapi.io>', 'Cache-Control': 'no-store' });
    answer.end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

const get = (base: string, address: string) =>
  new Promise<{ status: number; headers: IncomingHttpHeaders }>((resolve, reject) => {
    const { hostname, port } = new URL(base);
    const outgoing = request({ hostname, port, path: address, agent: false }, (answer) => {
      answer.resume();
      answer.on('end', () => resolve({ status: answer.statusCode ?? 0, headers: answer.headers }));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });

describe('deploy/nginx.conf: what its answers say, and how long it waits', () => {
  let upstream: Server;
  let nginx: NginxUnderTest;

  beforeAll(async () => {
    upstream = await startTalkativeUpstream();
    const port = (upstream.address() as AddressInfo).port;
    nginx = await startNginx({ cmsPort: port, pagesPort: port });
  });

  afterAll(async () => {
    await nginx?.stop();
    upstream?.closeAllConnections();
    await new Promise((resolve) => upstream?.close(resolve));
  });

  it.each(['/api/settings/shop_enabled', '/uploads/photo.png', '/cms/uploads/photo.png', '/cms/admin/', '/shop'])('sends %s without X-Powered-By', async (address) => {
    const answer = await get(nginx.url, address);
    expect(answer.status).toBe(200);
    expect(answer.headers['x-powered-by']).toBeUndefined();
  });

  it('leads /favicon.ico, which browsers ask for by themselves, to the site\'s icon', async () => {
    const answer = await get(nginx.url, '/favicon.ico');
    expect(answer.status).toBe(301);
    expect(new URL(answer.headers.location ?? '', nginx.url).pathname).toBe('/favicon.svg');
  });

  it('waits for an answer longer than the cms and the pages service give themselves', async () => {
    const config = await readFile(path.join(ROOT, 'deploy', 'nginx.conf'), 'utf8');
    const timeouts = [...config.matchAll(/^\s*proxy_read_timeout\s+(\d+)s;/gm)].map((match) => Number(match[1]) * 1000);
    expect(timeouts).toHaveLength(1);
    expect(timeouts[0]).toBeGreaterThan(SITE_ANSWER_DEADLINE_MS);
    expect(SITE_ANSWER_DEADLINE_MS).toBeGreaterThan(ANSWER_DEADLINE_MS);
  });
});

describe('deploy/nginx.conf with the pages service down', () => {
  let nginx: NginxUnderTest;

  beforeAll(async () => {
    // Nothing listens on the upstreams' port: nginx sends the build's shell itself.
    const { freePort } = await import('../../scripts/cms-process.mjs');
    const port = await freePort();
    nginx = await startNginx({ cmsPort: port, pagesPort: port, root: path.join(ROOT, 'web', 'dist') });
  });

  afterAll(async () => {
    await nginx?.stop();
  });

  it('sends the shell framed by no page', async () => {
    const answer = await get(nginx.url, '/shop');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(answer.headers['x-frame-options']).toBe('DENY');
  });

  it('sends the service worker never kept and allowed the whole site, and the manifest as one', async () => {
    const worker = await get(nginx.url, '/sw.js');
    expect(worker.status).toBe(200);
    expect(worker.headers['cache-control']).toBe('no-cache, max-age=0');
    expect(worker.headers['service-worker-allowed']).toBe('/');
    expect(worker.headers['content-type']).toMatch(/javascript/);
    const manifest = await get(nginx.url, '/manifest.webmanifest');
    expect(manifest.status).toBe(200);
    expect(manifest.headers['content-type']).toBe('application/manifest+json');
    expect(manifest.headers['cache-control']).toBe('no-cache');
  });
});
