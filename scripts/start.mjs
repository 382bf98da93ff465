// One command from a fresh clone to the running site with the demo content: on SQLite unless the
// environment or cms/.env names another database (README, Configuration).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { DEMO_ACCOUNTS, ensureEnv } from './ensure-env.mjs';
import { CMS, CMS_BEHIND_SITE_SERVER, ROOT, WEB, buildCms, buildWeb, checkNode, ensureInstalled, log, waitFor } from './lib.mjs';
import { supervise } from './supervise.mjs';

const SITE_PORT = Number(process.env.SITE_PORT ?? 8080);
const CMS_PORT = Number(process.env.CMS_PORT ?? 1337);
const PUBLIC_URL = process.env.PUBLIC_URL ?? `http://localhost:${SITE_PORT}`;
const started = Date.now();

/** The database the cms runs on, read as cms/config/database.ts reads it: the environment, then cms/.env. */
function databaseInUse() {
  const fromFile = parseEnv(readFileSync(path.join(CMS, '.env'), 'utf8'));
  const setting = (name, fallback) => process.env[name] ?? fromFile[name] ?? fallback;
  if (setting('DATABASE_CLIENT', 'sqlite') === 'postgres') {
    if (setting('DATABASE_URL', '')) return 'PostgreSQL at DATABASE_URL';
    return `PostgreSQL database ${setting('DATABASE_NAME', 'game_of_slavs')} at ${setting('DATABASE_HOST', '127.0.0.1')}:${setting('DATABASE_PORT', '5432')}`;
  }
  return `SQLite at ${path.relative(ROOT, path.resolve(CMS, setting('DATABASE_FILENAME', '.tmp/data.db')))}`;
}

checkNode();
await ensureInstalled(CMS);
await ensureInstalled(WEB);
if (ensureEnv(path.join(CMS, '.env'))) log('Generated secrets into cms/.env');

await buildCms();
await buildWeb();

// Each server is started again when it dies (a crash, an out-of-memory kill), with its last
// lines in the log; the site stops only when one keeps dying (scripts/supervise.mjs).
const cmsEnv = { ...CMS_BEHIND_SITE_SERVER, PUBLIC_URL, PORT: String(CMS_PORT), STRAPI_TELEMETRY_DISABLED: 'true' };
const servers = [
  // Node itself rather than `npm start`: a signal then reaches Strapi, not npm.
  // A server that stops answering its health check (hung, not dead) is killed and started again,
  // as docker compose's health check does with the cms (cms/scripts/health-check.mjs).
  supervise('cms', process.execPath, ['scripts/serve.cjs'], { cwd: CMS, env: cmsEnv, health: { url: `http://127.0.0.1:${CMS_PORT}/_health` } }),
  supervise('web', process.execPath, ['server/site-server.mjs'], {
    cwd: WEB,
    // React's server renderer is loaded from node_modules: without NODE_ENV it would be its
    // development build (slower, and a render error's stack in the page), unlike compose's.
    env: { NODE_ENV: 'production', PORT: String(SITE_PORT), HOST: '0.0.0.0', CMS_URL: `http://127.0.0.1:${CMS_PORT}`, PUBLIC_URL },
    health: { url: `http://127.0.0.1:${SITE_PORT}/_health` },
  }),
];

let stopping = null;
/** Stops every server without restarts, then this script (which may still be waiting for them to answer). */
const stopAll = () => (stopping ??= Promise.all(servers.map((server) => server.stop())).then(() => process.exit()));
// The servers run in process groups of their own, so a closed terminal (SIGHUP) reaches only
// this script, which must stop them itself.
for (const name of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(name, stopAll);
for (const server of servers) {
  void server.ended.then((how) => {
    if (how !== 'gave up') return;
    console.error(`The ${server.label} server keeps dying; stopping the site.`);
    process.exitCode = 1;
    void stopAll();
  });
}

try {
  await waitFor(`http://127.0.0.1:${CMS_PORT}/_health`, 120_000);
  // The site's /_health is below 500 only while the cms answers it too (web/server/cms-health.mjs).
  await waitFor(`http://127.0.0.1:${SITE_PORT}/_health`, 60_000);
} catch (error) {
  console.error(`${error.message}; stopping the site.`);
  process.exitCode = 1;
  await stopAll();
}
if (stopping) await stopping;
const seconds = ((Date.now() - started) / 1000).toFixed(0);
console.log(`
  \x1b[1mGame Of Slavs is running\x1b[0m (ready in ${seconds} s, ${databaseInUse()})

  Website               ${PUBLIC_URL}/
  Strapi panel (texts)  ${PUBLIC_URL}/cms/admin   ${DEMO_ACCOUNTS.CMS_ADMIN_EMAIL} / ${DEMO_ACCOUNTS.CMS_ADMIN_PASSWORD}
  Strapi panel (admin)  ${PUBLIC_URL}/cms/admin   ${DEMO_ACCOUNTS.CMS_SUPERADMIN_EMAIL} / ${DEMO_ACCOUNTS.CMS_SUPERADMIN_PASSWORD}
  Organisers' dashboard ${PUBLIC_URL}/admin/login  ${DEMO_ACCOUNTS.ORGANISER_USERNAME} / ${DEMO_ACCOUNTS.ORGANISER_PASSWORD}

  The demo accounts come from cms/.env. Stop with Ctrl+C; data survives a restart.
`);
