import { createRoot, hydrateRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeIntersectionObserver, scrollNear, watchers } from '@/testing/intersection-observer';
import { act } from '@/testing/render';
import { renderOnServer } from '@/testing/server-markup';
import type { StrapiMedia } from '@/lib/strapi-media';
import { CmsImage } from './cms-image';
import { HydrateNearScreen } from './hydrate-near-screen';

const photo: StrapiMedia = {
  url: '/uploads/bannerweihe.jpg',
  width: 1200,
  height: 800,
  alternativeText: 'Bannerweihe',
  formats: { small: { url: '/uploads/small_bannerweihe.jpg', width: 500, height: 333 } },
} as StrapiMedia;

const wall = (
  <main>
    <HydrateNearScreen anchorId="agenda">
      <section id="agenda">
        <CmsImage afterTakeover media={photo} sizes="50vw" className="tile" />
      </section>
    </HydrateNearScreen>
  </main>
);

let container: HTMLElement;
beforeEach(() => {
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  container = document.createElement('div');
  document.body.append(container);
});
afterEach(() => {
  container.remove();
  watchers.length = 0;
});

const pictures = () => [...container.querySelectorAll('img')];

describe('CmsImage afterTakeover', () => {
  it('sends no file address in the server markup, and the picture inside <noscript> for visitors without scripts', () => {
    const html = renderOnServer(wall);
    const parsed = new DOMParser().parseFromString(html, 'text/html');
    const [waiting] = [...parsed.querySelectorAll('img')];
    expect(waiting.hasAttribute('src')).toBe(false);
    expect(waiting.hasAttribute('srcset')).toBe(false);
    expect(waiting.getAttribute('alt')).toBe('Bannerweihe');
    expect(waiting.getAttribute('width')).toBe('1200');
    expect(html).toMatch(/<noscript><img src="\/uploads\/bannerweihe.jpg" srcSet="\/uploads\/small_bannerweihe.jpg 500w, \/uploads\/bannerweihe.jpg 1200w"[^>]*alt="Bannerweihe"/);
  });

  it('asks for the file once its section is taken over, near the screen', async () => {
    container.innerHTML = renderOnServer(wall);
    await act(async () => {
      hydrateRoot(container, wall);
    });
    expect(pictures().every((image) => !image.hasAttribute('src'))).toBe(true);

    await act(async () => scrollNear(container.querySelector('#agenda')!));
    expect(pictures()).toHaveLength(1);
    expect(pictures()[0].getAttribute('src')).toBe('/uploads/bannerweihe.jpg');
    expect(pictures()[0].getAttribute('srcset')).toContain('small_bannerweihe.jpg 500w');
    expect(pictures()[0].className).toBe('tile');
    expect(container.querySelector('noscript')).toBeNull();
  });

  it('draws the picture at once when rendered in the browser (after a navigation)', async () => {
    await act(async () => {
      createRoot(container).render(wall);
    });
    expect(pictures()).toHaveLength(1);
    expect(pictures()[0].getAttribute('src')).toBe('/uploads/bannerweihe.jpg');
  });
});
