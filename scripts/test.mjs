// Runs every test of both apps: typecheck, cms integration tests (real Strapi on SQLite, or on
// PostgreSQL with --postgres), web component tests, browser tests in Chromium. Ends with one "N passed, N failed" line.
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CMS, WEB, checkNode, ensureInstalled, log, run } from './lib.mjs';

const postgres = process.argv.includes('--postgres');
checkNode();
await ensureInstalled(CMS);
await ensureInstalled(WEB);

const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
/** Each failed test with its first error line, repeated at the end where CI's tail shows it. */
const failedTests = [];

function collectFailedTests(label, result) {
  for (const file of result.testResults ?? []) {
    const where = path.relative(process.cwd(), file.name);
    if (file.status === 'failed' && !file.assertionResults?.some((test) => test.status === 'failed')) {
      failedTests.push(`${label}: ${where}: ${firstLine(file.message)}`);
    }
    for (const test of file.assertionResults ?? []) {
      if (test.status === 'failed') failedTests.push(`${label}: ${where} > ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    }
  }
}

const firstLine = (text = '') => text.split('\n').find((line) => line.trim())?.trim().slice(0, 300) ?? 'no message';

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
    collectFailedTests(label, result);
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

// The security and crash suites leave their figures here (cms/tests/helpers/figures.ts).
const FIGURES_DIR = path.join(os.tmpdir(), 'gos-security-figures');

/** One line with the security figures of this run's cms suite on one database. */
function printSecurityFigures(database, since) {
  if (!existsSync(FIGURES_DIR)) return;
  const sum = { tried: 0, refused: 0, '5xx': 0, oversold: 0, lost: 0, dangerous: 0 };
  for (const file of readdirSync(FIGURES_DIR).filter((name) => name.endsWith(`.${database}.json`))) {
    const report = JSON.parse(readFileSync(path.join(FIGURES_DIR, file), 'utf8'));
    if (Date.parse(report.at) < since) continue;
    for (const figures of Object.values(report.figures)) {
      for (const [key, value] of Object.entries(figures)) {
        if (key in sum && key !== 'oversold') sum[key] += value;
        if (key === 'oversold' || key === 'oversoldUnits') sum.oversold += value;
      }
    }
  }
  log(
    `Security figures (${database}): ${sum.tried} requests sent by the attack, bad-input and concurrency suites, ${sum.refused} refused, ${sum['5xx']} answered with a 5xx; ` +
      `oversold units ${sum.oversold}; acknowledged orders lost in crashes ${sum.lost}; unneutralised CSV cells ${sum.dangerous}`,
  );
  const survival = readFigures(`survival-front-door.${database}.json`, since)?.survival;
  if (survival) {
    log(
      `Survival fuzz (${database}): ${survival.tried} requests through the site's port, crashes ${survival.crashes}, restarts ${survival.restarts}, ` +
        `broken connections ${survival.broken}, answers >= 500 ${survival['5xx']}, temporary files left ${survival.leftoverFiles}, ` +
        `peak memory ${survival.peakCmsRssMb} MB (cms) and ${survival.peakSiteRssMb} MB (site's server); ` +
        `${survival.secondAlphabet} of the second alphabet, secrets leaked ${survival.leaks}, ` +
        `event loop held at most ${survival.longestCmsHoldMs} ms (cms) and ${survival.longestSiteHoldMs} ms (site's server)`,
    );
  }
}

/** One file of figures written since the run started, or undefined. */
function readFigures(name, since) {
  const file = path.join(FIGURES_DIR, name);
  if (!existsSync(file)) return undefined;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  return Date.parse(report.at) >= since ? report.figures : undefined;
}

const cmsStarted = Date.now();
if (postgres) {
  await vitest('cms integration tests on PostgreSQL', CMS, { DATABASE_CLIENT: 'postgres' });
  printSecurityFigures('postgres', cmsStarted);
} else {
  await step('Typecheck cms', 'npm', ['run', 'typecheck'], CMS);
  await step('Typecheck web', 'npm', ['run', 'typecheck'], WEB);
  await vitest('cms integration tests on SQLite', CMS, { DATABASE_CLIENT: 'sqlite' });
  printSecurityFigures('sqlite', cmsStarted);
  await vitest('web tests', WEB);
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (existsSync(chromium)) {
    await vitest('browser tests in Chromium (built site + built cms)', WEB, {}, ['--config', 'vitest.e2e.config.ts']);
  } else {
    failures.push(`browser tests: no Chromium at ${chromium} (Debian: apt-get install chromium, or set CHROMIUM_PATH)`);
  }
}

if (failedTests.length) console.error(`\nFailed tests:\n${failedTests.map((line) => `  ${line}`).join('\n')}`);
if (failures.length) console.error(`\nFailed: ${failures.join('; ')}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exitCode = failures.length || totals.failed ? 1 : 0;
