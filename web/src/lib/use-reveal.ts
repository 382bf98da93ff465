import { useEffect, useRef, useState } from 'react';

/** How far (px) an element must have entered the viewport before it shows (SPEC §9: offset 120). */
export const REVEAL_OFFSET = 120;

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

const showsAtOnce = () =>
  typeof IntersectionObserver === 'undefined' || window.matchMedia(REDUCED_MOTION).matches;

/**
 * Tells when an element has scrolled far enough into view to be shown; once shown it stays
 * shown. Visitors who prefer reduced motion, and browsers without IntersectionObserver, see
 * everything at once. The first render is the same everywhere (not yet shown), so a page
 * rendered on the server hydrates without a mismatch.
 */
export const useReveal = <T extends Element>() => {
  const ref = useRef<T>(null);
  const [revealed, setRevealed] = useState(false);

  useEffect(() => {
    const node = ref.current;
    if (revealed || !node) return;
    if (showsAtOnce()) {
      setRevealed(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        setRevealed(true);
        observer.disconnect();
      },
      { rootMargin: `0px 0px -${REVEAL_OFFSET}px 0px` },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [revealed]);

  return { ref, revealed };
};
