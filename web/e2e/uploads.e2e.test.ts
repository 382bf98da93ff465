import { readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../scripts/ensure-env.mjs';
import { VIEWPORTS, isDrawn, keepEvidenceOfFailures, launchBrowser, openPage, screenshot, siteUrl } from './browser';
import { signInToDashboard } from './dashboard-page';

// Issue 16: a panel editor uploaded a page and a script through the media library; the site
// served them from its own origin, and the page, opened by a signed-in organiser, read the
// dashboard's storage and called /api/admin/* with the organiser's cookie.

/**
 * What the page would do as the site: mark the document, copy the organiser's data, and call the
 * admin API as the dashboard does. The inline script is what the cms's old CSP stopped; the
 * script from the uploads folder, `script-src 'self'`, is what it let run.
 */
const TAKE_OVER_SCRIPT = `document.title = 'ran';
const user = JSON.parse(localStorage.getItem('adminUser') ?? '{}');
localStorage.setItem('taken-over', JSON.stringify(user));
fetch('/api/admin/users', { credentials: 'include', headers: { 'x-user-id': String(user.id) } });`;
const TAKE_OVER = `<!doctype html><title>untouched</title>
<script>${TAKE_OVER_SCRIPT}</script>
<script src="/uploads/take-over.js"></script>`;

const uploadsDir = () => inject('uploadsDir');

/** The panel's own API, as the panel calls it with the editor's token. */
async function panelFiles(): Promise<string[]> {
  const login = await fetch(`${siteUrl()}/cms/admin/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: DEMO_ACCOUNTS.CMS_ADMIN_EMAIL, password: DEMO_ACCOUNTS.CMS_ADMIN_PASSWORD }),
  });
  const { data } = (await login.json()) as { data: { token: string } };
  const files = await fetch(`${siteUrl()}/cms/upload/files?pageSize=100`, { headers: { Authorization: `Bearer ${data.token}` } });
  const body = (await files.json()) as { results: { name: string }[] };
  return body.results.map(({ name }) => name);
}

async function signInToPanel(page: Page) {
  await page.goto(`${siteUrl()}/cms/admin`);
  await page.fill('input[name="email"]', DEMO_ACCOUNTS.CMS_ADMIN_EMAIL);
  await page.fill('input[name="password"]', DEMO_ACCOUNTS.CMS_ADMIN_PASSWORD);
  await page.click('button[type="submit"]');
  await page.waitForURL(/\/cms\/admin\/?$/);
}

describe('uploads never run as the site', () => {
  let browser: Browser;
  const watch = keepEvidenceOfFailures();

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('refuses a page and a script an editor uploads through the media library, storing neither', async () => {
    const page = watch(await browser.newPage({ viewport: VIEWPORTS.desktop }));
    const before = { library: await panelFiles(), onDisk: (await readdir(uploadsDir())).sort() };
    await signInToPanel(page);
    await page.goto(`${siteUrl()}/cms/admin/plugins/upload`);

    const refusals: number[] = [];
    page.on('response', (response) => {
      if (response.request().method() === 'POST' && new URL(response.url()).pathname.startsWith('/cms/upload')) refusals.push(response.status());
    });
    // The panel's media library as the editor has it: German (decision 041).
    await page.getByRole('button', { name: 'Neue Dateien hinzufügen' }).click();
    await page.getByRole('dialog').getByText('Dateien hierhin ziehen oder').waitFor();
    await page.getByRole('dialog').locator('input[type="file"]').setInputFiles([
      { name: 'take-over.html', mimeType: 'text/html', buffer: Buffer.from(TAKE_OVER) },
      { name: 'take-over.js', mimeType: 'text/javascript', buffer: Buffer.from(TAKE_OVER_SCRIPT) },
      { name: 'take-over.png', mimeType: 'image/png', buffer: Buffer.from(TAKE_OVER) },
    ]);
    await page.getByRole('button', { name: 'Lade 3 Dateien in die Bibliothek' }).click();
    await expect.poll(() => refusals.length, { timeout: 20_000 }).toBe(3);
    await page.getByText('Der Dateityp „text/html“ ist nicht erlaubt. Erlaubt sind Bilder (JPEG, PNG, WebP, AVIF, GIF) und PDF-Dokumente.').waitFor();
    await page.getByText('Der Dateityp „text/javascript“ ist nicht erlaubt.', { exact: false }).waitFor();
    await page.getByText('„take-over.png“ wurde nicht hochgeladen', { exact: false }).waitFor();
    await screenshot(page, 'uploads-refused-in-the-panel', { fullPage: false });
    expect(refusals).toEqual([400, 400, 400]);

    expect(await panelFiles()).toEqual(before.library);
    expect((await readdir(uploadsDir())).sort()).toEqual(before.onDisk);
    await page.close();
  });

  describe('a page stored in the uploads folder before uploads were checked', () => {
    let context: BrowserContext;
    let page: Page;

    beforeAll(async () => {
      await writeFile(path.join(uploadsDir(), 'take-over.html'), TAKE_OVER);
      await writeFile(path.join(uploadsDir(), 'take-over.js'), TAKE_OVER_SCRIPT);
      context = await browser.newContext({ viewport: VIEWPORTS.desktop, acceptDownloads: true });
      page = watch(await context.newPage());
      await signInToDashboard(page);
    });
    afterAll(async () => {
      await context?.close();
      await rm(path.join(uploadsDir(), 'take-over.html'), { force: true });
      await rm(path.join(uploadsDir(), 'take-over.js'), { force: true });
    });

    it('is downloaded when an organiser opens it, and its script never runs', async () => {
      const opened = watch(await context.newPage());
      const adminCalls: string[] = [];
      opened.on('request', (request: Request) => {
        if (new URL(request.url()).pathname.startsWith('/api/admin/')) adminCalls.push(request.url());
      });
      const download = opened.waitForEvent('download').catch(() => null);
      // A download ends the navigation without a document: goto rejects with net::ERR_ABORTED.
      const navigation = await opened.goto(`${siteUrl()}/uploads/take-over.html`).then(
        () => 'a document',
        (error: Error) => error.message,
      );
      await opened.waitForTimeout(1000);

      expect(adminCalls).toEqual([]);
      expect(await page.evaluate(() => localStorage.getItem('taken-over'))).toBeNull();
      expect(await page.evaluate(() => localStorage.getItem('adminUser'))).not.toBeNull();
      expect(navigation).toMatch(/ERR_ABORTED|Download is starting/);
      expect((await download)?.suggestedFilename()).toBe('take-over.html');
      await opened.close();
    });
  });

  it('still shows the uploaded images, on the pages and opened on their own', async () => {
    const page = watch(await browser.newPage({ viewport: VIEWPORTS.desktop }));
    await openPage(page, `${siteUrl()}/`);
    const photo = page.locator('img[src*="/uploads/"]').first();
    await photo.scrollIntoViewIfNeeded();
    await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('img[src*="/uploads/"]')].slice(0, 1).every((image) => image.complete));
    expect(await photo.evaluate(isDrawn)).toBe(true);

    const address = new URL((await photo.getAttribute('src')) ?? '', siteUrl()).href;
    const answer = await page.goto(address);
    expect(answer?.headers()['content-security-policy']).toBe("sandbox; default-src 'none'");
    expect(answer?.headers()['x-content-type-options']).toBe('nosniff');
    expect(await page.locator('img').evaluate(isDrawn)).toBe(true);
    await page.close();
  });
});
