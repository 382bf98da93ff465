import { useState } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeIntersectionObserver, scrollNear, watchers } from '@/testing/intersection-observer';
import { act } from '@/testing/render';
import { renderOnServer } from '@/testing/server-markup';
import { HydrateNearScreen, openWaitingSections } from './hydrate-near-screen';

function Counter({ id }: { id: string }) {
  const [count, setCount] = useState(0);
  return (
    <section id={id}>
      <button type="button" onClick={() => setCount(count + 1)}>
        {count} Klicks
      </button>
    </section>
  );
}

const page = (id: string) => (
  <main>
    <h1>Oben</h1>
    <HydrateNearScreen anchorId={id}>
      <Counter id={id} />
    </HydrateNearScreen>
  </main>
);

// React marks each element it has taken over with its own keys.
const takenOver = (element: Element) => Object.keys(element).some((key) => key.startsWith('__reactFiber'));

let container: HTMLElement;
beforeEach(() => {
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
});
afterEach(() => {
  container?.remove();
  watchers.length = 0;
});

/** The page as the site's server renders it: in Node, where there is no document. */
function serverMarkup(id: string) {
  container = document.createElement('div');
  container.innerHTML = renderOnServer(page(id));
  document.body.append(container);
  return container;
}

describe('HydrateNearScreen', () => {
  it('sends the children in the server markup', () => {
    expect(serverMarkup('story').querySelector('#story button')?.textContent).toBe('0 Klicks');
  });

  it('keeps the server markup as it is until the section comes near the screen, then takes it over', async () => {
    const root = serverMarkup('faq');
    const button = root.querySelector('button')!;
    await act(async () => {
      hydrateRoot(root, page('faq'));
    });
    const watcher = watchers.find((each) => each.targets.includes(root.querySelector('#faq')!));
    expect(watcher?.options?.rootMargin).toBe('100% 0px');

    expect(takenOver(root.querySelector('#faq')!)).toBe(false);

    await act(async () => scrollNear(root.querySelector('#faq')!));
    expect(takenOver(root.querySelector('#faq')!)).toBe(true);
    await act(async () => button.click());
    expect(root.querySelector('button')).toBe(button);
    expect(button.textContent).toBe('1 Klicks');
  });

  it('takes a section over within the first click aimed at it, before the observer has reported it', async () => {
    const root = serverMarkup('payment');
    await act(async () => {
      hydrateRoot(root, page('payment'));
    });
    const button = root.querySelector('button')!;
    await act(async () => button.click());
    expect(button.textContent).toBe('1 Klicks');
    expect(watchers).toHaveLength(0);
  });

  it('takes every waiting section over for a navigation', async () => {
    const root = serverMarkup('agenda');
    await act(async () => {
      hydrateRoot(root, page('agenda'));
    });
    expect(takenOver(root.querySelector('#agenda')!)).toBe(false);
    await act(async () => openWaitingSections());
    expect(takenOver(root.querySelector('#agenda')!)).toBe(true);
    expect(watchers).toHaveLength(0);

    // A section met for the first time after the navigation (inside one just taken over) does
    // not wait: the navigation's render could not finish while it did.
    const later = serverMarkup('performers');
    await act(async () => {
      hydrateRoot(later, page('performers'));
    });
    expect(takenOver(later.querySelector('#performers')!)).toBe(true);
    expect(watchers).toHaveLength(0);
  });

  it('draws at once when the page is rendered in the browser, watching nothing', async () => {
    container = document.createElement('div');
    document.body.append(container);
    await act(async () => {
      createRoot(container).render(page('info'));
    });
    expect(watchers).toHaveLength(0);
    await act(async () => container.querySelector('button')!.click());
    expect(container.querySelector('button')?.textContent).toBe('1 Klicks');
  });
});
