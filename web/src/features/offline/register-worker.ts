/*
 * Registers the service worker (sw.ts, built to /sw.js) from the public pages only, after the
 * page has loaded and the browser is idle: a first visit paints exactly as without it
 * (docs/decisions/037). A new build waits until every tab of the site is closed, or until the
 * guest taps "Neue Version verfügbar – neu laden" (UpdatePrompt).
 */

import { KEEP_PAGE, KEPT_AT_ONCE } from './offline-routes';

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
export const SHOWN_BEFORE_WORKER = 'game-of-slavs_shown-before-worker';

export function shownBeforeWorker(): string[] {
  try {
    const noted: unknown = JSON.parse(window.sessionStorage.getItem(SHOWN_BEFORE_WORKER) ?? '[]');
    return Array.isArray(noted) ? noted.filter((address) => typeof address === 'string') : [];
  } catch {
    return [];
  }
}

function noteShownBeforeWorker() {
  const shown = [...new Set([...shownBeforeWorker(), window.location.href])].slice(-KEPT_AT_ONCE);
  try {
    window.sessionStorage.setItem(SHOWN_BEFORE_WORKER, JSON.stringify(shown));
  } catch {
    // Storage refused (a private window, a full quota): this page alone is handed over.
  }
}

export function registerWorkerAfterLoad() {
  if (!('serviceWorker' in navigator) || isDashboardPath(window.location.pathname)) return;
  const controlledAtLoad = navigator.serviceWorker.controller !== null;
  if (!controlledAtLoad) noteShownBeforeWorker();
  const whenIdle = () => {
    // The registration comes as a chunk of its own: nothing of it is needed before React draws.
    const run = () => void import('./worker-registration').then(({ register }) => register(controlledAtLoad)).catch(() => undefined);
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: 5000 });
    else window.setTimeout(run, 2000);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
