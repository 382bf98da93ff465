/** How long a closing dialog may take to leave the page (the dashboard's dialogs have no exit transition; a busy browser may lag). */
const CLOSING_MS = 1000;
const LOOK_AGAIN_MS = 30;

const isLost = () => document.activeElement === null || document.activeElement === document.body;

/**
 * Gives focus back to the control that opened a dialog, for every dialog of the dashboard (WCAG
 * 2.4.3). Mantine's modal does so only for an opening it saw happen; the dashboard's dialogs
 * mount already open (their state comes with them), and Escape left the focus on the page's
 * body. Focus entering a dialog notes where it came from; once the dialog has gone and left the
 * focus on the body, the focus goes back there. Returns the function that stops it.
 */
export function returnFocusFromDialogs(): () => void {
  const openers = new WeakMap<Element, HTMLElement>();
  let lastOutside: HTMLElement | null = null;
  const timers = new Set<number>();

  const later = (run: () => void) => {
    const timer = window.setTimeout(() => {
      timers.delete(timer);
      run();
    }, LOOK_AGAIN_MS);
    timers.add(timer);
  };

  const onFocusIn = (event: FocusEvent) => {
    if (!(event.target instanceof HTMLElement)) return;
    const dialog = event.target.closest('[role="dialog"]');
    if (!dialog) {
      lastOutside = event.target;
      return;
    }
    if (openers.has(dialog)) return;
    const from = event.relatedTarget instanceof HTMLElement && !dialog.contains(event.relatedTarget) ? event.relatedTarget : lastOutside;
    if (from) openers.set(dialog, from);
  };

  const onFocusOut = (event: FocusEvent) => {
    const dialog = event.target instanceof HTMLElement ? event.target.closest('[role="dialog"]') : null;
    if (!dialog || (event.relatedTarget instanceof Node && dialog.contains(event.relatedTarget))) return;
    const opener = openers.get(dialog);
    if (!opener) return;
    const started = Date.now();
    const check = () => {
      if (!isLost()) return;
      if (!dialog.isConnected || dialog.getClientRects().length === 0) {
        if (opener.isConnected) opener.focus({ preventScroll: true });
      } else if (Date.now() - started < CLOSING_MS) {
        later(check);
      }
    };
    later(check);
  };

  document.addEventListener('focusin', onFocusIn, true);
  document.addEventListener('focusout', onFocusOut, true);
  return () => {
    document.removeEventListener('focusin', onFocusIn, true);
    document.removeEventListener('focusout', onFocusOut, true);
    for (const timer of timers) window.clearTimeout(timer);
  };
}
