// What this server answers itself when it refuses a request: the API's shape under /api and
// /cms ({ success: false, error }, as the cms answers; German on the visitors' calls, English
// on the dashboard's and the panel's), plain text for the pages and files.
import { STATUS_CODES } from 'node:http';

const VISITORS_CALL = /^\/api\/(?!admin\/)|^\/api\/admin\/login\/?$/;

const MESSAGES = {
  400: ['Die Adresse ist ungültig.', 'The address is malformed'],
  405: ['Diese Methode ist hier nicht erlaubt.', 'Method not allowed'],
  408: ['Die Anfrage kam nicht rechtzeitig an.', 'The request took too long to arrive'],
  411: ['Die Anfrage muss ihre Länge angeben.', 'A body with this method must be sent with a Content-Length'],
  413: ['Die Anfrage ist zu groß.', 'The request is too large'],
  414: ['Die Adresse ist zu lang.', 'The address is too long'],
  431: ['Die Kopfzeilen der Anfrage sind zu groß.', 'The request headers are too large'],
  502: ['Der Server ist gerade nicht erreichbar.', 'The server cannot be reached right now.'],
  504: ['Der Server hat nicht rechtzeitig geantwortet. Bitte versuche es erneut.', 'The server did not answer in time. Please try again.'],
};

/** The body and type of a refusal for this path. */
export function refusal(status, path = '') {
  const [german, english] = MESSAGES[status] ?? [STATUS_CODES[status] ?? 'Error', STATUS_CODES[status] ?? 'Error'];
  if (path.startsWith('/api/') || path.startsWith('/cms/')) {
    const body = JSON.stringify({ success: false, error: VISITORS_CALL.test(path) ? german : english });
    return { type: 'application/json; charset=utf-8', body };
  }
  return { type: 'text/plain; charset=utf-8', body: STATUS_CODES[status] ?? 'Error' };
}

/** Answers a refusal on a response that has not begun. */
export function refuse(response, status, path, headers = {}) {
  const { type, body } = refusal(status, path);
  response.writeHead(status, { 'Content-Type': type, 'Content-Length': Buffer.byteLength(body), 'Cache-Control': 'no-store', ...headers });
  response.end(body);
}

/**
 * A refusal written straight to a socket, for what Node's HTTP parser refuses before any handler
 * runs (headers too large, a malformed request line) and for CONNECT, which this site does not
 * tunnel. Node keeps handing the rest of such a request to its parser, which refuses each piece
 * again: the answer is written once. Our side of the connection is closed only once the client
 * has closed its own (it was told `Connection: close`), or after a few seconds: closed while the
 * client was still sending, the connection would be reset, and a reset destroys the answer
 * before a busy client has read it.
 */
export function refuseOnSocket(socket, status, path = '', { withBody = true } = {}) {
  if (answeredSockets.has(socket)) return;
  answeredSockets.add(socket);
  if (!socket.writable) return socket.destroy();
  const refused = refusal(status, path);
  // An answer to HEAD has no body: a client would read one as stray data after the answer.
  const body = withBody ? refused.body : '';
  const answer = `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: ${refused.type}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
  // The client has closed its side already (it gave up halfway): nothing is left to read.
  if (socket.readableEnded) return socket.end(answer);
  socket.write(answer);
  socket.on('error', () => {});
  socket.once('end', () => socket.end());
  socket.resume();
  const timer = setTimeout(() => socket.destroy(), LINGER_MS);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
}

const answeredSockets = new WeakSet();
const LINGER_MS = 5000;

// What nginx calls a lingering close: at most this much more is read, for at most this long.
const DRAIN_BYTES = 64 * 1024 * 1024;
const DRAIN_MS = 30_000;

/**
 * Reads and drops what is left of a request body whose answer is already out (a 413 from the cms
 * before it read the upload), so the client reads the answer and its connection stays usable; a
 * client that keeps sending past the bound loses the connection instead.
 */
export function drainUnreadBody(request) {
  if (request.complete || request.destroyed) return;
  if (Number(request.headers['content-length'] ?? 0) > DRAIN_BYTES) return request.destroy();
  let left = DRAIN_BYTES;
  const timer = setTimeout(() => request.destroy(), DRAIN_MS);
  timer.unref();
  request.on('data', (chunk) => {
    left -= chunk.length;
    if (left < 0) request.destroy();
  });
  request.once('close', () => clearTimeout(timer));
  request.resume();
}
