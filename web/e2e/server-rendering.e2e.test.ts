import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShopItem } from '@contract/shop';
import type { SiteContent } from '@contract/site-content';
import { VIEWPORTS, launchBrowser, openPage, screenshot, siteUrl } from './browser';
import { PRELOADS_PER_TASK } from '../server/site-server.mjs';
import { DIST, chunkAddress, manifest, staticGraph } from './build-manifest';
import { setShopEnabled, signInOrganiser } from './organiser';

const api = async <T,>(path: string): Promise<T> => (await (await fetch(`${siteUrl()}${path}`)).json()) as T;
const siteContent = () => api<SiteContent>('/api/site-content');
// The chunk of the markdown parser (react-markdown and remark), as the build named it.
const MARKDOWN_CHUNK = chunkAddress('src/components/markdown.tsx');
const firstItem = async () => (await api<{ items: ShopItem[] }>('/api/shop/items')).items[0]!;

/** The page exactly as the server sends it, before any script has run. */
async function served(path: string) {
  const response = await fetch(`${siteUrl()}${path}`);
  return { status: response.status, type: response.headers.get('content-type'), html: await response.text() };
}

/** Text of the HTML without its tags, with the entities a heading can hold decoded. */
const textOf = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

describe('public pages rendered on the server', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('sends each public page with its content already in the HTML', async () => {
    const content = await siteContent();
    const item = await firstItem();
    const pages: [string, string[]][] = [
      ['/', [content.festival.name, content.festival.motto, 'Häufige Fragen', content.performers[0]!.name]],
      ['/shop', ['Merchandising', item.title]],
      [`/shop/item/${item.id}`, [item.title, 'In den Warenkorb']],
      ['/enthuelle-dein-wappen', ['Zugang zum Haus', 'Dein persönlicher Code']],
      ['/impressum', ['Impressum']],
    ];
    for (const [path, texts] of pages) {
      const page = await served(path);
      expect(page.status, path).toBe(200);
      expect(page.type, path).toBe('text/html; charset=utf-8');
      for (const text of texts) expect(textOf(page.html), `${path} shows "${text}"`).toContain(text);
      // The answers are in the page: the browser neither waits for them nor asks again.
      expect(page.html, path).toContain('<script id="server-state" type="application/json">');
      expect(page.html, path).not.toContain('as="fetch"');
      expect(page.html, path).not.toContain('app-shell-loading" role="status"');
      // The theme's CSS variables come with the stylesheet, not with every page (decision 053).
      expect(page.html, path).not.toContain('data-mantine-styles="true"');
    }
  });

  it('sends each page with its own title and link preview, for crawlers that run no scripts', async () => {
    const content = await siteContent();
    const item = await firstItem();
    const meta = (html: string, key: string) => html.match(new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`))?.[1];
    const title = (html: string) => html.match(/<title>([^<]*)<\/title>/)?.[1];

    const landing = (await served('/')).html;
    expect(title(landing)).toBe(`${content.festival.name} | Game Of Slavs`);
    expect(meta(landing, 'og:url')).toBe(`${siteUrl()}/`);
    expect(meta(landing, 'og:image')).toMatch(new RegExp(`^${siteUrl()}/uploads/`));

    const shop = (await served('/shop')).html;
    expect(title(shop)).toBe('Merchandising | Game Of Slavs');
    expect(meta(shop, 'og:title')).toBe('Merchandising | Game Of Slavs');
    expect(meta(shop, 'description')).toContain('Merchandising-Shop');
    expect(meta(shop, 'og:url')).toBe(`${siteUrl()}/shop`);
    expect(shop.match(/<title>/g)).toHaveLength(1);

    const detail = (await served(`/shop/item/${item.id}`)).html;
    expect(title(detail)).toContain(item.title.replace(/&/g, '&amp;').replace(/"/g, '&quot;'));
  });

  it('answers an unknown address with the not-found page and status 404', async () => {
    const page = await served('/gibt-es-nicht');
    expect(page.status).toBe(404);
    expect(textOf(page.html)).toContain('404 Page Not Found');
  });

  it('leaves the dashboard to the browser: it shows an organiser data', async () => {
    const page = await served('/admin/login');
    expect(page.status).toBe(200);
    expect(page.html).toContain('app-shell-loading" role="status"');
    expect(page.html).not.toContain('id="server-state"');
  });

  it('shows the festival to a visitor whose browser runs no scripts', async () => {
    const content = await siteContent();
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: VIEWPORTS.mobile });
    const page = await context.newPage();
    await page.goto(siteUrl(), { waitUntil: 'load' });
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(content.festival.name);
    expect(await page.getByRole('link', { name: 'Enthülle dein Wappen' }).first().isVisible()).toBe(true);
    expect(await page.getByRole('img', { name: content.festival.logo!.alternativeText! }).isVisible()).toBe(true);
    await screenshot(page, 'landing-without-scripts', { fullPage: false });
    // The sections below fade in only where scripts run; here they show as they are.
    await page.locator('#faq').scrollIntoViewIfNeeded();
    const opacities = await page.locator('#story [class*="reveal"], #faq [class*="reveal"]').evaluateAll((boxes) =>
      boxes.map((box) => getComputedStyle(box).opacity),
    );
    expect(opacities.length).toBeGreaterThan(0);
    expect(new Set(opacities)).toEqual(new Set(['1']));
    await screenshot(page, 'landing-faq-without-scripts', { fullPage: false });
    await context.close();
  });

  it('opens the phone menu of a page in a browser that runs no scripts, its links lead on, and the footer leads to the group', async () => {
    const { festival } = await siteContent();
    for (const viewport of [{ width: 320, height: 640 }, VIEWPORTS.mobile]) {
      const context = await browser.newContext({ javaScriptEnabled: false, viewport });
      const page = await context.newPage();
      await page.goto(`${siteUrl()}/shop`, { waitUntil: 'load' });
      const menu = page.getByRole('navigation', { name: 'Menü' });
      expect(await menu.isVisible()).toBe(false);
      await page.getByRole('button', { name: 'Menü öffnen' }).click();
      await menu.waitFor();
      expect(await menu.getByRole('link').allTextContents()).toEqual(['Home', 'Information', 'Programm', 'Merchandising', 'Login']);
      // Under the bar, across the screen, and no wider than it.
      const box = (await menu.boundingBox())!;
      expect(box.x).toBe(0);
      expect(box.width).toBe(viewport.width);
      expect(box.y).toBeGreaterThanOrEqual(60);
      await screenshot(page, `menu-without-scripts-${viewport.width}`, { fullPage: false });
      // The footer's group: a link to it, where scripts would show its QR code.
      expect(await page.getByRole('link', { name: 'WhatsApp-Gruppe' }).getAttribute('href')).toBe(festival.whatsappGroupUrl);
      await page.mouse.click(viewport.width / 2, viewport.height - 20);
      await menu.waitFor({ state: 'hidden' });
      await page.getByRole('button', { name: 'Menü öffnen' }).click();
      await menu.getByRole('link', { name: 'Programm' }).click();
      await page.waitForURL(`${siteUrl()}/programm`);
      await context.close();
    }
  });

  /** Opens a page and notes the server's heading element before any script could replace it. */
  async function openHydrated(path: string): Promise<{ page: Page; errors: string[]; scripts: string[] }> {
    const page = await browser.newPage({ viewport: VIEWPORTS.mobile });
    const errors: string[] = [];
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    // "interactive": the document is parsed and the module scripts have not run yet.
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive') {
          (window as unknown as { serverHeading: Element | null }).serverHeading = document.querySelector('h1');
        }
      });
    });
    await openPage(page, `${siteUrl()}${path}`, { waitUntil: 'networkidle' });
    return { page, errors, scripts };
  }

  const keptServerHeading = (page: Page) =>
    page.evaluate(() => {
      const { serverHeading } = window as unknown as { serverHeading: Element | null };
      return serverHeading !== null && serverHeading === document.querySelector('h1') && serverHeading.isConnected;
    });

  it.each(['/', '/shop', '/enthuelle-dein-wappen', '/impressum'])(
    'takes over the markup of %s in the browser without drawing it again and without an error',
    async (path) => {
      const { page, errors } = await openHydrated(path);
      expect(await keptServerHeading(page)).toBe(true);
      expect(errors).toEqual([]);
      await page.close();
    },
  );

  it.each(['/shop', '/impressum'])('leaves the cms text of %s as the server drew it: the markdown parser is not loaded', async (path) => {
    const { page, errors, scripts } = await openHydrated(path);
    expect(scripts).not.toContain(MARKDOWN_CHUNK);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('loads the markdown parser for the story only when input reaches it, and keeps the text the server drew', async () => {
    const { page, errors, scripts } = await openHydrated('/');
    expect(scripts).not.toContain(MARKDOWN_CHUNK);
    const serverParagraph = await page.evaluateHandle(() => document.querySelector('#story .mantine-Typography-root p'));
    const text = await serverParagraph.evaluate((paragraph) => paragraph?.textContent);
    expect(text?.length).toBeGreaterThan(20);

    await page.locator('#story .mantine-Typography-root p').first().click();
    await expect.poll(() => scripts.includes(MARKDOWN_CHUNK)).toBe(true);
    await expect.poll(() => page.evaluate(() => Object.keys(document.querySelector('#story .mantine-Typography-root p') ?? {}).some((key) => key.startsWith('__reactFiber')))).toBe(true);
    expect(await page.evaluate((paragraph) => paragraph === document.querySelector('#story .mantine-Typography-root p') && paragraph?.textContent, serverParagraph)).toBe(text);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("takes over the landing's sections below the first screen when the reader comes near them", async () => {
    const content = await siteContent();
    const faq = content.faq[0]!;
    const { page, errors } = await openHydrated('/');
    // React marks each element it has taken over with its own keys.
    const takenOver = () =>
      page.evaluate(() => {
        const section = document.getElementById('faq');
        return section !== null && Object.keys(section).some((key) => key.startsWith('__reactFiber'));
      });
    const serverFaq = await page.evaluateHandle(() => document.getElementById('faq'));
    expect(await takenOver()).toBe(false);

    await page.locator('#faq').scrollIntoViewIfNeeded();
    await expect.poll(takenOver).toBe(true);
    expect(await page.evaluate((section) => section === document.getElementById('faq'), serverFaq)).toBe(true);
    await page.locator('#faq summary', { hasText: faq.question }).click();
    expect(await page.locator('#faq details[open] summary').textContent()).toBe(faq.question);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("asks for the scripts only once the first screen's main picture has loaded", async () => {
    for (const path of ['/', '/shop']) {
      const { page, errors } = await openHydrated(path);
      const timing = await page.evaluate(() => {
        const picture = document.querySelector<HTMLImageElement>('img[fetchpriority="high"]')!;
        const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
        const pictureEntry = resources.find((entry) => entry.name === picture.currentSrc)!;
        const firstScript = Math.min(...resources.filter((entry) => entry.initiatorType === 'script' || entry.name.endsWith('.js')).map((entry) => entry.startTime));
        return { pictures: document.querySelectorAll('img[fetchpriority="high"]').length, decoding: picture.decoding, loaded: pictureEntry.responseEnd, firstScript };
      });
      // One picture is the first screen's largest; it is drawn with the text, not a frame later.
      expect(timing.pictures, path).toBe(1);
      expect(timing.decoding, path).toBe('sync');
      expect(timing.firstScript, path).toBeGreaterThan(timing.loaded);
      expect(errors, path).toEqual([]);
      await page.close();
    }
  });

  // On the landing every modulepreload link counts, its sections' included (src/lib/preload-later.ts);
  // elsewhere the boot steps' links (a lazy route's own files follow them, in the same loader:
  // docs/decisions/046).
  it("sets up the preloads of a page's scripts a few per task, so that no task holds a phone for all of them", async () => {
    const bootChunks = [...readFileSync(path.join(DIST, 'index.html'), 'utf8').matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1]!);
    const sectionChunks = [...staticGraph('src/app/routes/landing-sections.tsx')].map((key) => `/${manifest[key]!.file}`).filter((address) => !bootChunks.includes(address));
    expect(bootChunks.length).toBeGreaterThan(PRELOADS_PER_TASK);
    expect(sectionChunks.length).toBeGreaterThan(PRELOADS_PER_TASK);
    for (const address of ['/', '/shop', '/enthuelle-dein-wappen']) {
      const counted = address === '/' ? null : bootChunks;
      const page = await browser.newPage({ viewport: VIEWPORTS.mobile });
      // A mutation observer's callback gets what one task (with its microtasks) added.
      await page.addInitScript((counted) => {
        const perTask: string[][] = [];
        (window as unknown as { preloadsPerTask: string[][] }).preloadsPerTask = perTask;
        new MutationObserver((records) => {
          const preloads = records
            .flatMap((record) => [...record.addedNodes])
            .filter((node): node is HTMLLinkElement => node instanceof HTMLLinkElement && node.rel === 'modulepreload')
            .map((link) => new URL(link.href).pathname)
            .filter((pathname) => counted === null || counted.includes(pathname));
          if (preloads.length > 0) perTask.push(preloads);
        }).observe(document, { childList: true, subtree: true });
      }, counted);
      await openPage(page, `${siteUrl()}${address}`, { waitUntil: 'networkidle' });
      // The landing's sections are asked for after the takeover: wait until every expected link is in.
      const expected = address === '/' ? [...bootChunks, ...sectionChunks] : bootChunks;
      await page
        .waitForFunction(
          (expected) => {
            const added = (window as unknown as { preloadsPerTask: string[][] }).preloadsPerTask.flat();
            return expected.every((address) => added.includes(address));
          },
          expected,
          { timeout: 10_000 },
        )
        .catch(() => {});
      const perTask = await page.evaluate(() => (window as unknown as { preloadsPerTask: string[][] }).preloadsPerTask);
      expect(Math.max(...perTask.map((links) => links.length)), `${address}: ${JSON.stringify(perTask)}`).toBeLessThanOrEqual(PRELOADS_PER_TASK);
      expect(perTask.flat(), address).toEqual(expect.arrayContaining(expected));
      await page.close();
    }
  });

  it('works like a page drawn in the browser once taken over', async () => {
    const item = await firstItem();
    const variant = item.variants[0]!;
    const { page, errors } = await openHydrated('/shop');
    await page.getByRole('link', { name: item.title }).first().click();
    await page.getByRole('heading', { level: 1, name: item.title }).waitFor();
    await page.getByLabel('Variante wählen:').selectOption(variant);
    await page.getByRole('button', { name: 'In den Warenkorb' }).click();
    await page.getByRole('status').filter({ hasText: `(${variant}) wurde zum Warenkorb hinzugefügt!` }).waitFor();
    // The cart lives in this browser, not on the server: the shop's page shows it once taken over.
    await openPage(page, `${siteUrl()}/shop`, { waitUntil: 'networkidle' });
    await page.getByRole('link', { name: /^Warenkorb.*\(1 Artikel\)$/ }).waitFor();
    expect(errors).toEqual([]);
    await page.evaluate(() => window.localStorage.clear());
    await page.close();
  });

  // The site's server learns of a new content version at most once a second instead of asking
  // the cms on every request (issue 20, docs/decisions/012), so a change shows within about a second.
  it('sends the cms content as it is now, within about a second of a change', async () => {
    const session = await signInOrganiser();
    const navigation = async () => {
      const { html } = await served('/');
      return textOf(html.slice(html.indexOf('aria-label="Hauptnavigation"'), html.indexOf('</nav>')));
    };
    // About a second on an idle machine (web/server/page-cache.test.ts times it); CI's machine is busy.
    const withinASecond = { timeout: 5000, interval: 100 };
    try {
      await setShopEnabled(session, false);
      await expect.poll(navigation, withinASecond).not.toContain('Merchandising');
    } finally {
      await setShopEnabled(session, true);
    }
    await expect.poll(navigation, withinASecond).toContain('Merchandising');
  });
});
