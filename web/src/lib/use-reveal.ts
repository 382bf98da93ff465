import { useCallback, useEffect, useRef, useState } from 'react';

/** How far (px) an element must have entered the viewport before it shows (SPEC §9: offset 120). */
export const REVEAL_OFFSET = 120;

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

const showsAtOnce = () =>
  typeof IntersectionObserver === 'undefined' || window.matchMedia(REDUCED_MOTION).matches;

/**
 * True for an element in the page's last screen: the window's bottom edge can rest right on it
 * (scrolled to the end), so waiting for it to pass the offset would leave it hidden there, still
 * clickable. It shows as soon as any of it is in view.
 */
const nearPageEnd = (node: Element) => {
  const pageHeight = document.documentElement.scrollHeight;
  // 0: no layout (a test's document); the offset applies as everywhere.
  return pageHeight > 0 && node.getBoundingClientRect().top + window.scrollY > pageHeight - window.innerHeight - REVEAL_OFFSET;
};

/**
 * Tells when an element has scrolled far enough into view to be shown; once shown it stays
 * shown. Visitors who prefer reduced motion, and browsers without IntersectionObserver, see
 * everything at once. Content that takes focus shows at once (`show`, and the stylesheet's
 * :focus-within), so the keyboard never lands on something invisible. The first render is the
 * same everywhere (not yet shown), so a page rendered on the server hydrates without a mismatch.
 */
export const useReveal = <T extends Element>() => {
  const ref = useRef<T>(null);
  const [revealed, setRevealed] = useState(false);
  const show = useCallback(() => setRevealed(true), []);

  useEffect(() => {
    const node = ref.current;
    if (revealed || !node) return;
    // Shown before the takeover by index.html's script, which reveals as this does until then.
    if (showsAtOnce() || node.hasAttribute('data-revealed')) {
      setRevealed(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        setRevealed(true);
        observer.disconnect();
      },
      { rootMargin: nearPageEnd(node) ? '0px' : `0px 0px -${REVEAL_OFFSET}px 0px` },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [revealed]);

  return { ref, revealed, show };
};
