// One command from a fresh clone to the running site on SQLite with the demo content.
import path from 'node:path';
import { DEMO_ACCOUNTS, ensureEnv } from './ensure-env.mjs';
import { CMS, WEB, buildCms, buildWeb, checkNode, ensureInstalled, log, serve, waitFor } from './lib.mjs';

const SITE_PORT = Number(process.env.SITE_PORT ?? 8080);
const CMS_PORT = Number(process.env.CMS_PORT ?? 1337);
const PUBLIC_URL = process.env.PUBLIC_URL ?? `http://localhost:${SITE_PORT}`;
const started = Date.now();

checkNode();
await ensureInstalled(CMS);
await ensureInstalled(WEB);
if (ensureEnv(path.join(CMS, '.env'))) log('Generated secrets into cms/.env');

await buildCms();
await buildWeb();

const cmsEnv = { PUBLIC_URL, PORT: String(CMS_PORT), STRAPI_TELEMETRY_DISABLED: 'true' };
const cms = serve('cms', 'npx', ['strapi', 'start'], { cwd: CMS, env: cmsEnv });
const web = serve('web', 'node', ['server/site-server.mjs'], {
  cwd: WEB,
  env: { PORT: String(SITE_PORT), HOST: '0.0.0.0', CMS_URL: `http://127.0.0.1:${CMS_PORT}`, PUBLIC_URL },
});
const children = [cms, web];
const stopAll = () => children.forEach((child) => child.exitCode === null && child.kill('SIGTERM'));
process.on('SIGINT', stopAll);
process.on('SIGTERM', stopAll);
for (const child of children) {
  child.on('exit', (code) => {
    if (code !== 0 && code !== null) {
      console.error(`A server stopped unexpectedly (exit ${code}); stopping the site.`);
      stopAll();
      process.exitCode = 1;
    }
  });
}

await waitFor(`http://127.0.0.1:${CMS_PORT}/_health`, 120_000);
await waitFor(`http://127.0.0.1:${SITE_PORT}/`, 60_000);
const seconds = ((Date.now() - started) / 1000).toFixed(0);
console.log(`
  \x1b[1mGame Of Slavs is running\x1b[0m (ready in ${seconds} s, SQLite at cms/.tmp/data.db)

  Website               ${PUBLIC_URL}/
  Strapi panel (texts)  ${PUBLIC_URL}/cms/admin   ${DEMO_ACCOUNTS.CMS_ADMIN_EMAIL} / ${DEMO_ACCOUNTS.CMS_ADMIN_PASSWORD}
  Organisers' dashboard ${PUBLIC_URL}/admin/login  ${DEMO_ACCOUNTS.ORGANISER_USERNAME} / ${DEMO_ACCOUNTS.ORGANISER_PASSWORD}

  The demo accounts come from cms/.env. Stop with Ctrl+C; data survives a restart.
`);
