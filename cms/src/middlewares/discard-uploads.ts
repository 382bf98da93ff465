import { rm } from 'node:fs/promises';
import type { Context, Next } from 'koa';
import { isUploadedFile, requestFiles } from '../http/image-upload';

/**
 * Removes every temporary upload file of a request when it ends, whatever the outcome.
 * strapi::body cleans up only a field named "files", so any multipart request to any path,
 * refused or not, anonymous or not, would otherwise leave up to 5 MB per file on the disk.
 */
export default () => async (ctx: Context, next: Next) => {
  try {
    await next();
  } finally {
    const paths = Object.values(requestFiles(ctx))
      .flat()
      .filter(isUploadedFile)
      .map((file) => file.filepath);
    await Promise.all(paths.map((filepath) => rm(filepath, { force: true })));
  }
};
