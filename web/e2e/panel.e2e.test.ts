import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../scripts/ensure-env.mjs';
import { VIEWPORTS, launchBrowser, recordForeignRequests, screenshot, siteUrl } from './browser';

type Performer = { name: string; position: number };

const performersFromApi = async (): Promise<Performer[]> => {
  const response = await fetch(`${siteUrl()}/api/performers?sort=position`);
  return ((await response.json()) as { data: Performer[] }).data;
};

async function dismissGuidedTour(page: Page) {
  const skip = page.getByRole('button', { name: 'Skip' });
  if (await skip.isVisible().catch(() => false)) await skip.click();
}

/** Signs the demo editor (role "Redaktion", not Super Admin) in to the panel. */
async function signInAsEditor(page: Page) {
  await page.goto(`${siteUrl()}/cms/admin`);
  await page.fill('input[name="email"]', DEMO_ACCOUNTS.CMS_ADMIN_EMAIL);
  await page.fill('input[name="password"]', DEMO_ACCOUNTS.CMS_ADMIN_PASSWORD);
  await page.click('button[type="submit"]');
  await page.waitForURL(/\/cms\/admin\/?$/);
}

describe('the Strapi panel under /cms for content editors', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('lets an editor sign in, rename a performer, and the public API shows it', async () => {
    const page = await browser.newPage({ viewport: VIEWPORTS.desktop });
    const foreign = recordForeignRequests(page);
    await signInAsEditor(page);

    const [first] = await performersFromApi();
    await page.goto(`${siteUrl()}/cms/admin/content-manager/collection-types/api::performer.performer`);
    await page.getByText(first.name, { exact: true }).waitFor();
    await dismissGuidedTour(page);
    await page.getByText(first.name, { exact: true }).click();
    const name = page.locator('input[name="name"]');
    await name.waitFor();
    await name.fill(`${first.name} (neu)`);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved document').waitFor();
    await screenshot(page, 'panel-performer-saved');

    const [renamed] = await performersFromApi();
    expect(renamed.name).toBe(`${first.name} (neu)`);
    expect(foreign).toEqual([]);
    await page.close();
  });

  it("lists the site's content for the editor, and none of the organisers' data", async () => {
    const page = await browser.newPage({ viewport: VIEWPORTS.desktop });
    await signInAsEditor(page);
    await page.goto(`${siteUrl()}/cms/admin/content-manager`);
    await page.getByRole('link', { name: 'Künstler', exact: true }).waitFor();
    await dismissGuidedTour(page);
    for (const shown of ['Festival', 'FAQ-Eintrag', 'Agenda-Bild', 'Unterkunftsfoto', 'Impressum', 'Datenschutzerklärung']) {
      expect(await page.getByRole('link', { name: shown, exact: true }).count(), shown).toBe(1);
    }
    for (const hidden of ['Bestellung', 'Zugangscode', 'Haus', 'Produkt', 'Einstellung', 'User']) {
      expect(await page.getByRole('link', { name: hidden, exact: true }).count(), hidden).toBe(0);
    }
    await screenshot(page, 'panel-editor-content-types');

    await page.goto(`${siteUrl()}/cms/admin/content-manager/collection-types/api::order.order`);
    await page.getByText(/don't have the permissions|keine Berechtigung/i).first().waitFor();
    await page.close();
  });
});
