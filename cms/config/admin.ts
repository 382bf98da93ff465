import type { Core } from '@strapi/strapi';
import { CMS_PANEL_PATH, cmsPublicUrl } from '../src/utils/public-url';

// The panel lives under /cms (see server.ts): /admin/* belongs to the organisers' dashboard.
const config = ({ env }: Core.Config.Shared.ConfigParams): Core.Config.Admin => ({
  autoOpen: false,
  serveAdminPanel: env.bool('SERVE_ADMIN_PANEL', true),
  auth: {
    secret: env('ADMIN_JWT_SECRET', ''),
    cookie: { path: cmsPublicUrl(env('PUBLIC_URL', '')) ? CMS_PANEL_PATH : undefined },
  },
  apiToken: { salt: env('API_TOKEN_SALT', '') },
  transfer: { token: { salt: env('TRANSFER_TOKEN_SALT', '') } },
  secrets: { encryptionKey: env('ENCRYPTION_KEY', '') },
  flags: { nps: false, promoteEE: false },
});

export default config;
