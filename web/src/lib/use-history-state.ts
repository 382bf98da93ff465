import { useCallback, useLayoutEffect, useState } from 'react';

/** Where the choices live in the history entry's state, beside the router's own fields. */
const KEY = 'choices';

type Choices = Record<string, unknown>;

const keptChoices = (): Choices => (window.history.state as { [KEY]?: Choices } | null)?.[KEY] ?? {};

/** True once React has taken the page over (app-root.tsx marks the document). */
const takenOver = () => typeof document !== 'undefined' && 'appReady' in document.documentElement.dataset;

/**
 * A choice on a page (an opened answer, a chosen tab) kept in the browser's history entry, so
 * that Back and Forward return to the page as the visitor left it, and its height with it. A
 * page the app renders itself starts with the kept choice; a page taken over from the server's
 * markup starts as the server drew it and puts the kept choice back before the first paint.
 * `chosenInPage` reads what the page shows as the app takes it over: a choice the visitor made in
 * the plain HTML before then, which stays.
 */
export function useHistoryState<T extends string | null>(name: string, initial: T, chosenInPage?: () => T | undefined) {
  const [value, setValue] = useState<T>(() => (takenOver() ? ((keptChoices()[name] as T | undefined) ?? initial) : initial));

  const choose = useCallback(
    (next: T) => {
      setValue(next);
      window.history.replaceState({ ...(window.history.state as object | null), [KEY]: { ...keptChoices(), [name]: next } }, '');
    },
    [name],
  );

  useLayoutEffect(() => {
    // A choice made in the server's markup before the takeover (a native radio or <details>)
    // is the visitor's latest: it wins over one kept from before.
    const inPage = chosenInPage?.();
    if (inPage !== undefined && inPage !== initial) return choose(inPage);
    const kept = keptChoices()[name] as T | undefined;
    if (kept !== undefined) setValue(kept);
  }, [name]);
  return [value, choose] as const;
}
