import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { closingRefusal } from './api-error';

/**
 * How long the cms may take to answer once a request's body has arrived (docs/decisions/032).
 * The slowest legitimate call is a users CSV import of 1,000 new users: bcryptjs hashes each
 * password on the main thread, 196 ms a row on this project's loaded two-core machine, so about
 * 3 minutes. An upload's images are decoded one at a time, so a burst of uploads waits in line.
 * Five minutes (as long as Node gives a body to arrive) leaves room for both; the site's server
 * and nginx wait a little longer, so the cms's own answer is the one that reaches the client.
 */
export const ANSWER_DEADLINE_MS = 300_000;

const MESSAGE = {
  german: 'Der Server hat nicht rechtzeitig geantwortet. Bitte versuche es erneut.',
  english: 'The server did not answer in time. Please try again.',
};

/** The deadline in force: ANSWER_DEADLINE_MS, or CMS_ANSWER_DEADLINE_MS (tests set it low). */
export function answerDeadlineMs(env: NodeJS.ProcessEnv = process.env) {
  const configured = Number(env.CMS_ANSWER_DEADLINE_MS);
  return Number.isInteger(configured) && configured > 0 ? configured : ANSWER_DEADLINE_MS;
}

/**
 * Every request of this server gets an answer, or its connection closed, within `ms` of its body's
 * arrival. Node bounds the arrival (requestTimeout, headersTimeout) but nothing after it: a
 * handler that never settles (formidable 2 on a malformed part header did, docs/decisions/009)
 * held the connection and its descriptor until the client went away.
 *
 * The clock is checked every `ms` from the request's start, and starts again when the body has
 * been read to its end: a body read by the app counts from its last byte, one left unread from
 * the first check after it was complete, so the answer comes at most `ms` after the body arrived.
 * Before the answer has begun it is a 503 in the contract's shape with `Connection: close`; after
 * (an answer stuck mid-stream) the connection is closed.
 */
export function answerWithin(server: Server, ms = answerDeadlineMs()) {
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    let timer: NodeJS.Timeout | undefined;
    let answered = false;
    const arm = () => {
      clearTimeout(timer);
      // A body nobody read ends only when the answer is done (Node drains it then): a timer armed
      // then held the request and its answer for the whole deadline, gigabytes under a burst.
      if (!answered) timer = setTimeout(expire, ms);
    };
    const expire = () => {
      if (response.writableEnded || response.destroyed) return;
      // Still arriving: Node's requestTimeout bounds that part.
      if (!request.complete) return arm();
      if (response.headersSent) return response.destroy();
      const { body, headers } = closingRefusal((request.url ?? '/').split('?')[0] ?? '/', request.method, MESSAGE);
      response.shouldKeepAlive = false;
      response.writeHead(503, headers);
      response.end(body);
    };
    arm();
    request.once('end', arm);
    response.once('close', () => {
      answered = true;
      clearTimeout(timer);
    });
  });
}
