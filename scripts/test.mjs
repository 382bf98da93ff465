// Runs every test of both apps: typecheck, cms integration tests (real Strapi on SQLite, or on
// PostgreSQL with --postgres), web component tests, browser tests in Chromium. Ends with one "N passed, N failed" line.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CMS, WEB, checkNode, ensureInstalled, log, run } from './lib.mjs';

const postgres = process.argv.includes('--postgres');
checkNode();
await ensureInstalled(CMS);
await ensureInstalled(WEB);

const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

async function vitest(label, cwd, env = {}, extraArgs = []) {
  const report = path.join(os.tmpdir(), `gos-${label.replace(/\W+/g, '-')}-${process.pid}.json`);
  log(`${label}…`);
  try {
    await run('npx', ['vitest', 'run', ...extraArgs, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], { cwd, env });
  } catch {
    failures.push(label);
  }
  try {
    const result = JSON.parse(readFileSync(report, 'utf8'));
    totals.passed += result.numPassedTests;
    totals.failed += result.numFailedTests;
    totals.skipped += result.numPendingTests + result.numTodoTests;
    if (result.numTotalTests === 0) failures.push(`${label}: no test ran`);
  } catch {
    failures.push(`${label}: no report`);
  } finally {
    rmSync(report, { force: true });
  }
}

async function step(label, command, args, cwd) {
  log(`${label}…`);
  await run(command, args, { cwd }).catch(() => failures.push(label));
}

if (postgres) {
  await vitest('cms integration tests on PostgreSQL', CMS, { DATABASE_CLIENT: 'postgres' });
} else {
  await step('Typecheck cms', 'npm', ['run', 'typecheck'], CMS);
  await step('Typecheck web', 'npm', ['run', 'typecheck'], WEB);
  await vitest('cms integration tests on SQLite', CMS, { DATABASE_CLIENT: 'sqlite' });
  await vitest('web tests', WEB);
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (existsSync(chromium)) {
    await vitest('browser tests in Chromium (built site + built cms)', WEB, {}, ['--config', 'vitest.e2e.config.ts']);
  } else {
    failures.push(`browser tests: no Chromium at ${chromium} (Debian: apt-get install chromium, or set CHROMIUM_PATH)`);
  }
}

if (failures.length) console.error(`\nFailed: ${failures.join('; ')}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exitCode = failures.length || totals.failed ? 1 : 0;
