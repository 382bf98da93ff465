// The sums behind `npm test`'s closing "N passed, N failed" line (scripts/test.mjs), and the
// system programs its suites run. No dependencies, so it runs on a fresh clone.
import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The programs the suites run for real, where to find them and the Debian package that installs
 * them (what .ci/run installs). deploy/nginx.conf is run by nginx in compose-entry,
 * nginx-cache and nginx-uploads; the browser tests drive Chromium.
 */
export const SYSTEM_PROGRAMS = [
  { name: 'nginx', variable: 'NGINX_PATH', fallback: '/usr/sbin/nginx', debian: 'nginx-light', usedBy: 'runs deploy/nginx.conf in the compose-entry and web/server/nginx-*.test.ts suites' },
  { name: 'Chromium', variable: 'CHROMIUM_PATH', fallback: '/usr/bin/chromium', debian: 'chromium', usedBy: 'drives the browser tests (web/e2e)' },
];

/** The programs of SYSTEM_PROGRAMS this machine lacks, with the path each was looked for at. */
export function missingSystemPrograms(env = process.env, exists = existsSync) {
  return SYSTEM_PROGRAMS.map((program) => ({ ...program, path: env[program.variable] || program.fallback })).filter((program) => !exists(program.path));
}

/** What to tell someone whose machine lacks them: each program, and the one command that installs them all. */
export function describeMissing(missing) {
  return [
    'npm test needs programs this machine lacks:',
    ...missing.map((program) => `  ${program.name} (looked for at ${program.path}; another path via ${program.variable}): ${program.usedBy}`),
    `Install them (Debian, Ubuntu) with: sudo apt-get install --no-install-recommends ${missing.map((program) => program.debian).join(' ')}`,
  ].join('\n');
}

const firstLine = (text = '') => text.split('\n').find((line) => line.trim())?.trim().slice(0, 300) ?? 'no message';

/**
 * The run's totals. Every failure counts in `failed`, so the closing line says "0 failed" only
 * when the run exits with 0: a failed test; a test file that failed without a failed test (its
 * set-up threw, say for want of nginx, and vitest then reports its tests as skipped); a vitest run
 * that exited non-zero with every test passed (an unhandled error); a step such as the typecheck.
 */
export function createTotals() {
  const totals = { passed: 0, failed: 0, skipped: 0 };
  /** One line per failure, named so that the tail of a CI log says what failed. */
  const failedLines = [];

  return {
    totals,
    failedLines,
    /** A step that failed as a whole (a typecheck, a vitest run without a report, a missing program). */
    addFailedStep(label, reason = '') {
      totals.failed += 1;
      failedLines.push(reason ? `${label}: ${reason}` : label);
    },
    /**
     * Adds one vitest JSON report (`--reporter=json`). exitedWithError: whether that vitest run
     * exited non-zero. root: what the files' names are shown relative to.
     */
    addVitestReport(label, report, { exitedWithError = false, root = process.cwd() } = {}) {
      const failedBefore = totals.failed;
      totals.passed += report.numPassedTests ?? 0;
      totals.failed += report.numFailedTests ?? 0;
      totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
      for (const file of report.testResults ?? []) {
        const where = path.relative(root, file.name);
        const tests = file.assertionResults ?? [];
        if (file.status === 'failed' && !tests.some((test) => test.status === 'failed')) {
          // Its tests never ran: the file failed, so it counts once, and its tests not as skipped.
          totals.failed += 1;
          totals.skipped -= tests.filter((test) => test.status === 'skipped' || test.status === 'pending' || test.status === 'todo').length;
          failedLines.push(`${label}: ${where}: ${firstLine(file.message)}`);
        }
        for (const test of tests) {
          if (test.status === 'failed') failedLines.push(`${label}: ${where} > ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
        }
      }
      totals.skipped = Math.max(totals.skipped, 0);
      if ((report.numTotalTests ?? 0) === 0 && totals.failed === failedBefore) this.addFailedStep(label, 'no test ran');
      else if (exitedWithError && totals.failed === failedBefore) this.addFailedStep(label, 'vitest exited with an error while every test passed (see its output above)');
    },
    /** "N passed, N failed[, N skipped]": never "0 failed" when exitCode() is 1. */
    closingLine() {
      return `${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`;
    },
    exitCode() {
      return totals.failed > 0 ? 1 : 0;
    },
  };
}
