// @vitest-environment node
// The site's server's /_health reports the cms's state too (issue 44: it said "ok" while the cms
// was down), from a kept probe, and answers promptly while the cms hangs.
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/cms-process.mjs';
import { buildWeb } from '../../scripts/lib.mjs';
import { CMS_PROBE_PATH } from './cms-health.mjs';
import { startSiteServer, type SiteServer } from './site-server.mjs';

type StandIn = { server: Server; url: string; asked: string[]; mode: 'answers' | 'hangs' | 'fails' };

/** A stand-in cms that answers, hangs (accepts and never answers) or fails with 500, as told. */
async function startStandIn(port = 0): Promise<StandIn> {
  const sockets = new Set<Socket>();
  const standIn = { asked: [] as string[], mode: 'answers' } as StandIn;
  standIn.server = createServer((request, response) => {
    standIn.asked.push(request.url ?? '');
    if (standIn.mode === 'hangs') return;
    response.writeHead(standIn.mode === 'fails' ? 500 : 200, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify({ success: true, value: 'true' }));
  });
  standIn.server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => standIn.server.listen(port, '127.0.0.1', resolve));
  standIn.url = `http://127.0.0.1:${(standIn.server.address() as AddressInfo).port}`;
  const close = standIn.server.close.bind(standIn.server);
  standIn.server.close = (callback) => {
    for (const socket of sockets) socket.destroy();
    return close(callback);
  };
  return standIn;
}

async function health(site: SiteServer) {
  const started = performance.now();
  const answer = await fetch(`${site.url}/_health`);
  return { status: answer.status, body: (await answer.json()) as Record<string, string>, ms: performance.now() - started };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the site's server's /_health", () => {
  let cms: StandIn;
  let site: SiteServer;
  beforeAll(async () => {
    await buildWeb();
    cms = await startStandIn();
    site = await startSiteServer({ cmsUrl: cms.url, port: 0 });
  }, 600_000);
  afterAll(async () => {
    await site?.close();
    await new Promise((resolve) => cms?.server.close(resolve));
  });

  it('says ok while the cms answers, asking the cms once for a burst of checks', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => health(site)));
    expect(answers.map(({ status, body }) => [status, body])).toEqual(Array(20).fill([200, { status: 'ok', cms: 'ok' }]));
    expect(cms.asked.filter((url) => url === CMS_PROBE_PATH)).toHaveLength(1);
  });

  it('answers 503 within the probe time while the cms hangs, and when it fails', async () => {
    cms.mode = 'hangs';
    await pause(2100);
    const hung = await health(site);
    expect([hung.status, hung.body]).toEqual([503, { status: 'unavailable', cms: 'down: no answer within 2000 ms' }]);
    expect(hung.ms).toBeLessThan(3000);

    cms.mode = 'fails';
    await pause(2100);
    expect((await health(site)).body).toEqual({ status: 'unavailable', cms: 'down: answered 500' });
  }, 15_000);

  it('answers 503 while the cms is not there, and ok again once it is back', async () => {
    const port = Number(new URL(cms.url).port);
    await new Promise((resolve) => cms.server.close(resolve));
    await pause(2100);
    const down = await health(site);
    expect([down.status, down.body]).toEqual([503, { status: 'unavailable', cms: 'down: not reachable' }]);
    expect(down.ms).toBeLessThan(1000);

    cms = await startStandIn(port);
    await pause(2100);
    expect(await health(site)).toMatchObject({ status: 200, body: { status: 'ok', cms: 'ok' } });
  }, 15_000);

  it('is 503 for a site whose cms never started', async () => {
    const orphan = await startSiteServer({ cmsUrl: `http://127.0.0.1:${await freePort()}`, port: 0 });
    try {
      expect((await health(orphan)).status).toBe(503);
    } finally {
      await orphan.close();
    }
  });
});
