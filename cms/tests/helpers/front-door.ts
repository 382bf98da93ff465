import type { ChildProcess } from 'node:child_process';
import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { freePort, spawnLogged, stopProcess } from '../../../scripts/cms-process.mjs';
import { CMS_BEHIND_SITE_SERVER, ROOT, waitFor, WEB } from '../../../scripts/lib.mjs';
import { createTestWorkspace, startTestProcess, type TestProcess } from './strapi';
import { removeDir, type TestDatabase } from './test-database';

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
 * extraEnv goes to the cms, siteEnv to the site's server.
 */
export async function startFrontDoor(extraEnv: Record<string, string> = {}, siteEnv: Record<string, string> = {}): Promise<FrontDoor> {
  const { database, workDir, env } = await createTestWorkspace();
  const cmsTmp = path.join(workDir, 'tmp');
  await mkdir(cmsTmp, { recursive: true });
  const sitePort = await freePort();
  const siteUrl = `http://127.0.0.1:${sitePort}`;
  const cms = await startTestProcess(database, workDir, {
    ...env,
    ...CMS_BEHIND_SITE_SERVER,
    PUBLIC_URL: siteUrl,
    SERVE_ADMIN_PANEL: 'true',
    NODE_OPTIONS: PRODUCTION_HEAP,
    TMPDIR: cmsTmp,
    LOG_LEVEL: 'warn',
    ...extraEnv,
  });
  const site = spawnLogged('node', ['server/site-server.mjs'], {
    cwd: WEB,
    env: { PORT: String(sitePort), HOST: '127.0.0.1', CMS_URL: cms.url, PUBLIC_URL: siteUrl, ...siteEnv },
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

