// npm run bench:slow [-- --runs 5] [--profile Feld] [--page /shop]: the public pages on a phone's
// slow connection (issue 43). The built cms on a freshly seeded SQLite database, the built site
// served by web/server/site-server.mjs, Chromium as Lighthouse's phone with its CPU slowed four
// times and its connection slowed over the DevTools protocol, on three profiles: "Feld" (the
// festival ground), "3G" and Lighthouse's own. Each page is loaded --runs times with an empty
// cache, alternating with its ceiling: the same page without any script, sent by the same server
// (ceiling.mjs). Also a code sent on the access page, and a repeat visit with the service worker.
// Prints the medians against the targets (slow-report.mjs) and writes them to
// artifacts/bench/<date>-slow.json.
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startBuiltCms } from '../../scripts/cms-process.mjs';
import { freshSecrets } from '../../scripts/ensure-env.mjs';
import { ROOT, WEB, buildCms, buildWeb, checkNode, ensureInstalled, log } from '../../scripts/lib.mjs';
import { startSiteServer } from '../../web/server/site-server.mjs';
import { siteRootWithCeiling, writeCeiling } from './ceiling.mjs';
import { cpuCheckMs } from './cpu-check.mjs';
import { generateCodes, signInOrganiser } from './fixtures.mjs';
import { CART_PAGE, CPU_SLOWDOWN, cartOfOneLine, codeSent, firstVisit, launchChromium, repeatVisit } from './slow-browser.mjs';
import { judgeSlow, medians, printSlowReport } from './slow-report.mjs';

const ACCESS_PATH = '/enthuelle-dein-wappen';
const OUT = path.join(ROOT, 'artifacts', 'bench');
/** When the ticket holder sends the code: at 1 s, or as soon as the form is drawn if later. */
const CODE_SENT_AT_MS = 1000;

const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    profile: { type: 'string', multiple: true },
    page: { type: 'string', multiple: true },
  },
});
const RUNS = Number(options.runs);
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error('--runs takes a whole number from 1 on');

checkNode();
const PERF = path.join(ROOT, 'perf');
await ensureInstalled(PERF);
await buildCms();
await buildWeb();
// After ensureInstalled: Lighthouse may have just been installed. Its phone's connection as it
// applies it through the DevTools protocol (latency and throughput adjusted from its simulation's).
const { throttling } = await import('lighthouse/core/config/constants.js');
const lighthouse = throttling.mobileSlow4G;

const PROFILES = [
  { name: 'Feld', conditions: { latencyMs: 400, downKbps: 400, upKbps: 400, kilo: 1000 } },
  { name: '3G', conditions: { latencyMs: 150, downKbps: 1600, upKbps: 750, kilo: 1000 } },
  {
    name: 'Lighthouse',
    conditions: { latencyMs: lighthouse.requestLatencyMs, downKbps: lighthouse.downloadThroughputKbps, upKbps: lighthouse.uploadThroughputKbps, kilo: 1024 },
  },
].filter((profile) => !options.profile || options.profile.includes(profile.name));
if (PROFILES.length === 0) throw new Error('--profile takes Feld, 3G or Lighthouse');

const cpuBefore = cpuCheckMs();
const workDir = await mkdtemp(path.join(os.tmpdir(), 'gos-bench-slow-'));
mkdirSync(path.join(workDir, 'public', 'uploads'), { recursive: true });
mkdirSync(path.join(OUT, 'logs'), { recursive: true });
const organiser = { username: 'bench-orga', password: randomBytes(18).toString('base64url') };
const stops = [() => rm(workDir, { recursive: true, force: true })];
const stopAll = async () => {
  for (const stop of stops.reverse()) await stop().catch(() => undefined);
  stops.length = 0;
};
process.once('SIGINT', () => stopAll().then(() => process.exit(130)));

