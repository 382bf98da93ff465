import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIEWPORTS, keepEvidenceOfFailures, launchBrowser, screenshot } from './browser';
import { axeViolations } from './axe';
import { signInToDashboard } from './dashboard-page';
import { createAccessCode, signInOrganiser } from './organiser';

const PHONE = VIEWPORTS.mobile;

/** Each tab, a text that shows once it has loaded, and the buttons that open its dialogs. */
const TABS: { tab: string; ready: string; dialogs: (string | RegExp)[] }[] = [
  { tab: 'Benutzer', ready: 'Users list', dialogs: ['Add User', 'Import CSV', /^Edit /] },
  { tab: 'Häuser', ready: 'Houses list', dialogs: ['Add House', /^Generate Codes for /, /^Edit /] },
  { tab: 'Zugangscodes', ready: 'Access codes list', dialogs: [/^Delete /] },
  { tab: 'Produkte', ready: 'Products list', dialogs: ['Add Product', /^Edit /] },
  { tab: 'Bestellungen', ready: 'Order Management', dialogs: [] },
  { tab: 'Ausgabe', ready: 'Pickup (Ausgabe)', dialogs: [] },
  { tab: 'Einstellungen', ready: 'Shop Settings', dialogs: [] },
];

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not drawn');
  return box;
}

/** Seen in full across the screen's width: no part cut off to the left or right. */
function expectAcross(box: Box, what: string) {
  expect({ what, left: box.x >= 0, right: box.x + box.width <= PHONE.width + 0.5 }).toEqual({ what, left: true, right: true });
}

async function expectNoSidewaysScroll(page: Page, where: string) {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  expect({ where, fits: widths.scroll <= widths.inner, ...widths }).toMatchObject({ where, fits: true });
}

