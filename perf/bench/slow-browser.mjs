// The browser part of npm run bench:slow: one page load in Chromium as a phone (playwright-core
// from the web app's test tools), the connection and the CPU slowed down over the DevTools
// protocol (Network.emulateNetworkConditions, Emulation.setCPUThrottlingRate), every load in a
// new browser context, so with an empty cache.
import { createRequire } from 'node:module';
import path from 'node:path';
import { WEB } from '../../scripts/lib.mjs';

const { chromium } = createRequire(path.join(WEB, 'package.json'))('playwright-core');

/** Lighthouse's phone (a Moto G Power): its screen, and its fourfold CPU slowdown. */
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };
export const CPU_SLOWDOWN = 4;
const TIMEOUT_MS = 90_000;

export const launchChromium = () =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });

/**
 * What the page notes about itself, from its first byte (it runs before the page's own scripts):
 * when the app took the page over (`data-app-ready`), its largest paints, when a form was first
 * sent, and when the house's welcome showed.
 */
function observeInPage() {
  // A form sent as plain HTML is answered by a new page, whose clock starts anew: the sending and
  // the house are timed from the first page's navigation, kept in the tab's session storage.
  const origin = Number(sessionStorage.getItem('slowBench.origin')) || performance.timeOrigin;
  sessionStorage.setItem('slowBench.origin', String(origin));
  const sinceFirstNavigation = () => performance.timeOrigin + performance.now() - origin;
  const notes = { lcp: 0, sent: Number(sessionStorage.getItem('slowBench.sent')) || undefined };
  window.__slowBench = notes;
  const look = () => {
    if (notes.ready === undefined && document.documentElement?.hasAttribute('data-app-ready')) notes.ready = performance.now();
    if (notes.house === undefined && document.querySelector('h1')?.textContent?.startsWith('Willkommen im')) notes.house = sinceFirstNavigation();
  };
  // The document, not its root element: this runs before the parser has made one.
  new MutationObserver(look).observe(document, { attributes: true, childList: true, subtree: true, characterData: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) notes.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  // A page that says at its first paint that it is still loading something (the cart, drawn at
  // the takeover) is not usable then, whatever its controls.
  new PerformanceObserver((list, observer) => {
    if (!list.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    notes.loadingAtPaint = [...document.querySelectorAll('main [role="status"], main [aria-busy="true"]')].some((element) => element.textContent.trim());
  }).observe({ type: 'paint', buffered: true });
  addEventListener(
    'submit',
    () => {
      notes.sent ??= sinceFirstNavigation();
      sessionStorage.setItem('slowBench.sent', String(notes.sent));
    },
    true,
  );
}

/** The page's own figures: paints, the takeover, and what it loaded before it (resource timing). */
function readFigures() {
  const notes = window.__slowBench;
  const [navigation] = performance.getEntriesByType('navigation');
  const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
  const until = notes.ready ?? Infinity;
  const resources = [navigation, ...performance.getEntriesByType('resource')].filter((entry) => entry && entry.responseEnd <= until);
  const isScript = (entry) => /\.m?js(\?|$)/.test(entry.name);
  const scripts = resources.filter(isScript).map((entry) => ({ start: entry.startTime, end: entry.responseEnd, bytes: entry.encodedBodySize }));
  // A page whose every control works without script, and that is not still loading at its first
  // paint, answers a tap or a sent form from that paint: a field or button of a form the server
  // answers (method="post": the access form), a button that opens a popover the page has (the
  // phone menu), and a radio button, which the browser checks itself (the landing's info tabs,
  // whose panels the stylesheet shows: e2e/landing.e2e.test.ts walks them before the takeover).
  // Links and a <details>' summary (the FAQ) work as they are. Any other control waits for the
  // takeover.
  const controls = [...document.querySelectorAll('button, input, select, textarea, [role="button"]')];
  const opensPopover = (control) => control.matches('button[popovertarget]') && document.getElementById(control.getAttribute('popovertarget'))?.hasAttribute('popover');
  const worksWithoutScript =
    !notes.loadingAtPaint && controls.every((control) => control.closest('form[method="post" i]') || opensPopover(control) || control.matches('input[type="radio"]'));
  return {
    fcp,
    lcp: notes.lcp || null,
    ready: notes.ready ?? null,
    interactive: worksWithoutScript ? fcp : (notes.ready ?? null),
    sent: notes.sent ?? null,
    house: notes.house ?? null,
    htmlEnd: navigation.responseEnd,
    requests: resources.length,
    bytes: resources.reduce((sum, entry) => sum + entry.transferSize, 0),
    scriptBytes: scripts.reduce((sum, entry) => sum + entry.bytes, 0),
    // Where the wait goes: the first script asked for, the last one arrived, then the app's own work until the takeover.
    scriptsFrom: scripts.length > 0 ? Math.min(...scripts.map((script) => script.start)) : null,
    scriptsUntil: scripts.length > 0 ? Math.max(...scripts.map((script) => script.end)) : null,
    scripts,
    controlled: navigator.serviceWorker?.controller !== null && navigator.serviceWorker?.controller !== undefined,
  };
}

/**
 * Round trips of scripts after the HTML: script requests in waves, a wave starting with the first
 * request asked for after the earliest answer of the wave before it arrived (so, likely, found in it).
 */
export function scriptWaves(scripts) {
  const sorted = [...scripts].sort((a, b) => a.start - b.start);
  let waves = 0;
  let waveEnd = -Infinity;
  for (const script of sorted) {
    if (script.start >= waveEnd) {
      waves += 1;
      waveEnd = Infinity;
    }
    waveEnd = Math.min(waveEnd, script.end);
  }
  return waves;
}

/** Bytes per second from kbit/s (kilo as 1000, or 1024 as Lighthouse counts). */
const bytesPerSecond = (kbps, kilo) => (kbps * kilo) / 8;

const networkConditions = (profile) => ({
  offline: false,
  latency: profile.latencyMs,
  downloadThroughput: bytesPerSecond(profile.downKbps, profile.kilo),
  uploadThroughput: bytesPerSecond(profile.upKbps, profile.kilo),
});

/** Slows the page's connection and CPU down as the profile says. */
export async function throttle(context, page, profile) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', networkConditions(profile));
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return cdp;
}

const newContext = async (browser) => {
  const context = await browser.newContext(PHONE);
  await context.addInitScript(observeInPage);
  return context;
};

/** Waits until the page has settled: taken over (when `app`) and loaded, then half a second for a late largest paint. */
async function settle(page, app) {
  if (app) await page.waitForFunction(() => window.__slowBench.ready !== undefined, undefined, { timeout: TIMEOUT_MS, polling: 100 });
  await page.waitForLoadState('load', { timeout: TIMEOUT_MS });
  await page.waitForTimeout(500);
}

export const CART_PAGE = '/shop/cart';
const CART_STORAGE_KEY = 'game-of-slavs_cart';
const CART_COOKIE = 'gos_cart';

/** A cart of the given line as the shop keeps it: its stored text, and the cookie copy a request for its page carries. */
export const cartOfOneLine = (line) => {
  const stored = JSON.stringify([line]);
  const value = encodeURIComponent(stored);
  return { stored, value, cookieHeader: `${CART_COOKIE}=${value}` };
};

/** Puts the cart into the context's browser as the shop would have: storage and the cookie on the cart's path. */
async function holdCart(context, url, cart) {
  const { hostname } = new URL(url);
  await context.addCookies([{ name: CART_COOKIE, value: cart.value, domain: hostname, path: CART_PAGE, sameSite: 'Lax' }]);
  await context.addInitScript(([key, stored]) => localStorage.setItem(key, stored), [CART_STORAGE_KEY, cart.stored]);
}

/**
 * One first visit of url: { fcp, lcp, ready, requests, bytes, scriptBytes, scriptWaves } in ms
 * from the navigation's start. `app` is false for the ceiling, which is never taken over; `cart`
 * is what the browser holds (cartOfOneLine).
 */
export async function firstVisit(browser, url, profile, { app, cart }) {
  const context = await newContext(browser);
  try {
    if (cart) await holdCart(context, url, cart);
    const page = await context.newPage();
    await throttle(context, page, profile);
    await page.goto(url, { waitUntil: 'commit', timeout: TIMEOUT_MS });
    await settle(page, app);
    const figures = await page.evaluate(readFigures);
    return { ...figures, scriptWaves: scriptWaves(figures.scripts) };
  } finally {
    await context.close();
  }
}

/**
 * The access page, a code typed and sent as soon as the form is drawn and not before sendAtMs:
 * when it was sent and when the house's welcome showed, from the navigation's start.
 */
export async function codeSent(browser, url, profile, { code, sendAtMs }) {
  const context = await newContext(browser);
  try {
    const page = await context.newPage();
    await throttle(context, page, profile);
    await page.goto(url, { waitUntil: 'commit', timeout: TIMEOUT_MS });
    await page.waitForFunction(
      (at) => performance.getEntriesByName('first-contentful-paint').length > 0 && performance.now() >= at,
      sendAtMs,
      { timeout: TIMEOUT_MS, polling: 20 },
    );
    const input = page.getByLabel('Dein persönlicher Code');
    await input.fill(code, { timeout: TIMEOUT_MS });
    await input.press('Enter');
    await page.waitForFunction(() => window.__slowBench.house !== undefined, undefined, { timeout: TIMEOUT_MS, polling: 100 });
    return await page.evaluate(readFigures);
  } finally {
    await context.close();
  }
}

/**
 * The page's emulated connection is the page's own: what the service worker asks the network for
 * (a page, network first) would go at full speed. So the worker's connection is slowed too, over
 * a session attached to its target (the protocol's messages passed through Target.sendMessageToTarget,
 * which Playwright's sessions allow).
 */
async function throttleServiceWorkers(browser, page, profile) {
  const own = await page.context().newCDPSession(page);
  const { targetInfo } = await own.send('Target.getTargetInfo');
  await own.detach();
  const cdp = await browser.newBrowserCDPSession();
  const { targetInfos } = await cdp.send('Target.getTargets');
  // This context's worker only: those of closed contexts may linger, stopped, and never answer.
  const workers = targetInfos.filter((target) => target.type === 'service_worker' && target.browserContextId === targetInfo.browserContextId);
  if (workers.length === 0) throw new Error('no service worker to slow down');
  let id = 0;
  for (const worker of workers) {
    const { sessionId } = await cdp.send('Target.attachToTarget', { targetId: worker.targetId, flatten: false });
    for (const [method, params] of [['Network.enable', {}], ['Network.emulateNetworkConditions', networkConditions(profile)]]) {
      const answered = new Promise((resolve, reject) => {
        setTimeout(() => reject(new Error(`${method} in the service worker got no answer`)), 10_000);
        const onMessage = ({ sessionId: from, message }) => {
          const answer = JSON.parse(message);
          if (from !== sessionId || answer.id !== id) return;
          cdp.off('Target.receivedMessageFromTarget', onMessage);
          if (answer.error) reject(new Error(`${method} in the service worker: ${answer.error.message}`));
          else resolve();
        };
        cdp.on('Target.receivedMessageFromTarget', onMessage);
      });
      await cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id: ++id, method, params }) });
      await answered;
    }
  }
  return cdp;
}

