// The headers the public pages and the dashboard's shell go out with (docs/decisions/032): a
// Content-Security-Policy that lets the page run only the site's own files and the inline scripts
// it was sent with, and framing only by the site itself: the panel's preview ("Vorschau öffnen",
// /cms/admin) shows a public page in a frame; the dashboard may be framed by no page at all
// (X-Frame-Options for browsers that know no frame-ancestors). The pages are kept whole (page-cache.mjs), so their inline scripts are allowed
// by hash rather than by a nonce that would change on every visit: the hashes are those of the
// very bytes sent, worked out once per page version.
import { createHash } from 'node:crypto';

// Inline scripts: a <script> element without src. JSON data blocks (the server state, the later
// chunks' list, JSON-LD) are never run, and a CSP does not apply to them.
const INLINE_SCRIPT = /<script(?![^>]*\ssrc=)([^>]*)>([\s\S]*?)<\/script>/gi;
const DATA_BLOCK = /\btype\s*=\s*["']?application\/(ld\+)?json/i;

/** The CSP hash source of each inline script the page runs. */
export function inlineScriptHashes(html) {
  const hashes = new Set();
  for (const [, attributes, code] of html.matchAll(INLINE_SCRIPT)) {
    if (!DATA_BLOCK.test(attributes)) hashes.add(`'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/**
 * The policy of a page: scripts from this origin and the page's own inline ones; styles inline too
 * (Mantine writes its CSS variables into a <style> element and style attributes, and hashes would
 * switch 'unsafe-inline' off); images from this origin, data: and blob: (the QR codes are drawn
 * on a canvas and shown as data: addresses); fonts, calls and everything else from this origin
 * only; no plugins, no <base>, forms sent only here, and no framing.
 */
export function pagePolicy(html, frameAncestors = "'self'") {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...inlineScriptHashes(html)].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    // The service worker (/sw.js) and the web app's manifest, from this origin only.
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors}`,
  ].join('; ');
}

const kept = new WeakMap();

/**
 * The security headers of a page version (page-cache.mjs's pageVersion), worked out at its first
 * visit: a public page may be framed by the site's own panel, the dashboard (/admin) by nothing.
 */
export function pageSecurityHeaders(version, pathname) {
  const dashboard = pathname === '/admin' || pathname.startsWith('/admin/');
  let headers = kept.get(version);
  if (!headers) {
    const html = version.body('identity').toString('utf8');
    headers = {
      page: { 'Content-Security-Policy': pagePolicy(html, "'self'"), 'X-Frame-Options': 'SAMEORIGIN' },
      dashboard: { 'Content-Security-Policy': pagePolicy(html, "'none'"), 'X-Frame-Options': 'DENY' },
    };
    kept.set(version, headers);
  }
  return dashboard ? headers.dashboard : headers.page;
}
