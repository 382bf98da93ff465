import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { AppProvider } from './provider';

const page = () => (
  <AppProvider queryClient={createQueryClient()}>
    <p>Slawenfest im Harz</p>
  </AppProvider>
);

describe('AppProvider', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    localStorage.clear();
  });

  // index.html marks <html> dark; a value written in between restyles the whole page twice.
  it('keeps <html> dark while it takes a page over, even with a scheme left in localStorage', async () => {
    localStorage.setItem('mantine-color-scheme-value', 'light');
    document.documentElement.setAttribute('data-mantine-color-scheme', 'dark');
    const container = document.createElement('div');
    container.innerHTML = renderToString(page());
    document.body.append(container);
    // Each change's record holds the value before it: the values written are the later records'
    // old values and the value at the end.
    const before: (string | null)[] = [];
    const observer = new MutationObserver((records) => records.forEach((record) => before.push(record.oldValue)));
    observer.observe(document.documentElement, { attributeFilter: ['data-mantine-color-scheme'], attributeOldValue: true });

    await act(async () => {
      hydrateRoot(container, page());
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    before.push(...observer.takeRecords().map((record) => record.oldValue));
    observer.disconnect();
    const written = [...before.slice(1), document.documentElement.getAttribute('data-mantine-color-scheme')];

    expect(written.filter((value) => value !== 'dark')).toEqual([]);
    expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('dark');
    expect(localStorage.getItem('mantine-color-scheme-value')).toBe('light');
  });
});
