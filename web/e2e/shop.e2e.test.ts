import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe';
import { VIEWPORTS, launchBrowser, openPage, openPageBeforeTakeover, reloadPage, recordForeignRequests, screenshot, scrollThrough, siteUrl, waitForImages } from './browser';
import { adminCall, setShopEnabled, signInOrganiser } from './organiser';

type ShopItem = { id: number; title: string; price: number; variants: string[]; availableQuantity: number };
type OrderItem = { title: string; variant: string; quantity: number; price: number };
type AdminOrder = { orderNumber: string; firstName: string; lastName: string; items: string; total: number };

const CART_KEY = 'game-of-slavs_cart';
const SHIRT = 'Haus-Shirt „Game Of Slavs“';
const HOOD = 'Kapuzenmantel der Wache';
const HORN = 'Trinkhorn';
const PATCHES = 'Aufnäher-Set der Häuser';

/** axe-core's violations on the page as it is now, one line each, for a readable failure. */
const accessibilityProblems = async (page: Page) =>
  (await axeViolations(page)).map(({ id, help, targets }) => `${id} (${help}): ${targets.join(', ')}`);

async function shopItem(title: string): Promise<ShopItem> {
  const { items } = (await (await fetch(`${siteUrl()}/api/shop/items`)).json()) as { items: ShopItem[] };
  const item = items.find((candidate) => candidate.title === title);
  if (!item) throw new Error(`${title} is not in the shop`);
  return item;
}

/** A full-page picture from the top, so the fixed header sits where a visitor sees it. */
async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await waitForImages(page);
  await screenshot(page, name);
}

const storedCart = (page: Page) => page.evaluate((key) => window.localStorage.getItem(key), CART_KEY);

async function addToCart(page: Page, variant: string, quantity: number) {
  await page.getByLabel('Variante wählen:').selectOption(variant);
  await page.getByLabel('Anzahl:').selectOption(String(quantity));
  await page.getByRole('button', { name: 'In den Warenkorb' }).click();
  await page.getByRole('status').filter({ hasText: `(${variant}) wurde zum Warenkorb hinzugefügt!` }).waitFor();
}

const line = (page: Page, variant: string) =>
  page.getByRole('list', { name: 'Artikel im Warenkorb' }).getByRole('listitem').filter({ hasText: `Variante: ${variant}` });

async function openItem(page: Page, title: string) {
  await openPage(page, `${siteUrl()}/shop`);
  await page.getByRole('link', { name: title, exact: true }).click();
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
}

async function fillNames(page: Page, firstName: string, lastName: string) {
  await page.getByLabel('Vorname *').fill(firstName);
  await page.getByLabel('Nachname *').fill(lastName);
}

