import { useCallback, useRef } from 'react';

/**
 * Gives focus back to the control that opened an overlay once it closes. Mantine's modal does
 * this only for an opening it saw happen: a dialog whose code loads on the first click mounts
 * already open, and Escape then left focus on the page's body.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);

  const remember = useCallback(() => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }, []);

  const restore = useCallback(() => {
    const element = opener.current;
    opener.current = null;
    // After the modal has let go of focus (its trap hands it back on the next tick).
    if (element) setTimeout(() => element.isConnected && element.focus({ preventScroll: true }), 20);
  }, []);

  return { remember, restore };
}
