// npm audit of what each app ships (runtime dependencies only): fails on a critical advisory,
// lists the high ones (the README's security section says why they are left).
// Some registry mirrors refuse the advisory endpoint; then the audit cannot be made and says so.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { CMS, WEB, log } from './lib.mjs';

const auditJson = (cwd) =>
  new Promise((resolve, reject) => {
    const child = spawn('npm', ['audit', '--omit=dev', '--json'], { cwd, stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('error', reject);
    child.on('exit', () => {
      try {
        resolve(JSON.parse(out));
      } catch {
        reject(new Error(`npm audit printed no report in ${cwd}`));
      }
    });
  });

/** The advisories of one report at a severity, as "name (range): title" lines. */
function advisories(report, severity) {
  return Object.values(report.vulnerabilities ?? {})
    .filter((entry) => entry.severity === severity)
    .map((entry) => {
      const titles = entry.via.filter((via) => typeof via === 'object').map((via) => via.title);
      return `${entry.name} ${entry.range}${titles.length ? `: ${titles.join('; ')}` : ' (through a dependency)'}`;
    });
}

let critical = 0;
let unreachable = 0;
for (const app of [CMS, WEB]) {
  const name = path.basename(app);
  const report = await auditJson(app);
  if (!report.vulnerabilities) {
    unreachable += 1;
    console.warn(`⚠ ${name}: the registry refused the audit (${report.message ?? 'no advisories in the answer'}); not audited here.`);
    continue;
  }
  const counts = report.metadata.vulnerabilities;
  log(`${name}: ${counts.critical} critical, ${counts.high} high, ${counts.moderate} moderate, ${counts.low} low in runtime dependencies`);
  for (const line of advisories(report, 'critical')) console.error(`  critical  ${line}`);
  for (const line of advisories(report, 'high')) console.log(`  high      ${line}`);
  critical += counts.critical;
}

if (critical > 0) {
  console.error(`\n${critical} critical advisories in runtime dependencies: update them before shipping.`);
  process.exitCode = 1;
} else if (unreachable > 0 && process.env.AUDIT_REQUIRED === '1') {
  console.error('\nAUDIT_REQUIRED=1, but the advisory service could not be reached.');
  process.exitCode = 1;
}
