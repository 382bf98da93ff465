// @vitest-environment node
// `npm test`'s closing line (scripts/test.mjs, scripts/test-totals.mjs) on a machine without
// nginx: a suite whose set-up fails counts as failed, and the run says what to install up front.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, WEB } from '../../scripts/lib.mjs';
import { createTotals, missingSystemPrograms, type VitestJsonReport } from '../../scripts/test-totals.mjs';

type VitestReport = VitestJsonReport;

/** Runs the real vitest on two files, one of which throws in beforeAll as the nginx suites do without nginx; answers its JSON report. */
async function reportOfASuiteThatCannotStart(dir: string): Promise<{ report: VitestReport; status: number | null }> {
  await writeFile(
    path.join(dir, 'needs-nginx.test.mjs'),
    `beforeAll(() => { throw new Error('nginx is not installed at /nowhere/nginx'); });
     it('reaches the cms through nginx', () => {});
     it('keeps the cache', () => {});`,
  );
  await writeFile(path.join(dir, 'fine.test.mjs'), `it('adds', () => { expect(1 + 1).toBe(2); });`);
  const output = path.join(dir, 'report.json');
  const vitest = path.join(WEB, 'node_modules', 'vitest', 'vitest.mjs');
  const { status } = spawnSync(process.execPath, [vitest, 'run', '--root', dir, '--globals', '--reporter=json', `--outputFile.json=${output}`], {
    cwd: dir,
    encoding: 'utf8',
    // Without this run's own VITEST* variables, which would make the inner vitest a worker of this one.
    env: Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST'))),
  });
  return { report: JSON.parse(await readFile(output, 'utf8')) as VitestReport, status };
}

describe("npm test's totals", () => {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'gos-totals-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('count a suite whose set-up failed as failed, not as skipped, and never close with 0 failed when the run fails', async () => {
    const { report, status } = await reportOfASuiteThatCannotStart(dir);
    expect(status).not.toBe(0);

    const results = createTotals();
    results.addVitestReport('web tests', report, { exitedWithError: status !== 0, root: dir });
    expect(results.closingLine()).toBe('1 passed, 1 failed');
    expect(results.exitCode()).toBe(1);
    expect(results.failedLines).toEqual(['web tests: needs-nginx.test.mjs: nginx is not installed at /nowhere/nginx']);
  }, 60_000);

  it('count a failed step and a run that failed with every test passed', () => {
    const results = createTotals();
    results.addFailedStep('Typecheck cms');
    results.addVitestReport('web tests', { numPassedTests: 3, numFailedTests: 0, numPendingTests: 0, numTodoTests: 0, numTotalTests: 3, testResults: [] }, { exitedWithError: true });
    expect(results.closingLine()).toBe('3 passed, 2 failed');
    expect(results.exitCode()).toBe(1);
    const clean = createTotals();
    clean.addVitestReport('web tests', { numPassedTests: 3, numFailedTests: 0, numPendingTests: 1, numTodoTests: 0, numTotalTests: 4, testResults: [] });
    expect([clean.closingLine(), clean.exitCode()]).toEqual(['3 passed, 0 failed, 1 skipped', 0]);
  });

  it('name the programs a machine lacks and where they were looked for', () => {
    const missing = missingSystemPrograms({ NGINX_PATH: '/nowhere/nginx', CHROMIUM_PATH: process.execPath }, (file: string) => file !== '/nowhere/nginx');
    expect(missing.map(({ name, path: where, debian }) => [name, where, debian])).toEqual([['nginx', '/nowhere/nginx', 'nginx-light']]);
  });

  it('stop `npm test` up front on a machine without nginx, saying what to install', async () => {
    const child = spawn(process.execPath, [path.join(ROOT, 'scripts', 'test.mjs')], {
      cwd: ROOT,
      env: { ...process.env, NGINX_PATH: '/nowhere/nginx', CHROMIUM_PATH: process.execPath },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group: should it start the suites after all, they end with it.
      detached: true,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 15_000);
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    clearTimeout(timer);

    expect(code).toBe(1);
    expect(stderr).toContain('nginx (looked for at /nowhere/nginx; another path via NGINX_PATH)');
    expect(stderr).toContain('sudo apt-get install --no-install-recommends nginx-light');
    expect(stdout.trim().split('\n').at(-1)).toBe('0 passed, 1 failed (nothing ran: nginx missing)');
  }, 20_000);
});
