// Starts the built cms (cms/scripts/serve.cjs, as `npm start` in cms/) as a process of its own: for the browser tests, the
// benchmark, Lighthouse and the cms tests that need a second instance or a real crash.
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { createServer } from 'node:net';
import { freshSecrets } from './ensure-env.mjs';
import { CMS, waitFor } from './lib.mjs';

/** A TCP port that was free a moment ago on 127.0.0.1. */
export const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

/** Waits for a child process (and its process group) to end after sending it a signal. */
export const stopProcess = (child, signal = 'SIGTERM') =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null || !child.pid) return resolve();
    child.once('exit', () => resolve());
    try {
      process.kill(-child.pid, signal);
    } catch {
      resolve();
    }
  });

/** Spawns a long-running command in its own process group, its output appended to logFile. */
export function spawnLogged(command, args, { cwd, env = {}, logFile }) {
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  if (logFile) {
    const log = createWriteStream(logFile, { flags: 'a' });
    child.stdout.pipe(log);
    child.stderr.pipe(log);
  } else {
    child.stdout.resume();
    child.stderr.resume();
  }
  return child;
}

const START_POLL_MS = 20;

/**
 * Starts the built cms (build it first with buildCms) with the given database settings and
 * waits until it answers. Secrets are fresh unless env brings its own; instances that must
 * accept each other's sessions get the same SESSION_SECRET through env. nodeArgs are options
 * for node itself, e.g. --cpu-prof, which NODE_OPTIONS does not accept.
 */
export async function startBuiltCms({ env = {}, port, logFile, timeoutMs = 120_000, nodeArgs = [] } = {}) {
  const listenPort = port ?? (await freePort());
  const url = `http://127.0.0.1:${listenPort}`;
  const startedAt = performance.now();
  const child = spawnLogged(process.execPath, [...nodeArgs, 'scripts/serve.cjs'], {
    cwd: CMS,
    logFile,
    env: {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(listenPort),
      STRAPI_TELEMETRY_DISABLED: 'true',
      LOG_LEVEL: 'warn',
      ...freshSecrets(),
      ...env,
    },
  });
  const exited = new Promise((_, reject) =>
    child.once('exit', (code, signal) => reject(new Error(`the cms exited (${signal ?? code}) before answering${logFile ? `; see ${logFile}` : ''}`))),
  );
  exited.catch(() => {});
  try {
    // Asked often: startupMs is the cold start the bench reports, late by at most this interval.
    await Promise.race([waitFor(`${url}/_health`, timeoutMs, START_POLL_MS), exited]);
  } catch (error) {
    await stopProcess(child);
    throw error;
  }
  return {
    url,
    port: listenPort,
    child,
    /** Milliseconds from spawn to the first answer. */
    startupMs: performance.now() - startedAt,
    stop: () => stopProcess(child),
    kill: () => stopProcess(child, 'SIGKILL'),
  };
}