try {
  log('Starting the built cms on a fresh SQLite database…');
  const cms = await startBuiltCms({
    logFile: path.join(OUT, 'logs', 'slow-cms.log'),
    env: {
      ...freshSecrets(),
      DATABASE_CLIENT: 'sqlite',
      DATABASE_FILENAME: path.join(workDir, 'bench.db'),
      PUBLIC_DIR: path.join(workDir, 'public'),
      PUBLIC_URL: 'http://localhost:8080',
      ORGANISER_USERNAME: organiser.username,
      ORGANISER_PASSWORD: organiser.password,
      CMS_ADMIN_PASSWORD: `Bench-${randomBytes(12).toString('hex')}-A1`,
      CMS_SUPERADMIN_PASSWORD: `Bench-${randomBytes(12).toString('hex')}-A2`,
    },
  });
  stops.push(() => cms.stop());
  const session = await signInOrganiser(cms.url, organiser.username, organiser.password);
  const [code] = await generateCodes(cms.url, session, 1);
  const { items } = await (await fetch(`${cms.url}/api/shop/items`)).json();
  if (!items?.length) throw new Error('the seeded shop has no item to open');

  // The cart's page holds what a shopper's does after one "In den Warenkorb": the first item's
  // line, in browser storage and its cookie copy (web/src/features/shop/cart/cart-cookie.ts).
  const [item] = items;
  const cart = cartOfOneLine({ id: item.id, title: item.title, price: item.price, variant: item.variants[0], quantity: 1 });
  const PAGES = [ACCESS_PATH, '/', '/shop', `/shop/item/${items[0].id}`, CART_PAGE, '/programm'].filter(
    (page) => !options.page || options.page.includes(page) || (options.page.includes('/shop/item') && page.startsWith('/shop/item/')),
  );

  // The pages as the site's server renders them, without their scripts, written beside the build
  // before the measured server starts (sirv lists its folder once).
  const root = siteRootWithCeiling(path.join(WEB, 'dist'), path.join(workDir, 'site'));
  const renderer = await startSiteServer({ cmsUrl: cms.url, publicUrl: 'http://localhost:8080', root });
  const ceilings = new Map();
  try {
    for (const [i, page] of PAGES.entries()) {
      const answer = await fetch(`${renderer.url}${page}`, { headers: page === CART_PAGE ? { cookie: cart.cookieHeader } : {} });
      if (answer.status !== 200) throw new Error(`${page} answered ${answer.status}`);
      ceilings.set(page, writeCeiling(root, `page-${i}`, await answer.text()));
    }
  } finally {
    await renderer.close();
  }
  const site = await startSiteServer({ cmsUrl: cms.url, publicUrl: 'http://localhost:8080', root });
  stops.push(() => site.close());
  // Each page asked for once before the loads, as a visitor before would have: a load then meets
  // it in the server's cache, not the one render after a start.
  for (const page of PAGES) await (await fetch(`${site.url}${page}`, { headers: { 'accept-encoding': 'br' } })).arrayBuffer();

  const browser = await launchChromium();
  stops.push(() => browser.close());
  // One load of each kind unmeasured: the first in a fresh browser pays for its start.
  await firstVisit(browser, `${site.url}${ceilings.get(PAGES[0])}`, PROFILES[0].conditions, { app: false });
  await firstVisit(browser, `${site.url}${PAGES[0]}`, PROFILES[0].conditions, { app: true });
  const profiles = [];
  for (const profile of PROFILES) {
    const loads = new Map(PAGES.map((page) => [page, { app: [], ceiling: [] }]));
    const codes = [];
    for (let run = 1; run <= RUNS; run++) {
      for (const page of PAGES) {
        log(`${profile.name}, run ${run} of ${RUNS}: ${page} and its ceiling`);
        // Side by side: the ceiling right before the page, so the load of the minute moves both alike.
        loads.get(page).ceiling.push(await firstVisit(browser, `${site.url}${ceilings.get(page)}`, profile.conditions, { app: false }));
        loads.get(page).app.push(await firstVisit(browser, `${site.url}${page}`, profile.conditions, { app: true, cart: page === CART_PAGE ? cart : undefined }));
      }
      if (PAGES.includes(ACCESS_PATH)) {
        log(`${profile.name}, run ${run} of ${RUNS}: a code sent on the access page`);
        codes.push(await codeSent(browser, `${site.url}${ACCESS_PATH}`, profile.conditions, { code, sendAtMs: CODE_SENT_AT_MS }));
      }
    }
    const repeat = [];
    if (profile.name === 'Feld') {
      for (const page of PAGES.filter((each) => [ACCESS_PATH, '/'].includes(each))) {
        const visits = [];
        for (let run = 1; run <= RUNS; run++) {
          log(`${profile.name}, run ${run} of ${RUNS}: a repeat visit of ${page} with the service worker`);
          visits.push(await repeatVisit(browser, `${site.url}${page}`, profile.conditions));
        }
        repeat.push({ path: page, ...medians(visits), controlled: visits.every((visit) => visit.controlled) });
      }
    }
    profiles.push({
      name: profile.name,
      conditions: profile.conditions,
      pages: PAGES.map((page) => ({ path: page, app: medians(loads.get(page).app), ceiling: medians(loads.get(page).ceiling), loads: loads.get(page) })),
      code: codes.length > 0 ? medians(codes) : null,
      repeat,
    });
  }

  const figures = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    chromium: `Chromium ${browser.version()}`,
    cpuSlowdown: CPU_SLOWDOWN,
    runs: RUNS,
    cpuCheckMs: [cpuBefore, cpuCheckMs()],
    accessPath: ACCESS_PATH,
    profiles,
  };
  figures.targets = judgeSlow(figures);
  printSlowReport(figures);
  const file = path.join(OUT, `${figures.date.slice(0, 19).replace(/:/g, '-')}-slow.json`);
  writeFileSync(file, `${JSON.stringify(figures, null, 2)}\n`);
  log(`Figures written to ${path.relative(ROOT, file)}`);
  if (figures.targets.some((target) => !target.pass)) process.exitCode = 1;
} finally {
  await stopAll();
}
