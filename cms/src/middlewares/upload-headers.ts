import { ReadStream } from 'node:fs';
import path from 'node:path';
import type { Core } from '@strapi/strapi';
import type { Context, Next } from 'koa';
import { UPLOAD_HEADERS, isShownInline, isUploadsPath } from '../http/upload-headers';

/**
 * Every answer under /uploads, and every file sent from the uploads folder by whichever route
 * (strapi::public serves the whole public folder, uploads included, to an address such as
 * /uploads%2Fpage.html), goes out with UPLOAD_HEADERS: files stored before uploads were checked
 * by their content are harmless too.
 */
export default (_config: unknown, { strapi }: { strapi: Core.Strapi }) => {
  const uploadsFolder = path.join(path.resolve(strapi.dirs.static.public), 'uploads') + path.sep;
  const sentFromUploads = (body: unknown) => body instanceof ReadStream && path.resolve(String(body.path)).startsWith(uploadsFolder);

  return async (ctx: Context, next: Next) => {
    await next();
    if (!isUploadsPath(ctx.path) && !sentFromUploads(ctx.body)) return;
    ctx.set(UPLOAD_HEADERS);
    if (!isShownInline(ctx.response.get('Content-Type'))) ctx.set('Content-Disposition', 'attachment');
  };
};
