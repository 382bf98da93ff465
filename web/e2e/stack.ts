import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort, spawnLogged, startBuiltCms, stopProcess } from '../../scripts/cms-process.mjs';
import { DEMO_ACCOUNTS } from '../../scripts/ensure-env.mjs';
import { CMS_BEHIND_SITE_SERVER, ROOT, WEB, buildCms, buildWeb, waitFor } from '../../scripts/lib.mjs';

export const ARTIFACTS = path.join(ROOT, 'artifacts');

/** The instant the cms's programme clock shows in the browser tests (programme.e2e.test.ts). */
export const FESTIVAL_CLOCK_IN_TESTS = '2025-07-26T19:10:00Z';

export type Stack = { siteUrl: string; cmsUrl: string; uploadsDir: string; stop(): Promise<void> };

/**
 * The whole site as in production, on this machine: the built cms on a fresh SQLite database
 * with the demo seed, and the built site's server (server/site-server.mjs) in front of it.
 */
export async function startStack(): Promise<Stack> {
  await buildCms();
  await buildWeb();
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'gos-e2e-'));
  const logDir = path.join(ARTIFACTS, 'logs');
  await mkdir(path.join(workDir, 'public', 'uploads'), { recursive: true });
  await mkdir(logDir, { recursive: true });
  const sitePort = await freePort();
  const siteUrl = `http://localhost:${sitePort}`;
  let cms;
  try {
    cms = await startBuiltCms({
      logFile: path.join(logDir, 'cms.log'),
      env: {
        // Development: the panel's cookies are not marked Secure on plain http.
        NODE_ENV: 'development',
        ...CMS_BEHIND_SITE_SERVER,
        PUBLIC_URL: siteUrl,
        DATABASE_CLIENT: 'sqlite',
        DATABASE_FILENAME: path.join(workDir, 'e2e.db'),
        PUBLIC_DIR: path.join(workDir, 'public'),
        LOG_LEVEL: 'info',
        // Every panel test signs the editor in from this one address (see cms/config/admin.ts).
        CMS_PANEL_SIGN_INS_PER_5_MIN: '100',
        // The festival's clock for the programme's "Jetzt" (honoured outside production only):
        // Saturday 26 July 2025, 21:10 in Berlin. No other page reads it.
        FESTIVAL_CLOCK: FESTIVAL_CLOCK_IN_TESTS,
        ...DEMO_ACCOUNTS,
      },
    });
  } catch (error) {
    await rm(workDir, { recursive: true, force: true });
    throw error;
  }
  const cmsUrl = cms.url;
  const web = spawnLogged('node', ['server/site-server.mjs'], {
    cwd: WEB,
    env: { PORT: String(sitePort), HOST: '127.0.0.1', CMS_URL: cmsUrl, PUBLIC_URL: siteUrl },
    logFile: path.join(logDir, 'web.log'),
  });

  const stop = async () => {
    await Promise.all([stopProcess(web), cms.stop()]);
    await rm(workDir, { recursive: true, force: true });
  };
  try {
    await waitFor(`${siteUrl}/`, 60_000);
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}; see artifacts/logs/web.log`);
  }
  return { siteUrl, cmsUrl, uploadsDir: path.join(workDir, 'public', 'uploads'), stop };
}
