import type { IncomingMessage } from 'node:http';

// What nginx calls a lingering close: at most this much more is read, for at most this long.
// It costs bandwidth, not memory: what is read is dropped at once.
const DRAIN_BYTES = 64 * 1024 * 1024;
const DRAIN_MS = 30_000;

/**
 * Reads and drops what is left of a request body that the answer did not need (a body refused
 * early as too large, or one the parser stopped reading). Left unread, the connection is closed
 * with data still in it, the client gets a reset instead of the answer, and a kept-alive
 * connection fails on its next request. A client that keeps sending past the bound loses the
 * connection instead.
 */
export function drainUnreadBody(request: IncomingMessage) {
  if (request.complete || request.destroyed) return;
  if (Number(request.headers['content-length'] ?? 0) > DRAIN_BYTES) {
    request.destroy();
    return;
  }
  let left = DRAIN_BYTES;
  const timer = setTimeout(() => request.destroy(), DRAIN_MS);
  timer.unref();
  const stop = () => clearTimeout(timer);
  request.on('data', (chunk: Buffer) => {
    left -= chunk.length;
    if (left < 0) request.destroy();
  });
  request.once('end', stop);
  request.once('close', stop);
  request.resume();
}
