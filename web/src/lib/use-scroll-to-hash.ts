import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Scrolls to the element the address's #fragment names once the page has rendered it: the
 * browser cannot, because the sections arrive with the cms content after the first paint.
 */
export const useScrollToHash = (ready: boolean) => {
  const { hash, key } = useLocation();

  useEffect(() => {
    if (!ready || hash.length < 2) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!target) return;
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    target.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
    // key: a second click on the same link scrolls there again.
  }, [ready, hash, key]);
};
