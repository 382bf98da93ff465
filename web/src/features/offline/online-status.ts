import { useSyncExternalStore } from 'react';
import { ApiError } from '@/lib/api-client';
import { OFFLINE_COPY_ATTRIBUTE } from './offline-routes';

const subscribe = (changed: () => void) => {
  window.addEventListener('online', changed);
  window.addEventListener('offline', changed);
  return () => {
    window.removeEventListener('online', changed);
    window.removeEventListener('offline', changed);
  };
};

/** Whether the browser believes it has a connection; the server (and hydration) assume it has. */
export const useOnline = () => useSyncExternalStore(subscribe, () => navigator.onLine, () => true);

/** Outside React: true only when the browser knows it has no connection (then nothing is sent). */
export const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/**
 * When this page is a copy the service worker kept, shown because the network did not answer
 * (sw.ts): the time the server sent it ('' when unknown); null for a page fresh from the network.
 */
export const offlineCopySent = (): string | null =>
  typeof document === 'undefined' ? null : document.documentElement.getAttribute(OFFLINE_COPY_ATTRIBUTE);

/**
 * After a call got no answer at all: whether that is for want of a connection. Browsers often
 * say they are online in a field without signal; a page that itself came from the worker's
 * cache because the network did not answer is the better witness.
 */
export const lostConnection = (error: unknown) =>
  error instanceof ApiError && error.status === null && (isOffline() || offlineCopySent() !== null);

/** The sentence an action that needs the network shows offline. */
export const needsConnection = (what: string) => `Du bist offline – ${what} brauchst du eine Verbindung.`;
