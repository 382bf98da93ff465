import { readdir, readFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { percentEncode, type HostileRequest } from './hostile-requests';

/** A process's resident memory in MB, from /proc (0 when it is gone). */
export async function residentMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const kilobytes = Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0);
  return Math.round(kilobytes / 1024);
}

/** Every file below a folder, however deep. */
export async function filesBelow(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

export { startFrontDoor, type FrontDoor } from '../../helpers/front-door';

export type Outcome =
  | { kind: 'answered'; status: number; text: string; reusedSocket: boolean }
  | { kind: 'broken'; error: string; reusedSocket: boolean }
  | { kind: 'unanswered' };

const ANSWER_TIMEOUT_MS = 45_000;

/** An answer's text, decompressed as its Content-Encoding says (what is kept of a long one may be cut: then as it is). */
function decoded(bytes: Buffer, encoding: string | undefined): string {
  try {
    if (encoding === 'gzip') return gunzipSync(bytes, { finishFlush: constants.Z_SYNC_FLUSH }).toString('utf8');
    if (encoding === 'br') return brotliDecompressSync(bytes, { finishFlush: constants.BROTLI_OPERATION_FLUSH }).toString('utf8');
  } catch {
    // a cut or corrupt answer: judged by its bytes
  }
  return bytes.toString('utf8');
}
const KEPT_BYTES = 64 * 1024;

/** Sends a request as built (bytes, headers, chunked or with its length) on a keep-alive agent. */
export function send(siteUrl: string, agent: http.Agent, request: HostileRequest): Promise<Outcome> {
  return new Promise((resolve) => {
    const headers: Record<string, string | number> = { ...request.headers };
    if (request.body && !request.chunked) headers['content-length'] = request.body.length;
    // Said outright: Node's client frames the body of a GET, HEAD, DELETE or OPTIONS in chunks
    // only when told to, and would otherwise send it bare after the headers.
    if (request.body && request.chunked) headers['transfer-encoding'] = 'chunked';
    let settled = false;
    const settle = (outcome: Outcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    // Host, port and path apart: a URL string would be normalised first (`/a/%2e%2e` sent as
    // `/`), and the hostile spellings of a path would never reach the server.
    const { hostname, port } = new URL(siteUrl);
    const path = request.path.replace(/[^\x21-\x7e]/gu, (character) => percentEncode(character));
    const outgoing = http.request({ hostname, port, path, method: request.method, agent, headers }, (response) => {
      const chunks: Buffer[] = [];
      let kept = 0;
      response.on('data', (chunk: Buffer) => {
        if (kept < KEPT_BYTES) chunks.push(chunk);
        kept += chunk.length;
      });
      response.on('end', () =>
        settle({ kind: 'answered', status: response.statusCode ?? 0, text: decoded(Buffer.concat(chunks), response.headers['content-encoding']), reusedSocket: outgoing.reusedSocket }),
      );
      response.on('error', (error) => settle({ kind: 'broken', error: (error as NodeJS.ErrnoException).code ?? error.message, reusedSocket: outgoing.reusedSocket }));
    });
    const timer = setTimeout(() => {
      outgoing.destroy();
      settle({ kind: 'unanswered' });
    }, ANSWER_TIMEOUT_MS);
    // An answer to CONNECT comes as a 'connect' event, not a response.
    outgoing.on('connect', (response, socket) => {
      socket.destroy();
      settle({ kind: 'answered', status: response.statusCode ?? 0, text: '', reusedSocket: outgoing.reusedSocket });
    });
    outgoing.on('error', (error) => settle({ kind: 'broken', error: (error as NodeJS.ErrnoException).code ?? error.message, reusedSocket: outgoing.reusedSocket }));
    if (request.body && request.chunked) {
      for (let offset = 0; offset < request.body.length; offset += 64 * 1024) outgoing.write(request.body.subarray(offset, offset + 64 * 1024));
      outgoing.end();
    } else outgoing.end(request.body);
  });
}
