import type { Browser, Locator, Page } from 'playwright-core';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { CMS } from '../../scripts/lib.mjs';
import { axeViolations } from './axe';
import { VIEWPORTS, keepEvidenceOfFailures, launchBrowser, openPage, screenshot, scrollThrough, siteUrl, waitForImages } from './browser';
import { dialog, openTab, signInToDashboard } from './dashboard-page';
import { createAccessCode, signInOrganiser } from './organiser';

/** Issue 44, items 7-10, 13, 15 and 19: what each screen shows at the moment it matters. */

// The cms's image library, to read a screenshot's pixels.
type Sharp = (input: Buffer) => { removeAlpha(): { raw(): { toBuffer(options: { resolveWithObject: true }): Promise<{ data: Buffer; info: { channels: number } }> } } };
const sharp = createRequire(path.join(CMS, 'package.json'))('sharp') as Sharp;

const NARROW = { width: 320, height: 640 } as const;
const SIZES = { ...VIEWPORTS, narrow: NARROW } as const;

const watch = keepEvidenceOfFailures();

/** A watched page, closed when its test ends (after a failure's evidence has been kept). */
function opened(page: Page) {
  onTestFinished(() => page.close());
  return watch(page);
}

/** The hue of a CSS colour as getComputedStyle gives it ("rgb(226, 183, 50)"), in degrees. */
function hue(colour: string) {
  const [r, g, b] = (colour.match(/[\d.]+/g) ?? []).slice(0, 3).map((part) => Number(part) / 255);
  const max = Math.max(r, g, b);
  const range = max - Math.min(r, g, b);
  if (range === 0) return 0;
  const sector = max === r ? ((g - b) / range + 6) % 6 : max === g ? (b - r) / range + 2 : (r - g) / range + 4;
  return sector * 60;
}

const hueDistance = (a: string, b: string) => {
  const difference = Math.abs(hue(a) - hue(b)) % 360;
  return Math.min(difference, 360 - difference);
};

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Waits until the element holds the focus (a dialog hands it back a moment after closing). */
async function focusedElement(page: Page, expected: Locator) {
  const handle = await expected.elementHandle();
  await page
    .waitForFunction((target) => document.activeElement === target, handle, { timeout: 1500 })
    .catch(() => undefined);
  return page.evaluate((target) => (document.activeElement === target ? 'the opener' : (document.activeElement?.outerHTML.slice(0, 120) ?? 'nothing')), handle);
}

/** What of the page lies beyond the right edge of the screen: its overflow and the header's controls cut off. */
async function cutOffAtTheRight(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const cut = [...document.querySelectorAll('header a, header button')]
      .filter((element) => element.getClientRects().length > 0 && !element.closest('[class*="skip"]'))
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.right > width + 0.5 || box.left < -0.5;
      })
      .map((element) => element.getAttribute('aria-label') ?? element.textContent?.trim());
    const overflow = document.documentElement.scrollWidth - width;
    return { cut, overflow };
  });
}

