// @vitest-environment node
// The production entry's /_health (deploy/nginx.conf, run by the real nginx) is the pages
// service's as it answered: compose's health check of the entry sees the cms down, where nginx
// would otherwise send the page shell with 200 in place of the 503.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNginx, type NginxUnderTest } from './nginx-under-test';

describe("deploy/nginx.conf's /_health", () => {
  let pages: Server;
  let nginx: NginxUnderTest;
  let root = '';
  let healthy = false;

  beforeAll(async () => {
    pages = createServer((_, answer) => {
      answer.writeHead(healthy ? 200 : 503, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
      answer.end(JSON.stringify(healthy ? { status: 'ok', cms: 'ok' } : { status: 'unavailable', cms: 'down: not reachable' }));
    });
    await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
    root = await mkdtemp(path.join(os.tmpdir(), 'gos-health-root-'));
    await writeFile(path.join(root, 'index.html'), '<!doctype html><title>shell</title>');
    const port = (pages.address() as AddressInfo).port;
    nginx = await startNginx({ cmsPort: port, pagesPort: port, root });
  });
  afterAll(async () => {
    await nginx?.stop();
    await new Promise((resolve) => pages?.close(resolve));
    if (root) await rm(root, { recursive: true, force: true });
  });

  it("passes the pages service's 503 on, never the shell", async () => {
    healthy = false;
    const down = await fetch(`${nginx.url}/_health`);
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({ status: 'unavailable', cms: 'down: not reachable' });

    healthy = true;
    const up = await fetch(`${nginx.url}/_health`);
    expect([up.status, await up.json()]).toEqual([200, { status: 'ok', cms: 'ok' }]);
    // Every other page address still falls back to the shell while the pages service fails.
    healthy = false;
    expect(await (await fetch(`${nginx.url}/impressum`)).text()).toContain('<title>shell</title>');
  });
});
