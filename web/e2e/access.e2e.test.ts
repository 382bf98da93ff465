import net from 'node:net';
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

/**
 * The site as seen from another client: a local port whose connections reach the site's server
 * from `localAddress` (another loopback address), so the cms counts its wrong codes apart from
 * every other test's and its lock-out stays its own.
 */
async function siteFrom(localAddress: string) {
  const site = new URL(siteUrl());
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect({ host: '127.0.0.1', port: Number(site.port), localAddress });
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
      socket.on('close', () => sockets.delete(socket));
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://localhost:${port}`,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Network and CPU of the throttled phone (1.6 Mbit/s, 150 ms, CPU × 4). */
async function throttleLikeAPhone(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
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
    // Timed from the message's arrival: a full-page picture takes over a second on a busy machine.
    const shownAt = Date.now();
    await screenshot(page, `access-empty-${name}`);
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
      // Sent as a plain form, answered by the site's server with the house: no script has run yet.
      await page.getByRole('heading', { level: 1, name: `Willkommen im ${house.name}` }).waitFor();
      expect(await page.getByRole('img', { name: `QR-Code zum Chat des Hauses ${house.name}` }).getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
      await takeOver();
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(`Willkommen im ${house.name}`);
      // Kept on this device by the app, as after a code the app checked.
      await page.getByRole('button', { name: 'Auf diesem Gerät merken' }).click();
      await page.getByText('Dein Haus ist auf diesem Gerät gespeichert.').waitFor();
      // The entry is a plain one after the takeover: a reload asks for the page, it sends no code again.
      const resent: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST') resent.push(request.url());
      });
      await page.reload({ waitUntil: 'networkidle' });
      await page.getByRole('heading', { level: 1, name: `Willkommen im ${house.name}` }).waitFor();
      expect(resent.filter((url) => url.endsWith(ACCESS_PATH))).toEqual([]);
    } else {
      await takeOver();
      expect(await input.inputValue()).toBe(code);
      await input.press('Enter');
    }
    await page.getByRole('heading', { level: 1, name: `Willkommen im ${house.name}` }).waitFor();
    await page.close();
  });

  it('shows at once that a code sent before the takeover was taken, on the throttled phone', async () => {
    const page = await browser.newPage({ viewport: VIEWPORTS.mobile });
    await throttleLikeAPhone(page);
    const takeOver = await openPageBeforeTakeover(page, `${siteUrl()}${ACCESS_PATH}`);
    // The server's answer is held until the page has been looked at while it waits.
    let answer!: () => void;
    const answerHeld = new Promise<void>((resolve) => (answer = resolve));
    await page.route(`**${ACCESS_PATH}`, async (route) => {
      if (route.request().method() === 'POST') await answerHeld;
      await route.continue();
    });
    await page.getByLabel('Dein persönlicher Code').click();
    await page.keyboard.type(code);
    // Sent to the server as a plain form, and says so: the button busy, "Wird geprüft…" in place of
    // its label. Sent and read in the page itself: Playwright's own actions wait for the navigation.
    const shown = await page.evaluate(() => {
      const form = document.querySelector<HTMLFormElement>('#login form')!;
      const button = form.querySelector('button[type="submit"]')!;
      form.requestSubmit(button as HTMLButtonElement);
      return { busy: button.getAttribute('aria-busy'), label: getComputedStyle(button, '::after').content };
    });
    expect(shown).toEqual({ busy: 'true', label: '"Wird geprüft…"' });
    answer();
    await page.getByRole('heading', { level: 1, name: `Willkommen im ${house.name}` }).waitFor({ timeout: 45_000 });
    await screenshot(page, 'access-sent-code-answered-mobile', { fullPage: false });
    await takeOver();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(`Willkommen im ${house.name}`);
    await page.close();
  }, 90_000);

  it.each(Object.entries(VIEWPORTS))('shows the lock-out in the form, counted down from Retry-After, without moving the button, on %s', async (name, viewport) => {
    // Each size from its own address: the lock-out of one does not meet the other, nor the other tests.
    const site = await siteFrom(name === 'desktop' ? '127.0.0.2' : '127.0.0.3');
    const page = await browser.newPage({ viewport });
    try {
      await openPage(page, `${site.url}${ACCESS_PATH}`, { waitUntil: 'networkidle' });
      const input = page.getByLabel('Dein persönlicher Code');
      const button = page.locator('#login form button[type="submit"]');
      const buttonTop = () => button.evaluate((element) => Math.round(element.getBoundingClientRect().top));
      const before = await buttonTop();

      // Ten wrong, well-formed codes (the limit); each shows the message without moving the button.
      for (let attempt = 1; attempt <= 10; attempt++) {
        await input.fill(`ZZZZZ-ZZZZ${'23456789AB'[attempt - 1]}`);
        await input.press('Enter');
        const alert = page.getByRole('alert').filter({ hasText: 'Ungültiger Zugangscode.' });
        await alert.waitFor();
        if (attempt === 1) {
          expect(await buttonTop()).toBe(before);
          expect(await input.getAttribute('aria-invalid')).toBe('true');
          expect(await input.getAttribute('aria-describedby')).toBe(await alert.getAttribute('id'));
          await alert.waitFor({ state: 'detached', timeout: 5000 });
          expect(await buttonTop()).toBe(before);
          expect(await input.getAttribute('aria-invalid')).toBeNull();
          expect(await input.getAttribute('aria-describedby')).toBeNull();
        }
      }
      // The next, even a genuine one, is refused: the form says for how long.
      await input.fill(code);
      await input.press('Enter');
      await page.getByRole('alert').filter({ hasText: 'Zu viele Versuche. Bitte warte ein paar Minuten.' }).waitFor();
      await page.getByRole('button', { name: /^Gesperrt – noch \d:\d\d$/ }).waitFor();
      expect(await button.isDisabled()).toBe(true);
      expect(await buttonTop()).toBe(before);
      await screenshot(page, `access-locked-${name}`, { fullPage: false });
      const shown = async () => {
        const [minutes, seconds] = ((await button.textContent()) ?? '').replace('Gesperrt – noch ', '').split(':').map(Number);
        return minutes * 60 + seconds;
      };
      const first = await shown();
      expect(first).toBeGreaterThan(200);
      expect(first).toBeLessThanOrEqual(300);
      // After SPEC's 3 seconds the message goes; the lock and its countdown stay.
      await page.getByRole('alert').waitFor({ state: 'detached', timeout: 5000 });
      expect(await button.isDisabled()).toBe(true);
      expect(await shown()).toBeLessThan(first);
      expect(await buttonTop()).toBe(before);
      await input.press('Enter');
      await page.waitForTimeout(500);
      expect(await page.getByRole('heading', { level: 1, name: 'Zugang zum Haus' }).count()).toBe(1);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `access-locked-later-${name}`, { fullPage: false });
    } finally {
      await page.close();
      await site.close();
    }
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

  it.each([...Object.entries(VIEWPORTS), ['narrow', { width: 320, height: 700 }] as const])(
    'works with scripts turned off on %s: a refused code keeps what was typed, a real one opens the house',
    async (name, viewport) => {
      const context = await browser.newContext({ javaScriptEnabled: false, viewport });
      const page = await context.newPage();
      try {
        await page.goto(`${siteUrl()}${ACCESS_PATH}`);
        const input = page.getByLabel('Dein persönlicher Code');
        await input.fill('FALSCH-0000');
        await input.press('Enter');
        await page.waitForLoadState('load');
        expect(await page.getByRole('alert').textContent()).toBe('Ungültiger Zugangscode. Bitte überprüfe deinen Code und versuche es erneut.');
        expect(await input.inputValue()).toBe('FALSCH-0000');
        await screenshot(page, `access-no-scripts-refused-${name}`, { fullPage: false });

        await input.fill(` ${code.toLowerCase()} `);
        await page.getByRole('button', { name: 'Freischalten' }).click();
        await page.getByRole('heading', { level: 1, name: `Willkommen im ${house.name}` }).waitFor();
        const qr = page.getByRole('img', { name: `QR-Code zum Chat des Hauses ${house.name}` });
        expect(await qr.evaluate((image: HTMLImageElement) => image.decode().then(() => image.naturalWidth))).toBe(200);
        expect(await page.getByRole('link', { name: 'WhatsApp Gruppe öffnen' }).getAttribute('href')).toBe(house.chatUrl);
        expect(await page.getByText('QR-Code wird generiert...').count()).toBe(0);
        // Nothing wider than the screen, down to 320 px.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(viewport.width);
        await screenshot(page, `access-no-scripts-house-${name}`);
      } finally {
        await context.close();
      }
    },
  );

  it('counts codes sent as a form and codes the app sends as one client’s, and locks both doors together', async () => {
    const site = await siteFrom('127.0.0.4');
    try {
      const sendForm = (value: string) =>
        fetch(`${site.url}${ACCESS_PATH}`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ code: value }) });
      // Five wrong codes through the form, five through the app's call: the limit of ten.
      for (let attempt = 0; attempt < 5; attempt++) expect((await sendForm(`ZZZZZ-ZZZZ${attempt + 2}`)).status).toBe(400);
      for (let attempt = 0; attempt < 5; attempt++) {
        const answer = await fetch(`${site.url}/api/auth/verify-code`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ code: `ZZZZZ-ZZZY${attempt + 2}` }) });
        expect(answer.status).toBe(400);
      }
      // The next, even a genuine one, is locked, through the form too, and the page says so.
      const locked = await sendForm(code);
      expect(locked.status).toBe(429);
      const html = await locked.text();
      expect(html).toContain('Zu viele Versuche. Bitte warte ein paar Minuten.');
      expect(html).toMatch(/Gesperrt – noch \d:\d\d/);
      expect(html).not.toContain(house.chatUrl);
      // Another client is not locked by this one.
      expect((await fetch(`${siteUrl()}${ACCESS_PATH}`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ code }) })).status).toBe(200);
    } finally {
      await site.close();
    }
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
