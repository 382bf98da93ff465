import type { Context, Next } from 'koa';
import { refuse } from '../http/api-error';
import { requestFiles } from '../http/image-upload';
import { requestBody } from '../http/validate';
import { isWellFormedDeep } from '../http/well-formed';
import { markParsed } from './request-limits';

/**
 * Behind strapi::body, on every path: the query, the body and the names of uploaded files hold
 * only well-formed text. A lone UTF-16 surrogate ("\udfff" in JSON) is refused with 400 before
 * any route sees it; German text and emoji pass.
 */
export default () => async (ctx: Context, next: Next) => {
  markParsed(ctx);
  const fileNames = Object.values(requestFiles(ctx))
    .flat()
    .map((file) => (file as { originalFilename?: unknown })?.originalFilename);
  if (!isWellFormedDeep(ctx.query) || !isWellFormedDeep(requestBody(ctx)) || !isWellFormedDeep(fileNames)) {
    return refuse(ctx, 400, {
      german: 'Die Anfrage enthält ungültige Zeichen.',
      english: 'The request contains malformed text (a lone UTF-16 surrogate)',
    });
  }
  return next();
};
