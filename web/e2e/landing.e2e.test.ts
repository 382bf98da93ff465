import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { SiteContent } from '@contract/site-content';
import { freePort } from '../../scripts/cms-process.mjs';
import { startSiteServer } from '../server/site-server.mjs';
import { axeViolations } from './axe';
import {
  VIEWPORTS,
  isDrawn,
  launchBrowser,
  openPage,
  openPageBeforeTakeover,
  recordForeignRequests,
  reloadPage,
  screenshot,
  scrollThrough,
  siteUrl,
} from './browser';
import { setShopEnabled, signInOrganiser } from './organiser';

/** What the cms holds right now (the panel test renames a performer in the shared database). */
const siteContent = async (): Promise<SiteContent> =>
  (await (await fetch(`${siteUrl()}/api/site-content`)).json()) as SiteContent;

const section = (page: Page, id: string) => page.locator(`section#${id}`);

/** Waits until the element holds the focus (an overlay hands it back a moment after closing). */
const expectFocusOn = async (element: Locator) => {
  await element.evaluate(
    (target) =>
      new Promise<void>((resolve, reject) => {
        const started = Date.now();
        const check = () => {
          if (document.activeElement === target) return resolve();
          if (Date.now() - started > 3000) return reject(new Error(`focus is on ${document.activeElement?.outerHTML.slice(0, 120)}`));
          setTimeout(check, 50);
        };
        check();
      }),
  );
};

async function openLanding(browser: Browser, viewport: (typeof VIEWPORTS)[keyof typeof VIEWPORTS]) {
  const page = await browser.newPage({ viewport });
  const foreign = recordForeignRequests(page);
  await openPage(page, siteUrl(), { waitUntil: 'networkidle' });
  await page.getByRole('heading', { level: 1 }).waitFor();
  return { page, foreign };
}

