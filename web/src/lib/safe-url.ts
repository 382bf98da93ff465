import { siteOrigin } from './site-origin';

/** A web address (http or https) with a host: the only kind the site links to from cms data. */
export const isHttpUrl = (value: string): boolean => {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
};

const SAFE_SCHEMES = new Set(['http:', 'https:', 'mailto:', 'tel:']);

/**
 * A link target that is safe to put into the DOM: a path or fragment on this site, or a web,
 * mail or phone address. Anything else (javascript:, data:, vbscript:, …) gives null.
 */
export const safeHref = (value: string): string | null => {
  // Browsers drop tabs and newlines anywhere in a URL ("java\tscript:", "/\t/host"): judge what they would see.
  const trimmed = value.replace(/[\t\n\r]/g, '').trim();
  // "//host/…" leaves the site like an absolute address does.
  if (trimmed === '' || /^[/\\]{2}/.test(trimmed)) return null;
  if (/^[/#?]/.test(trimmed)) return trimmed;
  try {
    const url = new URL(trimmed);
    return SAFE_SCHEMES.has(url.protocol) ? trimmed : null;
  } catch {
    // No scheme at all: a relative path such as "impressum".
    return /^[\w\-./]+$/.test(trimmed) && !/^[\w+.-]+:/.test(trimmed) ? trimmed : null;
  }
};

/** True for an absolute web address on another origin than this site. */
export const isExternalUrl = (href: string): boolean => {
  if (!isHttpUrl(href)) return false;
  return new URL(href).origin !== siteOrigin();
};
