import { Button } from '@mantine/core';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { offlineCopySent, useOnline } from './online-status';
import { useLocation } from 'react-router-dom';
import { formatDate } from '@/lib/format';
import { keepPageReached, onUpdateChange, waitingUpdate } from './register-worker';
import classes from './offline-notices.module.css';

export const OFFLINE_MESSAGES = {
  offlineSince: (when: string) => `Du bist offline – du siehst den Stand vom ${when}.`,
  offline: 'Du bist offline – du siehst den zuletzt geladenen Stand.',
  update: 'Neue Version verfügbar – neu laden',
} as const;

// In German time, as every time the site shows (the order page, the programme).
const formatWhen = (date: Date) => `${formatDate(date.toISOString())} Uhr`;

const validDate = (text: string | null | undefined) => {
  const date = text ? new Date(text) : null;
  return date && !Number.isNaN(date.getTime()) ? date : null;
};

/** When the kept copy of this page was sent by the server (its Date header), if there is one. */
async function keptSince(): Promise<Date | null> {
  const marked = validDate(offlineCopySent());
  if (marked) return marked;
  if (!('caches' in window)) return null;
  const kept = await caches.match(window.location.href).catch(() => undefined);
  return validDate(kept?.headers.get('Date'));
}

const noChanges = () => () => undefined;

function OfflineBanner() {
  const [since, setSince] = useState<Date | null>(null);
  useEffect(() => {
    let current = true;
    void keptSince().then((date) => current && setSince(date));
    return () => {
      current = false;
    };
  }, []);
  return (
    <p className={classes.banner} data-offline-banner="">
      {since ? OFFLINE_MESSAGES.offlineSince(formatWhen(since)) : OFFLINE_MESSAGES.offline}
    </p>
  );
}

/**
 * Above the footer of every public page: a small banner while offline (the page shows what was
 * last loaded), and the prompt to take a new build over. Neither is drawn by the server.
 */
export function OfflineNotices() {
  const online = useOnline();
  // Every public page shows these notices, so they also keep each page reached by a link for offline use.
  const { pathname, search } = useLocation();
  useEffect(() => keepPageReached(), [pathname, search]);
  // The page came from the worker's cache because the network did not answer (set before any script ran).
  const keptCopy = useSyncExternalStore(noChanges, () => offlineCopySent() !== null, () => false);
  const update = useSyncExternalStore(onUpdateChange, waitingUpdate, () => null);
  const offline = !online || keptCopy;
  if (!offline && !update) return null;
  return (
    <div className={classes.notices} role="status">
      {offline && <OfflineBanner />}
      {update && (
        <Button size="xs" color="gold.3" variant="filled" c="dark.9" onClick={update}>
          {OFFLINE_MESSAGES.update}
        </Button>
      )}
    </div>
  );
}
