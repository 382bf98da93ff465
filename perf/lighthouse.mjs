// npm run lighthouse: the production build on this machine (built cms on a fresh seeded SQLite
// database, the built site served by web/server/site-server.mjs as in production), measured by
// Lighthouse with its default mobile emulation. Each page is measured --runs times (3 by default; one run's
// performance score moves by ten points and more on a shared machine) and the run with the median
// performance score is the one printed and kept: artifacts/lighthouse/<page>.html and <page>.json.
// --page / (repeatable) measures only the pages named.
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { freePort, startBuiltCms } from '../scripts/cms-process.mjs';
import { ROOT, buildCms, buildWeb, ensureInstalled, log } from '../scripts/lib.mjs';
import { cpuCheckMs } from './bench/cpu-check.mjs';
import { startSiteServer } from '../web/server/site-server.mjs';

const PERF = path.dirname(fileURLToPath(import.meta.url));
const REPORTS = path.join(ROOT, 'artifacts', 'lighthouse');

const PAGES = [
  { name: 'landing', path: '/' },
  { name: 'shop', path: '/shop' },
  { name: 'enthuelle-dein-wappen', path: '/enthuelle-dein-wappen' },
  { name: 'programm', path: '/programm' },
];

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

const { values: options } = parseArgs({ options: { runs: { type: 'string', default: '3' }, page: { type: 'string', multiple: true } } });
const RUNS = Number(options.runs);
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error('--runs takes a whole number from 1 on');
const MEASURED = options.page ? PAGES.filter((page) => options.page.includes(page.path)) : PAGES;
if (MEASURED.length === 0) throw new Error(`--page takes one of ${PAGES.map((page) => page.path).join(', ')}`);

// Issue 20: every category at 100 by the median run, and performance never below 95 in any run.
const TARGETS = { performance: 100, accessibility: 100, 'best-practices': 100, seo: 100 };
const LOWEST_RUN = 95;

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const score = (result, id) => Math.round((result.lhr.categories[id]?.score ?? 0) * 100);

/** The run whose performance score is the median of all runs. */
const medianRun = (results) => [...results].sort((a, b) => score(a, 'performance') - score(b, 'performance'))[Math.floor(results.length / 2)];

/** Runs Lighthouse RUNS times on every page, in one Chromium; returns each page's median run. */
async function measure(siteUrl) {
  const { default: lighthouse } = await import('lighthouse');
  const { launch } = await import('chrome-launcher');
  const chrome = await launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  try {
    const rows = [];
    for (const page of MEASURED) {
      const results = [];
      // The machine's speed of the minute, the bench's check: a slow hour shows here, not only in TBT.
      const cpuCheck = cpuCheckMs();
      // Asked for once before the runs, as the visitor before would have: a run then measures
      // the page as a visitor meets it, from the site's server's cache, and not the one render
      // after a start or an edit (0.5 s here) that Lighthouse would add to every paint it simulates.
      const warmUp = await fetch(`${siteUrl}${page.path}`, { headers: { 'accept-encoding': 'br, gzip' } });
      if (!warmUp.ok) throw new Error(`${page.path} answered ${warmUp.status} before the runs`);
      await warmUp.arrayBuffer();
      for (let run = 1; run <= RUNS; run++) {
        log(`Lighthouse: ${page.path} (run ${run} of ${RUNS})`);
        const result = await lighthouse(`${siteUrl}${page.path}`, {
          port: chrome.port,
          output: ['html', 'json'],
          logLevel: 'error',
          onlyCategories: CATEGORIES,
        });
        if (!result) throw new Error(`Lighthouse returned no result for ${page.path}`);
        if (result.lhr.runtimeError) throw new Error(`Lighthouse failed on ${page.path}: ${result.lhr.runtimeError.message}`);
        results.push(result);
      }
      const result = medianRun(results);
      // The HTML to read, the JSON to compare runs with a script.
      const [html, json] = result.report;
      await writeFile(path.join(REPORTS, `${page.name}.html`), html);
      await writeFile(path.join(REPORTS, `${page.name}.json`), json);
      const scores = Object.fromEntries(CATEGORIES.map((id) => [id, score(result, id)]));
      const metric = (id) => result.lhr.audits[id]?.displayValue;
      rows.push({
        page: page.path,
        ...scores,
        'performance of all runs': results.map((each) => score(each, 'performance')).join(' '),
        'lowest run': Math.min(...results.map((each) => score(each, 'performance'))),
        'CPU check ms': cpuCheck,
        FCP: metric('first-contentful-paint'),
        LCP: metric('largest-contentful-paint'),
        TBT: metric('total-blocking-time'),
        CLS: metric('cumulative-layout-shift'),
        SI: metric('speed-index'),
      });
    }
    return rows;
  } finally {
    await chrome.kill();
  }
}

async function main() {
  await ensureInstalled(PERF);
  await buildCms();
  await buildWeb();
  await mkdir(REPORTS, { recursive: true });
  await mkdir(path.join(ROOT, 'artifacts', 'logs'), { recursive: true });

  const workDir = await mkdtemp(path.join(os.tmpdir(), 'gos-lighthouse-'));
  const stops = [() => rm(workDir, { recursive: true, force: true })];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    stops.length = 0;
  };
  // Ctrl+C still stops the cms and the server before leaving.
  const interrupted = async () => {
    await stopAll();
    process.exit(130);
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);

  try {
    await mkdir(path.join(workDir, 'public', 'uploads'), { recursive: true });
    const sitePort = await freePort();
    log('Starting the built cms on a fresh database…');
    const cms = await startBuiltCms({
      logFile: path.join(ROOT, 'artifacts', 'logs', 'lighthouse-cms.log'),
      env: {
        NODE_ENV: 'production',
        PUBLIC_URL: `http://localhost:${sitePort}`,
        DATABASE_CLIENT: 'sqlite',
        DATABASE_FILENAME: path.join(workDir, 'lighthouse.db'),
        PUBLIC_DIR: path.join(workDir, 'public'),
        // Production refuses the demo passwords that `npm start` wrote into cms/.env; nobody signs in here.
        ORGANISER_PASSWORD: randomBytes(18).toString('base64url'),
        CMS_ADMIN_PASSWORD: `Lighthouse-${randomBytes(12).toString('hex')}-A1`,
        CMS_SUPERADMIN_PASSWORD: `Lighthouse-${randomBytes(12).toString('hex')}-A2`,
      },
    });
    stops.push(() => cms.stop());
    const site = await startSiteServer({ cmsUrl: cms.url, publicUrl: `http://localhost:${sitePort}`, port: sitePort });
    stops.push(() => site.close());
    log(`Site at ${site.url}`);

    const rows = await measure(site.url);
    console.table(rows);
    log(`Reports: ${path.relative(ROOT, REPORTS)}/<page>.html (and .json)`);
    const verdicts = rows.flatMap((row) => [
      ...CATEGORIES.map((id) => [`${row.page} ${id} (median run)`, row[id], `${TARGETS[id]}`, row[id] >= TARGETS[id]]),
      [`${row.page} performance (lowest run)`, row['lowest run'], `≥ ${LOWEST_RUN}`, row['lowest run'] >= LOWEST_RUN],
    ]);
    console.log('\nTargets');
    for (const [target, measured, wanted, met] of verdicts) console.log(`${target.padEnd(52)} ${String(measured).padStart(4)}  ${wanted.padStart(5)}  ${met ? 'met' : 'MISSED'}`);
    if (verdicts.some(([, , , met]) => !met)) process.exitCode = 1;
  } finally {
    await stopAll();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
