import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useScrollToHash } from './use-scroll-to-hash';

/** A section whose place in the page the test moves, as text arriving above it would. */
function addTarget(id: string) {
  const target = document.createElement('section');
  target.id = id;
  let top = 2000;
  target.getBoundingClientRect = () => ({ top: top - window.scrollY }) as DOMRect;
  target.scrollIntoView = vi.fn();
  document.body.append(target);
  return { target, moveTo: (next: number) => (top = next), scrolls: () => vi.mocked(target.scrollIntoView).mock.calls.length };
}

let pageResized: () => void = () => {};

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(callback: () => void) {
        pageResized = callback;
      }
      observe() {}
      disconnect() {
        pageResized = () => {};
      }
    },
  );
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

const at = (address: string) =>
  function Router({ children }: { children: ReactNode }) {
    return <MemoryRouter initialEntries={[address]}>{children}</MemoryRouter>;
  };

describe('useScrollToHash', () => {
  it('scrolls to the #fragment, and again each time content above pushes it down', () => {
    const info = addTarget('info');
    renderHook(() => useScrollToHash(true), { wrapper: at('/#info') });
    expect(info.target.scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
    expect(info.scrolls()).toBe(1);

    act(() => pageResized()); // grown below the target: it has not moved
    expect(info.scrolls()).toBe(1);
    info.moveTo(2600);
    act(() => pageResized());
    expect(info.scrolls()).toBe(2);
  });

  it('leaves the scrolling to the visitor from their first input on', () => {
    const info = addTarget('info');
    renderHook(() => useScrollToHash(true), { wrapper: at('/#info') });
    window.dispatchEvent(new Event('wheel'));
    info.moveTo(2600);
    act(() => pageResized());
    expect(info.scrolls()).toBe(1);
  });

  it('stops following the target after ten seconds, and when the page goes', () => {
    const info = addTarget('info');
    const { unmount } = renderHook(() => useScrollToHash(true), { wrapper: at('/#info') });
    act(() => vi.advanceTimersByTime(10_000));
    info.moveTo(2600);
    act(() => pageResized());
    expect(info.scrolls()).toBe(1);

    const faq = addTarget('faq');
    renderHook(() => useScrollToHash(true), { wrapper: at('/#faq') }).unmount();
    unmount();
    faq.moveTo(2600);
    act(() => pageResized());
    expect(faq.scrolls()).toBe(1);
  });

  it('does nothing before the sections are there, or without a #fragment', () => {
    const info = addTarget('info');
    renderHook(() => useScrollToHash(false), { wrapper: at('/#info') });
    renderHook(() => useScrollToHash(true), { wrapper: at('/') });
    expect(info.scrolls()).toBe(0);
  });

  it('ignores a #fragment with a malformed escape, as a mangled shared link has', () => {
    const info = addTarget('info');
    expect(() => renderHook(() => useScrollToHash(true), { wrapper: at('/#%E0%A4%A') })).not.toThrow();
    expect(info.scrolls()).toBe(0);
  });
});
