import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import QRCode from 'qrcode';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../scripts/ensure-env.mjs';
import { axeViolations } from './axe';
import { VIEWPORTS, keepEvidenceOfFailures, launchBrowser, openPage, recordForeignRequests, reloadPage, screenshot, siteUrl } from './browser';
import { dialog, openTab, signInToDashboard } from './dashboard-page';

const HORN = 'Trinkhorn';
const ORDER_PAGE = /\/shop\/bestellung\/(GOS-\d{8}-[A-Z0-9]{6})\?t=([A-Za-z0-9_-]{43})$/;

const accessibilityProblems = async (page: Page) =>
  (await axeViolations(page)).map(({ id, help, targets }) => `${id} (${help}): ${targets.join(', ')}`);

/**
 * A Y4M video (what Chromium's fake camera plays in a loop) of `text` as a QR code, black on
 * white, 8 pixels a module, in the middle of a 640×480 picture.
 */
async function qrVideo(text: string): Promise<string> {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const [width, height, scale, quiet] = [640, 480, 8, 4];
  const side = (modules.size + quiet * 2) * scale;
  const [left, top] = [(width - side) / 2, (height - side) / 2];
  const luma = Buffer.alloc(width * height, 235);
  for (let y = 0; y < modules.size * scale; y++) {
    for (let x = 0; x < modules.size * scale; x++) {
      if (modules.get(Math.floor(y / scale), Math.floor(x / scale))) luma[(top + quiet * scale + y) * width + left + quiet * scale + x] = 16;
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma, chroma]);
  const file = path.join(await mkdtemp(path.join(tmpdir(), 'gos-qr-')), 'order.y4m');
  await writeFile(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`), ...Array<Buffer>(10).fill(frame)]));
  return file;
}

async function orderHorn(page: Page, firstName: string) {
  await openPage(page, `${siteUrl()}/shop`);
  await page.getByRole('link', { name: HORN, exact: true }).click();
  await page.getByLabel('Variante wählen:').selectOption('0,5 l');
  await page.getByLabel('Anzahl:').selectOption('2');
  await page.getByRole('button', { name: 'In den Warenkorb' }).click();
  await page.getByRole('link', { name: 'Warenkorb ansehen' }).click();
  await page.getByLabel('Vorname *').fill(firstName);
  await page.getByLabel('Nachname *').fill('Wachnase');
  await page.getByRole('button', { name: 'Bestellung absenden' }).click();
  await page.waitForURL(ORDER_PAGE);
  const [, orderNumber, token] = ORDER_PAGE.exec(page.url())!;
  return { orderNumber, token };
}

describe('the order page and the pickup desk in Chromium', () => {
  const watch = keepEvidenceOfFailures();
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let placed: { orderNumber: string; token: string; url: string };

  const newPage = async (viewport: { width: number; height: number } = VIEWPORTS.desktop) => {
    const context = await browser.newContext({ viewport });
    contexts.push(context);
    const page = await context.newPage();
    watch(page);
    return { context, page, foreign: recordForeignRequests(page) };
  };

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  it('lands on the order’s own page after checkout, which survives a reload and is listed on the device', async () => {
    const { page, foreign } = await newPage(VIEWPORTS.mobile);
    const { orderNumber, token } = await orderHorn(page, 'Mila');
    placed = { orderNumber, token, url: page.url() };

    const check = async () => {
      await page.getByRole('heading', { level: 1, name: 'Bestellung erfolgreich!' }).waitFor();
      await page.getByText('Eure Bestellung wurde erfolgreich aufgegeben. Die Kriegsherren werden sich um die schnelle Lieferung kümmern!').waitFor();
      expect(await page.getByTestId('order-number').textContent()).toBe(orderNumber);
      const rows = page.getByRole('table', { name: 'Bestellte Artikel' }).locator('tbody tr');
      // On a phone the unit price stands under the title, and the title has the room.
      const cells = rows.first().locator('td:visible');
      expect((await cells.allInnerTexts()).map((text) => text.replace(/\s+/g, ' '))).toEqual(['Trinkhorn Variante: 0,5 l je 18,00 €', '2', '36,00 €']);
      expect(await rows.count()).toBe(1);
      expect((await page.getByTestId('order-total').textContent())?.replace(/\s/g, ' ')).toBe('36,00 €');
      expect(await page.getByTestId('order-status').textContent()).toBe('Ausstehend');
      await page.getByRole('heading', { level: 2, name: 'So geht es weiter' }).waitFor();
      await page.getByText('Am Merch-Stand neben dem Haupttor, von Donnerstag bis Sonntag täglich von 12 bis 18 Uhr.').waitFor();
      const qr = page.getByRole('img', { name: `QR-Code der Bestellung ${orderNumber} für den Merch-Stand` });
      await qr.waitFor();
      expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
      expect(await page.getByRole('link', { name: 'Weitereinkaufen' }).getAttribute('href')).toBe('/shop');
      expect(await page.getByRole('link', { name: 'Zur Hauptseite' }).getAttribute('href')).toBe('/');
    };
    await check();
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshot(page, 'order-page-mobile');

    await reloadPage(page);
    await check();
    await page.setViewportSize(VIEWPORTS.desktop);
    const lines = page.getByRole('table', { name: 'Bestellte Artikel' });
    expect((await lines.locator('th:visible').allInnerTexts()).map((text) => text.trim())).toEqual(['Artikel', 'Anzahl', 'Preis', 'Summe', 'Gesamtsumme:']);
    expect((await lines.locator('tbody td:visible').allInnerTexts()).map((text) => text.replace(/\s+/g, ' '))).toEqual(['Trinkhorn Variante: 0,5 l', '2', '18,00 €', '36,00 €']);
    await screenshot(page, 'order-page-desktop');
    await page.setViewportSize({ width: 320, height: 700 });
    await screenshot(page, 'order-page-320');

    // Without the token in the address, this device still opens it (Meine Bestellungen).
    await openPage(page, `${siteUrl()}/shop/bestellung/${orderNumber}`);
    await page.getByTestId('order-number').waitFor();

    await openPage(page, `${siteUrl()}/shop/cart`);
    const mine = page.getByRole('region', { name: 'Meine Bestellungen' });
    await mine.getByRole('link', { name: new RegExp(orderNumber) }).waitFor();
    await mine.getByText('Ausstehend').waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
    await mine.getByRole('link', { name: new RegExp(orderNumber) }).click();
    await page.waitForURL(placed.url);
    await page.getByTestId('order-number').waitFor();
    expect(foreign).toEqual([]);
  });

  it('opens nothing on another device without the token, nor with a wrong one', async () => {
    const { page } = await newPage();
    for (const address of [
      `${siteUrl()}/shop/bestellung/${placed.orderNumber}`,
      `${siteUrl()}/shop/bestellung/${placed.orderNumber}?t=${'A'.repeat(43)}`,
      `${siteUrl()}/shop/bestellung/GOS-19990101-AAAAAA?t=${placed.token}`,
    ]) {
      await openPage(page, address);
      await page.getByRole('heading', { level: 1, name: 'Bestellung nicht gefunden' }).waitFor();
      expect(await page.getByText(placed.orderNumber).count()).toBe(0);
      expect(await page.getByText('Trinkhorn').count()).toBe(0);
    }
    expect(await accessibilityProblems(page)).toEqual([]);
    const answer = await fetch(`${siteUrl()}/api/shop/orders/${placed.orderNumber}?t=${'A'.repeat(43)}`);
    expect(answer.status).toBe(404);
  });

  it('hands the order over at the pickup desk from a camera picture of its QR code, and a second scan warns in red', async () => {
    const video = await qrVideo(placed.url);
    const camera = await launchBrowser(['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${video}`]);
    try {
      const context = await camera.newContext({ viewport: VIEWPORTS.mobile });
      await context.grantPermissions(['camera'], { origin: new URL(siteUrl()).origin });
      const page = await context.newPage();
      watch(page);
      const foreign = recordForeignRequests(page);
      await signInToDashboard(page);
      await openTab(page, 'Ausgabe');
      await page.getByLabel('Order number').waitFor();
      expect(await accessibilityProblems(page)).toEqual([]);

      await page.getByRole('button', { name: 'Scan QR code' }).click();
      await page.getByRole('heading', { level: 2, name: placed.orderNumber }).waitFor({ timeout: 20_000 });
      await page.getByText('Mila Wachnase').waitFor();
      await page.getByRole('button', { name: 'Mark paid at the stand' }).click();
      await page.getByText('Marked paid.').waitFor();
      await page.getByRole('button', { name: 'Hand over' }).click();
      await page.getByText('Handed over.').waitFor();
      expect(await page.getByRole('button', { name: 'Hand over' }).isDisabled()).toBe(true);
      expect(await accessibilityProblems(page)).toEqual([]);
      await screenshot(page, 'pickup-handed-over-mobile');

      // The next shopper shows the same code again.
      await page.getByRole('button', { name: 'Scan QR code' }).click();
      const warning = page.getByTestId('pickup-warning');
      await warning.waitFor({ timeout: 20_000 });
      expect(await warning.textContent()).toMatch(new RegExp(`^Already handed over by ${DEMO_ACCOUNTS.ORGANISER_USERNAME} on \\d\\d\\.\\d\\d\\.\\d{4}, \\d\\d:\\d\\d\\.$`));
      const [red, green] = (await warning.evaluate((element) => getComputedStyle(element).backgroundColor)).match(/\d+/g)!.map(Number);
      expect(red).toBeGreaterThan(green * 2);
      expect(await accessibilityProblems(page)).toEqual([]);
      await screenshot(page, 'pickup-second-scan-mobile');

      // The history in the order's detail shows both marks, by whom.
      await openTab(page, 'Bestellungen');
      await page.getByRole('button', { name: `Details of order ${placed.orderNumber}` }).click();
      const history = dialog(page).getByTestId('order-history');
      await history.waitFor();
      const entries = (await history.locator('li').allTextContents()).map((text) => text.replace(/\s/g, ' '));
      expect(entries).toEqual([
        expect.stringMatching(new RegExp(`Marked paid at the stand · ${DEMO_ACCOUNTS.ORGANISER_USERNAME}$`)),
        expect.stringMatching(new RegExp(`Handed over · ${DEMO_ACCOUNTS.ORGANISER_USERNAME}$`)),
      ]);
      expect(await accessibilityProblems(page)).toEqual([]);
      await screenshot(page, 'pickup-history-mobile');
      expect(foreign).toEqual([]);
      await context.close();
    } finally {
      await camera.close();
    }

    // The shopper's page says so too.
    const { page } = await newPage(VIEWPORTS.mobile);
    await openPage(page, placed.url);
    await page.getByTestId('order-status').getByText('Zugestellt').waitFor();
    await page.getByText(/^Abgeholt am \d\d\.\d\d\.\d{4}, \d\d:\d\d$/).waitFor();
    await page.getByText(/^Bezahlt am /).waitFor();
    // Where and when to pick it up is over once it is picked up.
    expect(await page.getByRole('heading', { name: 'So geht es weiter' }).count()).toBe(0);
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshot(page, 'order-page-handed-over-mobile');
  });
});
