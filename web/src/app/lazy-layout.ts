import type { createBrowserRouter } from 'react-router-dom';

type AppRouter = ReturnType<typeof createBrowserRouter>;

/** The parts a page is made of, top to bottom: the landing's sections and the footer. */
const pageParts = () => [...document.querySelectorAll<HTMLElement>('#root main > *, #root footer')];

/**
 * Lays out every part of the page (offscreen.module.css) and keeps what is on screen where it is:
 * the parts above it take their real heights instead of their stand-ins, and the page scrolls by
 * the difference.
 */
function layOutEverything() {
  const root = document.documentElement;
  if (!root.hasAttribute('data-lazy-layout')) return;
  const anchor = pageParts().find((part) => part.getBoundingClientRect().bottom > 0);
  const before = anchor?.getBoundingClientRect().top ?? 0;
  root.removeAttribute('data-lazy-layout');
  if (anchor) window.scrollBy({ top: anchor.getBoundingClientRect().top - before, behavior: 'instant' });
}

/**
 * A fresh visit lays out a long page's far parts only as they near the screen (index.html marks
 * it), which spares a phone's first paint a quarter of its work. The first scroll or navigation
 * ends it: from then on the scroll positions the router keeps for Back, and the #targets smooth
 * scrolling heads for, are measured against real heights rather than stand-ins.
 */
export function layOutEverythingOnFirstMove(router: AppRouter) {
  if (!document.documentElement.hasAttribute('data-lazy-layout')) return;
  // After the frame that shows where the scroll went: what the visitor sees then is drawn in full,
  // so it is what stays in place.
  const afterNextFrame = () => requestAnimationFrame(() => setTimeout(layOutEverything));
  window.addEventListener('scroll', afterNextFrame, { once: true, passive: true });
  router.subscribe(layOutEverything);
}
