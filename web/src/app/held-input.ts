declare global {
  interface Window {
    /** index.html: stops holding taps and sent forms; returns what does the last one again, if any. */
    takeOverHeldInput?: () => (() => void) | null;
  }
}

/**
 * Ends index.html's holding of the taps and sent forms that came before the takeover (React
 * handles them from here on); returns what does the last of them again, once, when the page is
 * React's.
 */
export function takeOverHeldInput(): () => void {
  let held = window.takeOverHeldInput?.() ?? null;
  return () => {
    const last = held;
    held = null;
    // After the renders the takeover sets off (a field's typed value taken into its state), so
    // that a sent form is sent with what the visitor typed.
    if (last) requestAnimationFrame(() => setTimeout(last));
  };
}
