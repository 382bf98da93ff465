import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { ARTIFACTS } from './stack';

export const siteUrl = () => inject('siteUrl');

export const VIEWPORTS = { desktop: { width: 1366, height: 900 }, mobile: { width: 390, height: 844 } } as const;

/** Debian's Chromium, headless; the flags keep it from calling Google's services. */
export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
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

export async function screenshot(page: Page, name: string) {
  const dir = path.join(ARTIFACTS, 'screenshots');
  await mkdir(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}
