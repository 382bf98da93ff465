// The site at the festival ground without signal (issue 41, docs/decisions/037): a first visit
// online, then Chromium set offline (context.setOffline) and the pages reloaded from the service
// worker's caches, the checkout and the code check saying they need a connection, and the order
// going through once back online.
import { execFile } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/cms-process.mjs';
import { WEB } from '../../scripts/lib.mjs';
import { startSiteServer } from '../server/site-server.mjs';
import { axeViolations } from './axe';
import { VIEWPORTS, keepEvidenceOfFailures, launchBrowser, openPage, recordForeignRequests, reloadPage, screenshot, siteUrl } from './browser';
import { createAccessCode, signInOrganiser, type House } from './organiser';

type ShopItem = { id: number; title: string; variants: string[]; availableQuantity: number };

const ACCESS_PATH = '/enthuelle-dein-wappen';
const CART_KEY = 'game-of-slavs_cart';
const BANNER = /^Du bist offline – du siehst den Stand vom \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2} Uhr\.$/;

const accessibilityProblems = async (page: Page) =>
  (await axeViolations(page)).map(({ id, help, targets }) => `${id} (${help}): ${targets.join(', ')}`);

/** Until the service worker controls the page (it registers after the page has loaded). */
const controlled = (page: Page) =>
  page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });

/** Every address the worker's caches hold, over all of them. */
const keptAddresses = (page: Page) =>
  page.evaluate(async () => {
    const kept: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) kept.push(new URL(request.url).pathname);
    }
    return kept;
  });

/** Waits until the worker's caches hold each path (it keeps them beside the answer). */
const kept = (page: Page, paths: string[]) =>
  expect.poll(async () => {
    const addresses = await keptAddresses(page);
    return paths.filter((path) => !addresses.includes(path));
  }, { timeout: 15_000 }).toEqual([]);

/** The HTML the worker keeps for a path, as it would show it offline. */
const keptPage = (page: Page, path: string) =>
  page.evaluate(async (address) => (await caches.match(address))?.text() ?? null, new URL(path, siteUrl()).href);

const storedCart = (page: Page) => page.evaluate((key) => window.localStorage.getItem(key), CART_KEY);

async function expectBanner(page: Page) {
  const banner = page.locator('[data-offline-banner]');
  await banner.waitFor({ timeout: 5000 }).catch(async (error: Error) => {
    const state = await page.evaluate(() => ({ onLine: navigator.onLine, notices: document.querySelector('[role=status]')?.outerHTML ?? null, tail: document.body.innerHTML.slice(-600) }));
    throw new Error(`${error.message}\n${JSON.stringify(state)}`);
  });
  expect(await banner.textContent()).toMatch(BANNER);
}

