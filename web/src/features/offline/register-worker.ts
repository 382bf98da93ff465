/*
 * Registers the service worker (sw.ts, built to /sw.js) from the public pages only, after the
 * page has loaded and the browser is idle: a first visit paints exactly as without it
 * (docs/decisions/037). A new build waits until every tab of the site is closed, or until the
 * guest taps "Neue Version verfügbar – neu laden" (UpdatePrompt).
 */

import { KEEP_PAGE, KEEP_SEEN } from './offline-routes';

type Listener = () => void;

let takeOver: (() => void) | null = null;
const listeners = new Set<Listener>();

/** The waiting build's take-over, or null while there is none. */
export const waitingUpdate = () => takeOver;

export const onUpdateChange = (listener: Listener) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

export const announceUpdate = (next: (() => void) | null) => {
  takeOver = next;
  for (const listener of listeners) listener();
};

/** Asks the worker to keep the page shown now, reached inside the app: its HTML was never asked for. */
export const keepPageReached = () => navigator.serviceWorker?.controller?.postMessage({ type: KEEP_PAGE, url: window.location.href });

/** The organisers' dashboard never registers the worker. */
export const isDashboardPath = (pathname: string) => pathname === '/admin' || pathname.startsWith('/admin/');

async function register() {
  const { Workbox } = await import('workbox-window');
  const worker = new Workbox('/sw.js', { scope: '/' });
  worker.addEventListener('waiting', () =>
    announceUpdate(() => {
      // Reload once the new build controls the page: its HTML and its files, never a mix.
      worker.addEventListener('controlling', () => window.location.reload());
      worker.messageSkipWaiting();
    }),
  );
  // The first build to control this page: it keeps the page and what it loaded so far.
  worker.addEventListener('activated', (event) => {
    if (event.isUpdate) return;
    const loaded = performance.getEntriesByType('resource').map((entry) => entry.name);
    void worker.messageSW({ type: KEEP_SEEN, urls: [window.location.href, ...loaded] }).catch(() => undefined);
  });
  await worker.register();
}

export function registerWorkerAfterLoad() {
  if (!('serviceWorker' in navigator) || isDashboardPath(window.location.pathname)) return;
  const whenIdle = () => {
    const run = () => void register().catch(() => undefined);
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: 5000 });
    else window.setTimeout(run, 2000);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
