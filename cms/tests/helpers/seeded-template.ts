import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { startBuiltCms } from '../../../scripts/cms-process.mjs';
import { createTestDatabase, makeTempDir, removeDir, type SeededTemplate } from './test-database';
import { testEnvironment } from './test-environment';

/**
 * The first start of the cms seeds the demo content, generating and uploading some thirty
 * placeholder images: most of a test file's start-up. It is done once per run, by the built cms
 * as its own process; each test file then starts on a copy of that database and upload folder,
 * which holds exactly what its own first start would have made. The tests of the first start
 * itself still seed their own (startTestServer({ firstStart: true })).
 */
export async function createSeededTemplate(): Promise<{ template: SeededTemplate; remove(): Promise<void> }> {
  const dir = await makeTempDir();
  await mkdir(path.join(dir, 'public', 'uploads'), { recursive: true });
  const database = await createTestDatabase(dir);
  try {
    const cms = await startBuiltCms({ env: testEnvironment(database, dir), logFile: path.join(dir, 'cms.log'), timeoutMs: 300_000 });
    await cms.stop();
  } catch (error) {
    await database.drop();
    await removeDir(dir);
    throw error;
  }
  const template: SeededTemplate =
    database.client === 'postgres'
      ? { client: 'postgres', uploadsDir: path.join(dir, 'public', 'uploads'), databaseName: database.env.DATABASE_NAME }
      : { client: 'sqlite', uploadsDir: path.join(dir, 'public', 'uploads'), databaseFile: database.env.DATABASE_FILENAME };
  return {
    template,
    remove: async () => {
      await database.drop();
      await removeDir(dir);
    },
  };
}
