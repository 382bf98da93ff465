import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { DEMO_ACCOUNTS } from '../../scripts/ensure-env.mjs';
import { openPage, screenshot, siteUrl } from './browser';

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

/**
 * The dialog named `name` as its user sees it: fully visible (computed opacity 1) from the moment
 * it is in the page, where Playwright (and a quick keyboard) can act on it. A dialog that faded in
 * sat in the page at opacity 0 until the browser drew its next frames, for seconds on a busy
 * machine, and was clicked through unseen (docs/decisions/042). A picture of the screen is kept
 * under `picture`.
 */
export async function shownDialog(page: Page, name: string, picture: string) {
  const shown = page.getByRole('dialog', { name });
  await shown.waitFor();
  expect(await shown.evaluate((content) => getComputedStyle(content).opacity), name).toBe('1');
  await screenshot(page, picture, { fullPage: false });
  return shown;
}

/** The file a click downloads: the name the browser suggests and its text. */
export async function download(page: Page, button: () => Promise<void>) {
  const [file] = await Promise.all([page.waitForEvent('download'), button()]);
  return { name: file.suggestedFilename(), text: await readFile(await file.path(), 'utf8') };
}
