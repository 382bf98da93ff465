// npm run bench [-- --postgres] [--profile] [--seconds 10] [--warmup 3]: the built cms under
// load on a freshly seeded database, next to a bare node:http server answering the same bytes
// and to Strapi's stock REST reading the same products; then the public pages rendered by the
// site's server (web/server/site-server.mjs) next to a built asset about as large on the wire,
// a static file the same server sends as the build compressed it. Prints the figures against the targets
// (report.mjs) and writes them to artifacts/bench/<date>-<db>.json. --profile runs the loaded
// cms under `node --cpu-prof` and prints the functions with the most self time.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { freePort, spawnLogged, startBuiltCms, stopProcess } from '../../scripts/cms-process.mjs';
import { freshSecrets } from '../../scripts/ensure-env.mjs';
import { ROOT, WEB, buildCms, buildWeb, checkNode, ensureInstalled, log, waitFor } from '../../scripts/lib.mjs';
import { startBaseline, record } from './baseline-server.mjs';
import { cpuCheckMs } from './cpu-check.mjs';
import { createDatabase } from './database.mjs';
import { generateCodes, raiseStock, readOnlyToken, signInOrganiser } from './fixtures.mjs';
import { residentBytes, servingPid } from './proc.mjs';
import { topSelfTime } from './profile.mjs';
import { judge, printReport } from './report.mjs';

const { values: options } = parseArgs({
  options: {
    postgres: { type: 'boolean', default: false },
    profile: { type: 'boolean', default: false },
    seconds: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
  },
});
const DB = options.postgres ? 'postgres' : 'sqlite';
const SECONDS = Number(options.seconds);
const WARMUP = Number(options.warmup);
const OUT = path.join(ROOT, 'artifacts', 'bench');
const READ_CONNECTIONS = 50;
const ORDER_CONNECTIONS = 20;
const VERIFY_CONNECTIONS = 10;
const ASSETS = path.join(WEB, 'dist', 'assets');

/**
 * The rendered page's baseline: the built asset whose brotli copy is nearest in size to the page
 * as sent, a static file of the same size that the same server sends (sirv, the build's .br).
 */
function sameSizeAsset(pageBytes) {
  const [nearest] = readdirSync(ASSETS)
    .filter((name) => name.endsWith('.br'))
    .map((name) => ({ path: `/assets/${name.slice(0, -'.br'.length)}`, bytes: statSync(path.join(ASSETS, name)).size }))
    .sort((a, b) => Math.abs(a.bytes - pageBytes) - Math.abs(b.bytes - pageBytes));
  if (!nearest) throw new Error(`no compressed asset in ${ASSETS}: build the web app first`);
  return nearest;
}

/** A baseline's result, or the run fails when any of its answers was not a 2xx (it would compare with an error). */
function assertBaseline(name, result) {
  const failed = result.non2xx + result.socketErrors;
  if (failed > 0) throw new Error(`the baseline ${name} had ${failed} answers that were not 2xx (${JSON.stringify(result.statusCounts)}): the run compares nothing`);
  return result;
}

/** The status and the size on the wire of one answer. */
async function sizeOf(url, headers) {
  const response = await fetch(url, { headers });
  const body = Buffer.from(await response.arrayBuffer());
  // fetch decodes what it gets: the length on the wire is the header's.
  return { status: response.status, coding: response.headers.get('content-encoding'), bytes: Number(response.headers.get('content-length') ?? body.length) };
}

checkNode();
await ensureInstalled(path.join(ROOT, 'perf'));
await buildCms();
await buildWeb();
// After ensureInstalled: autocannon may have just been installed.
const { measure } = await import('./load.mjs');

const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const profileDir = path.join(OUT, 'profiles', `${stamp}-${DB}`);
mkdirSync(path.join(OUT, 'logs'), { recursive: true });
const logFile = path.join(OUT, 'logs', `cms-${stamp}-${DB}.log`);

const cpuCheck = cpuCheckMs();
const workDir = await mkdtemp(path.join(os.tmpdir(), 'gos-bench-'));
mkdirSync(path.join(workDir, 'public', 'uploads'), { recursive: true });
const database = await createDatabase(DB, workDir);
const organiser = { username: 'bench-orga', password: randomBytes(18).toString('base64url') };
const editor = { email: 'bench@bench.invalid', password: `Bench-${randomBytes(12).toString('hex')}-A1` };
// API tokens are made in the panel's Settings, which only its Super Admin reaches.
const superAdmin = { email: 'bench-admin@bench.invalid', password: `Bench-${randomBytes(12).toString('hex')}-A2` };
// The cms's heap limit in production (docker-compose.yml): without one, V8 keeps what a burst
// made it grow to, well above what the cms holds.
const CMS_NODE_OPTIONS = '--max-old-space-size=384';
const env = {
  ...freshSecrets(),
  ...database.env,
  // As docker-compose.yml runs it in production, behind the site's entry.
  PUBLIC_URL: 'http://localhost:8080',
  TRUST_PROXY: 'true',
  LOG_LEVEL: 'info',
  NODE_OPTIONS: CMS_NODE_OPTIONS,
  PUBLIC_DIR: path.join(workDir, 'public'),
  ORGANISER_USERNAME: organiser.username,
  ORGANISER_PASSWORD: organiser.password,
  CMS_ADMIN_EMAIL: editor.email,
  CMS_ADMIN_PASSWORD: editor.password,
  CMS_SUPERADMIN_EMAIL: superAdmin.email,
  CMS_SUPERADMIN_PASSWORD: superAdmin.password,
  // Only valid codes are sent, so no failure should count; raised anyway so a stray one cannot
  // turn the run into a wall of 429s.
  RATE_LIMIT_MAX_FAILURES: '1000000',
  RATE_LIMIT_WINDOW_SECONDS: '60',
};

