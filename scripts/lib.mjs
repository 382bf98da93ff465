// Small helpers shared by the root scripts; no dependencies, so they run on a fresh clone.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const CMS = path.join(ROOT, 'cms');
export const WEB = path.join(ROOT, 'web');

/**
 * How the cms runs behind the site's server (npm start, and the tests that start the site as it
 * does): on loopback only, taking the client's address from the one X-Forwarded-For entry that
 * server writes (the address it saw); otherwise every visitor would be 127.0.0.1 to the cms and
 * share one rate limit.
 */
export const CMS_BEHIND_SITE_SERVER = { HOST: '127.0.0.1', TRUST_PROXY: 'true', TRUST_PROXY_HOPS: '1' };

export const log = (message) => console.log(`\x1b[33m▸\x1b[0m ${message}`);

/** Runs a command to completion, streaming its output; rejects on a non-zero exit. */
export function run(command, args, { cwd = ROOT, env = {} } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? code}) in ${cwd}`)),
    );
  });
}

/** Starts a long-running command; its output is prefixed with a label. */
export function serve(label, command, args, { cwd, env = {} }) {
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = (stream, out) =>
    stream.on('data', (chunk) => {
      for (const line of chunk.toString().split('\n')) if (line.trim()) out.write(`[${label}] ${line}\n`);
    });
  prefix(child.stdout, process.stdout);
  prefix(child.stderr, process.stderr);
  return child;
}

export function checkNode() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 19) || major > 22) {
    throw new Error(`Node.js 20.19+ or 22 is required (found ${process.versions.node}).`);
  }
}

/**
 * Installs an app's dependencies from its lock file when node_modules is missing or older.
 * `npm install` rather than `npm ci`: a registry mirror that lacks another platform's optional
 * binary (seen: @swc/core-darwin-arm64) leaves it out of the lock, which `npm ci` then rejects.
 */
export async function ensureInstalled(appDir) {
  const lock = path.join(appDir, 'package-lock.json');
  const installed = path.join(appDir, 'node_modules', '.package-lock.json');
  if (existsSync(installed) && statSync(installed).mtimeMs >= statSync(lock).mtimeMs) return;
  log(`Installing ${path.basename(appDir)} dependencies from package-lock.json…`);
  await run('npm', ['install', '--no-audit', '--no-fund', '--no-save'], { cwd: appDir });
}

const IGNORED = new Set(['tests', 'e2e', 'server', 'dist-server', 'node_modules', 'dist', 'build', '.tmp', '.cache', '.strapi', 'uploads', 'coverage', 'types']);

function hashTree(hash, dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (IGNORED.has(entry.name) || entry.name.startsWith('.env')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) hashTree(hash, full);
    else hash.update(full).update(readFileSync(full));
  }
}

/** Runs build() unless the sources (and extra inputs) are unchanged since the last build. */
export async function buildIfChanged(appDir, output, extra, build) {
  const hash = createHash('sha256').update(JSON.stringify(extra));
  hashTree(hash, appDir);
  const digest = hash.digest('hex');
  const stamp = path.join(appDir, 'node_modules', '.build-stamp');
  if (existsSync(output) && existsSync(stamp) && readFileSync(stamp, 'utf8') === digest) return false;
  await build();
  writeFileSync(stamp, digest);
  return true;
}

/**
 * Resolves once url answers with a status below 500, or rejects after timeoutMs; asks every
 * intervalMs (a start-up measured with it is up to that much late).
 */
export async function waitFor(url, timeoutMs, intervalMs = 300) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/**
 * Builds the cms and its panel for being mounted at <site>/cms. With the panel on the site's
 * origin only the paths are baked into the bundle, so one build serves any host and port.
 */
export const buildCms = () =>
  buildIfChanged(CMS, path.join(CMS, 'dist', 'build', 'index.html'), { panel: '/cms/admin' }, () => {
    log('Building the cms and its panel…');
    // The panel's production build, as `npm start` and the image make it, also when called from a
    // test run (NODE_ENV=test gave React's development build, with warnings no editor ever sees).
    return run('npm', ['run', 'build'], { cwd: CMS, env: { PUBLIC_URL: 'http://localhost:8080', NODE_ENV: 'production' } });
  });

export const buildWeb = () =>
  buildIfChanged(WEB, path.join(WEB, 'dist', 'index.html'), {}, () => {
    log('Building the web app…');
    // Always the production build, also when called from a test run (NODE_ENV=test).
    return run('npm', ['run', 'build'], { cwd: WEB, env: { NODE_ENV: 'production' } });
  });
