import type { Browser, FrameLocator, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../scripts/ensure-env.mjs';
import { VIEWPORTS, keepEvidenceOfFailures, launchBrowser, openPage, recordForeignRequests, reloadUntil, screenshot, siteUrl } from './browser';

type Performer = { name: string; position: number };

const performersFromApi = async (): Promise<Performer[]> => {
  const response = await fetch(`${siteUrl()}/api/performers?sort=position`);
  return ((await response.json()) as { data: Performer[] }).data;
};

// The menu in the order of the public page, with the names the editors read.
const MENU = {
  'Listen auf der Startseite': ['Agenda-Bilder', 'Künstler', 'Unterkunftsfotos', 'FAQ'],
  'Texte und Seiten': ['Festival und Texte', 'Impressum', 'Datenschutzerklärung'],
};
const ORGANISERS = ['Bestellung', 'Zugangscode', 'Haus', 'Produkt', 'Einstellung', 'User', 'Benutzer'];

/** Signs the demo editor (role "Redaktion", not Super Admin) in to the panel, as a newcomer: German from the first screen. */
async function signInAsEditor(page: Page) {
  await page.goto(`${siteUrl()}/cms/admin`);
  await page.getByRole('heading', { name: 'Game Of Slavs: Redaktion' }).waitFor();
  await page.getByLabel('E-Mail').fill(DEMO_ACCOUNTS.CMS_ADMIN_EMAIL);
  await page.getByLabel('Passwort').fill(DEMO_ACCOUNTS.CMS_ADMIN_PASSWORD);
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/cms\/admin\/?$/);
}

/** Saves the form the way an editor does, and waits for the panel's confirmation. */
async function save(page: Page) {
  await page.getByRole('button', { name: 'Speichern' }).click();
  await page.getByText('Gespeichert').first().waitFor();
}

/** The one markdown editor of the form (CodeMirror): its whole text replaced by typing, as an editor would. */
async function typeIntoMarkdown(page: Page, text: string) {
  await page.locator('.CodeMirror').first().click();
  await page.keyboard.press('Control+A');
  await page.keyboard.type(text);
}

/**
 * Opens a FAQ answer as a reader does. The section is taken over in the browser only when it
 * comes near the screen (docs/decisions/008): a click before that opens nothing, and the reader
 * clicks again.
 */
async function openAnswer(faq: Locator, question: string, answer: Locator) {
  const button = faq.getByRole('button', { name: question });
  await expect
    .poll(
      async () => {
        if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
        return answer.isVisible();
      },
      { timeout: 20_000, interval: 500 },
    )
    .toBe(true);
}

