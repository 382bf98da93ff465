import type { Core } from '@strapi/strapi';

const config = ({ env }: Core.Config.Shared.ConfigParams): Core.Config.Server => ({
  host: env('HOST', '0.0.0.0'),
  port: env.int('PORT', 1337),
  // Public origin of the site (behind the proxy in production), used for absolute upload URLs.
  url: env('PUBLIC_URL', ''),
  proxy: { koa: env.bool('TRUST_PROXY', false) },
  app: { keys: env.array('APP_KEYS', []) },
  cron: { enabled: false },
  // Uploads are written below <public>/uploads; tests point this at a temporary folder.
  dirs: { public: env('PUBLIC_DIR', './public') },
});

export default config;