describe('every screen at its limits', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('keeps the menu button and every header control on screen at 320 px, on every public page and the dashboard', async () => {
    const { items } = (await (await fetch(`${siteUrl()}/api/shop/items`)).json()) as { items: { id: number }[] };
    const pages = ['/', '/shop', `/shop/item/${items[0].id}`, '/shop/cart', '/enthuelle-dein-wappen', '/impressum', '/datenschutz', '/gibt-es-nicht'];
    const page = opened(await browser.newPage({ viewport: NARROW }));
    const found: Record<string, unknown> = {};
    for (const address of pages) {
      await openPage(page, `${siteUrl()}${address}`, { waitUntil: 'networkidle' });
      await screenshot(page, `narrow-320${address.replace(/\W+/g, '-')}`, { fullPage: false });
      found[address] = await cutOffAtTheRight(page);
      const menu = page.getByRole('button', { name: 'Menü öffnen' });
      if (address !== '/enthuelle-dein-wappen') {
        // The menu opens and its links sit on screen.
        await menu.click();
        const links = page.getByRole('navigation', { name: 'Menü' }).getByRole('link');
        for (const box of await links.evaluateAll((all) => all.map((link) => link.getBoundingClientRect().right))) expect(box).toBeLessThanOrEqual(320);
        await page.keyboard.press('Escape');
      }
    }
    await signInToDashboard(page);
    await screenshot(page, 'narrow-320-dashboard', { fullPage: false });
    found['/admin/dashboard'] = await cutOffAtTheRight(page);
    expect(found).toEqual(Object.fromEntries(Object.keys(found).map((address) => [address, { cut: [], overflow: 0 }])));
  });

  it.each(Object.entries(SIZES))('returns on Back to the landing page as it was left: the FAQ answer, the info tab, the height (%s)', async (name, viewport) => {
    const page = opened(await browser.newPage({ viewport }));
    await openPage(page, siteUrl(), { waitUntil: 'networkidle' });
    await scrollThrough(page);
    const info = page.locator('section#info');
    await info.scrollIntoViewIfNeeded();
    await info.getByRole('radio', { name: 'Unterkunft' }).click();
    const question = page.locator('section#faq summary', { hasText: 'Was soll ich mitbringen?' });
    const answerOpen = () => question.evaluate((summary) => (summary.parentElement as HTMLDetailsElement).open);
    await question.scrollIntoViewIfNeeded();
    await question.click();
    await expect.poll(answerOpen).toBe(true);
    await page.waitForTimeout(400);
    const left = await page.evaluate(() => ({ height: document.documentElement.scrollHeight, y: Math.round(window.scrollY) }));
    await screenshot(page, `back-${name}-left`, { fullPage: false });

    // Away through the fixed header, which leaves the page where it is.
    if (await page.getByRole('button', { name: 'Menü öffnen' }).isVisible()) {
      await page.getByRole('button', { name: 'Menü öffnen' }).click();
      await page.getByRole('navigation', { name: 'Menü' }).getByRole('link', { name: 'Merchandising' }).click();
    } else {
      await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Merchandising' }).click();
    }
    await page.waitForURL(/\/shop$/);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.goBack();
    await page.locator('section#faq').waitFor();
    await expect.poll(answerOpen).toBe(true);
    expect(await info.getByRole('radio', { name: 'Unterkunft' }).isChecked()).toBe(true);
    await page.waitForTimeout(600);
    const back = await page.evaluate(() => ({ height: document.documentElement.scrollHeight, y: Math.round(window.scrollY) }));
    await screenshot(page, `back-${name}-returned`, { fullPage: false });
    expect(Math.abs(back.height - left.height)).toBeLessThanOrEqual(2);
    expect(Math.abs(back.y - left.y)).toBeLessThanOrEqual(2);
  });

  it.each(Object.entries(SIZES))('shows one WhatsApp button on the access page after a valid code: the house’s (%s)', async (name, viewport) => {
    const { code, house } = await createAccessCode(await signInOrganiser());
    const page = opened(await browser.newPage({ viewport }));
    await openPage(page, `${siteUrl()}/enthuelle-dein-wappen`, { waitUntil: 'networkidle' });
    await page.getByLabel('Dein persönlicher Code').fill(code);
    await page.getByRole('button', { name: 'Freischalten' }).click();
    await page.getByRole('heading', { name: new RegExp(house.name) }).first().waitFor();
    await page.getByRole('link', { name: 'WhatsApp Gruppe öffnen' }).waitFor();
    await screenshot(page, `access-whatsapp-${name}`);
    const whatsapp = await page.getByRole('main').locator('..').getByText(/whatsapp/i).allTextContents();
    expect(whatsapp.filter((text) => /gruppe/i.test(text) && !/öffnen/.test(text))).toEqual([]);
    expect(await page.getByRole('link', { name: 'WhatsApp-Gruppe', exact: true }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('fills the wide first agenda tile on desktop, and a tile’s caption leaves the text drawn into its picture free', async () => {
    const page = opened(await browser.newPage({ viewport: VIEWPORTS.desktop }));
    await openPage(page, siteUrl(), { waitUntil: 'networkidle' });
    await scrollThrough(page);
    const tiles = page.locator('section#agenda li a');
    await tiles.first().scrollIntoViewIfNeeded();
    await waitForImages(page);

    // The picture as painted: it covers the tile, and no more than a sliver of it is cut off.
    const painted = await tiles.first().evaluate((tile) => {
      const image = tile.querySelector('img')!;
      const box = tile.getBoundingClientRect();
      const fit = getComputedStyle(image).objectFit;
      const widthScale = image.clientWidth / image.naturalWidth;
      const heightScale = image.clientHeight / image.naturalHeight;
      const scale = fit === 'contain' ? Math.min(widthScale, heightScale) : fit === 'cover' ? Math.max(widthScale, heightScale) : NaN;
      return { width: (image.naturalWidth * scale) / box.width, height: (image.naturalHeight * scale) / box.height };
    });
    expect.soft(painted.width).toBeGreaterThanOrEqual(0.995);
    expect.soft(painted.height).toBeGreaterThanOrEqual(0.995);
    expect.soft(Math.max(painted.width, painted.height)).toBeLessThan(1.06);

    for (const index of [0, 1, 2]) {
      const tile = tiles.nth(index);
      const caption = tile.locator('span[aria-hidden]');
      await page.mouse.move(0, 0);
      await page.waitForTimeout(300);
      // Where the caption will show, the picture alone: its drawn title is light gold on a dark field.
      const area = (await caption.boundingBox())!;
      const picture = await page.screenshot({ clip: area });
      const { data, info } = await sharp(picture).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      let drawnTextPixels = 0;
      for (let at = 0; at < data.length; at += info.channels) if (data[at] > 215 && data[at + 1] > 195 && data[at + 2] > 150) drawnTextPixels += 1;
      expect.soft(drawnTextPixels, `tile ${index + 1}`).toBeLessThan(15);
      await tile.hover();
      await expect.poll(() => caption.evaluate((element) => getComputedStyle(element).opacity)).toBe('1');
      await screenshot(page, `agenda-caption-${index + 1}`, { fullPage: false });
    }
  });
});

describe('the dashboard’s dialogs and fields', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each(Object.entries(VIEWPORTS))('never covers a dialog’s actions with a toast (%s)', async (name, viewport) => {
    page = opened(await browser.newPage({ viewport }));
    await signInToDashboard(page);
    await openTab(page, 'Häuser');
    await page.getByRole('button', { name: /^Generate Codes for / }).first().click();
    await dialog(page).getByLabel('How many access codes should be generated?').fill('100');
    await dialog(page).getByRole('button', { name: 'Generate' }).click();
    await dialog(page).getByRole('button', { name: 'Print hand-out sheet' }).waitFor();
    const toast = page.locator('.mantine-Notification-root').filter({ hasText: 'Generated 100 access codes' });
    await toast.waitFor();
    await page.waitForTimeout(400);
    const covered: string[] = [];
    // Each action as the organiser reaches it: scrolled to within the dialog.
    for (const button of await dialog(page).getByRole('button').all()) {
      await button.evaluate((element) => element.scrollIntoView({ block: 'nearest' }));
      const toastBox = (await toast.boundingBox())!;
      const box = await button.boundingBox();
      if (box && overlaps(box, toastBox)) {
        const space = await page.evaluate(() => document.documentElement.style.getPropertyValue('--app-toast-space'));
        const name = (await button.getAttribute('aria-label')) ?? (await button.textContent()) ?? '';
        covered.push(`${name} at ${Math.round(box.y)}–${Math.round(box.y + box.height)}, the toast from ${Math.round(toastBox.y)} (space kept: ${space || 'none'})`);
      }
    }
    await screenshot(page, `toast-over-dialog-${name}`, { fullPage: false });
    expect(covered).toEqual([]);
  });

  it('returns focus to the button that opened a dialog when Escape closes it, for every dialog', { timeout: 180_000 }, async () => {
    // An order, so that its Details dialog opens too (an order's Delete asks nothing).
    const { items } = (await (await fetch(`${siteUrl()}/api/shop/items`)).json()) as { items: { id: number; title: string; price: number; variants: string[] }[] };
    const [item] = items;
    const ordered = await fetch(`${siteUrl()}/api/shop/orders`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ firstName: 'Fokus', lastName: 'Probe', items: JSON.stringify([{ id: item.id, title: item.title, price: item.price, variant: item.variants[0], quantity: 1 }]) }),
    });
    expect(ordered.status).toBe(200);
    page = opened(await browser.newPage({ viewport: VIEWPORTS.desktop }));
    await signInToDashboard(page);
    const openers: [string, string | RegExp][] = [
      ['Benutzer', 'Add User'],
      ['Benutzer', 'Import CSV'],
      ['Benutzer', /^Edit /],
      ['Benutzer', /^Delete /],
      ['Häuser', 'Add House'],
      ['Häuser', /^Edit /],
      ['Häuser', /^Generate Codes for /],
      ['Häuser', /^Delete /],
      ['Zugangscodes', /^Delete /],
      ['Produkte', 'Add Product'],
      ['Produkte', /^Edit /],
      ['Produkte', /^Delete /],
      ['Bestellungen', 'Packing list'],
      ['Bestellungen', /^Details of order /],
    ];
    const lost: string[] = [];
    for (const [tab, name] of openers) {
      await openTab(page, tab);
      const opener = page.getByRole('tabpanel').getByRole('button', { name }).first();
      await opener.waitFor();
      if (await opener.isDisabled()) continue;
      await opener.focus();
      await page.keyboard.press('Enter');
      const shown = await dialog(page)
        .waitFor({ timeout: 5000 })
        .then(() => true)
        .catch(() => false);
      if (!shown) {
        lost.push(`${tab} › ${String(name)}: no dialog opened`);
        continue;
      }
      await page.waitForTimeout(300);
      await page.keyboard.press('Escape');
      await dialog(page).waitFor({ state: 'hidden' });
      const focused = await focusedElement(page, opener);
      if (focused !== 'the opener') lost.push(`${tab} › ${String(name)}: ${focused}`);
    }
    expect(lost).toEqual([]);
  });

  it.each(Object.entries(SIZES))('draws a focused field unlike one in error, on the site and in the dashboard (%s)', async (name, viewport) => {
    page = opened(await browser.newPage({ viewport }));
    // Read once the border's transition has ended.
    const border = async (field: Locator) => {
      await page.waitForTimeout(300);
      return field.evaluate((input) => getComputedStyle(input).borderColor);
    };
    // The dashboard's sign-in: an empty submit marks the fields in error.
    await openPage(page, `${siteUrl()}/admin/login`);
    const username = page.getByLabel('Benutzername');
    await page.getByLabel('Passwort', { exact: true }).focus();
    const rest = await border(username);
    await username.focus();
    const focused = await border(username);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect.poll(() => username.getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('Passwort', { exact: true }).focus();
    const inError = await border(username);
    await screenshot(page, `field-focus-and-error-${name}`, { fullPage: false });
    expect(inError).not.toBe(rest);
    // Another colour, not another shade of red.
    expect(hueDistance(focused, inError), `focused ${focused}, in error ${inError}`).toBeGreaterThanOrEqual(30);

    // The site's access form: the focused code field.
    await openPage(page, `${siteUrl()}/enthuelle-dein-wappen`, { waitUntil: 'networkidle' });
    const code = page.getByLabel('Dein persönlicher Code');
    await code.focus();
    const codeFocused = await border(code);
    expect(hueDistance(codeFocused, inError), `focused ${codeFocused}, in error ${inError}`).toBeGreaterThanOrEqual(30);
  });
});
