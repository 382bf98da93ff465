import { useCallback, useSyncExternalStore } from 'react';

// Mein Plan: the entries a guest starred, kept on the device like the cart (localStorage), by
// entry number. Every open page of the site follows a change (the storage event for other tabs).

export const PLAN_STORAGE_KEY = 'gos-mein-plan';
const MOST_STARS = 500;
const listeners = new Set<() => void>();
let cached: { text: string | null; ids: number[] } = { text: null, ids: [] };

const read = (): number[] => {
  let text: string | null = null;
  try {
    text = localStorage.getItem(PLAN_STORAGE_KEY);
  } catch {
    return [];
  }
  if (text === cached.text) return cached.ids;
  let ids: number[] = [];
  try {
    const parsed: unknown = JSON.parse(text ?? '[]');
    if (Array.isArray(parsed)) ids = parsed.filter((id): id is number => Number.isInteger(id) && id > 0).slice(0, MOST_STARS);
  } catch {
    ids = [];
  }
  cached = { text, ids };
  return ids;
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === PLAN_STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
};

const NONE: number[] = [];

/** The starred entry numbers, and a toggle; the server and the first render see none. */
export function usePlan() {
  const ids = useSyncExternalStore(subscribe, read, () => NONE);
  const toggle = useCallback((id: number) => {
    const current = read();
    const next = current.includes(id) ? current.filter((each) => each !== id) : [...current, id].slice(-MOST_STARS);
    try {
      localStorage.setItem(PLAN_STORAGE_KEY, JSON.stringify(next));
    } catch {
      // A full or blocked storage: the star does not stay, as nothing else could be kept either.
    }
    for (const listener of listeners) listener();
  }, []);
  return { ids, toggle };
}
