import { mkdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Core } from '@strapi/strapi';
import { inject } from 'vitest';
import { startBuiltCms, type CmsProcess } from '../../../scripts/cms-process.mjs';
import { createStrapi } from './strapi-module';
import { copySeededUploads, createTestDatabase, makeTempDir, removeDir, type SeededTemplate, type TestDatabase } from './test-database';
import { testEnvironment } from './test-environment';

const appDir = path.resolve(__dirname, '../..');
const distDir = path.join(appDir, 'dist');

export { TEST_ORGANISER, TEST_PANEL_EDITOR, TEST_SUPER_ADMIN } from './test-environment';

export type TestServer = {
  strapi: Core.Strapi;
  baseUrl: string;
  database: TestDatabase;
  workDir: string;
  /** The environment it runs with: a second instance given the same secrets accepts its sessions. */
  env: Record<string, string>;
  /** Stops this instance and keeps the database, to start another instance on it. */
  stop(): Promise<void>;
  /** Stops this instance and removes its database and uploads. */
  destroy(): Promise<void>;
};

declare module 'vitest' {
  export interface ProvidedContext {
    /** Made by the global set-up (compile-once.ts, seeded-template.ts). */
    seededTemplate: SeededTemplate;
  }
}

/** The run's seeded database, when the global set-up made one for this database client. */
function seededTemplate(): SeededTemplate | undefined {
  const template = inject('seededTemplate');
  return template?.client === (process.env.DATABASE_CLIENT === 'postgres' ? 'postgres' : 'sqlite') ? template : undefined;
}

type ProcessListeners = [string | symbol, ((...args: unknown[]) => void)[]][];

// Strapi's destroy() calls process.removeAllListeners(), which also cuts the test worker's IPC
// channel; the listeners that were there before Strapi started are put back afterwards.
const snapshotProcessListeners = (): ProcessListeners =>
  process.eventNames().map((name) => [name, process.listeners(name as never) as never]);

function restoreProcessListeners(snapshot: ProcessListeners) {
  for (const [name, listeners] of snapshot) {
    for (const listener of listeners) {
      if (!process.listeners(name as never).includes(listener as never)) process.on(name as never, listener);
    }
  }
}

async function boot(database: TestDatabase, workDir: string, env: Record<string, string>): Promise<TestServer> {
  Object.assign(process.env, env);
  const listeners = snapshotProcessListeners();
  const strapi = await createStrapi({ appDir, distDir }).load();
  strapi.server.mount();
  await new Promise<void>((resolve) => strapi.server.httpServer.listen(0, '127.0.0.1', resolve));
  const { port } = strapi.server.httpServer.address() as AddressInfo;

  const stop = async () => {
    await strapi.destroy();
    restoreProcessListeners(listeners);
  };
  return {
    strapi,
    baseUrl: `http://127.0.0.1:${port}`,
    database,
    workDir,
    env,
    stop,
    destroy: async () => {
      await stop();
      await database.drop();
      await removeDir(workDir);
    },
  };
}

/**
 * Starts the compiled cms on a database of its own, holding what a first start seeds. By
 * default that database is a copy of one seeded once per run (see seeded-template.ts); with
 * firstStart the cms seeds it itself, for the tests of the first start.
 */
export async function startTestServer({ firstStart = false } = {}): Promise<TestServer> {
  const { database, workDir, env } = await createTestWorkspace({ firstStart });
  return boot(database, workDir, env);
}

/** Starts a second instance on the database of a stopped one: a restart. */
export async function restartTestServer(previous: TestServer): Promise<TestServer> {
  return boot(previous.database, previous.workDir, previous.env);
}

export type TestProcess = CmsProcess & { baseUrl: string; database: TestDatabase; workDir: string; env: Record<string, string> };

/**
 * Starts the compiled cms as a process of its own (scripts/serve.cjs, production mode) on a
 * database and folder that already exist: a second instance beside an in-process one, or an
 * instance to kill with SIGKILL. Without env it gets the test settings and fresh secrets;
 * pass another instance's env to share its secrets. Its output is appended to cms.log in workDir.
 */
export async function startTestProcess(
  database: TestDatabase,
  workDir: string,
  env: Record<string, string> = testEnvironment(database, workDir),
): Promise<TestProcess> {
  const processEnv = { ...env, NODE_ENV: 'production' };
  const cms = await startBuiltCms({ env: processEnv, logFile: path.join(workDir, 'cms.log') });
  return { ...cms, baseUrl: cms.url, database, workDir, env };
}

/**
 * A database and folder of their own, for instances started with startTestProcess: a copy of
 * the run's seeded database and uploads, or empty ones with firstStart.
 */
export async function createTestWorkspace({ firstStart = false } = {}): Promise<{ database: TestDatabase; workDir: string; env: Record<string, string> }> {
  const workDir = await makeTempDir();
  const uploads = path.join(workDir, 'public', 'uploads');
  await mkdir(uploads, { recursive: true });
  const template = firstStart ? undefined : seededTemplate();
  if (template) await copySeededUploads(template, uploads);
  const database = await createTestDatabase(workDir, template);
  return { database, workDir, env: testEnvironment(database, workDir) };
}
