import path from 'node:path';

/**
 * What every answer from the uploads folder carries, so that no file there runs as the site,
 * whatever it is and however it got there: the browser takes the declared type as it is
 * (nosniff), a document opened from there has an origin of its own and may load nothing
 * (sandbox; default-src 'none'), and anything but an image is downloaded rather than shown. An
 * image's own CSP does not apply where a page shows it with <img>.
 */
export const UPLOAD_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "sandbox; default-src 'none'",
} as const;

/** The types shown in the browser; everything else from the uploads folder is an attachment. */
export const isShownInline = (contentType: string) => /^image\/(jpeg|png|webp|avif|gif)\s*(;|$)/i.test(contentType.trim());

/** Whether an address names something in the uploads folder, however its path is written (escaped slashes, dot segments, case). */
export function isUploadsPath(rawPath: string): boolean {
  let decoded = rawPath;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    // Not decodable: the static file server cannot read it either; checked as written.
  }
  return path.posix.normalize(decoded.replace(/\\/g, '/')).toLowerCase().startsWith('/uploads/');
}
