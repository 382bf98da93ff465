// The bare baseline: a plain node:http server that answers each recorded path with exactly the
// bytes and headers the cms answered. It runs in a process of its own, like the cms, so it does
// not share an event loop with the load generator.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Per connection and per answer; node:http writes its own.
const HOP_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding', 'date', 'content-length']);

/** Reads one answer of the cms as the baseline will repeat it. */
export async function record(url) {
  const response = await fetch(url);
  const headers = [...response.headers].filter(([name]) => !HOP_HEADERS.has(name));
  const body = Buffer.from(await response.arrayBuffer());
  return { status: response.status, headers, body: body.toString('base64') };
}

/** Starts the baseline for recordings ({ [path]: record() }); resolves once it listens. */
export function startBaseline(recordings, workDir) {
  const file = path.join(workDir, 'baseline-recordings.json');
  writeFileSync(file, JSON.stringify(recordings));
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), file], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the baseline server exited (${code})`)));
    child.stdout.once('data', (chunk) => {
      const { port } = JSON.parse(chunk.toString());
      resolve({
        url: `http://127.0.0.1:${port}`,
        pid: child.pid,
        stop: () =>
          new Promise((done) => {
            child.removeAllListeners('exit');
            child.once('exit', () => done());
            child.kill();
          }),
      });
    });
  });
}

function serve(file) {
  const answers = new Map(
    Object.entries(JSON.parse(readFileSync(file, 'utf8'))).map(([route, { status, headers, body }]) => [
      route,
      { status, headers: Object.fromEntries(headers), body: Buffer.from(body, 'base64') },
    ]),
  );
  const server = createServer((request, response) => {
    const answer = answers.get(request.url);
    if (!answer) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(answer.status, answer.headers).end(answer.body);
  });
  server.keepAliveTimeout = 65_000;
  server.listen(0, '127.0.0.1', () => process.stdout.write(`${JSON.stringify({ port: server.address().port })}\n`));
  process.on('SIGTERM', () => process.exit(0));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) serve(process.argv[2]);
