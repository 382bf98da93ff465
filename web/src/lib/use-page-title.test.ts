import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SITE_DESCRIPTION, SITE_NAME, usePageTitle } from './use-page-title';

const meta = (selector: string) =>
  document.head.querySelector<HTMLMetaElement>(`meta[${selector}]`)?.content;

describe('usePageTitle', () => {
  it('sets title and description, and restores them when the page goes', () => {
    document.title = 'vorher';
    const { rerender, unmount } = renderHook((props) => usePageTitle(props), {
      initialProps: { title: 'Shop', description: 'Waren aus der Schmiede' },
    });
    expect(document.title).toBe(`Shop | ${SITE_NAME}`);
    expect(meta('name="description"')).toBe('Waren aus der Schmiede');

    rerender({ title: 'Warenkorb', description: 'Dein Warenkorb' });
    expect(document.title).toBe(`Warenkorb | ${SITE_NAME}`);

    unmount();
    expect(document.title).toBe('vorher');
  });

  it('falls back to the site name and description', () => {
    renderHook(() => usePageTitle());
    expect(document.title).toBe(SITE_NAME);
    expect(meta('name="description"')).toBe(SITE_DESCRIPTION);
  });

  it('sets the OpenGraph tags with an absolute image address, and removes them afterwards', () => {
    const { unmount } = renderHook(() =>
      usePageTitle({ title: 'Fest', description: 'Fünf Tage im Harz', image: '/uploads/share.jpg' }),
    );
    expect(meta('property="og:title"')).toBe(`Fest | ${SITE_NAME}`);
    expect(meta('property="og:description"')).toBe('Fünf Tage im Harz');
    expect(meta('property="og:image"')).toBe(`${window.location.origin}/uploads/share.jpg`);

    unmount();
    expect(meta('property="og:image"')).toBeUndefined();
  });

  it('names the page in og:url without its query string or fragment', () => {
    window.history.pushState(null, '', '/impressum?utm_source=newsletter#kontakt');
    try {
      renderHook(() => usePageTitle({ title: 'Impressum' }));
      expect(meta('property="og:url"')).toBe(`${window.location.origin}/impressum`);
    } finally {
      window.history.pushState(null, '', '/');
    }
  });

  it('sets no og:image without an image', () => {
    renderHook(() => usePageTitle({ title: 'Impressum' }));
    expect(meta('property="og:image"')).toBeUndefined();
  });
});
