// @vitest-environment node
// A burst through the production chain: deploy/nginx.conf run by the real nginx, in front of
// the real site server (the built pages) and a stand-in cms that answers the public reads as the
// cms does (Cache-Control for shared caches) and counts what reaches it. 2,000 connections on
// loopback, three requests each: the cms must see a handful of requests a second, whatever the burst.
import { Agent, createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_READ_CACHING } from '@contract/http-caching';
import { buildWeb } from '../../scripts/lib.mjs';
import { siteContentFixture } from '../src/features/festival/testing/site-content-fixture';
import { startNginx, type NginxUnderTest } from './nginx-under-test';
import { startSiteServer, type SiteServer } from './site-server.mjs';

const CONNECTIONS = 2000;
/** Requests each connection sends, one after the other: the burst is bounded by count, not by time. */
const VISITS = 3;

type Cms = { server: Server; port: number; seen: { at: number; url: string; headers: IncomingHttpHeaders }[] };

async function startCms(): Promise<Cms> {
  const seen: Cms['seen'] = [];
  const answers: Record<string, { body: string; caching: string }> = {
    '/api/site-content': { body: JSON.stringify(siteContentFixture()), caching: PUBLIC_READ_CACHING },
    '/api/settings/shop_enabled': { body: JSON.stringify({ success: true, value: 'true' }), caching: PUBLIC_READ_CACHING },
    // An organiser's answer: the cms sends no caching header for it.
    '/api/admin/orders': { body: JSON.stringify({ success: true, orders: [] }), caching: '' },
  };
  const server = createServer((incoming, answer) => {
    const url = incoming.url ?? '/';
    seen.push({ at: Date.now(), url, headers: incoming.headers });
    const known = answers[url];
    if (!known) {
      answer.writeHead(404, { 'Content-Type': 'application/json' });
      return answer.end('{"success":false,"error":"Not Found"}');
    }
    answer.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', ...(known.caching && { 'Cache-Control': known.caching }) });
    answer.end(known.body);
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, seen };
}

type Answer = { status: number; headers: IncomingHttpHeaders };

const get = (base: string, address: string, { agent, headers = {} }: { agent?: Agent; headers?: Record<string, string> } = {}) =>
  new Promise<Answer>((resolve, reject) => {
    const { hostname, port } = new URL(base);
    const outgoing = request({ hostname, port, path: address, agent: agent ?? false, headers: { 'accept-encoding': 'br, gzip', ...headers } }, (answer) => {
      answer.resume();
      answer.on('end', () => resolve({ status: answer.statusCode ?? 0, headers: answer.headers }));
      answer.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end();
  });

describe('a burst through deploy/nginx.conf and the site server', () => {
  let cms: Cms;
  let site: SiteServer;
  let nginx: NginxUnderTest;

  beforeAll(async () => {
    await buildWeb();
    cms = await startCms();
    site = await startSiteServer({ cmsUrl: `http://127.0.0.1:${cms.port}`, publicUrl: 'https://game-of-slavs.example', port: 0 });
    nginx = await startNginx({ cmsPort: cms.port, pagesPort: Number(new URL(site.url).port), workerConnections: CONNECTIONS + 600 });
    // The first render loads the renderer's chunks through Vitest's transform: done before the burst.
    for (let attempt = 0; attempt < 60 && !(await get(site.url, '/')).headers['cache-control']?.includes('s-maxage'); attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }, 240_000);

  afterAll(async () => {
    await nginx?.stop();
    await site?.close();
    cms?.server.closeAllConnections();
    await new Promise((resolve) => cms?.server.close(resolve));
  });

  it(`reaches the cms a handful of times a second with ${CONNECTIONS} connections on the home page and the public reads`, async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
    const addresses = ['/', '/api/site-content', '/api/settings/shop_enabled'];
    const statuses = new Map<number, number>();
    const cacheStatuses = new Map<string, number>();
    const started = Date.now();
    const seenBefore = cms.seen.length;
    const visitor = async (n: number) => {
      for (let visit = 0; visit < VISITS; visit++) {
        const answer = await get(nginx.url, addresses[(n + visit) % addresses.length], { agent });
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        const cache = String(answer.headers['x-cache-status']);
        cacheStatuses.set(cache, (cacheStatuses.get(cache) ?? 0) + 1);
      }
    };
    await Promise.all(Array.from({ length: CONNECTIONS }, (_, n) => visitor(n)));
    const seconds = (Date.now() - started) / 1000;
    agent.destroy();

    const reached = cms.seen.slice(seenBefore);
    const answers = [...statuses.values()].reduce((sum, count) => sum + count, 0);
    const perSecond = new Map<number, number>();
    for (const { at } of reached) perSecond.set(Math.floor((at - started) / 1000), (perSecond.get(Math.floor((at - started) / 1000)) ?? 0) + 1);
    console.info(
      `Burst: ${CONNECTIONS} connections, ${seconds.toFixed(1)} s, ${answers} answers (${(answers / seconds).toFixed(0)}/s; statuses ${JSON.stringify(Object.fromEntries(statuses))}; nginx cache ${JSON.stringify(Object.fromEntries(cacheStatuses))}); ` +
        `the cms saw ${reached.length} requests (${(reached.length / seconds).toFixed(1)}/s; per second ${JSON.stringify([...perSecond.values()])})`,
    );
    expect([...statuses.keys()]).toEqual([200]);
    expect(answers).toBe(CONNECTIONS * VISITS);
    // Per second: a render of the home page (2 reads) and each public read renewed by nginx.
    for (const count of perSecond.values()) expect(count).toBeLessThanOrEqual(8);
  }, 120_000);

  it('keeps nothing asked for with a cookie or an Authorization header, nor an answer without a caching header', async () => {
    const asked = (url: string) => cms.seen.filter((each) => each.url === url).length;
    await get(nginx.url, '/api/site-content');
    for (const [name, value] of [['cookie', 'gos_session=abc'], ['authorization', 'Bearer token']]) {
      const answer = await get(nginx.url, '/api/site-content', { headers: { [name]: value } });
      expect(answer.headers['x-cache-status']).toBe('BYPASS');
      expect(cms.seen.some((each) => each.headers[name] === value)).toBe(true);
    }
    expect((await get(nginx.url, '/api/site-content')).headers['x-cache-status']).not.toBe('BYPASS');

    const admin = asked('/api/admin/orders');
    for (let n = 0; n < 3; n++) expect((await get(nginx.url, '/api/admin/orders')).status).toBe(200);
    expect(asked('/api/admin/orders') - admin).toBe(3);

    const dashboard = await get(nginx.url, '/admin/shop');
    expect(dashboard.headers['cache-control']).toBe('private, no-cache');
    expect(dashboard.headers['x-cache-status']).not.toBe('HIT');
    expect((await get(nginx.url, '/admin/shop')).headers['x-cache-status']).not.toBe('HIT');
  });
});
