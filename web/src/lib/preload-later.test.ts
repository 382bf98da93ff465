import { afterEach, describe, expect, it, vi } from 'vitest';

const preloads = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => link.getAttribute('href'));

describe('preloading what a page imports after its takeover', () => {
  afterEach(() => {
    document.head.innerHTML = '';
    document.body.innerHTML = '';
    vi.useRealTimers();
    vi.resetModules();
  });

  it('adds the listed chunks two per task and resolves once all are in place', async () => {
    vi.useFakeTimers();
    document.body.innerHTML = '<script id="later-chunks" type="application/json">["/a.js","/b.js","/c.js","/d.js","/e.js"]</script>';
    const { preloadLaterChunks } = await import('./preload-later');
    let resolved = false;
    const preloading = preloadLaterChunks().then(() => (resolved = true));
    expect(preloads()).toEqual(['/a.js', '/b.js']);
    await vi.advanceTimersToNextTimerAsync();
    expect(preloads()).toEqual(['/a.js', '/b.js', '/c.js', '/d.js']);
    expect(resolved).toBe(false);
    await vi.advanceTimersToNextTimerAsync();
    await preloading;
    expect(preloads()).toEqual(['/a.js', '/b.js', '/c.js', '/d.js', '/e.js']);
    // Asked again (the landing asks from its effect and from its lazy sections): nothing added twice.
    await preloadLaterChunks();
    expect(preloads()).toHaveLength(5);
  });

  it('resolves at once on a page without a list (the dashboard, a page the browser drew)', async () => {
    const { preloadLaterChunks } = await import('./preload-later');
    await expect(preloadLaterChunks()).resolves.toBeUndefined();
    expect(preloads()).toEqual([]);
  });
});
