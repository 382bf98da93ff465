import type { Core } from '@strapi/strapi';

const config: Core.Config.Middlewares = [
  'strapi::logger',
  'strapi::errors',
  // Before the body parser, so malformed or oversized bodies get the contract's error shape.
  'global::api-errors',
  // Built once instead of per request: see src/http/security-headers.ts.
  'strapi::security',
  'strapi::cors',
  'strapi::poweredBy',
  // Cached public reads end here, with the headers of everything above (see the middleware).
  'global::public-fast-path',
  'strapi::query',
  {
    name: 'strapi::body',
    config: { jsonLimit: '256kb', formLimit: '256kb', textLimit: '256kb', formidable: { maxFileSize: 5 * 1024 * 1024 } },
  },
  'global::discard-uploads',
  'strapi::session',
  'strapi::favicon',
  'strapi::public',
];

export default config;
