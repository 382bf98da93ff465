import type { Core } from '@strapi/strapi';

// The panel lives under /cms: /admin/* belongs to the organisers' dashboard of the web app.
const config = ({ env }: Core.Config.Shared.ConfigParams): Core.Config.Admin => ({
  url: '/cms',
  autoOpen: false,
  serveAdminPanel: env.bool('SERVE_ADMIN_PANEL', true),
  auth: { secret: env('ADMIN_JWT_SECRET', '') },
  apiToken: { salt: env('API_TOKEN_SALT', '') },
  transfer: { token: { salt: env('TRANSFER_TOKEN_SALT', '') } },
  secrets: { encryptionKey: env('ENCRYPTION_KEY', '') },
  flags: { nps: false, promoteEE: false },
});

export default config;
