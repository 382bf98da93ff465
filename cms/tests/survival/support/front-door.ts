import type { ChildProcess } from 'node:child_process';
import { copyFile, mkdir, readdir, readFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { freePort, spawnLogged, stopProcess } from '../../../../scripts/cms-process.mjs';
import { ROOT, waitFor, WEB } from '../../../../scripts/lib.mjs';
import { createTestWorkspace, startTestProcess, type TestProcess } from '../../helpers/strapi';
import { removeDir, type TestDatabase } from '../../helpers/test-database';
import { percentEncode, type HostileRequest } from './hostile-requests';

/** Where the servers' logs of a failed run are kept. */
const LOGS = path.join(ROOT, 'artifacts', 'survival');

/** docker-compose.yml's heap limit for the cms: the survival fuzz runs the cms as production does. */
export const PRODUCTION_HEAP = '--max-old-space-size=384';

export type FrontDoor = {
  siteUrl: string;
  cms: TestProcess;
  site: ChildProcess;
  database: TestDatabase;
  workDir: string;
  /** The cms's temporary folder (TMPDIR), where multipart bodies and Strapi's uploads work. */
  cmsTmp: string;
  /** Stops both and removes their data; keepLogs copies their logs to artifacts/survival first. */
  stop(options?: { keepLogs?: boolean }): Promise<void>;
};

/**
 * The site as `npm start` runs it, on a database of its own: the production build of the cms
 * with the production heap limit and its own temporary folder, and the site's server
 * (web/server/site-server.mjs) in front of it, the one entry every request goes through.
 */
export async function startFrontDoor(): Promise<FrontDoor> {
  const { database, workDir, env } = await createTestWorkspace();
  const cmsTmp = path.join(workDir, 'tmp');
  await mkdir(cmsTmp, { recursive: true });
  const sitePort = await freePort();
  const siteUrl = `http://127.0.0.1:${sitePort}`;
  const cms = await startTestProcess(database, workDir, {
    ...env,
    PUBLIC_URL: siteUrl,
    SERVE_ADMIN_PANEL: 'true',
    NODE_OPTIONS: PRODUCTION_HEAP,
    TMPDIR: cmsTmp,
    LOG_LEVEL: 'warn',
  });
  const site = spawnLogged('node', ['server/site-server.mjs'], {
    cwd: WEB,
    env: { PORT: String(sitePort), HOST: '127.0.0.1', CMS_URL: cms.url, PUBLIC_URL: siteUrl },
    logFile: path.join(workDir, 'site.log'),
  });
  try {
    await waitFor(`${siteUrl}/_health`, 60_000);
  } catch (error) {
    await Promise.all([stopProcess(site), cms.stop()]);
    throw error;
  }
  return {
    siteUrl,
    cms,
    site,
    database,
    workDir,
    cmsTmp,
    stop: async ({ keepLogs = false } = {}) => {
      await Promise.all([stopProcess(site), cms.stop()]);
      if (keepLogs) {
        await mkdir(LOGS, { recursive: true });
        for (const log of ['cms.log', 'site.log']) await copyFile(path.join(workDir, log), path.join(LOGS, `${process.env.DATABASE_CLIENT ?? 'sqlite'}-${log}`)).catch(() => undefined);
      }
      await database.drop();
      await removeDir(workDir);
    },
  };
}

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
