import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@/testing/render';
import { Reveal } from './reveal';

type Callback = (entries: Partial<IntersectionObserverEntry>[]) => void;

const observers: { callback: Callback; options?: IntersectionObserverInit; disconnect: () => void }[] = [];

const stubIntersectionObserver = () => {
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      disconnect = vi.fn();
      constructor(callback: Callback, options?: IntersectionObserverInit) {
        observers.push({ callback, options, disconnect: this.disconnect });
      }
      observe() {}
      unobserve() {}
    },
  );
};

const reducedMotion = (reduce: boolean) => {
  const { matchMedia } = window;
  vi.spyOn(window, 'matchMedia').mockImplementation((query) => ({
    ...matchMedia(query),
    matches: reduce && query.includes('reduce'),
  }));
};

afterEach(() => {
  observers.length = 0;
});

describe('Reveal', () => {
  it('stays hidden until 120 px of it are in view, then shows once', () => {
    stubIntersectionObserver();
    reducedMotion(false);
    render(<Reveal delay={300}>Inhalt</Reveal>);
    const box = screen.getByText('Inhalt');

    expect(box).not.toHaveAttribute('data-revealed');
    expect(box.style.getPropertyValue('--reveal-delay')).toBe('300ms');
    expect(observers[0].options?.rootMargin).toBe('0px 0px -120px 0px');

    act(() => observers[0].callback([{ isIntersecting: true }]));
    expect(box).toHaveAttribute('data-revealed');
    expect(observers[0].disconnect).toHaveBeenCalled();
  });

  it('shows at once for visitors who prefer reduced motion', () => {
    stubIntersectionObserver();
    reducedMotion(true);
    render(<Reveal>Inhalt</Reveal>);

    expect(screen.getByText('Inhalt')).toHaveAttribute('data-revealed');
    expect(observers).toHaveLength(0);
  });

  it('shows at once where IntersectionObserver is missing', () => {
    render(<Reveal>Inhalt</Reveal>);
    expect(screen.getByText('Inhalt')).toHaveAttribute('data-revealed');
  });
});
