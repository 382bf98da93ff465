/** The public pages worth finding; the dashboard, the cms and the API stay out. */
export const PUBLIC_PATHS = ['/', '/enthuelle-dein-wappen', '/shop', '/impressum', '/datenschutz'] as const;

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** "https://example.org/" -> "https://example.org"; null for anything that is no http(s) origin. */
export const siteOrigin = (value: string | undefined): string | null => {
  if (!value) return null;
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  } catch {
    return null;
  }
};

/**
 * sitemap.xml. The protocol wants absolute addresses, so they are written with the site's
 * origin when the build knows it, and as site-relative paths otherwise.
 */
export const sitemapXml = (origin: string | null): string => {
  const urls = PUBLIC_PATHS.map(
    (path) => `  <url>\n    <loc>${escapeXml(`${origin ?? ''}${path}`)}</loc>\n  </url>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
};

/** robots.txt; it names the sitemap only with an absolute address, as the standard asks. */
export const robotsTxt = (origin: string | null): string =>
  [
    'User-agent: *',
    'Disallow: /admin/',
    'Disallow: /cms/',
    'Disallow: /api/',
    // The worker's page for a page it has not kept, offline (OFFLINE_PATH): nothing to find there.
    'Disallow: /offline',
    'Allow: /',
    ...(origin ? ['', `Sitemap: ${origin}/sitemap.xml`] : []),
    '',
  ].join('\n');
