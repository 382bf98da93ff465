import { describe, expect, it } from 'vitest';
import { robotsTxt, siteOrigin, sitemapXml } from './seo-files';
import { OFFLINE_PATH } from '@/features/offline/offline-routes';

describe('siteOrigin', () => {
  it('takes an http(s) origin, without a trailing slash', () => {
    expect(siteOrigin('https://game-of-slavs.example/')).toBe('https://game-of-slavs.example');
    expect(siteOrigin('http://localhost:8080')).toBe('http://localhost:8080');
  });

  it('ignores a missing or malformed value', () => {
    expect(siteOrigin(undefined)).toBeNull();
    expect(siteOrigin('')).toBeNull();
    expect(siteOrigin('game-of-slavs.example')).toBeNull();
    expect(siteOrigin('ftp://game-of-slavs.example')).toBeNull();
  });
});

describe('sitemapXml', () => {
  it('lists the public pages with the configured origin', () => {
    const xml = sitemapXml('https://game-of-slavs.example');
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    for (const path of ['/', '/enthuelle-dein-wappen', '/shop', '/impressum', '/datenschutz']) {
      expect(xml).toContain(`<loc>https://game-of-slavs.example${path}</loc>`);
    }
    expect(xml).not.toContain('/admin');
  });

  it('falls back to site-relative paths without an origin', () => {
    expect(sitemapXml(null)).toContain('<loc>/impressum</loc>');
  });
});

describe('robotsTxt', () => {
  it('keeps crawlers out of the dashboard, cms and API, and names the sitemap when it can', () => {
    const robots = robotsTxt('https://game-of-slavs.example');
    expect(robots).toContain('Disallow: /admin/');
    expect(robots).toContain('Disallow: /api/');
    expect(robots).toContain(`Disallow: ${OFFLINE_PATH}`);
    expect(robots).toContain('Sitemap: https://game-of-slavs.example/sitemap.xml');
    expect(robotsTxt(null)).not.toContain('Sitemap:');
  });
});
