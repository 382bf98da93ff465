import { useEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

/** How long the target is followed while content above it can still arrive, at most. */
const FOLLOW_TARGET_MS = 10_000;

/** Input by which the visitor takes the scrolling over. */
const VISITOR_INPUT = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;

/** The element a #fragment names; one with a malformed escape (a link mangled in sharing) names none. */
function fragmentTarget(hash: string): HTMLElement | null {
  try {
    return document.getElementById(decodeURIComponent(hash.slice(1)));
  } catch {
    return null;
  }
}

const topInDocument = (element: HTMLElement) => element.getBoundingClientRect().top + window.scrollY;

/**
 * Scrolls to the target again whenever it moves: on a slow device the sections' texts appear
 * after the sections themselves (their parser loads on demand) and push the target down while
 * the page is still scrolling to where it was. Stops at the visitor's first input, or after
 * FOLLOW_TARGET_MS; returns the function that stops it.
 */
function followTarget(target: HTMLElement, scrollToTarget: () => void): () => void {
  let top = topInDocument(target);
  const observer = new ResizeObserver(() => {
    const moved = topInDocument(target);
    if (moved === top) return;
    top = moved;
    scrollToTarget();
  });
  const stop = () => {
    observer.disconnect();
    clearTimeout(timeout);
    for (const type of VISITOR_INPUT) window.removeEventListener(type, stop, true);
  };
  const timeout = setTimeout(stop, FOLLOW_TARGET_MS);
  for (const type of VISITOR_INPUT) window.addEventListener(type, stop, { capture: true, passive: true });
  observer.observe(document.body);
  return stop;
}

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
    const target = fragmentTarget(hash);
    if (!target) return;
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    const scrollToTarget = () => target.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
    scrollToTarget();
    return followTarget(target, scrollToTarget);
    // key: a second click on the same link scrolls there again.
  }, [ready, hash, key, navigationType]);
};
