import { hydrateRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act } from '@/testing/render';
import { renderOnServer } from '@/testing/server-markup';
import { ShopImage } from './shop-image';

const card = (priority: boolean) => (
  <ShopImage image="/uploads/hemd.webp" imageSizes={{ small: '/uploads/small_hemd.webp' }} alt="Hemd" sizes="50vw" priority={priority} />
);

let container: HTMLElement;
beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
});
afterEach(() => container.remove());

const pictures = (html: string) => [...new DOMParser().parseFromString(html, 'text/html').querySelectorAll('img')];

describe('ShopImage in the server markup', () => {
  it('gives the first picture its file, to be drawn with the first paint', () => {
    const [first] = pictures(renderOnServer(card(true)));
    expect(first.getAttribute('src')).toBe('/uploads/hemd.webp');
    expect(first.getAttribute('fetchpriority')).toBe('high');
  });

  it('gives the others no file address, and a <noscript> copy for visitors without scripts', () => {
    const html = renderOnServer(card(false));
    const [waiting] = pictures(html);
    expect(waiting.hasAttribute('src')).toBe(false);
    expect(waiting.hasAttribute('srcset')).toBe(false);
    expect(waiting.getAttribute('alt')).toBe('Hemd');
    expect(html).toMatch(/<noscript><img[^>]*src="\/uploads\/hemd.webp"[^>]*loading="lazy"/);
  });

  it('asks for the file once React has taken the markup over', async () => {
    container.innerHTML = renderOnServer(card(false));
    await act(async () => {
      hydrateRoot(container, card(false));
    });
    const images = [...container.querySelectorAll('img')];
    expect(images).toHaveLength(1);
    expect(images[0].getAttribute('src')).toBe('/uploads/hemd.webp');
    expect(images[0].getAttribute('loading')).toBe('lazy');
    expect(container.querySelector('noscript')).toBeNull();
  });
});
