import type { createBrowserRouter } from 'react-router-dom';
import offscreen from '@/components/offscreen.module.css';

type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * A fresh visit lays out a long page's far parts only as they near the screen (index.html marks
 * it, offscreen.module.css), which spares a phone's first paint a quarter of its work. The first
 * scroll or navigation ends it: from then on the scroll positions the router keeps for Back, and
 * the #targets smooth scrolling heads for, are measured against real heights, not stand-ins.
 */
export function layOutEverythingOnFirstMove(router: AppRouter) {
  const root = document.documentElement;
  if (!root.hasAttribute('data-lazy-layout')) return;

  // After the frame that shows where the scroll went: what the visitor sees then is drawn in
  // full, so it is what stays in place.
  const afterNextFrame = () => requestAnimationFrame(() => setTimeout(layOutEverything));
  const stopWatchingNavigation = router.subscribe(() => layOutEverything());
  window.addEventListener('scroll', afterNextFrame, { once: true, passive: true });

  /**
   * Lays out every part and keeps what is on screen where it is: the first part still in view
   * (those above it, all laid out lazily, are what change height) stays at its place on the
   * screen, the page scrolling by however much the parts above it grew or shrank.
   */
  function layOutEverything() {
    if (!root.hasAttribute('data-lazy-layout')) return;
    stopWatchingNavigation();
    window.removeEventListener('scroll', afterNextFrame);
    const anchor = [...document.querySelectorAll(`.${offscreen.offscreen}`)].find((part) => part.getBoundingClientRect().bottom > 0);
    const before = anchor?.getBoundingClientRect().top ?? 0;
    root.removeAttribute('data-lazy-layout');
    if (anchor) window.scrollBy({ top: anchor.getBoundingClientRect().top - before, behavior: 'instant' });
  }
}
