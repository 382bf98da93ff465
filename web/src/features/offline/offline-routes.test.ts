import { describe, expect, it } from 'vitest';
import { isBuildFont, isCachedPage, isPublicRead, isUpload, mustBeCurrent, pageMatchesBuild } from './offline-routes';

describe('what the service worker keeps', () => {
  it.each(['/', '/shop', '/shop/', '/shop/cart', '/shop/item/7', '/enthuelle-dein-wappen', '/impressum', '/datenschutz', '/programm', '/programm/freitag', '/shop/bestellung/GOS-1234'])(
    'keeps the public page %s',
    (path) => expect(isCachedPage(path)).toBe(true),
  );

  it.each(['/admin', '/admin/login', '/admin/dashboard', '/cms/admin', '/api/shop/orders', '/sw.js', '/shop/item/7/x', '/gibt-es-nicht'])(
    'never keeps %s as a page',
    (path) => expect(isCachedPage(path)).toBe(false),
  );

  it.each(['/api/site-content', '/api/settings/shop_enabled', '/api/shop/items', '/api/shop/items/3', '/api/programme'])('keeps the public read %s', (path) =>
    expect(isPublicRead(path)).toBe(true),
  );

  it.each(['/api/admin/users', '/api/admin/shop/items', '/api/auth/verify-code', '/api/shop/orders', '/api/shop/orders/GOS-1', '/api/programme/calendar.ics', '/api/admin/login', '/api/settings/order-limits', '/cms/api/site-content'])(
    'never keeps the call %s',
    (path) => expect(isPublicRead(path)).toBe(false),
  );

  it('keeps font files of the build, and nothing else by that route', () => {
    expect(isBuildFont('/assets/eb-garamond-latin-ext-wght-normal-B6IpcvL2.woff2')).toBe(true);
    expect(isBuildFont('/assets/index-Ds1eitV_.js')).toBe(false);
    expect(isBuildFont('/uploads/font.woff2')).toBe(false);
    expect(isBuildFont('/assets/fonts/../../api/admin/users.woff2')).toBe(false);
  });

  it('asks the network first for stock and the shop switch, and shows the kept texts at once', () => {
    expect(mustBeCurrent('/api/shop/items')).toBe(true);
    expect(mustBeCurrent('/api/shop/items/3')).toBe(true);
    expect(mustBeCurrent('/api/settings/shop_enabled')).toBe(true);
    expect(mustBeCurrent('/api/programme')).toBe(true);
    expect(mustBeCurrent('/api/site-content')).toBe(false);
  });

  it('keeps uploads only under /uploads/', () => {
    expect(isUpload('/uploads/wappen.png')).toBe(true);
    expect(isUpload('/cms/uploads/wappen.png')).toBe(false);
  });

  it("keeps a page only when every build file it names is the worker's", () => {
    const kept = new Set(['/assets/index-a.js', '/assets/style-a.css']);
    const page = (script: string) => `<link rel="stylesheet" href="/assets/style-a.css"><script type="module" src="${script}"></script>`;
    expect(pageMatchesBuild(page('/assets/index-a.js'), kept)).toBe(true);
    expect(pageMatchesBuild(page('/assets/index-b.js'), kept)).toBe(false);
    // The entry named only by the inline script that loads it after the first paint.
    const loader = (script: string) => `<link rel="stylesheet" href="/assets/style-a.css"><script>load(["${script}"])</script>`;
    expect(pageMatchesBuild(loader('/assets/index-a.js'), kept)).toBe(true);
    expect(pageMatchesBuild(loader('/assets/index-b.js'), kept)).toBe(false);
    // A page naming no build file at all (an error page of a proxy) is not one of the site's.
    expect(pageMatchesBuild('<p>Bad Gateway</p>', kept)).toBe(false);
  });
});