describe('the shop in Chromium', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  const newPage = async (viewport: { width: number; height: number } = VIEWPORTS.desktop) => {
    const context = await browser.newContext({ viewport });
    contexts.push(context);
    const page = await context.newPage();
    return { context, page, foreign: recordForeignRequests(page) };
  };

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('lets a shopper fill the cart, change it, and order; the organiser sees the order at database prices', async () => {
    const { page, foreign } = await newPage();
    const shirt = await shopItem(SHIRT);
    const horn = await shopItem(HORN);

    await openPage(page, `${siteUrl()}/shop`);
    await page.getByRole('heading', { level: 1, name: 'Merchandising' }).waitFor();
    await page.getByRole('article').filter({ hasText: SHIRT }).getByText('4 Varianten').waitFor();
    expect(await page.title()).toBe('Merchandising | Game Of Slavs');
    expect(await page.getAttribute('html', 'lang')).toBe('de');
    await page.getByText('100 % Bio-Baumwolle').first().waitFor();
    await scrollThrough(page);
    expect(await accessibilityProblems(page)).toEqual([]);
    await shot(page, 'shop-list-desktop');

    await page.getByRole('link', { name: SHIRT, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: SHIRT }).waitFor();
    expect(page.url()).toBe(`${siteUrl()}/shop/item/${shirt.id}`);
    expect(await page.getByRole('button', { name: 'In den Warenkorb' }).isDisabled()).toBe(true);
    expect(await page.getByLabel('Anzahl:').locator('option').allTextContents()).toEqual(
      Array.from({ length: 10 }, (_, index) => String(index + 1)),
    );
    await addToCart(page, 'M', 2);
    await addToCart(page, 'L', 1);
    await addToCart(page, 'M', 1);
    expect(await accessibilityProblems(page)).toEqual([]);
    await shot(page, 'shop-detail-desktop');

    await openItem(page, HORN);
    await addToCart(page, '0,5 l', 1);
    await page.getByRole('link', { name: 'Warenkorb ansehen' }).click();
    await page.getByRole('heading', { level: 1, name: 'Warenkorb' }).waitFor();

    // The cart survives a reload: read from storage when the cart opens.
    await reloadPage(page);
    await line(page, 'M').getByText(SHIRT, { exact: true }).waitFor();
    expect(JSON.parse((await storedCart(page)) ?? '[]')).toEqual([
      { id: shirt.id, title: SHIRT, price: 2500, variant: 'M', quantity: 3 },
      { id: shirt.id, title: SHIRT, price: 2500, variant: 'L', quantity: 1 },
      { id: horn.id, title: HORN, price: 1800, variant: '0,5 l', quantity: 1 },
    ]);

    await line(page, 'L').getByRole('button', { name: /erhöhen$/ }).click();
    await line(page, 'M').getByRole('button', { name: /verringern$/ }).click();
    await page.getByRole('button', { name: `${HORN} (0,5 l) entfernen` }).click();
    await line(page, '0,5 l').waitFor({ state: 'detached' });
    expect(JSON.parse((await storedCart(page)) ?? '[]')).toEqual([
      { id: shirt.id, title: SHIRT, price: 2500, variant: 'M', quantity: 2 },
      { id: shirt.id, title: SHIRT, price: 2500, variant: 'L', quantity: 2 },
    ]);
    await page.getByText('Gesamtsumme:').waitFor();
    expect(await page.getByRole('form', { name: 'Bestellung abschließen' }).textContent()).toMatch(/100,00\s€/);

    // A blank name: the button stays disabled, Enter sends nothing and says why.
    const orderRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/shop/orders')) orderRequests.push(request.method());
    });
    await fillNames(page, 'Ada', '   ');
    const submit = page.getByRole('button', { name: 'Bestellung absenden' });
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('Nachname *').press('Enter');
    await page.getByRole('alert').filter({ hasText: 'Bitte Vor- und Nachname eingeben.' }).waitFor();
    expect(orderRequests).toEqual([]);
    expect(await accessibilityProblems(page)).toEqual([]);
    await fillNames(page, '  Ada ', ' Lovelace ');
    await shot(page, 'shop-cart-desktop');

    await submit.click();
    await page.getByRole('heading', { level: 1, name: 'Bestellung erfolgreich!' }).waitFor();
    await page.getByText('Die Kriegsherren werden sich um die schnelle Lieferung kümmern!').waitFor();
    expect(await page.getByRole('link', { name: 'Weitereinkaufen' }).getAttribute('href')).toBe('/shop');
    expect(await page.getByRole('link', { name: 'Zur Hauptseite' }).getAttribute('href')).toBe('/');
    expect(await storedCart(page)).toBeNull();
    const orderNumber = (await page.locator('dt', { hasText: 'Bestellnummer' }).locator('xpath=following-sibling::dd[1]').textContent())?.trim();
    expect(orderNumber).toBeTruthy();
    expect(await accessibilityProblems(page)).toEqual([]);
    await shot(page, 'shop-success-desktop');

    const { orders } = await adminCall<{ orders: AdminOrder[] }>(await signInOrganiser(), 'GET', '/admin/shop/orders');
    const placed = orders.find((order) => order.orderNumber === orderNumber);
    expect(placed).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', total: 10_000 });
    expect(JSON.parse(placed!.items) as OrderItem[]).toEqual([
      expect.objectContaining({ title: SHIRT, variant: 'M', quantity: 2, price: 2500 }),
      expect.objectContaining({ title: SHIRT, variant: 'L', quantity: 2, price: 2500 }),
    ]);
    expect(orderRequests).toEqual(['POST']);
    expect(foreign).toEqual([]);
  });

  it('fits a phone: list, item, cart and confirmation at 390 × 844', async () => {
    const { page, foreign } = await newPage(VIEWPORTS.mobile);

    await openPage(page, `${siteUrl()}/shop`);
    await page.getByRole('article').filter({ hasText: HORN }).waitFor();
    await scrollThrough(page);
    expect(await accessibilityProblems(page)).toEqual([]);
    await shot(page, 'shop-list-mobile');

    await page.getByRole('link', { name: HORN, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: HORN }).waitFor();
    await addToCart(page, '0,3 l', 2);
    await shot(page, 'shop-detail-mobile');

    await page.getByRole('link', { name: 'Warenkorb ansehen' }).click();
    await line(page, '0,3 l').waitFor();
    await fillNames(page, 'Bjarne', 'Harzer');
    expect(await accessibilityProblems(page)).toEqual([]);
    await shot(page, 'shop-cart-mobile');

    await page.getByRole('button', { name: 'Bestellung absenden' }).click();
    await page.getByRole('heading', { level: 1, name: 'Bestellung erfolgreich!' }).waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
    await shot(page, 'shop-success-mobile');

    // Nothing on these pages may be wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.mobile.width);
    expect(foreign).toEqual([]);
  });

  it('works with the keyboard, with a visible focus ring', async () => {
    const { page } = await newPage();
    const horn = await shopItem(HORN);
    const outline = () => page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);

    await openPage(page, `${siteUrl()}/shop`);
    const cardLink = page.getByRole('link', { name: HORN, exact: true });
    await cardLink.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: HORN }).waitFor();
    expect(page.url()).toBe(`${siteUrl()}/shop/item/${horn.id}`);

    await page.getByLabel('Variante wählen:').focus();
    await page.getByLabel('Variante wählen:').selectOption('0,3 l');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('id'))).toBe(
      await page.getByLabel('Anzahl:').getAttribute('id'),
    );
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('In den Warenkorb');
    expect(await outline()).toBe('solid');
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'wurde zum Warenkorb hinzugefügt!' }).waitFor();

    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Warenkorb ansehen');
    await page.keyboard.press('Enter');
    await line(page, '0,3 l').waitFor();
    const plus = page.getByRole('button', { name: `Anzahl von ${HORN} (0,3 l) erhöhen` });
    await plus.focus();
    await page.keyboard.press('Enter');
    await line(page, '0,3 l').getByText(/36,00\s€/).waitFor();
    expect(await outline()).toBe('solid');
  });

  it('keeps a variant and a number chosen before the page is taken over', async () => {
    const { page } = await newPage(VIEWPORTS.mobile);
    const horn = await shopItem(HORN);
    const takeOver = await openPageBeforeTakeover(page, `${siteUrl()}/shop/item/${horn.id}`);
    await page.getByLabel('Variante wählen:').selectOption('0,5 l');
    await page.getByLabel('Anzahl:').selectOption('2');
    await takeOver();

    expect(await page.getByLabel('Variante wählen:').inputValue()).toBe('0,5 l');
    expect(await page.getByLabel('Anzahl:').inputValue()).toBe('2');
    await page.getByRole('button', { name: 'In den Warenkorb' }).click();
    await page.getByRole('status').filter({ hasText: `${HORN} (0,5 l) wurde zum Warenkorb hinzugefügt!` }).waitFor();
    const [stored] = JSON.parse((await storedCart(page)) ?? '[]') as { variant: string; quantity: number }[];
    expect(stored).toMatchObject({ variant: '0,5 l', quantity: 2 });
  });

  it('does not let a sold-out product into the cart', async () => {
    const { page, foreign } = await newPage();
    const patches = await shopItem(PATCHES);
    expect(patches.availableQuantity).toBe(0);

    await openPage(page, `${siteUrl()}/shop`);
    await page.getByRole('article').filter({ hasText: PATCHES }).getByText('Ausverkauft').waitFor();
    await openPage(page, `${siteUrl()}/shop/item/${patches.id}`);
    await page.getByRole('heading', { level: 1, name: PATCHES }).waitFor();

    const button = page.getByRole('button', { name: 'Ausverkauft' });
    expect(await button.isDisabled()).toBe(true);
    expect(await page.getByLabel('Variante wählen:').isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'In den Warenkorb' }).count()).toBe(0);
    expect(await storedCart(page)).toBeNull();
    expect(foreign).toEqual([]);
  });

  it('reads a non-numeric item address as not found', async () => {
    const { page } = await newPage();
    await openPage(page, `${siteUrl()}/shop/item/abc`);
    await page.getByRole('heading', { level: 1, name: 'Artikel nicht gefunden' }).waitFor();
    await page.getByRole('link', { name: 'Zurück zum Shop' }).click();
    await page.waitForURL(`${siteUrl()}/shop`);
  });

  it('keeps tabs in step, and names the line when another shopper bought the last one first', async () => {
    const hood = await shopItem(HOOD);
    // Leave one in stock (the organiser sets it: one order may take at most 10 units of a line).
    await adminCall(await signInOrganiser(), 'PUT', `/admin/shop/items/${hood.id}`, { availableQuantity: 1 });
    expect((await shopItem(HOOD)).availableQuantity).toBe(1);

    const { context, page: cartTab, foreign } = await newPage();
    await openPage(cartTab, `${siteUrl()}/shop/cart`);
    await cartTab.getByText('Euer Warenkorb ist leer').waitFor();

    // A second tab of the same shopper adds the last one; the open cart follows.
    const itemTab = await context.newPage();
    await openItem(itemTab, HOOD);
    expect(await itemTab.getByLabel('Anzahl:').locator('option').allTextContents()).toEqual(['1']);
    await addToCart(itemTab, 'M', 1);
    await line(cartTab, 'M').getByText(HOOD, { exact: true }).waitFor();
    await fillNames(cartTab, 'Ada', 'Lovelace');

    // Meanwhile another shopper buys it.
    const { page: rival } = await newPage();
    await openItem(rival, HOOD);
    await addToCart(rival, 'L', 1);
    await rival.getByRole('link', { name: 'Warenkorb ansehen' }).click();
    await fillNames(rival, 'Rivalin', 'Schnell');
    await rival.getByRole('button', { name: 'Bestellung absenden' }).click();
    await rival.getByRole('heading', { level: 1, name: 'Bestellung erfolgreich!' }).waitFor();

    await cartTab.getByRole('button', { name: 'Bestellung absenden' }).click();
    await cartTab
      .getByRole('alert')
      .filter({ hasText: `Fehler beim Absenden der Bestellung: Leider nicht mehr genug auf Lager: ${HOOD} (M)` })
      .waitFor();
    // The cart stays, so the shopper can change it and try again; the line says what is left.
    await line(cartTab, 'M').waitFor();
    await line(cartTab, 'M').getByText('Ausverkauft').waitFor();
    expect(await storedCart(cartTab)).not.toBeNull();
    expect(foreign).toEqual([]);
  });

  it.each(Object.entries(VIEWPORTS))('refuses more than the stock before checkout, and the header count follows the cart, on %s', async (name, viewport) => {
    const organiser = await signInOrganiser();
    const horn = await shopItem(HORN);
    await adminCall(organiser, 'PUT', `/admin/shop/items/${horn.id}`, { availableQuantity: 3 });
    try {
      const { page } = await newPage(viewport);
      const headerCart = page.getByRole('banner').getByRole('link', { name: /^Warenkorb, \d+ Artikel$/ });
      await openPage(page, siteUrl());
      expect(await headerCart.getAttribute('aria-label')).toBe('Warenkorb, 0 Artikel');

      await openItem(page, HORN);
      await page.getByText('Nur noch 3 verfügbar').waitFor();
      await page.getByLabel('Variante wählen:').selectOption('0,5 l');
      expect(await page.getByLabel('Anzahl:').locator('option').allTextContents()).toEqual(['1', '2', '3']);
      await addToCart(page, '0,5 l', 2);
      await page.getByRole('status').filter({ hasText: '2 Stück hinzugefügt, jetzt 2 im Warenkorb.' }).waitFor();
      await page.waitForFunction(() => document.querySelector('header a[href="/shop/cart"]')?.getAttribute('aria-label') === 'Warenkorb, 2 Artikel');
      // Another variant shares the stock: one is left.
      await page.getByLabel('Variante wählen:').selectOption('0,3 l');
      expect(await page.getByLabel('Anzahl:').locator('option').allTextContents()).toEqual(['1']);
      await addToCart(page, '0,3 l', 1);
      await page.getByText('Alle verfügbaren Stücke liegen schon in deinem Warenkorb.').waitFor();
      expect(await page.getByRole('button', { name: 'In den Warenkorb' }).isDisabled()).toBe(true);
      expect(await headerCart.getAttribute('aria-label')).toBe('Warenkorb, 3 Artikel');
      await screenshot(page, `low-stock-item-${name}`, { fullPage: false });

      await headerCart.click();
      await page.getByRole('heading', { level: 1, name: 'Warenkorb' }).waitFor();
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      await line(page, '0,3 l').waitFor();
      expect(await line(page, '0,5 l').getByRole('button', { name: /erhöhen$/ }).isDisabled()).toBe(true);
      await line(page, '0,5 l').getByRole('button', { name: /verringern$/ }).click();
      await page.waitForFunction(() => document.querySelector('header a[href="/shop/cart"]')?.getAttribute('aria-label') === 'Warenkorb, 2 Artikel');
      expect(await line(page, '0,5 l').getByRole('button', { name: /erhöhen$/ }).isDisabled()).toBe(false);
      await screenshot(page, `low-stock-cart-${name}`, { fullPage: false });
      // Removing a line can be undone for a few seconds.
      await page.getByRole('button', { name: `${HORN} (0,3 l) entfernen` }).click();
      await line(page, '0,3 l').waitFor({ state: 'detached' });
      await page.getByRole('status').filter({ hasText: `${HORN} (0,3 l) wurde aus dem Warenkorb entfernt.` }).waitFor();
      await page.getByRole('button', { name: 'Rückgängig' }).click();
      await line(page, '0,3 l').waitFor();
      await page.waitForFunction(() => document.querySelector('header a[href="/shop/cart"]')?.getAttribute('aria-label') === 'Warenkorb, 2 Artikel');
      expect(await accessibilityProblems(page)).toEqual([]);
      await page.evaluate((key) => window.localStorage.removeItem(key), CART_KEY);
    } finally {
      await adminCall(organiser, 'PUT', `/admin/shop/items/${horn.id}`, { availableQuantity: horn.availableQuantity });
    }
  });

  it.each(Object.entries(VIEWPORTS))('speaks as closed everywhere while the organiser has closed the shop, and keeps an earlier cart visible, on %s', async (name, viewport) => {
    const organiser = await signInOrganiser();
    const shirt = await shopItem(SHIRT);
    const { page, foreign } = await newPage(viewport);
    await openPage(page, siteUrl());
    await page.evaluate(
      ([key, kept]) => window.localStorage.setItem(key, kept),
      [CART_KEY, JSON.stringify([{ id: shirt.id, title: SHIRT, price: shirt.price, variant: 'M', quantity: 2 }])],
    );
    await setShopEnabled(organiser, false);
    try {
      await openPage(page, `${siteUrl()}/shop/cart`);
      await page.getByText('Der Shop ist derzeit geschlossen.').waitFor();
      await page.getByRole('list', { name: 'Gespeicherte Artikel' }).getByText(`2 × ${SHIRT} (M)`).waitFor();
      expect(await page.getByRole('button', { name: 'Bestellung absenden' }).count()).toBe(0);
      expect(await page.getByRole('link', { name: 'Zurück zum Shop' }).count()).toBe(0);
      expect(await page.getByRole('banner').getByRole('link', { name: /^Warenkorb/ }).count()).toBe(0);
      await screenshot(page, `closed-shop-kept-cart-${name}`, { fullPage: false });
      expect(await accessibilityProblems(page)).toEqual([]);
      await openPage(page, `${siteUrl()}/shop`);
      await page.getByText('Der Shop ist derzeit geschlossen.').waitFor();
      expect(await page.getByText(/lege deine Stücke in den Warenkorb/).count()).toBe(0);
      expect(await storedCart(page)).not.toBeNull();
      await page.evaluate((key) => window.localStorage.removeItem(key), CART_KEY);
      expect(foreign).toEqual([]);
    } finally {
      await setShopEnabled(organiser, true);
    }
  });

  it('shows the closed notice on every shop page while the organiser has closed the shop', async () => {
    const organiser = await signInOrganiser();
    const shirt = await shopItem(SHIRT);
    await setShopEnabled(organiser, false);
    try {
      const { page, foreign } = await newPage();
      for (const path of ['/shop', `/shop/item/${shirt.id}`, '/shop/cart']) {
        await openPage(page, `${siteUrl()}${path}`);
        await page.getByText('Der Shop ist derzeit geschlossen.').waitFor();
        expect(await page.getByRole('button', { name: 'In den Warenkorb' }).count()).toBe(0);
      }
      expect(await page.getByRole('article').count()).toBe(0);
      expect(foreign).toEqual([]);
    } finally {
      await setShopEnabled(organiser, true);
    }
  });

  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close().catch(() => {})));
  });
});