describe('the landing page in Chromium', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each(Object.entries(VIEWPORTS))('shows every section with the seeded content on %s', async (_name, viewport) => {
    const content = await siteContent();
    const { page, foreign } = await openLanding(browser, viewport);
    await scrollThrough(page);

    // The order of SPEC §2.
    const order = await page.locator('main > section[id]').evaluateAll((sections) => sections.map((s) => s.id));
    expect(order).toEqual(['hero', 'story', 'payment', 'agenda', 'performers', 'info', 'shop-teaser', 'faq']);

    await expect(section(page, 'story').textContent()).resolves.toContain('Einmal im Jahr ziehen die Häuser in den Harz');
    const toPayment = section(page, 'story').getByRole('link', { name: 'Entrichte deinen Tribut' });
    expect(await toPayment.getAttribute('href')).toBe('/#payment');

    const payment = section(page, 'payment');
    await expect(payment.getByRole('heading', { name: 'Tribut' }).isVisible()).resolves.toBe(true);
    await expect(payment.textContent()).resolves.toContain('Der Tribut deckt Unterkunft');
    const pay = payment.getByRole('link', { name: 'Tribut entrichten' });
    expect(await pay.getAttribute('href')).toBe(content.festival.paymentUrl);
    expect(await pay.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await payment.getByRole('link', { name: 'Enthülle dein Wappen' }).getAttribute('href')).toBe('/enthuelle-dein-wappen');

    const pictures = section(page, 'agenda').getByRole('link');
    expect(await pictures.count()).toBe(11);
    expect(await section(page, 'agenda').locator('img').evaluateAll((images) => (images as HTMLImageElement[]).every((image) => image.complete && image.naturalWidth > 0))).toBe(true);
    expect(await section(page, 'agenda').locator('img').evaluateAll((images) => images.map((image) => image.getAttribute('alt')))).toEqual(content.agendaImages.map((entry) => entry.alt));

    const cards = section(page, 'performers').getByRole('article');
    expect(await cards.count()).toBe(7);
    expect(await cards.getByRole('heading', { level: 3 }).allTextContents()).toEqual(content.performers.map((p) => p.name));
    await expect(cards.first().textContent()).resolves.toContain(content.performers[0].genre);
    const firstHouse = cards.first().getByRole('listitem').first();
    expect(await firstHouse.textContent()).toBe(content.performers[0].houses[0].name);
    expect(await firstHouse.evaluate((badge) => getComputedStyle(badge).backgroundColor)).toBe('rgb(142, 59, 46)');

    const info = section(page, 'info');
    expect(await info.getByRole('radio', { name: 'Anreise' }).isChecked()).toBe(true);
    await expect(info.getByRole('region').textContent()).resolves.toContain('Am Hexenstieg 6');
    const map = info.getByRole('link', { name: /Karte der Anfahrt/ });
    expect(await map.getAttribute('href')).toBe(content.festival.mapsUrl);
    expect(await map.getAttribute('target')).toBe('_blank');
    expect(await map.locator('img').evaluate(isDrawn)).toBe(true);
    await info.getByRole('radio', { name: 'Unterkunft' }).click();
    const lodge = info.getByRole('region', { name: 'Unterkunft' });
    for (const fact of ['8 Schlafzimmer', 'bis zu 24 Personen', '5.000 m²']) {
      await expect(lodge.getByText(fact, { exact: true }).isVisible()).resolves.toBe(true);
    }
    expect(await lodge.getByRole('link').count()).toBe(3);
    await info.getByRole('radio', { name: 'Ablauf' }).click();
    // The seed brings a programme, so the tab leads to it (without entries it keeps SPEC's sentence: info-section.test.tsx).
    const schedule = info.getByRole('region', { name: 'Ablauf' });
    await expect(schedule.textContent()).resolves.toContain('Das Programm steht: ');
    expect(await schedule.getByRole('link', { name: /Programm/ }).first().getAttribute('href')).toBe('/programm');

    const questions = section(page, 'faq').locator('summary');
    expect(await questions.allTextContents()).toEqual(content.faq.map((item) => item.question));

    const footer = page.getByRole('contentinfo');
    await expect(footer.textContent()).resolves.toContain('24. – 28. Juli 2025');
    await expect(footer.textContent()).resolves.toContain(`© ${new Date().getFullYear()} Slawenfest im Harz`);
    expect(await footer.getByRole('link', { name: 'Impressum' }).getAttribute('href')).toBe('/impressum');
    expect(await footer.getByRole('link', { name: 'Datenschutz' }).getAttribute('href')).toBe('/datenschutz');
    expect(await footer.getByRole('link', { name: content.festival.contactEmail! }).getAttribute('href')).toBe(`mailto:${content.festival.contactEmail}`);

    expect(foreign).toEqual([]);
    await page.close();
  });

  it.each(Object.entries(VIEWPORTS))('shows every element the keyboard reaches, from the top to the end of the page, on %s', async (name, viewport) => {
    const { page } = await openLanding(browser, viewport);
    // Whatever the animations do, the focused element shows at once: no waiting between keys.
    const seen: string[] = [];
    for (let step = 0; step < 150; step += 1) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(async () => {
        // What the visitor sees: the frame after the key press.
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        const element = document.activeElement;
        if (!element || element === document.body) return null;
        let opacity = 1;
        for (let node: Element | null = element; node; node = node.parentElement) opacity *= Number(getComputedStyle(node).opacity);
        const box = element.getBoundingClientRect();
        const inside = box.width > 0 && box.height > 0 && box.top >= 0 && box.left >= 0 && box.bottom <= window.innerHeight && box.right <= window.innerWidth;
        return { label: `${element.tagName} ${(element.textContent ?? '').trim().slice(0, 40) || element.getAttribute('aria-label')}`, opacity, inside, inFooter: !!element.closest('footer'), box: `top ${box.top}, bottom ${box.bottom} of ${window.innerHeight}` };
      });
      if (!focused) break;
      if (focused.opacity !== 1 || !focused.inside) await screenshot(page, `hidden-focus-${name}`, { fullPage: false });
      expect(focused, `step ${step}: ${focused.label} ${focused.box}`).toMatchObject({ opacity: 1, inside: true });
      seen.push(focused.label);
      if (focused.label.startsWith('A Datenschutz')) break;
    }
    // It went all the way: past the FAQ to the footer's last link.
    expect(seen.some((label) => label.startsWith('SUMMARY'))).toBe(true);
    expect(seen.at(-1)).toMatch(/^A Datenschutz/);
    await page.close();
  });

  it.each(Object.entries(VIEWPORTS))('shows the last FAQ questions when the page is scrolled to its end, on %s', async (name, viewport) => {
    const { page } = await openLanding(browser, viewport);
    await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
    const last = section(page, 'faq').locator('summary').last();
    await page.waitForFunction(() => {
      const buttons = [...document.querySelectorAll<HTMLElement>('#faq summary')];
      return buttons.every((button) => {
        const box = button.getBoundingClientRect();
        if (box.bottom <= 0 || box.top >= window.innerHeight) return true;
        let opacity = 1;
        for (let node: Element | null = button; node; node = node.parentElement) opacity *= Number(getComputedStyle(node).opacity);
        return opacity === 1;
      });
    }, undefined, { timeout: 5000 });
    await screenshot(page, `faq-at-page-end-${name}`, { fullPage: false });
    expect(await last.isVisible()).toBe(true);
    await page.close();
  });

  it('shows everything at once, without animation, to a visitor who prefers reduced motion', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.mobile, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await openPage(page, siteUrl(), { waitUntil: 'networkidle' });
    await page.evaluate(() => window.scrollTo({ top: document.getElementById('faq')!.offsetTop, behavior: 'instant' }));
    const states = await page.locator('#faq [data-revealed], #faq summary').evaluateAll((elements) =>
      elements.map((element) => [getComputedStyle(element).opacity, getComputedStyle(element).transitionDuration]),
    );
    expect(states.every(([opacity]) => opacity === '1')).toBe(true);
    await context.close();
  });

  it.each(Object.entries(VIEWPORTS))(
    'lays the hero title out alike in the stand-in font and in Cinzel, so it does not jump when Cinzel arrives, on %s',
    async (name, viewport) => {
      /** The title's box and its number of lines, once with Cinzel's file refused and once with it. */
      const heroTitle = async (withCinzel: boolean) => {
        const page = await browser.newPage({ viewport });
        if (!withCinzel) await page.route(/cinzel-[^/]*\.woff2/, (route) => route.abort());
        await openPage(page, siteUrl(), { waitUntil: 'networkidle' });
        const title = page.getByRole('heading', { level: 1 });
        const layout = await title.evaluate(async (element) => {
          await document.fonts.ready;
          const { height } = element.getBoundingClientRect();
          const text = document.createRange();
          text.selectNodeContents(element);
          const width = text.getBoundingClientRect().width;
          const lineHeight = parseFloat(getComputedStyle(element).lineHeight);
          const families = [...document.fonts].filter((face) => face.status === 'loaded').map((face) => face.family);
          return { width, height, lines: Math.round(height / lineHeight), families };
        });
        await screenshot(page, `hero-${withCinzel ? 'cinzel' : 'stand-in'}-${name}`, { fullPage: false });
        await page.close();
        return layout;
      };
      const standIn = await heroTitle(false);
      const cinzel = await heroTitle(true);
      expect(standIn.families.some((family) => family.includes('Cinzel Variable'))).toBe(false);
      expect(cinzel.families.some((family) => family.includes('Cinzel Variable'))).toBe(true);
      expect(standIn.lines).toBe(cinzel.lines);
      expect(Math.abs(standIn.height - cinzel.height)).toBeLessThanOrEqual(2);
      expect(Math.abs(standIn.width - cinzel.width) / cinzel.width).toBeLessThan(0.05);
    },
  );

  it('asks for the German cuts of its fonts only, and for the rest of latin once a text shows é', async () => {
    const page = await browser.newPage({ viewport: VIEWPORTS.mobile });
    const fonts: string[] = [];
    page.on('request', (request) => request.url().endsWith('.woff2') && fonts.push(new URL(request.url()).pathname));
    await openPage(page, siteUrl(), { waitUntil: 'networkidle' });
    const named = (part: string) => fonts.filter((font) => font.includes(part));
    expect(named('eb-garamond-german-wght-normal')).toHaveLength(1);
    expect(named('eb-garamond-german-wght-italic')).toHaveLength(1);
    expect(named('cinzel-german-wght-normal')).toHaveLength(1);
    expect(named('latin-rest')).toEqual([]);

    await page.evaluate(async () => {
      const text = Object.assign(document.createElement('p'), { textContent: 'Café' });
      document.querySelector('main')!.append(text);
      await document.fonts.load('16px "EB Garamond Variable"', 'é');
    });
    expect(named('eb-garamond-latin-rest-wght-normal')).toHaveLength(1);
    await page.close();
  });

  it('draws the far parts of the page only as they near the screen on a fresh visit, and all of them once the visitor scrolls', async () => {
    const { page } = await openLanding(browser, VIEWPORTS.mobile);
    // checkVisibility with contentVisibilityAuto: false while the browser skips drawing it.
    const drawn = (selector: string) => page.locator(selector).first().evaluate((element) => element.checkVisibility({ contentVisibilityAuto: true }));
    expect(await drawn('#hero h1')).toBe(true);
    expect(await drawn('#faq h2')).toBe(false);
    expect(await drawn('footer a')).toBe(false);

    await page.mouse.wheel(0, 300);
    await page.waitForFunction(() => !document.documentElement.hasAttribute('data-lazy-layout'));
    expect(await drawn('#faq h2')).toBe(true);
    expect(await drawn('footer a')).toBe(true);
    await page.close();
  });

  it('describes the page for search engines and link previews', async () => {
    const { page } = await openLanding(browser, VIEWPORTS.desktop);

    expect(await page.getAttribute('html', 'lang')).toBe('de');
    expect(await page.title()).toBe('Slawenfest im Harz | Game Of Slavs');
    expect(await page.getAttribute('meta[name="description"]', 'content')).toContain('24. bis 28. Juli 2025');
    expect(await page.getAttribute('meta[property="og:title"]', 'content')).toBe('Slawenfest im Harz | Game Of Slavs');
    expect(await page.getAttribute('meta[property="og:image"]', 'content')).toMatch(new RegExp(`^${siteUrl()}/uploads/`));
    const event = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}') as Record<string, unknown>;
    expect(event).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: 'Slawenfest im Harz',
      startDate: '2025-07-24',
      endDate: '2025-07-28',
      location: { '@type': 'Place', address: { postalCode: '38700', addressLocality: 'Braunlage' } },
    });
    expect(event.description).toEqual(expect.stringContaining('Game Of Slavs'));
    expect(event.image).toEqual([expect.stringMatching(new RegExp(`^${siteUrl()}/uploads/`))]);

    const robots = await (await fetch(`${siteUrl()}/robots.txt`)).text();
    expect(robots).toContain('Disallow: /admin/');
    const sitemap = await (await fetch(`${siteUrl()}/sitemap.xml`)).text();
    expect(sitemap).toContain('/impressum</loc>');
    await page.close();
  });

  it('asks for the agenda’s and the performers’ pictures only as their sections near the screen, on a slow phone', async () => {
    // On a 3G connection Chrome's own lazy loading starts pictures 2,500 px below the screen:
    // the agenda's, 1,800 px below, would compete with the first screen's files.
    const slowBrowser = await launchBrowser(['--force-effective-connection-type=3G']);
    onTestFinished(() => slowBrowser.close());
    const page = await slowBrowser.newPage({ viewport: VIEWPORTS.mobile });
    const uploads: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/uploads/')) uploads.push(new URL(request.url()).pathname);
    });
    await openPage(page, siteUrl(), { waitUntil: 'networkidle' });
    const content = await siteContent();
    const fileNames = (media: { url: string; formats?: Record<string, { url: string }> | null }) =>
      [media.url, ...Object.values(media.formats ?? {}).map((format) => format.url)].map((url) => new URL(url, siteUrl()).pathname);
    const wallFiles = new Set([
      ...content.agendaImages.flatMap((entry) => fileNames(entry.image)),
      ...content.performers.flatMap((performer) => (performer.photo ? fileNames(performer.photo) : [])),
    ]);
    expect(wallFiles.size).toBeGreaterThan(20);
    // The first screen's own pictures (the hero's) load; none of the walls' 2,700 px and more below.
    expect(uploads.length).toBeGreaterThan(0);
    expect(uploads.filter((upload) => wallFiles.has(upload))).toEqual([]);

    await section(page, 'agenda').scrollIntoViewIfNeeded();
    const pictures = section(page, 'agenda').locator('img');
    await expect.poll(() => pictures.evaluateAll((images: HTMLImageElement[]) => images.filter((image) => image.complete && image.naturalWidth > 0).length), { timeout: 10_000 }).toBe(content.agendaImages.length);
    expect(uploads.filter((upload) => wallFiles.has(upload)).length).toBeGreaterThanOrEqual(content.agendaImages.length);
    await page.waitForTimeout(900);
    await screenshot(page, 'agenda-pictures-after-takeover-mobile', { fullPage: false });
  });

  it('opens agenda pictures full screen and closes them by click, close button and Escape', async () => {
    const { page, foreign } = await openLanding(browser, VIEWPORTS.desktop);
    const pictures = section(page, 'agenda').getByRole('link');
    const overlay = page.getByRole('dialog', { name: 'Bild der Agenda' });

    await pictures.nth(5).click();
    await overlay.waitFor();
    await expect(overlay.locator('figure img').evaluate((image: HTMLImageElement) => image.decode().then(() => image.naturalWidth > 0))).resolves.toBe(true);
    await page.waitForTimeout(400);
    await screenshot(page, 'agenda-overlay-desktop', { fullPage: false });
    await page.mouse.click(200, 450);
    await overlay.waitFor({ state: 'detached' });

    await pictures.nth(1).click();
    await overlay.getByRole('button', { name: 'Schließen' }).click();
    await overlay.waitFor({ state: 'detached' });

    await pictures.nth(2).click();
    await overlay.waitFor();
    await overlay.getByText('3 / 11').waitFor();
    await overlay.getByRole('button', { name: 'Nächstes Bild' }).click();
    await overlay.getByText('4 / 11').waitFor();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await overlay.getByText('2 / 11').waitFor();
    await overlay.getByRole('button', { name: 'Vorheriges Bild' }).click();
    await overlay.getByRole('button', { name: 'Vorheriges Bild' }).click();
    await overlay.getByText('11 / 11').waitFor();
    await page.keyboard.press('Escape');
    await overlay.waitFor({ state: 'detached' });
    await expectFocusOn(pictures.nth(2));
    expect(foreign).toEqual([]);
    await page.close();
  });

  it('shows the lodge photos in a lightbox that wraps around, counts and follows the arrow keys', async () => {
    const { page } = await openLanding(browser, VIEWPORTS.mobile);
    const info = section(page, 'info');
    await info.getByRole('radio', { name: 'Unterkunft' }).click();
    await info.getByRole('region', { name: 'Unterkunft' }).getByRole('link').first().click();

    const lightbox = page.getByRole('dialog', { name: 'Fotos der Unterkunft' });
    await lightbox.getByText('1 / 3').waitFor();
    await page.keyboard.press('ArrowLeft');
    await lightbox.getByText('3 / 3').waitFor();
    await lightbox.getByRole('button', { name: 'Nächstes Bild' }).click();
    await lightbox.getByText('1 / 3').waitFor();
    await page.keyboard.press('ArrowRight');
    await lightbox.getByText('2 / 3').waitFor();
    await expect(lightbox.locator('figure img').evaluate((image: HTMLImageElement) => image.decode().then(() => image.naturalWidth > 0))).resolves.toBe(true);
    await page.waitForTimeout(400);
    await screenshot(page, 'lodge-lightbox-mobile', { fullPage: false });
    await page.keyboard.press('Escape');
    await lightbox.waitFor({ state: 'detached' });
    await expectFocusOn(info.getByRole('region', { name: 'Unterkunft' }).getByRole('link').first());
    await page.close();
  });

  it('keeps one FAQ answer open at a time', async () => {
    const { page } = await openLanding(browser, VIEWPORTS.desktop);
    const questions = section(page, 'faq').locator('summary');
    const expanded = () => section(page, 'faq').locator('details').evaluateAll((answers) => answers.map((details) => (details as HTMLDetailsElement).open));

    await questions.nth(0).click();
    expect(await expanded()).toEqual([true, false, false, false, false, false, false, false]);
    await questions.nth(4).click();
    expect(await expanded()).toEqual([false, false, false, false, true, false, false, false]);
    // The answer opens with a short animation: it must become visible (isVisible() alone would
    // judge the first frame, which raced the animation on a busy machine).
    await section(page, 'faq').getByText(/Enthülle dein Wappen/).waitFor({ state: 'visible', timeout: 5000 });
    await questions.nth(4).click();
    expect(await expanded()).toEqual(Array(8).fill(false));
    await page.close();
  });

  it('draws the WhatsApp group QR code in the footer modal', async () => {
    const { page, foreign } = await openLanding(browser, VIEWPORTS.desktop);
    await page.getByRole('link', { name: 'WhatsApp-Gruppe' }).click();
    const modal = page.getByRole('dialog', { name: 'WhatsApp-Gruppe' });
    const qr = modal.getByRole('img', { name: /QR-Code/ });
    await qr.waitFor();
    expect(await qr.evaluate((image: HTMLImageElement) => image.decode().then(() => image.naturalWidth))).toBe(256);
    await page.waitForTimeout(400);
    await screenshot(page, 'whatsapp-modal-desktop', { fullPage: false });
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'detached' });
    await expectFocusOn(page.getByRole('link', { name: 'WhatsApp-Gruppe' }));
    expect(foreign).toEqual([]);
    await page.close();
  });

  it('opens the mobile menu and closes it on a link, a click outside and on scrolling', async () => {
    const { page } = await openLanding(browser, VIEWPORTS.mobile);
    const menu = page.getByRole('navigation', { name: 'Menü' });
    const toggle = () => page.getByRole('button', { name: /Menü (öffnen|schließen)/ }).click();

    await toggle();
    await menu.waitFor();
    expect(await menu.getByRole('link').allTextContents()).toEqual(['Home', 'Information', 'Programm', 'Merchandising', 'Login']);
    await screenshot(page, 'menu-mobile', { fullPage: false });
    await menu.getByRole('link', { name: 'Information' }).click();
    await menu.waitFor({ state: 'hidden' });
    await page.waitForURL(`${siteUrl()}/#info`);
    await page.waitForFunction(() => {
      const top = document.getElementById('info')?.getBoundingClientRect().top ?? -1;
      return top >= 0 && top < 120;
    });

    // Back at the top, the spot below the menu is empty hero background.
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await toggle();
    await menu.waitFor();
    await page.mouse.click(195, 700);
    await menu.waitFor({ state: 'hidden' });

    await toggle();
    await menu.waitFor();
    await page.mouse.wheel(0, 300);
    await menu.waitFor({ state: 'hidden' });

    await page.close();
  });

  it('opens the phone menu at a tap before the page is taken over, closes it on scrolling, and hands it to the app', async () => {
    const page = await browser.newPage({ viewport: VIEWPORTS.mobile });
    const takeOver = await openPageBeforeTakeover(page, siteUrl());
    const menu = page.getByRole('navigation', { name: 'Menü' });
    const toggle = page.getByRole('button', { name: 'Menü öffnen' });

    // The page's scripts are held: the browser's popover opens the menu at once.
    await toggle.click();
    await menu.waitFor();
    expect(await toggle.getAttribute('aria-busy')).toBeNull();
    await screenshot(page, 'menu-mobile-before-takeover', { fullPage: false });
    await page.mouse.wheel(0, 300);
    await menu.waitFor({ state: 'hidden' });
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await toggle.click();
    await menu.waitFor();

    // Taken over while open: the app's state says so, and the app closes it.
    await takeOver();
    await page.getByRole('button', { name: 'Menü schließen' }).click();
    await menu.waitFor({ state: 'hidden' });
    expect(await page.getByRole('button', { name: 'Menü öffnen' }).count()).toBe(1);
    await page.close();
  });

  it('answers a reader before the page is taken over: sections show as they come in, a tab switches, one answer opens, a picture is a link; the app keeps all of it', async () => {
    const content = await siteContent();
    const page = await browser.newPage({ viewport: VIEWPORTS.mobile });
    const takeOver = await openPageBeforeTakeover(page, siteUrl());
    // Scrolled to as the browser does for a link to it: before the takeover the far sections are
    // laid out as they near the screen, which Playwright's own scrolling does not wait for.
    const scrollTo = (locator: Locator) => locator.evaluate((element) => element.scrollIntoView({ block: 'center', behavior: 'instant' }));
    /** The opacity a reader sees: the element's and every one around it, multiplied. */
    const seenOpacity = (locator: Locator) =>
      locator.evaluate((element) => {
        let opacity = 1;
        for (let node: Element | null = element; node; node = node.parentElement) opacity *= Number(getComputedStyle(node).opacity);
        return opacity;
      });

    // Every section fades in as it comes into view, with the scripts still on their way.
    const info = section(page, 'info');
    await scrollTo(info.getByRole('radio', { name: 'Unterkunft' }));
    await expect.poll(() => seenOpacity(info.getByRole('radio', { name: 'Unterkunft' })), { timeout: 5000 }).toBe(1);
    await info.getByRole('radio', { name: 'Unterkunft' }).click();
    const lodge = info.getByRole('region', { name: 'Unterkunft' });
    await lodge.getByText('8 Schlafzimmer', { exact: true }).waitFor();
    expect(await info.getByRole('region').count()).toBe(1);
    expect(await info.getByText(content.festival.travelCar!).isVisible()).toBe(false);
    const photo = lodge.getByRole('link').first();
    expect(await photo.getAttribute('href')).toMatch(/^\/uploads\/[^/]+\.(jpe?g|png|webp)$/);
    await screenshot(page, 'landing-before-takeover-lodge-mobile', { fullPage: false });

    const questions = section(page, 'faq').locator('summary');
    const open = () => section(page, 'faq').locator('details').evaluateAll((answers) => answers.map((details) => (details as HTMLDetailsElement).open));
    await scrollTo(questions.nth(0));
    await expect.poll(() => seenOpacity(questions.nth(0)), { timeout: 5000 }).toBe(1);
    await questions.nth(0).click();
    await questions.nth(2).click();
    expect(await open()).toEqual(content.faq.map((_, index) => index === 2));
    await section(page, 'faq').locator('details[open] > :not(summary)').waitFor({ state: 'visible' });
    await screenshot(page, 'landing-before-takeover-faq-mobile', { fullPage: false });

    // The app takes the page over as the reader left it, and answers from then on.
    await takeOver();
    expect(await info.getByRole('radio', { name: 'Unterkunft' }).isChecked()).toBe(true);
    expect(await open()).toEqual(content.faq.map((_, index) => index === 2));
    await questions.nth(3).click();
    expect(await open()).toEqual(content.faq.map((_, index) => index === 3));
    const kept = () => page.evaluate(() => (history.state as { choices?: Record<string, string> } | null)?.choices);
    await expect.poll(kept).toMatchObject({ faq: String(content.faq[3]!.id) });
    // The info section is taken over as it comes near the screen again (HydrateNearScreen).
    await scrollTo(photo);
    await expect.poll(kept).toMatchObject({ 'info-tab': 'unterkunft' });
    await photo.click();
    await page.getByRole('dialog', { name: 'Fotos der Unterkunft' }).waitFor();
    expect(page.url()).toBe(`${siteUrl()}/`);
    await page.close();
  });

  it('keeps Tab within the open phone menu, and Escape closes it with focus back on its button', async () => {
    const { page } = await openLanding(browser, VIEWPORTS.mobile);
    const menu = page.getByRole('navigation', { name: 'Menü' });
    await page.getByRole('button', { name: 'Menü öffnen' }).focus();
    await page.keyboard.press('Enter');
    await menu.waitFor();
    for (let step = 0; step < 12; step += 1) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('header'))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    await expectFocusOn(page.getByRole('button', { name: 'Menü öffnen' }));
    await page.close();
  });

  it('shows the Merchandising link and the shop teaser only while the shop is enabled', async () => {
    const session = await signInOrganiser();
    const page = await browser.newPage({ viewport: VIEWPORTS.desktop });
    const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
    try {
      await openPage(page, siteUrl(), { waitUntil: 'networkidle' });
      await nav.getByRole('link', { name: 'Merchandising' }).waitFor();
      expect(await page.getByRole('link', { name: 'Zum Shop' }).count()).toBe(1);

      // setShopEnabled returns once the site's pages follow the switch: one reload shows it.
      await setShopEnabled(session, false);
      await reloadPage(page, { waitUntil: 'networkidle' });
      await section(page, 'faq').waitFor();
      expect(await nav.getByRole('link', { name: 'Merchandising' }).count()).toBe(0);
      expect(await nav.getByRole('link').allTextContents()).toEqual(['Home', 'Information', 'Programm', 'Login']);
      expect(await page.getByRole('link', { name: 'Zum Shop' }).count()).toBe(0);
    } finally {
      await setShopEnabled(session, true);
    }
    await reloadPage(page, { waitUntil: 'networkidle' });
    expect(await nav.getByRole('link', { name: 'Merchandising' }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Zum Shop' }).count()).toBe(1);
    await page.close();
  });

  it('never shows a blank page while the cms is slow or when it is down', async () => {
    // A site whose cms does not answer: the server cannot render the page and sends the shell,
    // and the browser asks the cms itself (held here, then failed).
    const site = await startSiteServer({ cmsUrl: `http://127.0.0.1:${await freePort()}` });
    const page = await browser.newPage({ viewport: VIEWPORTS.desktop });
    try {
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route('**/api/site-content', async (route) => {
        await held;
        await route.abort('failed');
      });
      await openPage(page, site.url);

      await page.getByRole('status').getByText('Wird geladen…').waitFor();
      expect(await page.getByRole('banner').getByRole('link', { name: 'Login' }).count()).toBe(1);
      expect(await page.getByRole('contentinfo').getByRole('link', { name: 'Impressum' }).count()).toBe(1);

      release();
      await page.getByRole('alert').getByText('Die Festivaldaten konnten nicht geladen werden.').waitFor();
      expect(await page.getByRole('button', { name: 'Erneut versuchen' }).isVisible()).toBe(true);
    } finally {
      await page.close();
      await site.close();
    }
  });

  it.each(Object.entries(VIEWPORTS))('has no axe violation on %s', async (_name, viewport) => {
    const { page } = await openLanding(browser, viewport);
    await scrollThrough(page);
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });
});
