import { useCallback, useEffect, useState } from 'react';

type Shown = { text: string; serial: number };

/**
 * A message that hides itself after `durationMs`. Showing one again (even the same text)
 * starts the time anew. One shown from the start (the server's) hides `durationMs` after the first render.
 */
export const useTransientMessage = (durationMs: number, initial: string | null = null) => {
  const [shown, setShown] = useState<Shown | null>(() => (initial ? { text: initial, serial: 0 } : null));

  useEffect(() => {
    if (!shown) return;
    const timer = window.setTimeout(() => setShown(null), durationMs);
    return () => window.clearTimeout(timer);
  }, [shown, durationMs]);

  const show = useCallback(
    (text: string) => setShown((previous) => ({ text, serial: (previous?.serial ?? 0) + 1 })),
    [],
  );
  const clear = useCallback(() => setShown(null), []);

  return { message: shown?.text ?? null, show, clear };
};
