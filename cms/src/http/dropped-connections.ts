import type { IncomingMessage } from 'node:http';
import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';

type Logger = { info(message: string): void };

const noted = new WeakSet<IncomingMessage>();

/**
 * One line for a request whose client closed the connection before it was answered (the site's
 * server drops its connection to the cms when its own client gives up): noted once per request,
 * however many parts of the cms see the connection go.
 */
export function noteDroppedConnection(log: Logger, ctx: Pick<Context, 'method' | 'path' | 'req'>, reason: unknown) {
  if (noted.has(ctx.req)) return;
  noted.add(ctx.req);
  const { code, message } = (reason ?? {}) as { code?: unknown; message?: unknown };
  const when = ctx.req.complete ? 'its answer' : 'its body arrived';
  log.info(`${ctx.method} ${ctx.path}: the client closed the connection before ${when} (${String(code ?? message ?? reason)})`);
}

// What Node reports for a connection that ended under a request: the parser's refusal of a message
// cut short (HPE_*, "Parse Error"), a reset, a write to a closed socket, an early close. Koa hears
// of it from the socket (on-finished), before the socket is marked destroyed.
const CONNECTION_ERROR = /^(HPE_|ECONNRESET$|EPIPE$|ECONNABORTED$|ERR_STREAM_PREMATURE_CLOSE$)/;

const isDroppedConnection = (error: unknown, ctx: Context | undefined) => {
  if (!ctx) return false;
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return CONNECTION_ERROR.test(String(code ?? '')) || message === 'aborted' || /^Parse Error\b/.test(String(message));
};

/** Koa's own printing of an app error (application.js, onerror), for every error but a dropped connection. */
function printLikeKoa(error: Error & { status?: number; expose?: boolean }) {
  if (error.status === 404 || error.expose) return;
  console.error(`\n${String(error.stack ?? error).replace(/^/gm, '  ')}\n`);
}

/**
 * Koa reports an error of the connection under a request (on-finished) to its app's error
 * listener, whose default prints the stack: a `Parse Error` trace of five lines for every
 * connection the site's server dropped. Those are one line, noted once per request; every other
 * error is printed as Koa prints it. Koa adds its own listener when it builds its request handler
 * and finds none; `silent` keeps that one quiet whichever comes first.
 */
export function quietDroppedConnections(strapi: Core.Strapi) {
  const app = strapi.server.app;
  app.silent = true;
  app.on('error', (error: Error, ctx?: Context) => {
    if (isDroppedConnection(error, ctx)) return noteDroppedConnection(strapi.log, ctx!, error);
    printLikeKoa(error);
  });
}
