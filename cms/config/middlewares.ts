import type { Core } from '@strapi/strapi';
import { formidableOptions } from '../src/http/multipart-limits';

/** The site's own origin, the one origin whose pages may call the API and the panel with credentials. */
function siteOrigin(publicUrl: string): string[] {
  try {
    return publicUrl ? [new URL(publicUrl).origin] : [];
  } catch {
    return [];
  }
}

const config = ({ env }: Core.Config.Shared.ConfigParams): Core.Config.Middlewares => [
  'strapi::logger',
  'strapi::errors',
  // Before the body parser, so malformed or oversized bodies get the contract's error shape.
  'global::api-errors',
  // Strapi's own routes: what they throw on malformed input is a 400, not a 500.
  'global::strapi-input-errors',
  'global::no-outbound-calls',
  // Built once instead of per request: see src/http/security-headers.ts.
  'strapi::security',
  // Files of the uploads folder never run as the site: see the middleware.
  'global::upload-headers',
  {
    name: 'strapi::cors',
    config: {
      // Another origin gets no Access-Control-Allow-Origin at all, so it can neither read an
      // answer nor send the panel's or the dashboard's cookies with effect.
      origin: siteOrigin(env('PUBLIC_URL', '')),
      // Only a request that names an allowed origin is answered with credentials (without an
      // Origin, Strapi's matcher answers '*', and credentials would then echo an empty origin).
      credentials: (ctx: { get(name: string): string }) => ctx.get('Origin') !== '',
    },
  },
  // No 'strapi::poweredBy': an answer does not say which software sent it (docs/decisions/032).
  // Cached public reads end here, with the headers of everything above (see the middleware).
  'global::public-fast-path',
  'strapi::query',
  // Every body: no Content-Encoding, a multipart body's length and scratch folder, the parser's
  // refusals as quiet 4xx, and whatever is left unread drained.
  'global::request-limits',
  {
    name: 'strapi::body',
    config: { jsonLimit: '256kb', formLimit: '256kb', textLimit: '256kb', formidable: formidableOptions },
  },
  // Lone surrogates and other ill-formed text, in the query, the body and file names.
  'global::well-formed-input',
  'strapi::session',
  'strapi::favicon',
  'strapi::public',
];

export default config;
