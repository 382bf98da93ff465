import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIEWPORTS, keepEvidenceOfFailures, launchBrowser, openPage, screenshot, siteUrl, waitForImages } from './browser';
import { axeViolations } from './axe';
import { openTab, signInToDashboard } from './dashboard-page';
import { adminCall, setShopEnabled, signInOrganiser, type House, type OrganiserSession } from './organiser';

type ShopItem = { id: number; title: string; price: number; variants: string[]; availableQuantity: number };
type PackingLine = { productId: number; title: string; variant: string; units: number };
type OrderLimits = { maxUnitsPerLine: number; maxUnitsPerOrder: number; maxOrdersPerClient: number; windowMinutes: number };
type ProductSales = { id: number; title: string; unitsSold: number; stockLeft: number };

const RUN = Date.now().toString(36).slice(-5);

const TABS: [string, string][] = [
  ['Benutzer', 'orga'],
  ['Häuser', 'Houses'],
  ['Zugangscodes', 'Total Access Codes'],
  ['Produkte', 'Product Management'],
  ['Bestellungen', 'Order Management'],
  ['Ausgabe', 'Pickup (Ausgabe)'],
  ['Einstellungen', 'Shop Settings'],
];

/** Places an order as a shopper's browser does, through the public API. */
async function placeOrder(firstName: string, lines: { item: ShopItem; variant: string; quantity: number }[]) {
  const items = lines.map(({ item, variant, quantity }) => ({ id: item.id, title: item.title, price: item.price, variant, quantity }));
  const response = await fetch(`${siteUrl()}/api/shop/orders`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ firstName, lastName: `Fest${RUN}`, items: JSON.stringify(items) }),
  });
  const body = (await response.json()) as { success: boolean; orderNumber: string; error?: string };
  if (!body.success) throw new Error(`order refused: ${body.error}`);
  return body.orderNumber;
}

/** The rows of a table's body as their cells' texts. */
const tableRows = (page: Page, name: string) =>
  page
    .getByRole('table', { name })
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('td')].map((cell) => (cell.textContent ?? '').replace(/\s/g, ' ').trim())));

/** A picture of what the printer gets, then back to the screen. */
async function printPicture(page: Page, name: string) {
  await page.emulateMedia({ media: 'print' });
  await screenshot(page, name);
  const shown = await page.evaluate(() => {
    const visible = [...document.body.children].filter((element) => getComputedStyle(element).display !== 'none');
    return visible.map((element) => element.getAttribute('data-testid') ?? element.tagName);
  });
  await page.emulateMedia({ media: 'screen' });
  return shown;
}