describe('the organisers dashboard on a phone (390×844)', () => {
  let browser: Browser;
  let page: Page;
  const watch = keepEvidenceOfFailures();

  beforeAll(async () => {
    // A code the access codes tab can show as a card, whatever ran before.
    await createAccessCode(await signInOrganiser());
    browser = await launchBrowser();
    page = watch(await browser.newPage({ viewport: PHONE }));
    await signInToDashboard(page);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('shows every tab of the strip at once, and the keyboard moves between them', async () => {
    const tabs = page.getByRole('tab');
    expect(await tabs.count()).toBe(TABS.length);
    for (const tab of await tabs.all()) {
      const box = await boxOf(tab);
      expectAcross(box, (await tab.textContent()) ?? '');
      expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
    }
    await screenshot(page, 'phone-tab-strip', { fullPage: false });

    await page.getByRole('tab', { name: 'Benutzer' }).focus();
    for (const { tab } of TABS.slice(1)) {
      await page.keyboard.press('ArrowRight');
      const active = page.getByRole('tab', { name: tab });
      expect(await active.getAttribute('aria-selected')).toBe('true');
      expect(await active.evaluate((element) => element === document.activeElement)).toBe(true);
      expectAcross(await boxOf(active), tab);
    }
    await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('tab', { name: 'Benutzer' }).getAttribute('aria-selected')).toBe('true');
  });

  it('shows the import results of each row within the screen', async () => {
    await page.getByRole('tab', { name: 'Benutzer' }).click();
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog');
    // Rows that fail change nothing: a name too short and a password too short.
    await dialog.getByLabel('CSV content').fill('username,password,house,isAdmin\nx,geheim-123,,\nphone-check-with-a-rather-long-name,123,,');
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await dialog.getByText('Imported 0 users, failed 2').waitFor();
    const results = dialog.getByRole('region', { name: 'Import results' });
    expect(await results.locator('tbody tr').count()).toBe(2);
    const overflow = await results.evaluate((element) => element.scrollWidth - element.clientWidth);
    expect(overflow).toBe(0);
    for (const button of await dialog.getByRole('button').all()) expectAcross(await boxOf(button), (await button.textContent()) ?? '');
    await expectNoSidewaysScroll(page, 'import results');
    await screenshot(page, 'phone-dialog-import-results', { fullPage: false });
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  for (const { tab, ready, dialogs } of TABS) {
    it(`${tab}: cards with the row's name and its actions in view, no sideways scrolling, dialogs that fit, nothing for axe`, async () => {
      // A dialog a failed test left open would hide the tab strip from the next one.
      if (await page.getByRole('dialog').count()) await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await page.getByRole('tab', { name: tab }).click();
      await page.getByText(ready).or(page.getByRole('region', { name: ready })).first().waitFor();
      await page.waitForLoadState('networkidle');
      const active = page.getByRole('tab', { name: tab });
      expect(await active.getAttribute('aria-selected')).toBe('true');
      expectAcross(await boxOf(active), tab);
      await expectNoSidewaysScroll(page, tab);

      const table = page.getByRole('region', { name: ready });
      if (await table.count()) {
        const rows = table.locator('tbody tr');
        await rows.first().locator('td[data-label]').first().waitFor();
        const count = Math.min(await rows.count(), 5);
        expect(count).toBeGreaterThan(0);
        for (let index = 0; index < count; index++) {
          const row = rows.nth(index);
          const title = row.locator('td[data-card="title"]');
          const name = ((await title.textContent()) ?? '').trim();
          expect(name).not.toBe('');
          const card = await boxOf(row);
          const titleBox = await boxOf(title);
          const buttons = await row.locator('td[data-label="Actions"]').getByRole('button').all();
          expect(buttons.length).toBeGreaterThan(0);
          expectAcross(card, `${tab} card ${name}`);
          expectAcross(titleBox, `${tab} title ${name}`);
          // The card opens with its name and closes with its actions, each naming the row.
          expect(titleBox.y - card.y).toBeLessThan(24);
          for (const button of buttons) {
            const box = await boxOf(button);
            expectAcross(box, `${tab} ${await button.getAttribute('aria-label')}`);
            expect(box.y).toBeGreaterThan(titleBox.y);
            expect(await button.getAttribute('aria-label')).toContain(name);
          }
          // Name and buttons are seen together: the card is shorter than the screen.
          expect(card.height).toBeLessThan(PHONE.height / 2);
        }
      }
      for (const card of await page.getByTestId('order-card').all()) {
        expectAcross(await boxOf(card), `${tab} order card`);
        for (const button of await card.getByRole('button').all()) expectAcross(await boxOf(button), `${tab} order button`);
      }

      await screenshot(page, `phone-tab-${tab}`);
      expect({ tab, violations: await axeViolations(page) }).toEqual({ tab, violations: [] });

      for (const opener of dialogs) {
        await page.getByRole('button', { name: opener }).first().click();
        const dialog = page.getByRole('dialog');
        await dialog.waitFor();
        // The opening animation ends before the dialog is measured.
        await page.waitForTimeout(400);
        const title = (await dialog.getByRole('heading').first().textContent()) ?? String(opener);
        // The whole screen, less the foot a toast still shown takes (a toast never covers a dialog's
        // actions). Both read in the same moment: the toast of the step before may leave in between.
        const { box, toastSpace } = await dialog.evaluate((element) => {
          const { x, y, width, height } = element.getBoundingClientRect();
          const space = Number.parseFloat(getComputedStyle(document.documentElement).getPropertyValue('--app-toast-space')) || 0;
          return { box: { x: Math.round(x), y: Math.round(y), width: Math.round(width), height: Math.round(height) }, toastSpace: space };
        });
        expect({ title, box }).toEqual({ title, box: { x: 0, y: 0, width: PHONE.width, height: PHONE.height - Math.ceil(toastSpace) } });
        const overflow = await dialog.evaluate((element) => element.scrollWidth - element.clientWidth);
        expect({ title, overflow }).toEqual({ title, overflow: 0 });
        await expectNoSidewaysScroll(page, title);
        await screenshot(page, `phone-dialog-${tab}-${title.replace(/\W+/g, '-')}`, { fullPage: false });
        expect({ title, violations: await axeViolations(page) }).toEqual({ title, violations: [] });
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
      }
    });
  }
});
