/*
 * The service worker's registration (sw.ts, built to /sw.js), loaded once the page has loaded and
 * the browser is idle (register-worker.ts), with workbox-window as a chunk of its own.
 */

import { KEEP_SEEN } from './offline-routes';
import { announceUpdate, SHOWN_BEFORE_WORKER, shownBeforeWorker } from './register-worker';

function takeShownBeforeWorker() {
  const shown = shownBeforeWorker();
  try {
    window.sessionStorage.removeItem(SHOWN_BEFORE_WORKER);
  } catch {
    // Storage refused: nothing was noted.
  }
  return shown;
}

export async function register(controlledAtLoad: boolean) {
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

