import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { DEMO_ACCOUNTS } from '../../scripts/ensure-env.mjs';
import { openPage, siteUrl } from './browser';

/** Signs the demo organiser in through the dashboard's own form and waits for the dashboard. */
export async function signInToDashboard(page: Page) {
  await openPage(page, `${siteUrl()}/admin/login`);
  await page.getByLabel('Benutzername').fill(DEMO_ACCOUNTS.ORGANISER_USERNAME);
  await page.getByLabel('Passwort', { exact: true }).fill(DEMO_ACCOUNTS.ORGANISER_PASSWORD);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await page.getByRole('button', { name: 'Abmelden' }).waitFor();
}

export const openTab = (page: Page, name: string) => page.getByRole('tab', { name }).click();

export const dialog = (page: Page) => page.getByRole('dialog');

/** The file a click downloads: the name the browser suggests and its text. */
export async function download(page: Page, button: () => Promise<void>) {
  const [file] = await Promise.all([page.waitForEvent('download'), button()]);
  return { name: file.suggestedFilename(), text: await readFile(await file.path(), 'utf8') };
}
