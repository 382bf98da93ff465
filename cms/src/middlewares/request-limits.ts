import type { Context, Next } from 'koa';
import { refuse } from '../http/api-error';
import { drainUnreadBody } from '../http/drain-body';
import { claimScratchDir, MULTIPART_LIMITS } from '../http/multipart-limits';

const MEGABYTES = Math.floor(MULTIPART_LIMITS.bodyBytes / (1024 * 1024));

/**
 * In front of strapi::body, on every path (ours and Strapi's own under /cms):
 * - a multipart body must say its length, at most MULTIPART_LIMITS.bodyBytes, so that the
 *   parser never reads more than that (Node's parser ends a body at its Content-Length);
 * - its files go to a folder of the request's own, deleted when the request ends, refused or
 *   not (strapi::body removes only a field named "files", formidable races on errors);
 * - what formidable refuses (its errors carry an httpCode, which Strapi's error handler does
 *   not know and answers with 500) is a 4xx in the contract's shape;
 * - whatever part of any body was left unread is drained, so the client reads the answer.
 */
export default () => async (ctx: Context, next: Next) => {
  try {
    if (ctx.is('multipart')) await parseMultipartWithin(ctx, next);
    else await next();
  } finally {
    drainUnreadBody(ctx.req);
  }
};

async function parseMultipartWithin(ctx: Context, next: Next) {
  const length = ctx.get('content-length');
  if (length === '') {
    return refuse(ctx, 411, {
      german: 'Die Anfrage muss ihre Länge angeben.',
      english: 'A multipart body must be sent with a Content-Length',
    });
  }
  if (Number(length) > MULTIPART_LIMITS.bodyBytes) {
    return refuse(ctx, 413, {
      german: `Die Anfrage ist zu groß (höchstens ${MEGABYTES} MB).`,
      english: `The request is too large (at most ${MEGABYTES} MB, files at most 5 MB)`,
    });
  }
  const scratch = claimScratchDir(ctx.req.headers);
  try {
    await next();
  } catch (error) {
    const status = parserStatus(error);
    if (status === undefined) throw error;
    refuse(ctx, status, PARSER_REFUSALS[status] ?? PARSER_REFUSALS[400]);
  } finally {
    await scratch.remove();
  }
}

const PARSER_REFUSALS: Record<number, { german: string; english: string }> = {
  400: { german: 'Die Anfrage ist kein gültiges Formular.', english: 'The multipart body is malformed' },
  413: {
    german: `Die Anfrage hat zu viele oder zu große Teile.`,
    english: `The multipart body has too many or too large parts (at most ${MULTIPART_LIMITS.files} files of 5 MB together, ${MULTIPART_LIMITS.fields} fields)`,
  },
};

/** The 4xx that formidable gave its refusal (httpCode), or undefined for anything else. */
function parserStatus(error: unknown): number | undefined {
  const { httpCode } = (error ?? {}) as { httpCode?: unknown };
  return typeof httpCode === 'number' && httpCode >= 400 && httpCode < 500 ? httpCode : undefined;
}
