// Both apps with hot reload: Strapi develop (panel at :1337/admin) and Vite (site at :5173).
import path from 'node:path';
import { ensureEnv } from './ensure-env.mjs';
import { CMS, WEB, checkNode, ensureInstalled, log, serve } from './lib.mjs';

checkNode();
await ensureInstalled(CMS);
await ensureInstalled(WEB);
if (ensureEnv(path.join(CMS, '.env'))) log('Generated secrets into cms/.env');

// Without PUBLIC_URL the panel is served by Strapi itself at http://localhost:1337/admin.
const children = [
  serve('cms', 'npx', ['strapi', 'develop', '--no-watch-admin'], { cwd: CMS, env: { PUBLIC_URL: '' } }),
  serve('web', 'npx', ['vite', '--port', '5173'], { cwd: WEB, env: { CMS_URL: 'http://127.0.0.1:1337' } }),
];
const stopAll = () => children.forEach((child) => child.exitCode === null && child.kill('SIGTERM'));
process.on('SIGINT', stopAll);
process.on('SIGTERM', stopAll);
log('Site with hot reload: http://localhost:5173/  ·  Strapi panel: http://localhost:1337/admin');
