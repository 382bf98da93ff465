import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIEWPORTS, launchBrowser, openPage, recordForeignRequests, screenshot, scrollThrough, siteUrl } from './browser';

describe('the public site in Chromium', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each(Object.entries(VIEWPORTS))('shows the festival from the cms on %s, German, without foreign requests', async (name, viewport) => {
    const page = await browser.newPage({ viewport });
    const foreign = recordForeignRequests(page);
    await openPage(page, siteUrl(), { waitUntil: 'networkidle' });

    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toContain('Slawenfest im Harz');
    await expect(page.getByText('Game Of Slavs').first().isVisible()).resolves.toBe(true);
    // The footer repeats the dates: the hero's come first.
    await expect(page.getByText(/24\. – 28\. Juli 2025/).first().isVisible()).resolves.toBe(true);
    const logo = page.locator('img').first();
    await expect(logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).resolves.toBe(true);
    expect(await page.getAttribute('html', 'lang')).toBe('de');
    // Every section has scrolled in and every picture has loaded before the full-page picture.
    await scrollThrough(page);
    expect(foreign).toEqual([]);
    await screenshot(page, `landing-${name}`);
    await page.close();
  });

  it('answers an unknown path with the not-found screen', async () => {
    const page = await browser.newPage({ viewport: VIEWPORTS.desktop });
    await openPage(page, `${siteUrl()}/gibt-es-nicht`, { waitUntil: 'networkidle' });
    await expect(page.getByRole('heading', { name: '404 Page Not Found' }).isVisible()).resolves.toBe(true);
    await page.getByRole('link', { name: /startseite/i }).click();
    await page.waitForURL(`${siteUrl()}/`);
    await page.close();
  });
});
