import type { Core } from '@strapi/strapi';
import type { Context, Next } from 'koa';
import { refuse } from '../http/api-error';
import { drainUnreadBody } from '../http/drain-body';
import { noteDroppedConnection } from '../http/dropped-connections';
import { claimScratchDir, MULTIPART_LIMITS } from '../http/multipart-limits';

const MEGABYTES = Math.floor(MULTIPART_LIMITS.bodyBytes / (1024 * 1024));

/**
 * In front of strapi::body, on every path (ours and Strapi's own under /cms):
 * - a multipart body must say its length, at most MULTIPART_LIMITS.bodyBytes, so that the
 *   parser never reads more than that (Node's parser ends a body at its Content-Length);
 * - its files go to a folder of the request's own, deleted when the request ends, refused or
 *   not (strapi::body removes only a field named "files", formidable races on errors);
 * - a body with a Content-Encoding is refused with 415;
 * - what formidable refuses (its errors carry an httpCode, which Strapi's error handler does
 *   not know and answers with 500) is a 4xx in the contract's shape: its own limits keep their
 *   413, any other malformed multipart body (formidable's 500 and 501 among them) is a 400;
 * - a client that closes its connection before its body has arrived (the site's server drops the
 *   cms's side when its own client gives up) is one line in the log, not a stack trace;
 * - whatever part of any body was left unread is drained, so the client reads the answer.
 */
export default (_config: unknown, { strapi }: { strapi: Core.Strapi }) => async (ctx: Context, next: Next) => {
  try {
    // No client of the site compresses a request body, and a corrupt one fails deep in zlib
    // with an error that names no status (docs/decisions/005).
    if (isEncodedBody(ctx)) {
      return refuse(ctx, 415, {
        german: 'Komprimierte Anfragen werden nicht angenommen.',
        english: 'Compressed request bodies are not accepted (Content-Encoding)',
      });
    }
    if (ctx.is('multipart')) await parseMultipartWithin(ctx, next);
    else await next();
  } catch (error) {
    // A refusal of the body parser itself (co-body's bad JSON or size, formidable's limits):
    // answered here, or Strapi's error handler logs each one with its stack trace.
    if (isParsed(ctx)) throw error;
    if (clientWentAway(ctx)) {
      noteDroppedConnection(strapi.log, ctx, error);
      return refuse(ctx, 400, PARSER_REFUSALS[400]);
    }
    const status = parserStatus(error);
    if (status === undefined) throw error;
    refuse(ctx, status, PARSER_REFUSALS[status] ?? PARSER_REFUSALS[400]);
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
  } finally {
    await scratch.remove();
  }
}

const PARSER_REFUSALS: Record<number, { german: string; english: string }> = {
  400: { german: 'Die Anfrage ist ungültig (kein gültiges JSON oder Formular).', english: 'The request body is malformed (no valid JSON or form)' },
  413: {
    german: 'Die Anfrage ist zu groß oder hat zu viele Teile.',
    english: `The request body is too large or has too many parts (JSON at most 256 kB; at most ${MULTIPART_LIMITS.files} files of 5 MB together and ${MULTIPART_LIMITS.fields} fields)`,
  },
  415: { german: 'Dieses Format wird nicht unterstützt.', english: 'Unsupported content type or charset' },
};

const isEncodedBody = (ctx: Context) => {
  const encoding = ctx.get('content-encoding').trim().toLowerCase();
  return encoding !== '' && encoding !== 'identity';
};

/**
 * The 4xx of a body parser's refusal, or undefined for anything else: formidable's errors carry
 * httpCode (a body it cannot read is the client's fault whatever code formidable gives it: 500
 * for a bad part, 501 for an unknown Content-Transfer-Encoding), co-body's and raw-body's carry
 * status.
 */
function parserStatus(error: unknown): number | undefined {
  const { httpCode, status } = (error ?? {}) as { httpCode?: unknown; status?: unknown };
  if (typeof httpCode === 'number') return httpCode >= 400 && httpCode < 500 ? httpCode : 400;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : undefined;
}

/** The request's connection ended before its body did: nobody is left to read an answer. */
const clientWentAway = (ctx: Context) => !ctx.req.complete && (ctx.req.destroyed || ctx.req.socket.destroyed);

/** well-formed-input, right behind strapi::body, marks that the body was read: errors after that are the routes'. */
const PARSED = Symbol('body parsed');
export const markParsed = (ctx: Context) => {
  (ctx.state as Record<symbol, boolean>)[PARSED] = true;
};
const isParsed = (ctx: Context) => (ctx.state as Record<symbol, boolean>)[PARSED] === true;
