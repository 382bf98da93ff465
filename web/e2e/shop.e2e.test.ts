import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
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

/** What a control's aria-describedby points to: the reason a screen reader reads with it. */
async function describedBy(page: Page, control: Locator) {
  const ids = (await control.getAttribute('aria-describedby'))?.split(/\s+/) ?? [];
  return (await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).textContent()))).join(' ');
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

  it('draws the cart the shop kept before the page is taken over, on the throttled phone too, and the takeover keeps it', async () => {
    const { page, context } = await newPage(VIEWPORTS.mobile);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    await openItem(page, HORN);
    await addToCart(page, '0,5 l', 2);

    // The page is drawn by the site's server with the line, the count and the total.
    const takeOver = await openPageBeforeTakeover(page, `${siteUrl()}/shop/cart`);
    await line(page, '0,5 l').getByText(HORN, { exact: true }).waitFor();
    expect(await page.getByText('Warenkorb wird geladen...').count()).toBe(0);
    expect(await page.getByTestId('header-cart-count').textContent()).toBe('2');
    expect(await page.getByLabel('Vorname *').isVisible()).toBe(true);
    await screenshot(page, 'cart-drawn-before-takeover-mobile', { fullPage: false });
    await takeOver();
    await line(page, '0,5 l').getByRole('button', { name: /erhöhen$/ }).click();
    await line(page, '0,5 l').getByText(`Anzahl von ${HORN} (0,5 l): 3`).waitFor();
    expect(errors).toEqual([]);
    await page.unroute('**/assets/*.js');

    // The throttled phone: the line shows with the page's first paint, long before the takeover.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 400, downloadThroughput: 50_000, uploadThroughput: 50_000 });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(`${siteUrl()}/shop/cart`, { waitUntil: 'commit' });
    await line(page, '0,5 l').getByText(`Anzahl von ${HORN} (0,5 l): 3`).waitFor({ timeout: 30_000 });
    expect(await page.locator('html[data-app-ready]').count()).toBe(0);
    await screenshot(page, 'cart-drawn-on-the-throttled-phone', { fullPage: false });
    await page.waitForSelector('html[data-app-ready]', { state: 'attached', timeout: 60_000 });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });

    // An emptied cart's page says so at once.
    await page.getByRole('button', { name: /entfernen/ }).first().click();
    await page.getByText('Euer Warenkorb ist leer').waitFor();
    await openPageBeforeTakeover(page, `${siteUrl()}/shop/cart`);
    await page.getByText('Euer Warenkorb ist leer').waitFor();
    expect(await page.getByText('Warenkorb wird geladen...').count()).toBe(0);
  });

  it('does not let a sold-out product into the cart', async () => {
    const { page, foreign } = await newPage();
    const patches = await shopItem(PATCHES);
    expect(patches.availableQuantity).toBe(0);

    await openPage(page, `${siteUrl()}/shop`);
    await page.getByRole('article').filter({ hasText: PATCHES }).getByText('Ausverkauft').waitFor();
    await openPage(page, `${siteUrl()}/shop/item/${patches.id}`);
    await page.getByRole('heading', { level: 1, name: PATCHES }).waitFor();

    // One "Ausverkauft" state (issue 44): no greyed selects or button beside the badge.
    expect(await page.getByText('Ausverkauft', { exact: true }).count()).toBe(1);
    expect(await page.getByRole('combobox').count()).toBe(0);
    expect(await page.getByRole('button', { name: /Ausverkauft|In den Warenkorb/ }).count()).toBe(0);
    await page.getByRole('link', { name: 'Warenkorb ansehen' }).waitFor();
    expect(await storedCart(page)).toBeNull();
    expect(foreign).toEqual([]);
  });

  it('never says the cart is empty, nor counts 0, before the stored cart is read: scripts held back, then the throttled phone', async () => {
    const hood = await shopItem(HOOD);
    const { page } = await newPage(VIEWPORTS.mobile);
    await openPage(page, siteUrl());
    await page.evaluate(
      ([key, kept]) => window.localStorage.setItem(key, kept),
      [CART_KEY, JSON.stringify([{ id: hood.id, title: HOOD, price: hood.price, variant: 'M', quantity: 3 }])],
    );

    const takeOver = await openPageBeforeTakeover(page, `${siteUrl()}/shop/cart`);
    await page.getByText('Warenkorb wird geladen...').waitFor();
    expect(await page.getByText('Euer Warenkorb ist leer').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Zum Shop', exact: true }).count()).toBe(0);
    expect(await page.getByTestId('header-cart-count').count()).toBe(0);
    await screenshot(page, 'cart-before-takeover-mobile', { fullPage: false });
    await takeOver();
    await line(page, 'M').getByText(HOOD, { exact: true }).waitFor();
    expect(await page.getByTestId('header-cart-count').textContent()).toBe('3');
    await page.unroute('**/assets/*.js');

    // The throttled phone of the issue: every state a page shows while it loads is noted.
    await page.addInitScript(() => {
      const seen = new Set<string>();
      Object.assign(window, { seenStates: seen });
      const look = () => {
        if (document.body?.textContent?.includes('Euer Warenkorb ist leer')) seen.add('empty');
        const count = document.querySelector('[data-testid="header-cart-count"]')?.textContent;
        if (count != null) seen.add(`count ${count}`);
      };
      new MutationObserver(look).observe(document, { subtree: true, childList: true, characterData: true });
    });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    try {
      for (const path of ['/shop/cart', '/', '/shop']) {
        await openPage(page, `${siteUrl()}${path}`, { timeout: 60_000 });
        await page.getByTestId('header-cart-count').filter({ hasText: '3' }).waitFor();
        expect(await page.evaluate(() => [...(window as unknown as { seenStates: Set<string> }).seenStates]), path).toEqual(['count 3']);
      }
    } finally {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    }
  }, 180_000);

  it.each(Object.entries(VIEWPORTS))('leaves sold-out and over-stock lines out of the total and holds the checkout with one sentence, on %s', async (name, viewport) => {
    const organiser = await signInOrganiser();
    const patches = await shopItem(PATCHES);
    const horn = await shopItem(HORN);
    await adminCall(organiser, 'PUT', `/admin/shop/items/${horn.id}`, { availableQuantity: 1 });
    try {
      const { page } = await newPage(viewport);
      await openPage(page, siteUrl());
      await page.evaluate(
        ([key, kept]) => window.localStorage.setItem(key, kept),
        [
          CART_KEY,
          JSON.stringify([
            { id: patches.id, title: PATCHES, price: patches.price, variant: 'Set', quantity: 2 },
            { id: horn.id, title: HORN, price: horn.price, variant: '0,5 l', quantity: 2 },
          ]),
        ],
      );
      await openPage(page, `${siteUrl()}/shop/cart`);
      await line(page, 'Set').getByText('Ausverkauft').waitFor();
      await line(page, '0,5 l').getByText('Nur noch 1 verfügbar').waitFor();
      await fillNames(page, 'Ada', 'Lovelace');
      const total = page.getByText('Gesamtsumme:', { exact: true }).locator('xpath=..');
      expect(await total.textContent()).toBe('Gesamtsumme:0,00\u00a0€');
      const submit = page.getByRole('button', { name: 'Bestellung absenden' });
      expect(await submit.isDisabled()).toBe(true);
      const why = 'Was ausverkauft ist oder über den Bestand geht, zählt nicht zur Gesamtsumme: Entferne es oder verringere die Anzahl, dann kannst du bestellen.';
      await page.getByText(why).waitFor();
      expect(await describedBy(page, submit)).toBe(why);
      await screenshot(page, `cart-undeliverable-${name}`, { fullPage: false });
      expect(await accessibilityProblems(page)).toEqual([]);

      // Down to the stock left: the line counts again; the sold-out line still holds the order.
      await line(page, '0,5 l').getByRole('button', { name: /verringern$/ }).click();
      await page.waitForFunction((expected) => document.body.textContent?.includes(`Gesamtsumme:${expected}`), `18,00\u00a0€`);
      expect(await submit.isDisabled()).toBe(true);
      await page.getByRole('button', { name: `${PATCHES} (Set) entfernen` }).click();
      await page.getByText(why).waitFor({ state: 'detached' });
      expect(await submit.isDisabled()).toBe(false);
      await page.evaluate((key) => window.localStorage.removeItem(key), CART_KEY);
    } finally {
      await adminCall(organiser, 'PUT', `/admin/shop/items/${horn.id}`, { availableQuantity: horn.availableQuantity });
    }
  });

  it.each(Object.entries(VIEWPORTS))('says the caps where the shopper is: under the item page button, at the greyed "+" and the greyed submit, on %s', async (name, viewport) => {
    const organiser = await signInOrganiser();
    const shirt = await shopItem(SHIRT);
    const hood = await shopItem(HOOD);
    const horn = await shopItem(HORN);
    const { unitLimits } = (await (await fetch(`${siteUrl()}/api/shop/items`)).json()) as { unitLimits: { maxUnitsPerLine: number; maxUnitsPerOrder: number } };
    const { maxUnitsPerLine: perLine, maxUnitsPerOrder: perOrder } = unitLimits;
    const caps = `Höchstens ${perLine} Stück je Artikel und ${perOrder} Stück je Bestellung.`;
    await adminCall(organiser, 'PUT', `/admin/shop/items/${horn.id}`, { availableQuantity: 100 });
    try {
      const { page } = await newPage(viewport);
      const store = (lines: unknown[]) => page.evaluate(([key, kept]) => window.localStorage.setItem(key, kept), [CART_KEY, JSON.stringify(lines)] as const);
      await openPage(page, siteUrl());

      // Nothing reached yet: the caps are known before they bite.
      await openPage(page, `${siteUrl()}/shop/item/${horn.id}`);
      await page.getByText(caps).waitFor();

      // A full line.
      await store([{ id: horn.id, title: HORN, price: horn.price, variant: '0,5 l', quantity: perLine }]);
      await openPage(page, `${siteUrl()}/shop/item/${horn.id}`);
      await page.getByLabel('Variante wählen:').selectOption('0,5 l');
      const add = page.getByRole('button', { name: 'In den Warenkorb' });
      expect(await add.isDisabled()).toBe(true);
      const lineFull = `${HORN} (0,5 l) liegt schon ${perLine}-mal im Warenkorb, mehr als ${perLine} Stück je Artikel gehen nicht in eine Bestellung.`;
      expect(await describedBy(page, add)).toBe(lineFull);
      await screenshot(page, `item-line-full-${name}`, { fullPage: false });

      // A full order: the item pages add no more.
      const full = [
        { id: shirt.id, title: SHIRT, price: shirt.price, variant: 'M', quantity: perLine },
        { id: shirt.id, title: SHIRT, price: shirt.price, variant: 'L', quantity: perLine },
        { id: horn.id, title: HORN, price: horn.price, variant: '0,3 l', quantity: perOrder - 2 * perLine - 1 },
        { id: hood.id, title: HOOD, price: hood.price, variant: 'S', quantity: 1 },
      ];
      await store(full);
      await openPage(page, `${siteUrl()}/shop/item/${hood.id}`);
      await page.getByLabel('Variante wählen:').selectOption('M');
      expect(await add.isDisabled()).toBe(true);
      expect(await describedBy(page, add)).toBe(`Dein Warenkorb hält schon ${perOrder} Stück, mehr gehen nicht in eine Bestellung.`);
      await screenshot(page, `item-order-full-${name}`, { fullPage: false });
      expect(await accessibilityProblems(page)).toEqual([]);

      // The cart: each greyed "+" and the greyed submit say why.
      await openPage(page, `${siteUrl()}/shop/cart`);
      const plusM = line(page, 'M').getByRole('button', { name: /erhöhen$/ });
      expect(await plusM.isDisabled()).toBe(true);
      expect(await describedBy(page, plusM)).toBe(`Höchstens ${perLine} Stück je Artikel.`);
      const plusHorn = line(page, '0,3 l').getByRole('button', { name: /erhöhen$/ });
      expect(await plusHorn.isDisabled()).toBe(true);
      expect(await describedBy(page, plusHorn)).toBe(`Höchstens ${perOrder} Stück je Bestellung.`);
      const submit = page.getByRole('button', { name: 'Bestellung absenden' });
      expect(await submit.isDisabled()).toBe(true);
      expect(await describedBy(page, submit)).toBe('Zum Bestellen brauchen wir deinen Vor- und Nachnamen.');
      await screenshot(page, `cart-caps-${name}`, { fullPage: false });
      expect(await accessibilityProblems(page)).toEqual([]);
      await page.evaluate((key) => window.localStorage.removeItem(key), CART_KEY);
    } finally {
      await adminCall(organiser, 'PUT', `/admin/shop/items/${horn.id}`, { availableQuantity: horn.availableQuantity });
    }
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
      expect(await page.getByTestId('header-cart-count').count()).toBe(0);

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
      // The item page is no dead end (issue 44): the kept cart, the way to it, and the way home.
      await openPage(page, `${siteUrl()}/shop/item/${shirt.id}`);
      await page.getByRole('heading', { level: 1, name: 'Der Shop ist derzeit geschlossen.' }).waitFor();
      await page.getByRole('list', { name: 'Gespeicherte Artikel' }).getByText(`2 × ${SHIRT} (M)`).waitFor();
      expect(await page.getByRole('link', { name: 'Zur Hauptseite' }).getAttribute('href')).toBe('/');
      expect(await page.getByRole('link', { name: /^Warenkorb/ }).getAttribute('href')).toBe('/shop/cart');
      await screenshot(page, `closed-shop-item-kept-cart-${name}`, { fullPage: false });
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
