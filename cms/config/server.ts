import type { Core } from '@strapi/strapi';
import { cmsPublicUrl } from '../src/utils/public-url';

const config = ({ env }: Core.Config.Shared.ConfigParams): Core.Config.Server => ({
  host: env('HOST', '0.0.0.0'),
  port: env.int('PORT', 1337),
  // Behind the site's entry the cms is mounted at <PUBLIC_URL>/cms (the entry strips /cms), so the
  // panel is built for /cms/admin and calls its API under /cms; /admin/* stays the dashboard's.
  url: cmsPublicUrl(env('PUBLIC_URL', '')),
  // Behind the site's entry (nginx, or the site's server under `npm start`) the client's address is
  // the one that entry writes: the rightmost TRUST_PROXY_HOPS addresses of X-Forwarded-For, never
  // the ones the client wrote to the left of them. Without TRUST_PROXY, the connection's address.
  proxy: { koa: env.bool('TRUST_PROXY', false), maxIpsCount: env.int('TRUST_PROXY_HOPS', 1) },
  app: { keys: env.array('APP_KEYS', []) },
  cron: { enabled: false },
  // No call to the npm registry for a newer Strapi on start: this site reaches no one at run time.
  logger: { updates: { enabled: false } },
  // Uploads are written below <public>/uploads; tests point this at a temporary folder.
  dirs: { public: env('PUBLIC_DIR', './public') },
});

export default config;
