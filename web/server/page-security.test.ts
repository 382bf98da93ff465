import { describe, expect, it } from 'vitest';
import { pagePolicy } from './page-security.mjs';

describe("a page's Content-Security-Policy", () => {
  it('lets the site register its own service worker and read its own manifest, from nowhere else', () => {
    const directives = pagePolicy('<p>page</p>').split('; ');
    expect(directives).toContain("worker-src 'self'");
    expect(directives).toContain("manifest-src 'self'");
  });
});
