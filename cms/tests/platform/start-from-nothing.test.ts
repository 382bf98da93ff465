import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestWorkspace, startTestProcess, type TestProcess } from '../helpers/strapi';
import { testEnvironment } from '../helpers/test-environment';

/**
 * The README's way to start over: delete the data and the uploads, then `npm start`. The cms is
 * started as `npm start` starts it (scripts/serve.cjs); without its uploads folder it died at
 * every start ("The upload folder … doesn't exist") and the supervisor gave up on the site.
 */
describe('a start after the data and the uploads were deleted', () => {
  let cms: TestProcess | undefined;
  let workDir = '';
  afterAll(async () => {
    await cms?.stop();
    await cms?.database.drop();
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  it('creates the folders it needs, seeds and answers', async () => {
    const workspace = await createTestWorkspace({ firstStart: true });
    workDir = workspace.workDir;
    const publicDir = path.join(workDir, 'public');
    await rm(publicDir, { recursive: true, force: true });
    const env = testEnvironment(workspace.database, workDir);
    // SQLite's file in a folder that is not there either (cms/.tmp deleted).
    if (workspace.database.client === 'sqlite') env.DATABASE_FILENAME = path.join(workDir, 'deleted', '.tmp', 'data.db');

    cms = await startTestProcess(workspace.database, workDir, env);
    expect((await fetch(`${cms.baseUrl}/_health`)).status).toBeLessThan(300);
    expect(existsSync(path.join(publicDir, 'uploads'))).toBe(true);
    // The seed's pictures went into the new folder, and are served from it.
    const performers = (await (await fetch(`${cms.baseUrl}/api/performers?populate=photo`)).json()) as { data: { photo: { url: string } }[] };
    const picture = await fetch(`${cms.baseUrl}${performers.data[0].photo.url}`);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toMatch(/^image\//);
  }, 180_000);
});