describe('the dashboard at the festival: packing list, order detail, codes, houses and products', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let session: OrganiserSession;
  let limitsBefore: OrderLimits;
  let shirt: ShopItem;
  let horn: ShopItem;
  let baseline: PackingLine[];
  const orderNumbers: string[] = [];
  const houseName = `Festhaus ${RUN}`;
  const colour = '#3A5F8C';
  const watch = keepEvidenceOfFailures();

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: VIEWPORTS.desktop, acceptDownloads: true });
    page = watch(await context.newPage());
    session = await signInOrganiser();
    await setShopEnabled(session, true);
    ({ limits: limitsBefore } = await adminCall<{ limits: OrderLimits }>(session, 'GET', '/admin/settings/order-limits'));
    // This file places a few orders from the same address as the other browser tests.
    await adminCall(session, 'PUT', '/admin/settings/order-limits', { ...limitsBefore, maxOrdersPerClient: 1000, windowMinutes: 1 });
    const { items } = (await (await fetch(`${siteUrl()}/api/shop/items`)).json()) as { items: ShopItem[] };
    const stocked = items.filter((item) => item.availableQuantity >= 6 && item.variants.length > 0);
    [shirt, horn] = stocked;
    if (!shirt || !horn) throw new Error('the seed has too few products in stock');
    ({ lines: baseline } = await adminCall<{ lines: PackingLine[] }>(session, 'GET', '/admin/shop/packing-list'));

    orderNumbers.push(
      await placeOrder('Radomir', [
        { item: shirt, variant: shirt.variants[0], quantity: 2 },
        { item: horn, variant: horn.variants.at(-1)!, quantity: 1 },
      ]),
    );
    orderNumbers.push(await placeOrder('Ludmila', [{ item: shirt, variant: shirt.variants[0], quantity: 1 }]));
    // Cancelled: left out of the packing list.
    const cancelled = await placeOrder('Storno', [{ item: horn, variant: horn.variants[0], quantity: 3 }]);
    const { orders } = await adminCall<{ orders: { id: number; orderNumber: string }[] }>(session, 'GET', `/admin/shop/orders?search=${cancelled}`);
    await adminCall(session, 'PUT', `/admin/shop/orders/${orders[0].id}`, { status: 'cancelled' });
  });

  afterAll(async () => {
    if (session && limitsBefore) await adminCall(session, 'PUT', '/admin/settings/order-limits', limitsBefore).catch(() => undefined);
    await browser?.close();
  });

  it('shows the packing list of the orders placed, cancelled ones left out, on screen, on paper and as CSV', async () => {
    const expected = new Map(baseline.map((line) => [`${line.productId}|${line.variant}`, { ...line }]));
    const add = (item: ShopItem, variant: string, units: number) => {
      const key = `${item.id}|${variant}`;
      const line = expected.get(key) ?? { productId: item.id, title: item.title, variant, units: 0 };
      line.units += units;
      expected.set(key, line);
    };
    add(shirt, shirt.variants[0], 3);
    add(horn, horn.variants.at(-1)!, 1);

    await signInToDashboard(page);
    await openTab(page, 'Bestellungen');
    await page.getByText('Order Management').waitFor();
    await page.getByRole('button', { name: 'Packing list' }).click();
    const dialog = page.getByRole('dialog', { name: 'Packing list' });
    await dialog.getByRole('table', { name: 'Packing list' }).waitFor();
    const rows = await tableRows(page, 'Packing list');
    expect(new Set(rows.map((row) => row.join('|')))).toEqual(new Set([...expected.values()].map((line) => `${line.title}|${line.variant}|${line.units}`)));
    expect(rows).toContainEqual([shirt.title, shirt.variants[0], String(expected.get(`${shirt.id}|${shirt.variants[0]}`)!.units)]);
    await screenshot(page, 'festival-packing-list', { fullPage: false });
    expect(await axeViolations(page)).toEqual([]);

    expect(await printPicture(page, 'festival-packing-list-print')).toEqual(['print-sheet']);
    const printed = await page.getByTestId('print-sheet').innerText();
    expect(printed).toContain('Packing list');
    expect(printed).toContain(shirt.title);

    const [file] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(file.suggestedFilename()).toBe('packing-list.csv');
    const csv = (await readFile(await file.path(), 'utf8')).replace(/^\uFEFF/, '');
    expect(csv.split(/\r\n/)[0]).toBe('product,variant,units');
    await page.locator('.mantine-Notification-root', { hasText: 'Packing list exported successfully' }).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('opens an order with its lines and prints it', async () => {
    const orderNumber = orderNumbers[0];
    await page.getByRole('button', { name: `Details of order ${orderNumber}` }).click();
    const dialog = page.getByRole('dialog', { name: `Order ${orderNumber}` });
    await dialog.getByRole('table').waitFor();
    await dialog.getByText(`Radomir Fest${RUN}`).waitFor();
    const euro = (cents: number) => `${(cents / 100).toFixed(2).replace('.', ',')} €`;
    expect(await tableRows(page, `Lines of order ${orderNumber}`)).toEqual([
      [shirt.title, shirt.variants[0], '2', euro(shirt.price), euro(2 * shirt.price)],
      [horn.title, horn.variants.at(-1)!, '1', euro(horn.price), euro(horn.price)],
    ]);
    await dialog.getByText(`Total: ${euro(2 * shirt.price + horn.price)}`).waitFor();
    // The status is changed from the details (issue 44, item 18): a select showing "Ausstehend".
    const status = dialog.getByRole('combobox', { name: 'Status' });
    expect(await status.evaluate((select: HTMLSelectElement) => [select.value, select.selectedOptions[0]?.textContent])).toEqual(['pending', 'Ausstehend']);
    await screenshot(page, 'festival-order-detail', { fullPage: false });
    expect(await axeViolations(page)).toEqual([]);
    expect(await printPicture(page, 'festival-order-detail-print')).toEqual(['print-sheet']);
    expect(await page.getByTestId('print-sheet').innerText()).toContain(`Order ${orderNumber}`);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('sets a new house’s emblem and colour, generates codes and lists them at once, and counts them per house', async () => {
    await openTab(page, 'Häuser');
    await page.getByRole('button', { name: 'Add House' }).click();
    const form = page.getByRole('dialog', { name: 'Add House' });
    await form.getByLabel('Name').fill(houseName);
    await form.getByLabel('Chat URL').fill('https://chat.whatsapp.com/Festhaus');
    await form.locator('input[aria-haspopup="listbox"]').click();
    await page.getByRole('option', { name: 'Wappen des Hauses Wachnase' }).click();
    await form.getByRole('img', { name: 'Chosen emblem: Wappen des Hauses Wachnase' }).waitFor();
    await form.getByRole('textbox', { name: 'Colour' }).fill(colour);
    await form.getByLabel('Name').click();
    await screenshot(page, 'festival-house-form', { fullPage: false });
    await form.getByRole('button', { name: 'Create House' }).click();
    await page.locator('.mantine-Notification-root', { hasText: 'House created successfully' }).waitFor();

    const row = page.getByRole('row').filter({ hasText: houseName });
    await row.getByRole('button', { name: `Generate Codes for ${houseName}` }).click();
    const ask = page.getByRole('dialog', { name: `Generate Codes for ${houseName}` });
    await ask.getByLabel('How many access codes should be generated?').fill('3');
    await ask.getByRole('button', { name: 'Generate' }).click();
    const shown = page.getByRole('dialog', { name: `New codes for ${houseName}` });
    await shown.waitFor();
    await page.locator('.mantine-Notification-root', { hasText: 'Generated 3 access codes' }).waitFor();
    const codes = await shown.getByRole('list', { name: 'Generated codes' }).getByRole('listitem').allTextContents();
    expect(codes).toHaveLength(3);
    for (const code of codes) expect(code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    await screenshot(page, 'festival-generated-codes', { fullPage: false });
    expect(await axeViolations(page)).toEqual([]);
    expect(await printPicture(page, 'festival-hand-out-sheet-print')).toEqual(['print-sheet']);
    const sheet = await page.getByTestId('print-sheet').innerText();
    for (const code of codes) expect(sheet).toContain(code);
    expect(sheet).toContain(`Haus ${houseName}`);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: siteUrl() });
    await shown.getByRole('button', { name: 'Copy all' }).click();
    await shown.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(codes.join('\n'));
    await shown.getByRole('button', { name: 'Close' }).click();
    await shown.waitFor({ state: 'detached' });

    const cells = async () => (await row.locator('td').allTextContents()).map((text) => text.trim());
    await expect.poll(async () => (await cells()).slice(3, 6)).toEqual(['3', '0', '3']);

    // A guest redeems one code on the access page and sees the emblem and colour chosen.
    const guest = watch(await context.newPage());
    await openPage(guest, `${siteUrl()}/enthuelle-dein-wappen`);
    await guest.getByLabel('Dein persönlicher Code').fill(codes[0]);
    await guest.getByRole('button', { name: 'Freischalten' }).click();
    await guest.getByRole('heading', { name: `Willkommen im ${houseName}` }).waitFor();
    const emblem = guest.getByRole('img', { name: `Wappen des Hauses ${houseName}` });
    await emblem.waitFor();
    const { houses } = await adminCall<{ houses: House[] }>(session, 'GET', '/admin/houses');
    const created = houses.find((house) => house.name === houseName)!;
    expect(created.colour).toBe(colour);
    expect(await emblem.getAttribute('src')).toBe(created.emblem);
    await waitForImages(guest);
    expect(await guest.evaluate(() => getComputedStyle(document.querySelector('[style*="--house-colour"]')!).getPropertyValue('--house-colour'))).toBe(colour);
    await screenshot(guest, 'festival-access-page-new-house');
    await guest.close();

    await page.reload();
    await page.getByRole('button', { name: 'Abmelden' }).waitFor();
    await openTab(page, 'Häuser');
    await expect.poll(async () => (await cells()).slice(3, 6)).toEqual(['3', '1', '2']);
    await row.getByRole('button', { name: `Delete ${houseName}` }).click();
    await page.getByRole('dialog', { name: 'Delete House' }).getByText('(3 codes, 1 of them used)', { exact: false }).waitFor();
    await screenshot(page, 'festival-house-delete-warning', { fullPage: false });
    await page.getByRole('dialog', { name: 'Delete House' }).getByRole('button', { name: 'Cancel' }).click();
  });

  it('shows units sold and stock left per product, with a chart', async () => {
    const { products } = await adminCall<{ products: ProductSales[] }>(session, 'GET', '/admin/shop/sales');
    const sold = products.find((product) => product.id === shirt.id)!;
    expect(sold.unitsSold).toBeGreaterThanOrEqual(3);
    await openTab(page, 'Produkte');
    await page.getByText('Units sold and stock left').waitFor();
    const row = page.getByRole('row').filter({ hasText: shirt.title });
    await expect.poll(async () => (await row.locator('td[data-label="Sold"]').textContent())?.trim()).toBe(String(sold.unitsSold));
    expect((await row.locator('td').nth(4).textContent())?.trim()).toBe(String(sold.stockLeft));
    await page.locator('.recharts-bar-rectangle').first().waitFor();
    await screenshot(page, 'festival-products-sales');
  });

  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    it(`finds nothing for axe on any tab at ${size} size, with a picture of each`, async () => {
      await page.setViewportSize(viewport);
      for (const [tab, loaded] of TABS) {
        await openTab(page, tab);
        await page.getByText(loaded, { exact: true }).first().waitFor();
        await page.waitForLoadState('networkidle');
        await screenshot(page, `festival-${size}-${tab.toLowerCase()}`);
        expect({ tab, size, violations: await axeViolations(page) }).toEqual({ tab, size, violations: [] });
      }
      // The festival dialogs at this size too.
      await openTab(page, 'Bestellungen');
      for (const [opener, title] of [
        ['Packing list', 'Packing list'],
        [`Details of order ${orderNumbers[0]}`, `Order ${orderNumbers[0]}`],
      ]) {
        await page.getByRole('button', { name: opener }).click();
        const dialog = page.getByRole('dialog', { name: title });
        await dialog.getByRole('table').waitFor();
        await page.waitForTimeout(400);
        await screenshot(page, `festival-${size}-dialog-${opener.split(' ')[0].toLowerCase()}`, { fullPage: false });
        expect({ title, size, violations: await axeViolations(page) }).toEqual({ title, size, violations: [] });
        await dialog.getByRole('button', { name: 'Close' }).click();
        await dialog.waitFor({ state: 'detached' });
      }
      await page.setViewportSize(VIEWPORTS.desktop);
    });
  }
});
