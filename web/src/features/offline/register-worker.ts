/*
 * Registers the service worker (sw.ts, built to /sw.js) from the public pages only, after the
 * page has loaded and the browser is idle: a first visit paints exactly as without it
 * (docs/decisions/037). A new build waits until every tab of the site is closed, or until the
 * guest taps "Neue Version verfügbar – neu laden" (UpdatePrompt).
 */

import { KEEP_PAGE, KEEP_SEEN, OFFLINE_LIMITS } from './offline-routes';

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

/**
 * The pages this tab showed before any worker controlled them. On the festival ground's
 * connection the first build takes many seconds to install, and a guest has moved on by then:
 * each page notes itself, and the first page to see the worker ready hands them all over.
 */
const SHOWN_BEFORE_WORKER = 'game-of-slavs_shown-before-worker';

function shownBeforeWorker(): string[] {
  try {
    const noted: unknown = JSON.parse(window.sessionStorage.getItem(SHOWN_BEFORE_WORKER) ?? '[]');
    return Array.isArray(noted) ? noted.filter((address) => typeof address === 'string') : [];
  } catch {
    return [];
  }
}

function noteShownBeforeWorker() {
  const shown = [...new Set([...shownBeforeWorker(), window.location.href])].slice(-OFFLINE_LIMITS.keptAtOnce);
  try {
    window.sessionStorage.setItem(SHOWN_BEFORE_WORKER, JSON.stringify(shown));
  } catch {
    // Storage refused (a private window, a full quota): this page alone is handed over.
  }
}

function takeShownBeforeWorker() {
  const shown = shownBeforeWorker();
  try {
    window.sessionStorage.removeItem(SHOWN_BEFORE_WORKER);
  } catch {
    // As above: nothing was noted.
  }
  return shown;
}

async function register(controlledAtLoad: boolean) {
  const { Workbox } = await import('workbox-window');
  const worker = new Workbox('/sw.js', { scope: '/' });
  worker.addEventListener('waiting', () =>
    announceUpdate(() => {
      // Reload once the new build controls the page: its HTML and its files, never a mix.
      worker.addEventListener('controlling', () => window.location.reload());
      worker.messageSkipWaiting();
    }),
  );
  await worker.register();
  // A page the worker did not control when it loaded: once a build is active, it keeps this page,
  // what it loaded so far, and the pages shown before it.
  if (controlledAtLoad) return;
  const { active } = await navigator.serviceWorker.ready;
  const loaded = performance.getEntriesByType('resource').map((entry) => entry.name);
  active?.postMessage({ type: KEEP_SEEN, urls: [...new Set([window.location.href, ...takeShownBeforeWorker(), ...loaded])] });
}

export function registerWorkerAfterLoad() {
  if (!('serviceWorker' in navigator) || isDashboardPath(window.location.pathname)) return;
  const controlledAtLoad = navigator.serviceWorker.controller !== null;
  if (!controlledAtLoad) noteShownBeforeWorker();
  const whenIdle = () => {
    const run = () => void register(controlledAtLoad).catch(() => undefined);
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: 5000 });
    else window.setTimeout(run, 2000);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
