import type { Core } from '@strapi/strapi';
import { clientNetwork } from '../src/http/rate-limit';
import { previewOrigin, previewUrl } from '../src/panel/preview';
import { CMS_PANEL_PATH, cmsPublicUrl } from '../src/utils/public-url';

/** koa2-ratelimit's key of a sign-in: Strapi's "<e-mail>:<path>:<address>", the address as its client. */
const keyedByClient = {
  keyGenerator(this: { prefixKey: string }, ctx: { request: { ip: string } }) {
    const { ip } = ctx.request;
    return `${this.prefixKey.slice(0, -ip.length)}${clientNetwork(ip)}`;
  },
};

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
    // No survey, no paid-plan promotion, no links to Strapi's English documentation in page headers.
    flags: { nps: false, promoteEE: false, docLinks: false },
    // Strapi's AI features call Strapi's servers and need its paid licence: off, so no panel part asks for them.
    ai: { enabled: false },
    // Strapi's own limit on panel sign-ins (per client and e-mail, 5 in 5 minutes): the browser
    // tests sign the demo editor in more often than that from one address, so their stack raises it.
    // Strapi keys it by "<e-mail>:<path>:<address>"; the address becomes its client, an IPv6
    // client's /64, as in our limits (docs/decisions/033).
    rateLimit: { enabled: true, max: env.int('CMS_PANEL_SIGN_INS_PER_5_MIN', 5), ...keyedByClient },
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
