import type { Browser, FrameLocator, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROGRAMME_MESSAGES } from '../../cms/src/contract/programme';
import { DEMO_ACCOUNTS } from '../../scripts/ensure-env.mjs';
import { VIEWPORTS, keepEvidenceOfFailures, launchBrowser, openPage, recordForeignRequests, reloadUntil, screenshot, siteUrl } from './browser';

type Performer = { name: string; position: number };

const performersFromApi = async (): Promise<Performer[]> => {
  const response = await fetch(`${siteUrl()}/api/performers?sort=position`);
  return ((await response.json()) as { data: Performer[] }).data;
};

// The menu in the order of the public page, with the names the editors read.
const MENU = {
  'Listen auf der Startseite': ['Agenda-Bilder', 'Künstler', 'Programm', 'Orte', 'Unterkunftsfotos', 'FAQ'],
  'Texte und Seiten': ['Festival und Texte', 'Impressum', 'Datenschutzerklärung'],
};
const ORGANISERS = ['Bestellung', 'Zugangscode', 'Haus', 'Produkt', 'Einstellung', 'User', 'Benutzer'];

/** Strapi's own English that the German panel must not show (issue 44, item 21), in text, labels and titles. */
const STRAPI_ENGLISH = [
  'Learn more on our documentation',
  'Add folder',
  'Close modal',
  'Bulleted list',
  'Numbered list',
  'Add new assets',
  'Last edited entries',
  'No edited entries',
];
/** What an editor has no use for: Strapi's plan, pricing and versions, and the published-entries statistics. */
const STRAPI_NOISE = ['Community', 'CURRENT PLAN', 'AKTUELLER PLAN', 'Keine veröffentlichten Einträge', 'Zuletzt veröffentlichte Einträge', 'Projektstatistik'];

/** What a person reads on the page and what a screen reader announces: text, labels, titles, placeholders. */
const wordsOnPage = (page: Page) =>
  page.evaluate(() => {
    const attributes = ['aria-label', 'title', 'placeholder', 'alt'];
    const labelled = [...document.querySelectorAll(attributes.map((name) => `[${name}]`).join(','))];
    return [document.body.innerText, ...labelled.flatMap((element) => attributes.map((name) => element.getAttribute(name) ?? ''))].join('\n');
  });

/** Notes, per page the editor visits, the known noise shown, every console.error and every request refused. */
function listenForNoise(page: Page) {
  const found = { english: [] as string[], errors: [] as string[], refused: [] as string[] };
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const url = message.location().url || page.url();
    found.errors.push(`${page.url()} (${url}): ${message.text().slice(0, 200)}`);
  });
  page.on('pageerror', (error) => found.errors.push(`${page.url()}: ${error.message}`));
  page.on('response', (response) => {
    const status = response.status();
    if (status >= 400 && status < 500) found.refused.push(`${status} ${response.request().method()} ${response.url()}`);
  });
  const check = async (where: string) => {
    const words = await wordsOnPage(page);
    for (const text of [...STRAPI_ENGLISH, ...STRAPI_NOISE]) if (words.includes(text)) found.english.push(`${where}: ${text}`);
  };
  return { found, check };
}

