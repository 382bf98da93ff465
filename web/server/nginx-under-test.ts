// The production entry (deploy/nginx.conf) run by the machine's own nginx, for tests: the same
// file with only what ties it to the compose network replaced (the upstreams' addresses, the
// port, the build's folder, where the trusted proxies' list is rendered), wrapped in the events/http context that
// the nginx image's main nginx.conf gives it.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../scripts/cms-process.mjs';
import { ROOT } from '../../scripts/lib.mjs';

export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const DEPLOY = path.join(ROOT, 'deploy');

export type NginxUnderTest = { port: number; url: string; stop(): Promise<void> };

export type NginxOptions = {
  /** Where the cms listens on 127.0.0.1 (`server cms:1337`). */
  cmsPort: number;
  /** Where the pages' renderer listens on 127.0.0.1 (`server pages:3000`). */
  pagesPort: number;
  /**
   * The proxies whose X-Forwarded-For nginx believes: TRUSTED_PROXIES, rendered as the nginx
   * image renders it at start (deploy/trusted-proxies.sh); none when not given, as by default.
   */
  trustedProxies?: string[];
  /** The build's folder (`root /usr/share/nginx/html`); an empty folder when not given. */
  root?: string;
  /** The address nginx listens on. */
  host?: string;
  /** Connections nginx's one worker takes (clients and upstreams together); 256 when not given. */
  workerConnections?: number;
};

/** deploy/nginx.conf with the compose network's names and paths replaced; fails when one is no longer there. */
export function configFor(original: string, { cmsPort, pagesPort, port, host, root, trustedProxiesFile, cacheDir }: {
  cmsPort: number;
  pagesPort: number;
  port: number;
  host: string;
  root: string;
  trustedProxiesFile: string;
  cacheDir: string;
}): string {
  const replacements: [RegExp, string][] = [
    [/server cms:1337;/, `server 127.0.0.1:${cmsPort};`],
    [/server pages:3000;/, `server 127.0.0.1:${pagesPort};`],
    [/listen 8080;/, `listen ${host}:${port};`],
    [/root \/usr\/share\/nginx\/html;/, `root ${root};`],
    [/include \/etc\/nginx\/trusted-proxies\.conf;/, `include ${trustedProxiesFile};`],
    [/proxy_cache_path \/var\/cache\/nginx\/site /, `proxy_cache_path ${cacheDir} `],
  ];
  let config = original;
  for (const [pattern, replacement] of replacements) {
    if (!pattern.test(config)) throw new Error(`deploy/nginx.conf has no ${pattern.source}: update web/server/nginx-under-test.ts`);
    config = config.replace(pattern, replacement);
  }
  return config;
}

/**
 * Writes `file` as the nginx image does at start: deploy/trusted-proxies.sh run with
 * TRUSTED_PROXIES (unset when proxies is not given). Throws with the script's words when it refuses.
 */
export function renderTrustedProxies(file: string, proxies?: string[]) {
  const env: Record<string, string | undefined> = { ...process.env, TRUSTED_PROXIES_CONF: file, TRUSTED_PROXIES: proxies?.join(' ') };
  if (proxies === undefined) delete env.TRUSTED_PROXIES;
  const rendered = spawnSync('sh', [path.join(DEPLOY, 'trusted-proxies.sh')], { env, encoding: 'utf8' });
  if (rendered.status !== 0) throw new Error(`deploy/trusted-proxies.sh refused (${rendered.status}): ${rendered.stderr.trim()}`);
}

/** Resolves once something accepts connections on host:port, or rejects when nginx exits first or after timeoutMs. */
function listening(host: string, port: number, exited: Promise<never>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const attempt = (): Promise<void> =>
    new Promise<boolean>((resolve) => {
      const socket = connect(port, host);
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    }).then(async (open) => {
      if (open) return;
      if (Date.now() > deadline) throw new Error(`nginx did not listen on ${host}:${port} within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 50));
      return attempt();
    });
  return Promise.race([attempt(), exited]);
}

/**
 * Starts nginx with deploy/nginx.conf in front of the given upstreams and resolves with its port
 * once it listens. Throws (it does not skip) when nginx is not installed: Debian's nginx-light.
 */
export async function startNginx({ cmsPort, pagesPort, trustedProxies, root, host = '127.0.0.1', workerConnections = 256 }: NginxOptions): Promise<NginxUnderTest> {
  if (!existsSync(NGINX)) {
    throw new Error(`nginx is not installed at ${NGINX} (apt-get install nginx-light, or set NGINX_PATH): deploy/nginx.conf cannot be tested without it`);
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'gos-nginx-'));
  // nginx's workers read the build's folder and write their temporary files below this folder.
  await chmod(dir, 0o755);
  const html = root ?? path.join(dir, 'html');
  if (!root) await mkdir(html);
  const trustedProxiesFile = path.join(dir, 'trusted-proxies.conf');
  renderTrustedProxies(trustedProxiesFile, trustedProxies);

  const port = await freePort();
  const temp = (name: string) => path.join(dir, name);
  const server = configFor(await readFile(path.join(DEPLOY, 'nginx.conf'), 'utf8'), {
    cmsPort,
    pagesPort,
    port,
    host,
    root: html,
    trustedProxiesFile,
    cacheDir: temp('cache'),
  });
  const mimeTypes = '/etc/nginx/mime.types';
  await writeFile(temp('server.conf'), server);
  await writeFile(
    temp('nginx.conf'),
    [
      // As root (the CI's containers), the workers would otherwise run as a user that may not exist.
      ...(process.getuid?.() === 0 ? ['user root;'] : []),
      'worker_processes 1;',
      `events { worker_connections ${workerConnections}; }`,
      // The worker's own limit of open files, for as many connections as it takes.
      `worker_rlimit_nofile ${workerConnections * 2};`,
      'http {',
      ...(existsSync(mimeTypes) ? [`  include ${mimeTypes};`] : []),
      '  default_type application/octet-stream;',
      '  access_log off;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${temp(`${kind}-temp`)};`),
      `  include ${temp('server.conf')};`,
      '}',
      '',
    ].join('\n'),
  );

  const child = spawn(NGINX, ['-p', dir, '-e', 'stderr', '-c', temp('nginx.conf'), '-g', `daemon off; pid ${temp('nginx.pid')}; error_log stderr;`], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code, signal) => reject(new Error(`nginx exited (${signal ?? code}):\n${output}`))),
  );
  exited.catch(() => {});

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const gone = new Promise((resolve) => child.once('exit', resolve));
      // QUIT would wait for kept-alive connections; TERM ends them at once.
      child.kill('SIGTERM');
      await gone;
    }
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await listening(host, port, exited);
  } catch (error) {
    await stop();
    throw error;
  }
  return { port, url: `http://${host}:${port}`, stop };
}
