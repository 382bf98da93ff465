// Every request to the site's server gets an answer, or its connection closed, within a bound of
// its body's arrival (docs/decisions/032). Node bounds the arrival (requestTimeout,
// headersTimeout) but nothing after it: a cms that never answered (formidable 2 on a malformed
// part header) held the client's connection, and a descriptor on each side, until the client
// went away.
import { refuse } from './refusals.mjs';

/**
 * The cms answers within five minutes of a body's arrival (cms/src/http/answer-deadline.ts); this
 * server waits ten seconds longer, so the cms's own answer is the one the client gets, and nginx
 * (deploy/nginx.conf) longer still.
 */
export const SITE_ANSWER_DEADLINE_MS = 310_000;

/** The deadline in force: SITE_ANSWER_DEADLINE_MS, or SITE_ANSWER_DEADLINE_MS from the environment (tests set it low). */
export function siteAnswerDeadlineMs(env = process.env) {
  const configured = Number(env.SITE_ANSWER_DEADLINE_MS);
  return Number.isInteger(configured) && configured > 0 ? configured : SITE_ANSWER_DEADLINE_MS;
}

/**
 * The clock is checked every `ms` from the request's start and starts again when the body has been
 * read to its end, so the answer comes at most `ms` after the body arrived, read or not. Before
 * the answer has begun it is a 504 (the API's shape under /api and /cms, with `Connection: close`);
 * after, the connection is closed.
 */
export function answerWithin(server, ms = siteAnswerDeadlineMs()) {
  server.on('request', (request, response) => {
    // The cms proxy rewrites request.url; the refusal speaks the language of the address asked for.
    const path = (request.url ?? '/').split('?')[0];
    let timer;
    let closed = false;
    const arm = () => {
      // A request nobody read ends once Node drains it, after its answer: no deadline is left then.
      if (closed) return;
      clearTimeout(timer);
      timer = setTimeout(expire, ms);
    };
    const expire = () => {
      if (response.writableEnded || response.destroyed) return;
      // Still arriving: Node's requestTimeout bounds that part.
      if (!request.complete) return arm();
      if (response.headersSent) return response.destroy();
      response.shouldKeepAlive = false;
      refuse(response, 504, path, { Connection: 'close' });
    };
    arm();
    request.once('end', arm);
    response.once('close', () => {
      closed = true;
      clearTimeout(timer);
    });
  });
}