/** The panel has settled: nothing loading, no request under way for a moment. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
  await expect.poll(() => page.getByText(/^Lädt|^Loading/).count(), { timeout: 15_000 }).toBe(0);
}

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

/** Opens a FAQ answer as a reader does: a click on its question, a `<details>` the browser opens. */
async function openAnswer(faq: Locator, question: string, answer: Locator) {
  await faq.locator('summary', { hasText: question }).click();
  await answer.waitFor({ state: 'visible', timeout: 5000 });
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

  it("shows the editor content and media in German with what was last edited, and none of Strapi's own noise", async () => {
    const page = watch(await browser.newPage({ viewport: VIEWPORTS.desktop }));
    const { found, check } = listenForNoise(page);
    await signInAsEditor(page);

    // Home: what was last edited, nothing about published counts or the project's statistics.
    await page.getByText('Zuletzt bearbeitete Einträge', { exact: true }).waitFor();
    // The seeded entries, the last edited first, each with its type's name.
    await page.locator('table tbody tr').first().waitFor();
    await settle(page);
    expect(await page.getByText('Keine bearbeiteten Einträge').count()).toBe(0);
    await check('home');
    await screenshot(page, 'panel-editor-home', { fullPage: false });

    // Every type the editor's menu lists: its list, its first entry.
    await page.goto(`${siteUrl()}/cms/admin/content-manager`);
    const menu = page.getByRole('navigation', { name: 'Inhalt', exact: true });
    await menu.getByRole('link').first().waitFor();
    const types = await menu.getByRole('link').evaluateAll((links) => links.map((link) => [link.textContent ?? '', (link as HTMLAnchorElement).href]));
    expect(types.length).toBeGreaterThanOrEqual(7);
    for (const [name, href] of types) {
      await page.goto(href);
      if (href.includes('/collection-types/')) {
        await page.locator('table, [data-testid="empty-state"]').or(page.getByText(/Keine Inhalte|Keine Einträge/)).first().waitFor();
        await settle(page);
        await check(`${name}, list`);
        const firstRow = page.locator('table tbody tr').first();
        if ((await firstRow.count()) === 0) continue;
        await firstRow.locator('td').nth(1).click();
      }
      await page.getByRole('button', { name: 'Speichern' }).waitFor();
      await settle(page);
      await check(`${name}, entry`);
    }
    await screenshot(page, 'panel-editor-entry', { fullPage: false });

    // A picture's dialog from inside an entry, as an editor opens it to change its description.
    await page.goto(`${siteUrl()}/cms/admin/content-manager/collection-types/api::agenda-image.agenda-image`);
    await page.locator('table tbody tr').first().locator('td').nth(1).click();
    await page.getByRole('button', { name: 'Bearbeiten', exact: true }).first().click();
    await page.getByRole('dialog').waitFor();
    await settle(page);
    await check('a picture in an entry');
    await screenshot(page, 'panel-editor-entry-picture-dialog', { fullPage: false });
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });

    // The media library, its upload dialog and its folder dialog.
    await page.goto(`${siteUrl()}/cms/admin/plugins/upload`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await settle(page);
    await check('media library');
    await screenshot(page, 'panel-editor-media', { fullPage: false });
    for (const opens of [/^Neue Dateien hinzufügen$/, /^Neuen Ordner hinzufügen$/]) {
      await page.getByRole('button', { name: opens }).first().click();
      await page.getByRole('dialog').waitFor();
      await settle(page);
      await check(`media library, ${opens.source}`);
      await screenshot(page, `panel-editor-media-dialog-${opens.source.replace(/\W+/g, '-')}`, { fullPage: false });
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
    }

    // "Einstellungen" is the editor's profile: Strapi's plan, pricing link and versions are not theirs.
    await page.getByRole('link', { name: 'Einstellungen' }).first().click();
    await page.waitForURL(/\/cms\/admin\/me$/, { timeout: 15_000 }).catch(() => undefined);
    await settle(page);
    await check('settings');
    await screenshot(page, 'panel-editor-settings', { fullPage: false });
    const settings = { at: new URL(page.url()).pathname, linksToStrapi: await page.locator('a[href*="strapi.io"]').count() };

    expect({ ...found, settings }).toEqual({ english: [], errors: [], refused: [], settings: { at: '/cms/admin/me', linksToStrapi: 0 } });
    await page.close();
  }, 300_000);

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

  it('lets an editor add a programme entry by clicking and typing, shows it on /programm and its own address, and refuses an end before its start under the field', async () => {
    const page = watch(await browser.newPage({ viewport: VIEWPORTS.desktop }));
    const { found } = listenForNoise(page);
    await signInAsEditor(page);
    await page.goto(`${siteUrl()}/cms/admin/content-manager`);
    await page.getByRole('navigation', { name: 'Inhalt', exact: true }).getByRole('link', { name: 'Programm', exact: true }).click();
    await page.locator('table tbody tr').first().waitFor();
    await page.getByRole('link', { name: 'Neuer Eintrag' }).or(page.getByRole('button', { name: 'Neuer Eintrag' })).first().click();
    await page.getByLabel('Titel').waitFor();
    await settle(page);
    await screenshot(page, 'panel-programme-new', { fullPage: false });

    // Sunday morning in the tent, before its first workshop: a slot nobody holds.
    const title = 'Morgenlieder im Zelt';
    await page.getByLabel('Titel').fill(title);
    await page.getByRole('combobox', { name: 'Ort' }).click();
    await page.getByRole('option', { name: 'Methallenzelt' }).click();
    const day = page.getByRole('combobox', { name: 'Tag' });
    await day.click();
    await day.pressSequentially('27.07.2025');
    await page.keyboard.press('Escape');
    for (const [label, time] of [['Beginn', '06:00'], ['Ende', '06:45']] as const) {
      await page.getByRole('combobox', { name: label }).click();
      await page.getByRole('combobox', { name: label }).pressSequentially(time);
      await page.keyboard.press('Enter');
    }
    await page.getByRole('combobox', { name: 'Art' }).click();
    await page.getByRole('option', { name: 'workshop' }).click();
    await screenshot(page, 'panel-programme-filled', { fullPage: false });
    await save(page);
    await screenshot(page, 'panel-programme-saved', { fullPage: false });

    // The guest's programme on Sunday, and the entry's own address.
    const site = watch(await browser.newPage({ viewport: VIEWPORTS.mobile }));
    await openPage(site, `${siteUrl()}/programm`, { waitUntil: 'networkidle' });
    await reloadUntil(site, async () => {
      await site.getByRole('button', { name: 'So, 27. Juli' }).click();
      return (await site.getByRole('link', { name: title, exact: true }).count()) === 1;
    });
    const sunday = site.getByRole('list', { name: 'Sonntag, 27. Juli' });
    const item = sunday.getByRole('listitem').filter({ has: site.getByRole('link', { name: title, exact: true }) });
    expect(await item.textContent()).toContain('06:00–06:45 Uhr');
    expect(await item.textContent()).toContain('Methallenzelt');
    await screenshot(site, 'panel-programme-on-site');
    await sunday.getByRole('link', { name: title, exact: true }).click();
    await site.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(new URL(site.url()).pathname).toMatch(/^\/programm\/morgenlieder-im-zelt-\d+$/);
    await screenshot(site, 'panel-programme-entry-page');
    await site.close();

    // An end an hour before the start would be a 23-hour entry: refused, in German under "Ende".
    const ende = page.getByRole('combobox', { name: 'Ende' });
    await ende.click();
    await page.getByRole('option', { name: '05:00', exact: true }).click();
    expect(await ende.inputValue()).toBe('05:00');
    await screenshot(page, 'panel-programme-end-changed', { fullPage: false });
    await page.getByRole('button', { name: 'Speichern' }).click();
    // In the notice, and under the field it is about, as the field's own error.
    await page.getByRole('region', { name: /^Notifications/ }).getByText(PROGRAMME_MESSAGES.endBeforeStart, { exact: true }).waitFor();
    expect(await ende.getAttribute('aria-invalid')).toBe('true');
    const describedBy = ((await ende.getAttribute('aria-describedby')) ?? '').split(' ').filter(Boolean);
    expect(await Promise.all(describedBy.map((id) => page.locator(`[id="${id}"]`).textContent()))).toContain(PROGRAMME_MESSAGES.endBeforeStart);
    await screenshot(page, 'panel-programme-refused', { fullPage: false });
    const stored = (await (await fetch(`${siteUrl()}/api/programme`)).json()) as { entries: { title: string; end: string }[] };
    expect(stored.entries.find((entry) => entry.title === title)?.end).toBe('06:45');
    // The refusal is the one 400 the editor met (Chromium notes it in the console too); nothing else went wrong on the way.
    const theRefusal = /programme-entry\.programme-entry\/\w+\)?:? .*400|^400 PUT .*programme-entry/;
    expect({ english: found.english, errors: found.errors.filter((line) => !theRefusal.test(line)), refused: found.refused.filter((line) => !theRefusal.test(line)) }).toEqual({
      english: [],
      errors: [],
      refused: [],
    });
    expect(found.refused).toHaveLength(1);
    await page.close();
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
