// Runs every test of both apps: typecheck, cms integration tests (real Strapi on SQLite, or on
// PostgreSQL with --postgres), web component tests, browser tests in Chromium. Ends with one "N passed, N failed" line.
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CMS, WEB, checkNode, ensureInstalled, log, run } from './lib.mjs';
import { createTotals, describeMissing, missingSystemPrograms } from './test-totals.mjs';

const postgres = process.argv.includes('--postgres');
checkNode();
// Before anything else: a suite that needs a missing program would otherwise fail at its set-up
// after minutes, in the middle of the log.
const missing = missingSystemPrograms().filter((program) => !postgres || program.name === 'nginx');
if (missing.length) {
  console.error(describeMissing(missing));
  console.log(`\n0 passed, ${missing.length} failed (nothing ran: ${missing.map((program) => program.name).join(', ')} missing)`);
  process.exit(1);
}
await ensureInstalled(CMS);
await ensureInstalled(WEB);

const results = createTotals();

async function vitest(label, cwd, env = {}, extraArgs = []) {
  const report = path.join(os.tmpdir(), `gos-${label.replace(/\W+/g, '-')}-${process.pid}.json`);
  log(`${label}…`);
  let exitedWithError = false;
  try {
    await run('npx', ['vitest', 'run', ...extraArgs, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], { cwd, env });
  } catch {
    exitedWithError = true;
  }
  let result;
  try {
    result = JSON.parse(readFileSync(report, 'utf8'));
  } catch {
    results.addFailedStep(label, 'no report');
    return;
  } finally {
    rmSync(report, { force: true });
  }
  results.addVitestReport(label, result, { exitedWithError });
}

async function step(label, command, args, cwd) {
  log(`${label}…`);
  await run(command, args, { cwd }).catch(() => results.addFailedStep(label));
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
        `event loop held at most ${survival.longestCmsHoldMs} ms (cms) and ${survival.longestSiteHoldMs} ms (site's server), ` +
        `limit ${survival.loopLimitMs} ms at a CPU check of ${survival.cpuCheckMs} ms`,
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
    results.addFailedStep('browser tests', `no Chromium at ${chromium} (Debian: apt-get install chromium, or set CHROMIUM_PATH)`);
  }
}

if (results.failedLines.length) console.error(`\nFailed:\n${results.failedLines.map((line) => `  ${line}`).join('\n')}`);
console.log(`\n${results.closingLine()}`);
process.exitCode = results.exitCode();