describe('the Strapi panel under /cms for content editors', () => {
  let browser: Browser;
  const watch = keepEvidenceOfFailures();

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('greets the editor in German with the festival, and shows only the site\'s content in the order of the page', async () => {
    const page = watch(await browser.newPage({ viewport: VIEWPORTS.desktop }));
    const foreign = recordForeignRequests(page);
    await page.goto(`${siteUrl()}/cms/admin`);
    await page.getByRole('heading', { name: 'Game Of Slavs: Redaktion' }).waitFor();
    await page.getByText('Melde dich an, um die Texte und Bilder der Festival-Website zu pflegen.').waitFor();
    // The festival's crest instead of Strapi's logo.
    expect(await page.locator('img').first().getAttribute('src')).toMatch(/svg/);
    await screenshot(page, 'panel-sign-in', { fullPage: false });

    await signInAsEditor(page);
    await page.goto(`${siteUrl()}/cms/admin/content-manager`);
    const menu = page.getByRole('navigation', { name: 'Inhalt', exact: true });
    await menu.getByRole('link', { name: 'Künstler', exact: true }).waitFor();
    const shown = await menu.getByRole('link').allTextContents();
    expect(shown).toEqual(Object.values(MENU).flat());
    for (const title of Object.keys(MENU)) expect(await menu.getByText(title).count(), title).toBe(1);
    for (const hidden of ORGANISERS) expect(await page.getByRole('link', { name: hidden, exact: true }).count(), hidden).toBe(0);
    for (const tool of ['Content-Type Builder', 'Marketplace', 'Plugins']) {
      expect(await page.getByRole('link', { name: tool }).count(), tool).toBe(0);
    }
    await screenshot(page, 'panel-editor-content-types', { fullPage: false });

    await page.goto(`${siteUrl()}/cms/admin/content-manager/collection-types/api::order.order`);
    await page.getByText(/keine ausreichenden Berechtigungen|keine Berechtigung|don't have the permissions/i).first().waitFor();
    expect(foreign).toEqual([]);
    await page.close();
  }, 180_000);

  it('lists the FAQ by position from 1, with German columns and dates', async () => {
    const page = watch(await browser.newPage({ viewport: VIEWPORTS.desktop }));
    await signInAsEditor(page);
    await page.goto(`${siteUrl()}/cms/admin/content-manager/collection-types/api::faq-item.faq-item`);
    const table = page.locator('table').first();
    await table.getByText('Warum ist das Fest mittelalterlich?').waitFor();
    const headers = (await table.locator('thead th').allTextContents()).map((text) => text.trim()).filter(Boolean);
    expect(headers.slice(0, 3)).toEqual(['Position', 'Frage', 'Geändert am']);
    const firstRow = table.locator('tbody tr').first();
    expect(await firstRow.textContent()).toMatch(/^\D*1\D*Warum ist das Fest mittelalterlich\?/);
    // A German date: day, month name or number, year, as "25. November 2026" or "25.11.2026".
    expect(await firstRow.textContent()).toMatch(/\d{1,2}\.\s?(\d{1,2}\.|[A-ZÄÖÜ][a-zäöü]+)\s?\d{4}/);
    await screenshot(page, 'panel-faq-list', { fullPage: false });
    await page.close();
  }, 180_000);

  it('lets an editor change a section label and a FAQ answer, and the preview and the public page show both', async () => {
    const page = watch(await browser.newPage({ viewport: VIEWPORTS.desktop }));
    const foreign = recordForeignRequests(page);
    await signInAsEditor(page);

    // The festival's texts: each field says what it is and where it appears.
    await page.goto(`${siteUrl()}/cms/admin/content-manager/single-types/api::festival.festival`);
    const label = page.getByLabel('Kleine Zeile über „Häufige Fragen“');
    await label.waitFor();
    await page.getByText('Steht in Gold über der Überschrift des Abschnitts, z. B. „Fragen am Lagerfeuer“.', { exact: false }).first().waitFor();
    await page.getByText('Anreise mit der Bahn', { exact: true }).waitFor();
    await label.fill('Am Feuer gefragt');
    await save(page);
    await screenshot(page, 'panel-festival-texts', { fullPage: false });

    await page.goto(`${siteUrl()}/cms/admin/content-manager/collection-types/api::faq-item.faq-item`);
    await page.getByText('Warum ist das Fest mittelalterlich?').click();
    await page.locator('.CodeMirror').first().waitFor();
    await typeIntoMarkdown(page, 'Weil das Feuer **heller** brennt, wenn alle ein Banner tragen.');
    await save(page);

    await page.getByRole('button', { name: 'Vorschau öffnen' }).or(page.getByRole('link', { name: 'Vorschau öffnen' })).click();
    const preview: FrameLocator = page.frameLocator('iframe[data-testid="preview-iframe"]');
    const faq = preview.locator('#faq');
    await faq.getByText('Am Feuer gefragt', { exact: true }).waitFor();
    await openAnswer(faq, 'Warum ist das Fest mittelalterlich?', faq.getByText('heller', { exact: true }));
    await screenshot(page, 'panel-preview', { fullPage: false });

    const site = watch(await browser.newPage({ viewport: VIEWPORTS.mobile }));
    await openPage(site, `${siteUrl()}/#faq`);
    const section = site.locator('#faq');
    await reloadUntil(site, async () => (await section.getByText('Am Feuer gefragt', { exact: true }).count()) === 1);
    await openAnswer(section, 'Warum ist das Fest mittelalterlich?', section.getByText('Weil das Feuer', { exact: false }));
    expect(await section.locator('strong').filter({ hasText: 'heller' }).count()).toBe(1);
    await screenshot(site, 'panel-change-on-site', { fullPage: false });
    expect(foreign).toEqual([]);
    await site.close();
    await page.close();
    // The whole journey of an editor: several page loads of the panel, two saves, the preview.
  }, 240_000);

  it('lets an editor rename a performer, and the public API shows it', async () => {
    const page = watch(await browser.newPage({ viewport: VIEWPORTS.desktop }));
    await signInAsEditor(page);

    const [first] = await performersFromApi();
    await page.goto(`${siteUrl()}/cms/admin/content-manager/collection-types/api::performer.performer`);
    await page.getByText(first.name, { exact: true }).click();
    const name = page.locator('input[name="name"]');
    await name.waitFor();
    await name.fill(`${first.name} (neu)`);
    await save(page);

    const [renamed] = await performersFromApi();
    expect(renamed.name).toBe(`${first.name} (neu)`);
    await page.close();
  }, 120_000);
});
