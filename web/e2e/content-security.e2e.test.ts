import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepEvidenceOfFailures, launchBrowser, openPage, siteUrl, VIEWPORTS } from './browser';
import { openTab, signInToDashboard } from './dashboard-page';

// The public pages and the dashboard under their Content-Security-Policy (web/server/page-security.mjs,
// docs/decisions/032): nothing a page does is refused by it, in real Chromium.

type Watched = { page: Page; violations: string[] };

const watchEvidence = keepEvidenceOfFailures();

// Several pages and every tab in one test each: a page takes up to 20 s on a loaded two-core machine.
const PAGES_TIMEOUT_MS = 240_000;

/** A page that notes every CSP violation: the DOM event (before any script of the page) and Chromium's console report. */
async function watchedPage(browser: Browser): Promise<Watched> {
  const page = watchEvidence(await browser.newPage({ viewport: VIEWPORTS.desktop }));
  const violations: string[] = [];
  await page.exposeFunction('noteViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { noteViolation(text: string): void }).noteViolation(`${event.violatedDirective} blocked ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
  return { page, violations };
}

/** Opens path and returns the policy the document came with. */
async function open({ page }: Watched, path: string) {
  const url = `${siteUrl()}${path}`;
  const [response] = await Promise.all([page.waitForResponse((answer) => answer.url() === url && answer.request().resourceType() === 'document'), openPage(page, url, { waitUntil: 'networkidle' })]);
  return response.headers()['content-security-policy'] ?? '';
}

describe('the pages under their Content-Security-Policy in Chromium', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('reports no violation on the landing page, its QR code, the shop, an item, the cart and the access page', async () => {
    const { items } = (await (await fetch(`${siteUrl()}/api/shop/items`)).json()) as { items: { id: number }[] };
    const watched = await watchedPage(browser);
    const { page, violations } = watched;

    // Framed by the site only: the panel's preview shows the public pages in a frame.
    expect(await open(watched, '/')).toContain("frame-ancestors 'self'");
    // Down the whole page, so its far sections are laid out and their pictures asked for.
    for (let step = 1; step <= 12; step++) {
      await page.evaluate((fraction) => window.scrollTo(0, document.documentElement.scrollHeight * fraction), step / 12);
      await page.waitForTimeout(150);
    }
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('link', { name: 'WhatsApp-Gruppe' }).click();
    const qr = page.getByRole('dialog', { name: 'WhatsApp-Gruppe' }).getByRole('img', { name: /QR-Code/ });
    await qr.waitFor();
    expect(await qr.evaluate((image: HTMLImageElement) => image.decode().then(() => image.naturalWidth))).toBe(256);
    await page.keyboard.press('Escape');

    for (const path of ['/shop', `/shop/item/${items[0].id}`, '/shop/cart', '/enthuelle-dein-wappen']) {
      expect(await open(watched, path), path).toContain("frame-ancestors 'self'");
    }
    // A wrong code: the page calls the cms and shows its answer.
    await page.getByLabel('Dein persönlicher Code').fill('FALSCH-CODE');
    await page.getByRole('button', { name: 'Freischalten' }).click();
    await page.getByText(/Zugangscode|Code/).first().waitFor();
    expect(violations).toEqual([]);
    await page.close();
  }, PAGES_TIMEOUT_MS);

  it('reports no violation on the sign-in page and in every tab of the dashboard', async () => {
    const watched = await watchedPage(browser);
    const { page, violations } = watched;
    expect(await open(watched, '/admin/login')).toContain("frame-ancestors 'none'");
    await signInToDashboard(page);
    for (const tab of ['Häuser', 'Zugangscodes', 'Produkte', 'Bestellungen', 'Einstellungen', 'Benutzer']) {
      await openTab(page, tab);
      await page.waitForLoadState('networkidle');
    }
    expect(violations).toEqual([]);
    await page.close();
  }, PAGES_TIMEOUT_MS);
});
