import type { Core } from '@strapi/strapi';
import { previewOrigin, previewUrl } from '../src/panel/preview';
import { CMS_PANEL_PATH, cmsPublicUrl } from '../src/utils/public-url';

// The panel lives under /cms (see server.ts): /admin/* belongs to the organisers' dashboard.
const config = ({ env }: Core.Config.Shared.ConfigParams): Core.Config.Admin => {
  const site = previewOrigin(env('PUBLIC_URL', ''));
  return {
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
    // The Content Manager's preview shows the public page of the entry being edited, saved state.
    preview: {
      enabled: true,
      config: {
        allowedOrigins: [site],
        handler: (uid: string) => previewUrl(site, uid),
      },
    },
  };
};

export default config;
