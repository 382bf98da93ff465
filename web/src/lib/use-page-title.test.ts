import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SITE_DESCRIPTION, SITE_NAME, usePageTitle } from './use-page-title';

const description = () =>
  document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content;

describe('usePageTitle', () => {
  it('sets title and description, and restores them when the page goes', () => {
    document.title = 'vorher';
    const { rerender, unmount } = renderHook((props) => usePageTitle(props), {
      initialProps: { title: 'Shop', description: 'Waren aus der Schmiede' },
    });
    expect(document.title).toBe(`Shop | ${SITE_NAME}`);
    expect(description()).toBe('Waren aus der Schmiede');

    rerender({ title: 'Warenkorb', description: 'Dein Warenkorb' });
    expect(document.title).toBe(`Warenkorb | ${SITE_NAME}`);

    unmount();
    expect(document.title).toBe('vorher');
  });

  it('falls back to the site name and description', () => {
    renderHook(() => usePageTitle());
    expect(document.title).toBe(SITE_NAME);
    expect(description()).toBe(SITE_DESCRIPTION);
  });
});
