import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe';
import { VIEWPORTS, launchBrowser, openPage, recordForeignRequests, screenshot, scrollThrough, siteUrl, waitUntilScrollSettles } from './browser';

const PAGES = [
  {
    path: '/impressum',
    shot: 'impressum',
    title: 'Impressum',
    sections: ['Angaben gemäß § 5 DDG', 'Verantwortlich für den Inhalt', 'Haftung für Inhalte', 'Haftung für Links', 'Urheberrecht'],
  },
  {
    path: '/datenschutz',
    shot: 'datenschutz',
    title: 'Datenschutzerklärung',
    sections: [
      '1. Datenschutz auf einen Blick',
      '2. Verantwortliche Stelle',
      '3. Datenerfassung auf dieser Website',
      '4. Kontakt und Zahlung',
      '5. Kartendienst',
      '6. Deine Rechte',
      '7. Verschlüsselung und Änderungen',
    ],
  },
] as const;

describe('the legal pages and the not-found screen in Chromium', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const legal of PAGES) {
    it.each(Object.entries(VIEWPORTS))(`renders ${legal.path} from the cms markdown on %s`, async (name, viewport) => {
      const page = await browser.newPage({ viewport });
      const foreign = recordForeignRequests(page);
      await openPage(page, `${siteUrl()}${legal.path}`, { waitUntil: 'networkidle' });

      await page.getByRole('heading', { level: 1, name: legal.title }).waitFor();
      await page.getByRole('heading', { level: 2 }).first().waitFor();
      expect(await page.getByRole('heading', { level: 2 }).allTextContents()).toEqual([...legal.sections]);
      expect(await page.title()).toBe(`${legal.title} | Game Of Slavs`);
      // The navigation is there: as links on a wide screen, behind the menu button on a phone.
      const navigation =
        name === 'mobile'
          ? page.getByRole('banner').getByRole('button', { name: 'Menü öffnen' })
          : page.getByRole('navigation', { name: 'Hauptnavigation' });
      expect(await navigation.count()).toBe(1);
      // Nothing wider than the screen (long German words on a phone).
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await scrollThrough(page);
      await screenshot(page, `${legal.shot}-${name}`);
      expect(await axeViolations(page)).toEqual([]);
      expect(foreign).toEqual([]);
      await page.close();
    });
  }

  it('reaches both legal pages from the landing page footer without reloading', async () => {
    const page = await browser.newPage({ viewport: VIEWPORTS.desktop });
    await openPage(page, siteUrl(), { waitUntil: 'networkidle' });
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));

    await page.getByRole('contentinfo').getByRole('link', { name: 'Impressum' }).click();
    await page.getByRole('heading', { level: 1, name: 'Impressum' }).waitFor();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Datenschutz' }).click();
    await page.getByRole('heading', { level: 1, name: 'Datenschutzerklärung' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    await page.close();
  });

  it.each(Object.entries(VIEWPORTS))('opens a footer link at the top of its page and Back returns to where the visitor was, on %s', async (name, viewport) => {
    const page = await browser.newPage({ viewport });
    await openPage(page, siteUrl(), { waitUntil: 'networkidle' });
    const footerLink = page.getByRole('contentinfo').getByRole('link', { name: 'Impressum' });
    await footerLink.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    // Where the visitor was: the link they clicked, at its place on the screen, once the page has
    // settled (a fresh visit lays the far sections out fully once it scrolls, app/lazy-layout.ts).
    const linkTop = () => footerLink.evaluate((element) => Math.round(element.getBoundingClientRect().top));
    await page.waitForFunction(() => !document.documentElement.hasAttribute('data-lazy-layout'));
    const landingLinkTop = await linkTop();

    await footerLink.click();
    const heading = page.getByRole('heading', { level: 1, name: 'Impressum' });
    await heading.waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await heading.evaluate((element) => element.getBoundingClientRect().top)).toBeGreaterThan(0);
    await screenshot(page, `footer-link-opens-at-top-${name}`, { fullPage: false });

    await page.goBack();
    await page.waitForURL(`${siteUrl()}/`);
    await expect.poll(async () => Math.abs((await linkTop()) - landingLinkTop)).toBeLessThan(5);
    await page.close();
  });

  it.each(Object.entries(VIEWPORTS))('opens a link with a #hash at its target, from another page, on a slow %s', async (name, viewport) => {
    const page = await browser.newPage({ viewport });
    await openPage(page, `${siteUrl()}/impressum`, { waitUntil: 'networkidle' });
    if (name === 'mobile') await page.getByRole('button', { name: 'Menü öffnen' }).click();
    // A slow device: the landing's texts appear after its sections (their parser loads on
    // demand) and push the target down while the page scrolls to it.
    const devtools = await page.context().newCDPSession(page);
    await devtools.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.getByRole('banner').getByRole('link', { name: 'Information' }).click();
    await page.waitForURL(`${siteUrl()}/#info`);
    await page.locator('#info-title').waitFor();
    await waitUntilScrollSettles(page);
    // The target's heading ends up just below the fixed bar, and stays there.
    const top = await page.evaluate(() => document.getElementById('info')?.getBoundingClientRect().top ?? -1);
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThan(120);
    await page.close();
  });

  it.each(Object.entries(VIEWPORTS))('answers an unknown path with the 404 screen on %s', async (name, viewport) => {
    const page = await browser.newPage({ viewport });
    const foreign = recordForeignRequests(page);
    await openPage(page, `${siteUrl()}/burg/gibt-es-nicht`, { waitUntil: 'networkidle' });

    await page.getByRole('heading', { level: 1, name: '404 Page Not Found' }).waitFor();
    // The site's header stays, with its way home, beside the page's own link.
    await page.getByRole('banner').getByRole('link', { name: 'Game Of Slavs' }).waitFor();
    await screenshot(page, `not-found-${name}`);
    expect(await axeViolations(page)).toEqual([]);
    expect(foreign).toEqual([]);
    await page.close();
  });
});
