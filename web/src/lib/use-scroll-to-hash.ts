import { useEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

/**
 * Scrolls to the element the address's #fragment names once the page has rendered it: the
 * browser cannot, because the sections arrive with the cms content after the first paint.
 */
export const useScrollToHash = (ready: boolean) => {
  const { hash, key } = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    if (!ready || hash.length < 2) return;
    // Back and Forward: the router has put the page back where the visitor left it.
    if (navigationType === 'POP' && window.scrollY > 0) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!target) return;
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    target.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
    // key: a second click on the same link scrolls there again.
  }, [ready, hash, key, navigationType]);
};
