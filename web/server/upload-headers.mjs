// The headers every answer from the uploads folder goes out with, as the cms
// (cms/src/http/upload-headers.ts) and nginx (deploy/nginx.conf) send them too: a file there is
// never run as the site, whatever it is and however it got there. The browser keeps the declared
// type (nosniff), a document opened from there gets an origin of its own and may load nothing
// (the sandbox), and anything but an image is downloaded rather than shown. An image's own CSP
// does not apply where a page shows it with <img>.
import path from 'node:path';

export const UPLOAD_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "sandbox; default-src 'none'",
};

const SHOWN_INLINE = /^image\/(jpeg|png|webp|avif|gif)\s*(;|$)/i;

/** Whether a path on the cms names something in its uploads folder, however it is written (escaped slashes, dot segments, case). */
export function isUploadsPath(cmsPath) {
  const pathname = cmsPath.split('?')[0];
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // Not decodable: checked as written.
  }
  return path.posix.normalize(decoded.replace(/\\/g, '/')).toLowerCase().startsWith('/uploads/');
}

/** The cms's headers of an answer from the uploads folder with UPLOAD_HEADERS set over them. */
export function withUploadHeaders(headers) {
  const safe = { ...headers, ...UPLOAD_HEADERS };
  if (!SHOWN_INLINE.test(String(headers['content-type'] ?? '').trim())) safe['content-disposition'] = 'attachment';
  return safe;
}
