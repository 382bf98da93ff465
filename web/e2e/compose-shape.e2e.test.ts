// The site offline as production serves it (issue 41): deploy/nginx.conf run by the machine's
// nginx in front of the same cms and pages server, as docker compose wires them (the build's
// files from nginx's own folder, /api and /uploads to the cms, the pages to the site server).
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { WEB } from '../../scripts/lib.mjs';
import { startNginx, type NginxUnderTest } from '../server/nginx-under-test';
import { VIEWPORTS, keepEvidenceOfFailures, launchBrowser, openPage, screenshot, siteUrl } from './browser';

const BANNER = /^Du bist offline – du siehst den Stand vom \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2} Uhr\.$/;

describe('the site offline behind nginx, as docker compose runs it', () => {
  const watch = keepEvidenceOfFailures();
  let nginx: NginxUnderTest;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let foreign: string[];

  beforeAll(async () => {
    nginx = await startNginx({
      cmsPort: Number(new URL(inject('cmsUrl')).port),
      pagesPort: Number(new URL(siteUrl()).port),
      root: path.join(WEB, 'dist'),
    });
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: VIEWPORTS.mobile });
    page = watch(await context.newPage());
    // This machine's addresses only: nginx's, and the PUBLIC_URL the stack's pages name.
    foreign = [];
    page.on('request', (request) => {
      const { protocol, hostname } = new URL(request.url());
      if (protocol.startsWith('http') && hostname !== 'localhost' && hostname !== '127.0.0.1') foreign.push(request.url());
    });
  });
  afterAll(async () => {
    await browser?.close();
    await nginx?.stop();
  });

  // The worker's and the manifest's headers from this file are server/nginx-headers.test.ts's.
  it('registers the worker through nginx, which keeps the pages and shows them offline', async () => {
    await openPage(page, `${nginx.url}/shop`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${nginx.url}/sw.js`);
    await expect
      .poll(
        () =>
          page.evaluate(async () => {
            const kept: string[] = [];
            for (const name of await caches.keys()) {
              for (const request of await (await caches.open(name)).keys()) kept.push(new URL(request.url).pathname);
            }
            return ['/', '/programm', '/shop'].filter((address) => !kept.includes(address));
          }),
        { timeout: 15_000 },
      )
      .toEqual([]);

    await context.setOffline(true);
    try {
      for (const [address, shows] of [
        ['/shop', page.getByRole('heading', { level: 1 })],
        ['/', page.locator('section#faq')],
        ['/programm', page.getByRole('heading', { level: 1, name: 'Programm' })],
      ] as const) {
        await openPage(page, `${nginx.url}${address}`);
        await shows.first().waitFor();
        expect(await page.locator('[data-offline-banner]').textContent(), address).toMatch(BANNER);
      }
      await screenshot(page, 'compose-shape-offline-programme', { fullPage: false });
    } finally {
      await context.setOffline(false);
    }
    expect(foreign).toEqual([]);
  });
});
