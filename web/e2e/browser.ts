import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type Page, type Request } from 'playwright-core';
import { afterEach, expect, inject } from 'vitest';
import { ARTIFACTS } from './stack';

export const siteUrl = () => inject('siteUrl');

export const VIEWPORTS = { desktop: { width: 1366, height: 900 }, mobile: { width: 390, height: 844 } } as const;

/**
 * Debian's Chromium, headless; the flags keep it from calling Google's services. `extraArgs` adds
 * switches (a forced connection type, say).
 */
export const launchBrowser = (extraArgs: string[] = []): Promise<Browser> =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', ...extraArgs],
  });

/** Every request the page makes to another origin than the site's. */
export function recordForeignRequests(page: Page): string[] {
  const origin = new URL(siteUrl()).origin;
  const foreign: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol.startsWith('http') && url.origin !== origin) foreign.push(request.url());
  });
  return foreign;
}

/**
 * Returns `watch(page)`, which keeps what a page goes through: navigations, answers of 400 and
 * above, failed and unanswered requests, console errors, uncaught errors. When a test of the
 * file fails, each watched page still open is saved as `failed-<test>.png` and its journal is
 * printed with its address, so a failure that happens only sometimes can be read afterwards.
 */
export function keepEvidenceOfFailures() {
  const journals = new Map<Page, { lines: string[]; pending: Set<Request> }>();
  afterEach(async ({ task }) => {
    if (task.result?.state !== 'fail') return;
    for (const [page, { lines, pending }] of journals) {
      if (page.isClosed()) continue;
      const name = `failed-${task.name.replace(/\W+/g, '-').slice(0, 60)}`;
      await screenshot(page, name).catch(() => undefined);
      const unanswered = [...pending].map((request) => `still waiting for ${request.method()} ${request.url()}`);
      console.error(`[${task.name}] the page at ${page.url()}, saved as ${name}.png:\n${[...lines, ...unanswered].join('\n') || '(nothing noted)'}`);
    }
  });
  return function watch(page: Page) {
    const lines: string[] = [];
    const pending = new Set<Request>();
    journals.set(page, { lines, pending });
    const note = (line: string) => lines.push(`${new Date().toISOString().slice(11, 23)} ${line}`);
    page.on('framenavigated', (frame) => frame === page.mainFrame() && note(`navigated to ${frame.url()}`));
    page.on('response', (response) => response.status() >= 400 && note(`${response.status()} ${response.request().method()} ${response.url()}`));
    page.on('request', (request) => pending.add(request));
    page.on('requestfinished', (request) => pending.delete(request));
    page.on('requestfailed', (request) => {
      pending.delete(request);
      note(`failed ${request.method()} ${request.url()}: ${request.failure()?.errorText}`);
    });
    page.on('console', (message) => ['error', 'warning'].includes(message.type()) && note(`console.${message.type()}: ${message.text()}`));
    page.on('pageerror', (error) => note(`uncaught: ${error.message}`));
    page.on('close', () => journals.delete(page));
    return page;
  };
}

/** Saves a picture of the page; `fullPage: false` keeps just the viewport (open dialogs, menus). */
export async function screenshot(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}) {
  const dir = path.join(ARTIFACTS, 'screenshots');
  await mkdir(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage });
}

/**
 * Scrolls the whole page down in steps, so every scroll-in animation runs and every lazy image
 * loads, waits for them, and returns to the top.
 */
export async function scrollThrough(page: Page) {
  await page.evaluate(async () => {
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const step = Math.round(window.innerHeight / 2);
    for (let top = 0; top < document.documentElement.scrollHeight; top += step) {
      window.scrollTo({ top, behavior: 'instant' });
      await pause(60);
    }
    window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' });
    // The longest animation: 800 ms after the last FAQ item's 700 ms delay.
    await pause(1600);
  });
  await waitForImages(page);
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
}

/** Waits until the page has neither scrolled nor changed its height for half a second: a smooth scroll has ended and content has stopped arriving. */
export async function waitUntilScrollSettles(page: Page) {
  await page.waitForFunction(
    () => {
      const state = `${Math.round(window.scrollY)} ${document.documentElement.scrollHeight}`;
      const seen = window as unknown as { scrollState?: string; scrollStateSince?: number };
      if (seen.scrollState !== state) Object.assign(seen, { scrollState: state, scrollStateSince: performance.now() });
      return performance.now() - (seen.scrollStateSince ?? 0) >= 500;
    },
    undefined,
    { polling: 50 },
  );
}

/** Waits until every image that is laid out has loaded (images in hidden tabs are skipped). */
export async function waitForImages(page: Page) {
  await page.waitForFunction(() =>
    [...document.images].every((image) => image.getClientRects().length === 0 || image.complete),
  );
}

/** True when an <img> has loaded and has pixels. */
export const isDrawn = (image: HTMLImageElement) => image.complete && image.naturalWidth > 0;

type Navigation = Parameters<Page['goto']>[1];

// AppRoot (app-root.tsx) marks the document once React has taken the page over: before that a
// server-rendered page shows, but clicks and typing reach plain HTML (a link still works, a form
// does not).
const APP_READY = 'html[data-app-ready]';

/** Goes to url and waits until the app has taken the page over, as a visitor's next action needs. */
export async function openPage(page: Page, url: string, options?: Navigation) {
  await page.goto(url, options);
  await page.waitForSelector(APP_READY, { state: 'attached' });
}

/**
 * Opens url with the app's scripts held back, as on a slow phone connection: the page the server
 * rendered shows and takes input, but is not taken over. Call the returned function to let the
 * scripts come; it waits for the takeover.
 */
export async function openPageBeforeTakeover(page: Page, url: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await released;
    await route.continue();
  });
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  return async () => {
    expect(await page.locator(APP_READY).count()).toBe(0);
    release();
    await page.waitForSelector(APP_READY, { state: 'attached' });
  };
}

/** Reloads the page and waits until the app has taken it over again. */
export async function reloadPage(page: Page, options?: Navigation) {
  await page.reload(options);
  await page.waitForSelector(APP_READY, { state: 'attached' });
}

/**
 * The site's server renders a page again at most once a second (docs/decisions/012), so a change
 * in the cms shows within about a second: reloads, as a visitor would, until shows() holds.
 */
export async function reloadUntil(page: Page, shows: () => Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await reloadPage(page, { waitUntil: 'networkidle' });
    if (await shows()) return;
    if (Date.now() > deadline) throw new Error(`the change did not show within ${timeoutMs / 1000} s of reloads`);
    await page.waitForTimeout(300);
  }
}
