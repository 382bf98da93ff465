import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { DEMO_ACCOUNTS, freshSecrets } from '../../scripts/ensure-env.mjs';
import { CMS, ROOT, WEB, buildCms, buildWeb, waitFor } from '../../scripts/lib.mjs';

export const ARTIFACTS = path.join(ROOT, 'artifacts');

export type Stack = { siteUrl: string; cmsUrl: string; stop(): Promise<void> };

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

function start(label: string, command: string, args: string[], cwd: string, env: Record<string, string>, logDir: string) {
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const log = createWriteStream(path.join(logDir, `${label}.log`));
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  return child;
}

const stopProcess = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || !child.pid) return resolve();
    child.once('exit', () => resolve());
    process.kill(-child.pid, 'SIGTERM');
  });

/**
 * The whole site as in production, on this machine: the built cms on a fresh SQLite database
 * with the demo seed, and the built web app behind the same routing as deploy/nginx.conf.
 */
export async function startStack(): Promise<Stack> {
  await buildCms();
  await buildWeb();
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'gos-e2e-'));
  const logDir = path.join(ARTIFACTS, 'logs');
  await mkdir(path.join(workDir, 'public', 'uploads'), { recursive: true });
  await mkdir(logDir, { recursive: true });
  const [cmsPort, sitePort] = [await freePort(), await freePort()];
  const siteUrl = `http://localhost:${sitePort}`;
  const cmsUrl = `http://127.0.0.1:${cmsPort}`;

  const cms = start('cms', 'node_modules/.bin/strapi', ['start'], CMS, {
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(cmsPort),
    PUBLIC_URL: siteUrl,
    DATABASE_CLIENT: 'sqlite',
    DATABASE_FILENAME: path.join(workDir, 'e2e.db'),
    PUBLIC_DIR: path.join(workDir, 'public'),
    ...freshSecrets(),
    STRAPI_TELEMETRY_DISABLED: 'true',
    LOG_LEVEL: 'info',
    ...DEMO_ACCOUNTS,
  }, logDir);
  const web = start('web', 'node_modules/.bin/vite', ['preview', '--port', String(sitePort), '--strictPort', '--host', '127.0.0.1'], WEB, { CMS_URL: cmsUrl }, logDir);

  const stop = async () => {
    await Promise.all([stopProcess(web), stopProcess(cms)]);
    await rm(workDir, { recursive: true, force: true });
  };
  try {
    await waitFor(`${cmsUrl}/_health`, 120_000);
    await waitFor(`${siteUrl}/`, 60_000);
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}; see artifacts/logs/cms.log and web.log`);
  }
  return { siteUrl, cmsUrl, stop };
}
