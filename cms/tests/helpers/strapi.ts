import { mkdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Core } from '@strapi/strapi';
import { freshSecrets } from '../../../scripts/ensure-env.mjs';
import { createStrapi } from './strapi-module';
import { createTestDatabase, makeTempDir, removeDir, type TestDatabase } from './test-database';

const appDir = path.resolve(__dirname, '../..');
const distDir = path.join(appDir, 'dist');

export const TEST_ORGANISER = { username: 'test-orga', password: 'test-orga-password' };

export type TestServer = {
  strapi: Core.Strapi;
  baseUrl: string;
  database: TestDatabase;
  workDir: string;
  /** Stops this instance and keeps the database, to start another instance on it. */
  stop(): Promise<void>;
  /** Stops this instance and removes its database and uploads. */
  destroy(): Promise<void>;
};

function testEnvironment(database: TestDatabase, workDir: string): Record<string, string> {
  return {
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    ...freshSecrets(),
    STRAPI_TELEMETRY_DISABLED: 'true',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    SERVE_ADMIN_PANEL: 'false',
    PUBLIC_DIR: path.join(workDir, 'public'),
    ORGANISER_USERNAME: TEST_ORGANISER.username,
    ORGANISER_PASSWORD: TEST_ORGANISER.password,
    CMS_ADMIN_EMAIL: 'editor@test.invalid',
    CMS_ADMIN_PASSWORD: 'Editor-Test-1',
    ...database.env,
  };
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
    stop,
    destroy: async () => {
      await stop();
      await database.drop();
      await removeDir(workDir);
    },
  };
}

/** Starts the compiled cms on a database of its own, seeded as on a first start. */
export async function startTestServer(): Promise<TestServer> {
  const workDir = await makeTempDir();
  await mkdir(path.join(workDir, 'public', 'uploads'), { recursive: true });
  const database = await createTestDatabase(workDir);
  return boot(database, workDir, testEnvironment(database, workDir));
}

/** Starts a second instance on the database of a stopped one: a restart. */
export async function restartTestServer(previous: TestServer): Promise<TestServer> {
  return boot(previous.database, previous.workDir, {});
}