describe('the site offline in Chromium', () => {
  const watch = keepEvidenceOfFailures();
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let foreign: string[];
  let code: string;
  let house: House;
  let item: ShopItem;

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ code, house } = await createAccessCode(await signInOrganiser()));
    const { items } = (await (await fetch(`${siteUrl()}/api/shop/items`)).json()) as { items: ShopItem[] };
    const onSale = items.find((candidate) => candidate.availableQuantity > 0 && candidate.variants.length > 0);
    if (!onSale) throw new Error('The demo seed has no item in stock');
    item = onSale;
    context = await browser.newContext({ viewport: VIEWPORTS.mobile });
    // The chat opens by itself after a typed code; it would leave the site's origin.
    await context.addInitScript(() => {
      window.open = () => null;
    });
    page = watch(await context.newPage());
    foreign = recordForeignRequests(page);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('paints a first visit without the worker, registers it afterwards, and is installable', async () => {
    const beforeLoad: string[] = [];
    let loaded = false;
    page.on('load', () => (loaded = true));
    page.on('request', (request) => !loaded && beforeLoad.push(new URL(request.url()).pathname));
    await openPage(page, `${siteUrl()}/`);
    expect(beforeLoad.filter((path) => /sw\.js|workbox/.test(path))).toEqual([]);
    await controlled(page);
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${siteUrl()}/sw.js`);

    // Chromium's own install check: a manifest with name, icons, start URL and display, and a worker.
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    // A Playwright context is an incognito profile, which Chromium never installs to; that alone is left.
    expect(installabilityErrors.map(({ errorId }) => errorId)).toEqual(['in-incognito']);
    const { url, errors, data } = await cdp.send('Page.getAppManifest');
    expect(url).toBe(`${siteUrl()}/manifest.webmanifest`);
    expect(errors).toEqual([]);
    const manifest = JSON.parse(data ?? '{}') as Record<string, unknown>;
    expect(manifest).toMatchObject({ short_name: 'Game Of Slavs', lang: 'de', display: 'standalone', start_url: '/', theme_color: '#1f1a15' });
    // The page of the first visit was loaded before the worker ran: it is kept all the same.
    await kept(page, ['/']);
  });

  it('installs the German cuts of the fonts only, and keeps a further cut once a page drew with it', async () => {
    // A name beyond German letters ("Łukasz") asks for latin-ext; the install does not send it to every phone.
    const guest = await browser.newContext({ viewport: VIEWPORTS.mobile });
    const drawName = (phone: Page) =>
      phone.evaluate(async () => {
        document.querySelector('main')!.append(Object.assign(document.createElement('p'), { textContent: 'Łukasz' }));
        return document.fonts.load('16px "EB Garamond Variable"', 'Łukasz').then(
          (faces) => faces.map((face) => face.status),
          () => ['error'],
        );
      });
    try {
      const phone = watch(await guest.newPage());
      await openPage(phone, `${siteUrl()}/`);
      expect(await drawName(phone)).toContain('loaded');
      await controlled(phone);
      const keptFonts = async () => (await keptAddresses(phone)).filter((address) => address.endsWith('.woff2')).map((address) => address.replace(/-[\w-]{8}\.woff2$/, ''));
      await expect.poll(keptFonts, { timeout: 15_000 }).toContain('/assets/eb-garamond-latin-ext-wght-normal');
      expect((await keptFonts()).sort()).toEqual([
        '/assets/cinzel-german-wght-normal',
        '/assets/eb-garamond-german-wght-italic',
        '/assets/eb-garamond-german-wght-normal',
        '/assets/eb-garamond-latin-ext-wght-normal',
      ]);
      await guest.setOffline(true);
      await reloadPage(phone);
      expect(await drawName(phone)).toContain('loaded');
    } finally {
      await guest.close();
    }
  });

  it('keeps what a guest saw online: the programme, the shop, an item, the cart and the unlocked house', async () => {
    await openPage(page, `${siteUrl()}/programm`);
    await page.getByRole('heading', { level: 1, name: 'Programm' }).waitFor();
    // A star of Mein Plan, kept on the device.
    await page.getByRole('button', { name: /: in Mein Plan$/ }).first().click();
    await openPage(page, `${siteUrl()}/shop`);
    await openPage(page, `${siteUrl()}/shop/item/${item.id}`);
    await page.getByRole('heading', { level: 1, name: item.title }).waitFor();
    await page.getByLabel('Variante wählen:').selectOption(item.variants[0]);
    await page.getByLabel('Anzahl:').selectOption('1');
    await page.getByRole('button', { name: 'In den Warenkorb' }).click();
    await page.getByRole('status').filter({ hasText: 'wurde zum Warenkorb hinzugefügt!' }).waitFor();
    await openPage(page, `${siteUrl()}/shop/cart`);

    await openPage(page, `${siteUrl()}${ACCESS_PATH}`);
    await page.getByLabel('Dein persönlicher Code').fill(code);
    await page.getByRole('button', { name: 'Freischalten' }).click();
    await page.getByRole('heading', { level: 1, name: `Willkommen im ${house.name}` }).waitFor();
    await page.getByRole('button', { name: 'Auf diesem Gerät merken' }).click();
    await page.getByText('Dein Haus ist auf diesem Gerät gespeichert.').waitFor();
    await kept(page, ['/programm', '/shop', `/shop/item/${item.id}`, '/shop/cart', ACCESS_PATH, ...(house.emblem ? [new URL(house.emblem, siteUrl()).pathname] : [])]);
    // The server drew this cart's lines from its cookie (decision 050): a copy of them would show
    // offline whatever the cart held then. The shared page is kept; the app draws the cart into it.
    const keptCart = await keptPage(page, '/shop/cart');
    expect(keptCart).toContain('Warenkorb wird geladen...');
    expect(keptCart).not.toContain(item.title);
    // Opened again, in another tab: the cart drawn now does not take the shared page's place either.
    const again = await context.newPage();
    await openPage(again, `${siteUrl()}/shop/cart`);
    await again.getByText(item.title).first().waitFor();
    expect(await keptPage(again, '/shop/cart')).toBe(keptCart);
    await again.close();
  });

  it('reloads the landing page, the shop, the item and the remembered house offline, each with the banner', async () => {
    await context.setOffline(true);

    await reloadPage(page);
    await page.getByRole('heading', { level: 1, name: `Willkommen im ${house.name}` }).waitFor();
    await expectBanner(page);
    const qr = page.getByRole('img', { name: /QR-Code zum Chat/ });
    expect(await qr.evaluate((image: HTMLImageElement) => image.decode().then(() => image.naturalWidth))).toBe(200);
    expect(await page.getByRole('link', { name: 'WhatsApp Gruppe öffnen' }).getAttribute('href')).toBe(house.chatUrl);
    if (house.emblem) {
      const emblem = page.getByRole('img', { name: `Wappen des Hauses ${house.name}` });
      expect(await emblem.evaluate((image: HTMLImageElement) => image.decode().then(() => image.naturalWidth > 0))).toBe(true);
    }
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshot(page, 'offline-access-mobile');

    await openPage(page, `${siteUrl()}/`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await expectBanner(page);
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshot(page, 'offline-landing-mobile', { fullPage: false });

    await openPage(page, `${siteUrl()}/programm`);
    await page.getByRole('heading', { level: 1, name: 'Programm' }).waitFor();
    await expectBanner(page);
    expect(await page.getByRole('button', { name: /: in Mein Plan$/ }).count()).toBeGreaterThan(10);
    expect(await page.locator('button[aria-pressed="true"]').count()).toBeGreaterThan(0);
    await screenshot(page, 'offline-programme-mobile', { fullPage: false });

    await openPage(page, `${siteUrl()}/shop`);
    await page.getByRole('link', { name: item.title, exact: true }).waitFor();
    await expectBanner(page);
    await screenshot(page, 'offline-shop-mobile', { fullPage: false });

    await openPage(page, `${siteUrl()}/shop/item/${item.id}`);
    await page.getByRole('heading', { level: 1, name: item.title }).waitFor();
    await expectBanner(page);
  });

  it('says offline that the checkout needs a connection, keeps the cart, and sends the order once online', async () => {
    await openPage(page, `${siteUrl()}/shop/cart`);
    await expectBanner(page);
    const cart = await storedCart(page);
    expect(cart).toContain(String(item.id));
    await page.getByLabel('Vorname *').fill('Offline');
    await page.getByLabel('Nachname *').fill('Gast');
    await page.getByRole('button', { name: 'Bestellung absenden' }).click();
    const alert = page.getByRole('alert');
    expect(await alert.textContent()).toBe('Du bist offline – zum Absenden der Bestellung brauchst du eine Verbindung. Dein Warenkorb bleibt gespeichert.');
    expect(await page.getByRole('button', { name: 'Bestellung absenden' }).isEnabled()).toBe(true);
    expect(await storedCart(page)).toBe(cart);
    await screenshot(page, 'offline-checkout-mobile');

    await context.setOffline(false);
    await page.getByRole('button', { name: 'Bestellung absenden' }).click();
    await page.getByRole('heading', { level: 1, name: 'Bestellung erfolgreich!' }).waitFor();
    const orderNumber = async () => (await page.locator('dt', { hasText: 'Bestellnummer' }).locator('xpath=following-sibling::dd[1]').textContent())?.trim();
    const placed = await orderNumber();
    expect(placed).toBeTruthy();

    // The order's own page, reached by the checkout inside the app, survives a reload offline, with the banner.
    expect(new URL(page.url()).pathname).toBe(`/shop/bestellung/${placed}`);
    await kept(page, [new URL(page.url()).pathname]);
    await context.setOffline(true);
    await reloadPage(page);
    await page.getByRole('heading', { level: 1, name: 'Bestellung erfolgreich!' }).waitFor();
    expect(await orderNumber()).toBe(placed);
    await expectBanner(page);
    await screenshot(page, 'offline-order-page-mobile');
    await context.setOffline(false);
  });

  it('says offline that a code check needs a connection', async () => {
    const guest = await context.browser()!.newContext({ viewport: VIEWPORTS.mobile });
    const other = await guest.newPage();
    await openPage(other, `${siteUrl()}${ACCESS_PATH}`);
    await controlled(other);
    await kept(other, [ACCESS_PATH]);
    await guest.setOffline(true);
    await reloadPage(other);
    await other.getByLabel('Dein persönlicher Code').fill(code);
    await other.getByRole('button', { name: 'Freischalten' }).click();
    expect(await other.getByRole('alert').textContent()).toBe('Du bist offline – zum Prüfen des Codes brauchst du eine Verbindung.');
    await guest.close();
  });

  it('keeps the pages a guest moved on from before the worker was ready, and the start page and the programme unseen', async () => {
    // A guest comes by the access page's link and reads on; on the festival ground's connection
    // the first build takes many seconds to install, so the page they left never saw the worker.
    const guest = await browser.newContext({ viewport: VIEWPORTS.mobile });
    try {
      const phone = watch(await guest.newPage());
      await openPage(phone, `${siteUrl()}${ACCESS_PATH}`);
      await openPage(phone, `${siteUrl()}/shop`);
      await controlled(phone);
      await kept(phone, [ACCESS_PATH, '/shop', '/', '/programm']);
      await guest.setOffline(true);
      await openPage(phone, `${siteUrl()}${ACCESS_PATH}`);
      await phone.getByRole('heading', { level: 1, name: 'Zugang zum Haus' }).waitFor();
      await expectBanner(phone);
      // The installed app opens on the start page, and the running order is what the ground asks for.
      await openPage(phone, `${siteUrl()}/`);
      await phone.locator('section#faq').waitFor();
      await expectBanner(phone);
      await openPage(phone, `${siteUrl()}/programm`);
      await phone.getByRole('heading', { level: 1, name: 'Programm' }).waitFor();
      await expectBanner(phone);
      await screenshot(phone, 'offline-programme-never-opened-online', { fullPage: false });
    } finally {
      await guest.close();
    }
  });

  it('shows a page never opened online as the offline page, under its address, with a way back to it and to the kept pages', async () => {
    // Sent without scripts: taken over, it would be drawn again as the page of the address it stands in for.
    for (const address of ['/offline', '/offline/']) {
      const offlinePage = await (await fetch(`${siteUrl()}${address}`)).text();
      expect(offlinePage, address).toContain('Ohne Verbindung');
      expect(offlinePage, address).not.toMatch(/<script type="module"|id="server-state"/);
    }

    const guest = await browser.newContext({ viewport: VIEWPORTS.mobile });
    try {
      const phone = watch(await guest.newPage());
      await openPage(phone, `${siteUrl()}/`);
      await controlled(phone);
      await kept(phone, ['/', '/programm', '/offline']);
      await guest.setOffline(true);
      await phone.goto(`${siteUrl()}/impressum`);
      await phone.getByRole('heading', { level: 1, name: 'Ohne Verbindung' }).waitFor();
      expect(phone.url()).toBe(`${siteUrl()}/impressum`);
      expect(await accessibilityProblems(phone)).toEqual([]);
      await screenshot(phone, 'offline-page-never-opened', { fullPage: false });

      // Back in reach of the network: the same address, now the page itself.
      await guest.setOffline(false);
      await phone.getByRole('link', { name: 'Erneut versuchen' }).click();
      await phone.getByRole('heading', { level: 1, name: 'Impressum' }).waitFor();
      expect(phone.url()).toBe(`${siteUrl()}/impressum`);

      await guest.setOffline(true);
      await phone.goto(`${siteUrl()}/datenschutz`);
      await phone.getByRole('navigation', { name: 'Ohne Netz hast du hier:' }).getByRole('link', { name: 'Programm' }).click();
      await phone.getByRole('heading', { level: 1, name: 'Programm' }).waitFor();
      await expectBanner(phone);
    } finally {
      await guest.close();
    }
  });

  it('never keeps the dashboard, its calls, the panel, sign-ins, orders or code checks', async () => {
    await context.setOffline(false);
    await openPage(page, `${siteUrl()}/admin/login`);
    const addresses = await keptAddresses(page);
    expect(addresses.filter((path) => /^\/(admin|cms)(\/|$)|^\/api\/(admin|auth)\/|^\/api\/shop\/orders/.test(path))).toEqual([]);
    expect(foreign).toEqual([]);
  });
});

/** The build a page was made by: its entry script's hashed name. */
const buildOf = (page: Page) => page.evaluate(() => document.documentElement.outerHTML.match(/\/assets\/index-[\w-]+\.js/)?.[0] ?? null);

describe('a new version deployed while a guest has the site', () => {
  const watch = keepEvidenceOfFailures();
  let browser: Browser;
  let folder: string;
  let port: number;

  beforeAll(async () => {
    // Two builds in a row: the one under test, and the same sources built again with other file hashes.
    folder = await mkdtemp(path.join(os.tmpdir(), 'gos-two-builds-'));
    await cp(path.join(WEB, 'dist'), path.join(folder, 'first'), { recursive: true });
    await promisify(execFile)('npx', ['vite', 'build', '--config', 'e2e/second-build.vite.config.ts', '--outDir', path.join(folder, 'second'), '--emptyOutDir'], {
      cwd: WEB,
      maxBuffer: 64 * 1024 * 1024,
    });
    port = await freePort();
    browser = await launchBrowser();
  }, 600_000);
  afterAll(async () => {
    await browser?.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  // The site's own server on one address, sending one build and then the next (the cms behind the test's site).
  const deploy = (build: 'first' | 'second') =>
    startSiteServer({ cmsUrl: siteUrl(), publicUrl: `http://localhost:${port}`, port, host: '127.0.0.1', root: path.join(folder, build) });

  it('offers the update, keeps each build whole, and takes the new one over when asked', async () => {
    const origin = `http://localhost:${port}`;
    let server = await deploy('first');
    const context = await browser.newContext({ viewport: VIEWPORTS.mobile });
    try {
      const page = watch(await context.newPage());
      await openPage(page, `${origin}/`);
      await controlled(page);
      await kept(page, ['/']);
      const first = await buildOf(page);
      expect(first).toBeTruthy();

      await server.close();
      server = await deploy('second');
      // Online, the page comes from the new build; its worker waits, and the page offers it.
      await reloadPage(page);
      const second = await buildOf(page);
      expect(second).not.toBe(first);
      const prompt = page.getByRole('button', { name: 'Neue Version verfügbar – neu laden' });
      await prompt.waitFor({ timeout: 30_000 });
      await screenshot(page, 'offline-update-prompt-mobile', { fullPage: false });

      // Offline meanwhile, the old worker shows the page of its own build, with its own files.
      await context.setOffline(true);
      await reloadPage(page);
      expect(await buildOf(page)).toBe(first);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await context.setOffline(false);

      // Asked, the new worker takes over and the page reloads whole from the new build.
      await reloadPage(page);
      await prompt.waitFor({ timeout: 30_000 });
      await Promise.all([page.waitForEvent('load'), prompt.click()]);
      await page.waitForSelector('html[data-app-ready]', { state: 'attached' });
      expect(await buildOf(page)).toBe(second);
      await kept(page, ['/']);
      const pageCaches = await page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith('gos-pages-')));
      expect(pageCaches).toHaveLength(1);

      await context.setOffline(true);
      await reloadPage(page);
      expect(await buildOf(page)).toBe(second);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await expectBanner(page);
    } finally {
      await context.close();
      await server.close();
    }
  });
});