/**
 * A repeat visit with the service worker: a first visit, until the worker controls the page and
 * has kept it, then the same address opened again in the same browser (the cache kept too).
 */
export async function repeatVisit(browser, url, profile) {
  const context = await newContext(browser);
  let workerSession;
  try {
    const first = await context.newPage();
    await throttle(context, first, profile);
    await first.goto(url, { waitUntil: 'commit', timeout: TIMEOUT_MS });
    await settle(first, true);
    await first.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: TIMEOUT_MS });
    const pathname = new URL(url).pathname;
    await first.waitForFunction(
      async (kept) => {
        for (const name of await caches.keys()) {
          for (const request of await (await caches.open(name)).keys()) if (new URL(request.url).pathname === kept) return true;
        }
        return false;
      },
      pathname,
      { timeout: TIMEOUT_MS, polling: 250 },
    );
    workerSession = await throttleServiceWorkers(browser, first, profile);
    await first.close();
    const page = await context.newPage();
    await throttle(context, page, profile);
    await page.goto(url, { waitUntil: 'commit', timeout: TIMEOUT_MS });
    await settle(page, true);
    const figures = await page.evaluate(readFigures);
    return { ...figures, scriptWaves: scriptWaves(figures.scripts) };
  } finally {
    await workerSession?.detach();
    await context.close();
  }
}
