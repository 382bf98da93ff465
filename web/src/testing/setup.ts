import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { format } from 'node:util';
import { afterEach, beforeEach, vi } from 'vitest';

// Lazy chunks (markdown, QR code) load slower on a busy two-core CI machine than the 1 s default.
configure({ asyncUtilTimeout: 5000 });
import { isConsoleErrorAllowed, resetConsoleErrorAllowance } from './console';

// jsdom lacks these browser APIs that Mantine uses (Mantine's Vitest guide). The site server's
// tests run in Node (`@vitest-environment node`), without a window.
if (typeof window !== 'undefined') {
  const { getComputedStyle } = window;
  window.getComputedStyle = (element) => getComputedStyle(element);
  window.HTMLElement.prototype.scrollIntoView = () => {};

  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });

  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  window.ResizeObserver = ResizeObserverStub;

  // Choices kept in the history entry (lib/use-history-state.ts) stay within their test.
  afterEach(() => window.history.replaceState(null, ''));
}

// React reports failed renders, act() warnings and bad props through console.error:
// a test that logs one fails, unless it calls allowConsoleError().
let consoleErrors: string[] = [];

beforeEach(() => {
  consoleErrors = [];
  resetConsoleErrorAllowance();
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(format(...args));
  });
});

afterEach(() => {
  cleanup();
  if (consoleErrors.length > 0 && !isConsoleErrorAllowed()) {
    throw new Error(`console.error was called:\n\n${consoleErrors.join('\n\n')}`);
  }
});
