import { STATUS_CODES, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { closingRefusal } from './api-error';

const MESSAGES: Record<number, { german: string; english: string }> = {
  400: { german: 'Die Anfrage konnte nicht gelesen werden.', english: 'The request could not be read' },
  408: { german: 'Die Anfrage kam nicht rechtzeitig an.', english: 'The request took too long to arrive' },
  431: { german: 'Die Kopfzeilen der Anfrage sind zu groß.', english: 'The request headers are too large' },
};

const CLIENT_GONE = new Set(['ECONNRESET', 'HPE_INVALID_EOF_STATE']);

const STATUS_OF: Record<string, number> = { HPE_HEADER_OVERFLOW: 431, ERR_HTTP_REQUEST_TIMEOUT: 408 };

/** How long a refused client may go on sending before its connection is closed. */
const LINGER_MS = 5000;

type ParserError = NodeJS.ErrnoException & { rawPacket?: Buffer };
type HttpSocket = Duplex & { _httpMessage?: ServerResponse | null };

/**
 * The method and path of the request: the one being answered (its body was refused), or the
 * request line that starts the packet the parser refused (headers that overflow across packets
 * are refused in a later one).
 */
function requestLineOf(inFlight: ServerResponse | null | undefined, packet: Buffer | undefined) {
  if (inFlight) return { method: inFlight.req.method, path: (inFlight.req.url ?? '/').split('?')[0]! };
  const line = /^([A-Z]+) (\/[^ ?\r\n]*)/.exec(packet?.toString('latin1', 0, 2048) ?? '');
  return line ? { method: line[1], path: line[2]! } : undefined;
}

/**
 * What Node's HTTP parser refuses before Strapi sees a request (headers beyond 16 kB, bytes that
 * are no HTTP, a body that never came) is answered in the contract's shape, in the caller's
 * language, instead of Node's bare status line. The site's server passes that answer on: its
 * proxy adds headers, so a request just inside the site's own limit can be beyond the cms's.
 *
 * Node goes on handing the rest of such a request to the parser, which refuses each piece again:
 * the answer is written once. The connection is closed once the client has closed its side (it
 * was told `Connection: close`) or after LINGER_MS: closed while the client still sends, it is
 * reset, and a reset discards the answer before a busy client has read it.
 */
export function answerParserRefusals(server: Server) {
  const answered = new WeakSet<Duplex>();
  server.on('clientError', (error: ParserError, socket: HttpSocket) => {
    if (answered.has(socket)) return;
    answered.add(socket);
    socket.on('error', () => {});
    // The client has gone (the connection ended mid-request), or an answer has begun on this
    // connection: there is no one to tell. Destroyed with the error, as Node does, so that Strapi
    // notes the request it was handling as dropped (dropped-connections.ts).
    const inFlight = socket._httpMessage;
    if (CLIENT_GONE.has(error.code ?? '') || !socket.writable || inFlight?.headersSent) return socket.destroy(error);
    const status = STATUS_OF[error.code ?? ''] ?? 400;
    const line = requestLineOf(inFlight, error.rawPacket);
    // Where the request line is unknown, in English, as Strapi's own routes answer.
    const { body, headers } = closingRefusal(line?.path ?? '', line?.method, MESSAGES[status]!);
    // A body the parser refused under a request Strapi is handling: its own response carries the
    // answer, and Koa, finding it ended, writes nothing after it.
    if (inFlight) {
      inFlight.shouldKeepAlive = false;
      inFlight.writeHead(status, headers);
      return inFlight.end(body);
    }
    const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join('');
    const answer = `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head}\r\n${body}`;
    if (socket.readableEnded) return socket.end(answer);
    socket.write(answer);
    socket.once('end', () => socket.end());
    socket.resume();
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
  });
}
