import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe';
import { VIEWPORTS, launchBrowser, openPage, openPageBeforeTakeover, recordForeignRequests, screenshot, siteUrl } from './browser';
import { createAccessCode, signInOrganiser, type House } from './organiser';

const ACCESS_PATH = '/enthuelle-dein-wappen';

/** Records window.open instead of opening the chat (it would leave the site's origin). */
async function openAccessPage(browser: Browser, viewport: (typeof VIEWPORTS)[keyof typeof VIEWPORTS]) {
  const page = await browser.newPage({ viewport });
  await page.addInitScript(() => {
    const opened: unknown[][] = [];
    Object.assign(window, { openedWindows: opened });
    window.open = (...args: unknown[]) => {
      opened.push([...args, performance.now()]);
      return null;
    };
  });
  const foreign = recordForeignRequests(page);
  await openPage(page, `${siteUrl()}${ACCESS_PATH}`, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { level: 1, name: 'Zugang zum Haus' }).waitFor();
  return { page, foreign };
}

const openedWindows = (page: Page) =>
  page.evaluate(() => (window as unknown as { openedWindows: unknown[][] }).openedWindows);

describe('the access-code page in Chromium', () => {
  let browser: Browser;
  let code: string;
  let house: House;

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ code, house } = await createAccessCode(await signInOrganiser()));
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each(Object.entries(VIEWPORTS))('refuses an empty and a wrong code, then opens the house for a real one on %s', async (name, viewport) => {
    const { page, foreign } = await openAccessPage(browser, viewport);
    const input = page.getByLabel('Dein persönlicher Code');
    const unlock = page.getByRole('button', { name: 'Freischalten' });
    const alert = page.getByRole('alert');

    expect(await page.locator('section#login').count()).toBe(1);
    expect(await page.getByRole('banner').getByRole('link').allTextContents()).toEqual(['Zum Inhalt springen']);
    expect(await page.getByRole('banner').getByRole('button').count()).toBe(0);
    expect(await page.getByRole('textbox').count()).toBe(1);
    expect(await page.getByRole('link', { name: '← Zurück zur Hauptseite' }).getAttribute('href')).toBe('/');
    expect(await page.title()).toBe('Enthülle dein Wappen | Game Of Slavs');
    await screenshot(page, `access-${name}`);

    await input.fill('   ');
    await unlock.click();
    expect(await alert.textContent()).toBe('Bitte gib einen Zugangscode ein.');
    await screenshot(page, `access-empty-${name}`);
    const shownAt = Date.now();
    await alert.waitFor({ state: 'detached', timeout: 5000 });
    expect(Date.now() - shownAt).toBeGreaterThan(2000);

    await input.fill('FALSCH-CODE');
    await unlock.click();
    expect(await alert.textContent()).toBe('Ungültiger Zugangscode. Bitte überprüfe deinen Code und versuche es erneut.');
    await alert.waitFor({ state: 'detached', timeout: 5000 });

    // Entry is forgiving (DECISIONS §5): the phone keyboard's lower case and no hyphen still work.
    await input.fill(name === 'mobile' ? code.replace('-', '').toLowerCase() : code);
    await unlock.click();
    const welcome = page.getByRole('heading', { level: 1 });
    await welcome.filter({ hasText: 'Willkommen im' }).waitFor();
    expect(await welcome.textContent()).toBe(`Willkommen im ${house.name}`);
    const emblem = page.getByRole('img', { name: `Wappen des Hauses ${house.name}` });
    expect(await emblem.evaluate((image: HTMLImageElement) => image.decode().then(() => image.naturalWidth > 0))).toBe(true);
    await page.getByRole('heading', { level: 2, name: 'Dein Haus-Chat' }).waitFor();
    const qr = page.getByRole('img', { name: /QR-Code zum Chat/ });
    await qr.waitFor();
    expect(await qr.evaluate((image: HTMLImageElement) => image.decode().then(() => image.naturalWidth))).toBe(200);
    const chatButton = page.getByRole('link', { name: 'WhatsApp Gruppe öffnen' });
    expect(await chatButton.getAttribute('href')).toBe(house.chatUrl);
    expect(await chatButton.getAttribute('target')).toBe('_blank');

    await page.waitForFunction(() => (window as unknown as { openedWindows: unknown[] }).openedWindows.length > 0);
    const [[url, target]] = await openedWindows(page);
    expect([url, target]).toEqual([house.chatUrl, '_blank']);
    await page.waitForTimeout(300);
    await screenshot(page, `access-success-${name}`);

    await page.getByRole('link', { name: '← Zurück zur Hauptseite' }).click();
    await page.waitForURL(`${siteUrl()}/`);
    await page.getByRole('heading', { level: 1, name: 'Slawenfest im Harz' }).waitFor();
    expect(foreign).toEqual([]);
    await page.close();
  });

  it.each(Object.entries(VIEWPORTS))('shows a remembered house again after a reload, and forgets it when asked, on %s', async (name, viewport) => {
    const { page } = await openAccessPage(browser, viewport);
    await page.getByLabel('Dein persönlicher Code').fill(code);
    await page.getByRole('button', { name: 'Freischalten' }).click();
    await page.getByRole('heading', { level: 1, name: `Willkommen im ${house.name}` }).waitFor();
    // The hint speaks to the device in use: a phone taps the button, a desktop scans with a phone.
    const coarse = await page.evaluate(() => window.matchMedia('(pointer: coarse)').matches);
    const hint = coarse ? 'Tippe auf den Button, um die Gruppe zu öffnen' : 'Scanne den Code mit deinem Handy';
    expect(await page.getByText(hint).isVisible()).toBe(true);
    // Nothing is stored before the visitor asks.
    expect(await page.evaluate(() => Object.keys(window.localStorage))).toEqual([]);
    await page.getByRole('button', { name: 'Auf diesem Gerät merken' }).click();
    await page.getByText('Dein Haus ist auf diesem Gerät gespeichert.').waitFor();
    // The code, and the house it opened so that it shows offline (docs/decisions/037), and nothing else.
    expect(await page.evaluate(() => Object.keys(window.localStorage).sort())).toEqual(['game-of-slavs_house', 'game-of-slavs_house-code']);

    await page.reload({ waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: `Willkommen im ${house.name}` }).waitFor();
    await screenshot(page, `access-remembered-${name}`);
    // A remembered house does not open the chat by itself; the button does.
    expect(await openedWindows(page)).toEqual([]);
    expect(await page.getByRole('link', { name: 'WhatsApp Gruppe öffnen' }).getAttribute('href')).toBe(house.chatUrl);

    await page.getByRole('button', { name: 'Auf diesem Gerät vergessen' }).click();
    await page.getByRole('heading', { level: 1, name: 'Zugang zum Haus' }).waitFor();
    await page.reload({ waitUntil: 'networkidle' });
    await page.getByLabel('Dein persönlicher Code').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Zugang zum Haus');
    await page.close();
  });

  it.each([
    ['once it is', false],
    ['before it is', true],
  ])('keeps a code typed before the page is taken over, and opens the house with it when sent %s', async (_when, sentEarly) => {
    const page = await browser.newPage({ viewport: VIEWPORTS.mobile });
    const takeOver = await openPageBeforeTakeover(page, `${siteUrl()}${ACCESS_PATH}`);
    const input = page.getByLabel('Dein persönlicher Code');
    await input.click();
    await page.keyboard.type(code);
    if (sentEarly) {
      await page.keyboard.press('Enter');
      // The form was not sent as plain HTML: no reload, the code still in the field.
      expect(page.url()).toBe(`${siteUrl()}${ACCESS_PATH}`);
      expect(await input.inputValue()).toBe(code);
      await takeOver();
    } else {
      await takeOver();
      expect(await input.inputValue()).toBe(code);
      await input.press('Enter');
    }
    await page.getByRole('heading', { level: 1, name: `Willkommen im ${house.name}` }).waitFor();
    await page.close();
  });

  it('forgets a remembered code that no longer opens a house', async () => {
    const page = await browser.newPage({ viewport: VIEWPORTS.desktop });
    await openPage(page, siteUrl());
    await page.evaluate(() => window.localStorage.setItem('game-of-slavs_house-code', 'FALSCH-CODE'));
    await openPage(page, `${siteUrl()}${ACCESS_PATH}`, { waitUntil: 'networkidle' });
    await page.getByLabel('Dein persönlicher Code').waitFor();
    await page.waitForFunction(() => window.localStorage.getItem('game-of-slavs_house-code') === null);
    await page.close();
  });

  it('has no axe violation before and after a successful code', async () => {
    const { page } = await openAccessPage(browser, VIEWPORTS.desktop);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByLabel('Dein persönlicher Code').fill(code);
    await page.getByRole('button', { name: 'Freischalten' }).click();
    await page.getByRole('img', { name: /QR-Code zum Chat/ }).waitFor();
    await page.waitForTimeout(300);
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });
});