let cms;
let baseline;
let site;
try {
  log(`Seeding a fresh ${DB} database (first start)…`);
  const seeding = await startBuiltCms({ env, logFile });
  const seedStartMs = seeding.startupMs;
  await seeding.stop();

  log('Starting the cms again on the seeded database (cold start)…');
  const nodeArgs = options.profile ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  cms = await startBuiltCms({ env, logFile, nodeArgs });
  const coldStartMs = cms.startupMs;

  const session = await signInOrganiser(cms.url, organiser.username, organiser.password);
  const [product] = await raiseStock(cms.url, session, 1_000_000);
  const codes = await generateCodes(cms.url, session, 200);
  const token = await readOnlyToken(cms.url, superAdmin.email, superAdmin.password);

  // Strapi's stock REST (core find/findOne with the image populated) reading the same active
  // products in the same order, authorised by the read-only token: the peer a typical Strapi
  // project would serve. Neither route is open to the public role (see product/routes/product.ts).
  const stockList = `/api/products?${new URLSearchParams({ 'filters[isActive][$eq]': 'true', sort: 'id:asc', populate: 'image' })}`;
  const stockHeaders = { authorization: `Bearer ${token}` };
  const listed = await fetch(`${cms.url}${stockList}`, { headers: stockHeaders });
  if (!listed.ok) throw new Error(`the stock REST list answered ${listed.status}`);
  const { data: stockProducts } = await listed.json();
  const stockItem = `/api/products/${stockProducts.find((p) => p.id === product.id).documentId}?populate=image`;

  const reads = [
    { name: 'GET /api/settings/shop_enabled', path: '/api/settings/shop_enabled', peer: 'findOne' },
    { name: 'GET /api/shop/items', path: '/api/shop/items', peer: 'find' },
    { name: 'GET /api/shop/items/{id}', path: `/api/shop/items/${product.id}`, peer: 'findOne' },
    { name: 'GET /api/site-content', path: '/api/site-content', peer: 'find' },
  ];
  const recordings = {};
  for (const read of reads) {
    recordings[read.path] = await record(`${cms.url}${read.path}`);
    if (recordings[read.path].status !== 200) throw new Error(`${read.path} answered ${recordings[read.path].status}`);
  }
  baseline = await startBaseline(recordings, workDir);

  const load = (url, connections, extra = {}) => measure({ url, connections, seconds: SECONDS, warmupSeconds: WARMUP, ...extra });
  const peers = {};
  for (const [name, route] of [['find', stockList], ['findOne', stockItem]]) {
    log(`Loading the stock REST ${name} (${route.split('?')[0]})…`);
    peers[name] = { path: route, ...(await load(`${cms.url}${route}`, READ_CONNECTIONS, { headers: stockHeaders })) };
  }
  const readResults = [];
  for (const read of reads) {
    log(`Loading ${read.name}: bare baseline, then the cms…`);
    const bare = assertBaseline(read.path, await load(`${baseline.url}${read.path}`, READ_CONNECTIONS));
    const served = await load(`${cms.url}${read.path}`, READ_CONNECTIONS);
    readResults.push({ ...read, cms: served, baseline: bare, peerResult: peers[read.peer] });
  }

  // Before the orders: they change the stock the shop's pages show.
  const sitePort = await freePort();
  site = spawnLogged('node', ['server/site-server.mjs'], {
    cwd: WEB,
    env: { PORT: String(sitePort), HOST: '127.0.0.1', CMS_URL: cms.url, PUBLIC_URL: 'http://localhost:8080' },
    logFile: path.join(OUT, 'logs', `site-${stamp}-${DB}.log`),
  });
  const siteUrl = `http://127.0.0.1:${sitePort}`;
  await waitFor(`${siteUrl}/_health`, 30_000);
  // As a browser asks: the pages and their baseline go out compressed.
  const browserHeaders = { 'accept-encoding': 'br, gzip' };
  // The ceiling of each page: a static file of the same size, sent by the same server, measured
  // right before the page (on a shared machine the load of the minute moves both alike). A
  // baseline that is anything but a 200 in brotli compares a page with something else and fails the run.
  const pageResults = [];
  // The programme: its ~150 seeded entries in one page, the page guests open most at the festival.
  for (const page of ['/', '/shop', `/shop/item/${product.id}`, '/programm']) {
    const { bytes } = await sizeOf(`${siteUrl}${page}`, browserHeaders);
    const asset = sameSizeAsset(bytes);
    const assetAnswer = await sizeOf(`${siteUrl}${asset.path}`, browserHeaders);
    if (assetAnswer.status !== 200 || assetAnswer.coding !== 'br') {
      throw new Error(`the baseline ${asset.path} answered ${assetAnswer.status} (${assetAnswer.coding ?? 'uncompressed'}), not 200 in br: no page can be compared with it`);
    }
    log(`Loading the baseline (${asset.path}, ${assetAnswer.bytes} bytes), then the rendered page ${page} (${bytes} bytes)…`);
    const file = assertBaseline(asset.path, await load(`${siteUrl}${asset.path}`, READ_CONNECTIONS, { headers: browserHeaders }));
    const served = await load(`${siteUrl}${page}`, READ_CONNECTIONS, { headers: browserHeaders });
    pageResults.push({
      name: `GET ${page}`,
      path: page,
      bytes,
      site: served,
      file: { path: asset.path, bytes: assetAnswer.bytes, ...file },
      ofFile: served.requestsPerSecond / file.requestsPerSecond,
    });
  }
  const siteRssBytes = residentBytes(site.pid);

  log('Loading POST /api/shop/orders…');
  const orderBody = JSON.stringify({
    firstName: 'Bench',
    lastName: 'Käufer',
    items: JSON.stringify([{ id: product.id, title: product.title, price: product.price, variant: product.variants[0], quantity: 1 }]),
  });
  // A shop opening: many shoppers, one order each. The bench stands where the site's entry does
  // (TRUST_PROXY, one hop) and writes each order's client address, so the limit on orders per
  // client (10 in 10 minutes) is counted, and met by none.
  let shopper = 0;
  const shopperAddress = (n) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  const orders = await load(`${cms.url}/api/shop/orders`, ORDER_CONNECTIONS, {
    requests: [
      {
        method: 'POST',
        path: '/api/shop/orders',
        body: orderBody,
        setupRequest: (request) => ({
          ...request,
          headers: { 'content-type': 'application/json', 'x-forwarded-for': shopperAddress(++shopper) },
        }),
      },
    ],
  });

  log('Loading POST /api/auth/verify-code…');
  let next = 0;
  const verify = await load(`${cms.url}/api/auth/verify-code`, VERIFY_CONNECTIONS, {
    requests: [
      {
        method: 'POST',
        path: '/api/auth/verify-code',
        headers: { 'content-type': 'application/json' },
        setupRequest: (request) => ({ ...request, body: JSON.stringify({ code: codes[next++ % codes.length] }) }),
      },
    ],
  });

  const pid = servingPid(cms.child.pid, cms.port);
  const rssBytes = residentBytes(pid);

  const figures = {
    date: new Date().toISOString(),
    database: DB,
    node: process.version,
    cpus: os.cpus().length,
    cpuCheckMs: cpuCheck,
    seconds: SECONDS,
    warmupSeconds: WARMUP,
    connections: { reads: READ_CONNECTIONS, orders: ORDER_CONNECTIONS, verifyCode: VERIFY_CONNECTIONS },
    seedStartMs,
    coldStartMs,
    rssBytes,
    peers,
    reads: readResults.map(({ name, path: route, peer, cms: served, baseline: bare, peerResult }) => ({
      name,
      path: route,
      cms: served,
      baseline: bare,
      peer: { name: peer, path: peerResult.path, requestsPerSecond: peerResult.requestsPerSecond },
      ofBaseline: served.requestsPerSecond / bare.requestsPerSecond,
      overPeer: served.requestsPerSecond / peerResult.requestsPerSecond,
    })),
    pages: { rendered: pageResults, siteRssBytes },
    orders,
    verifyCode: verify,
  };
  figures.targets = judge(figures);
  printReport(figures);
  const file = path.join(OUT, `${figures.date.slice(0, 10)}-${DB}.json`);
  writeFileSync(file, `${JSON.stringify(figures, null, 2)}\n`);
  log(`Figures written to ${path.relative(ROOT, file)}`);
} finally {
  if (site) await stopProcess(site);
  await baseline?.stop();
  await cms?.stop();
  await database.drop().catch((error) => console.error(`could not drop the bench database: ${error.message}`));
  await rm(workDir, { recursive: true, force: true });
}

if (options.profile && existsSync(profileDir)) {
  for (const file of readdirSync(profileDir).filter((name) => name.endsWith('.cpuprofile'))) {
    console.log(`\nTop self time in ${path.relative(ROOT, path.join(profileDir, file))}:`);
    for (const { name, ms, share } of topSelfTime(path.join(profileDir, file))) {
      console.log(`${(share * 100).toFixed(1).padStart(5)} %  ${ms.toFixed(0).padStart(7)} ms  ${name}`);
    }
  }
}
