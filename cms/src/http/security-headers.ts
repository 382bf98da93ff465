import type { Core } from '@strapi/strapi';
import type { Context, Next } from 'koa';
import helmet from 'koa-helmet';

type HelmetOptions = Parameters<typeof helmet>[0];
type HelmetMiddleware = ReturnType<typeof helmet>;

// Strapi's defaults for helmet (@strapi/core, middlewares/security), which `strapi::security`
// merges with its config (none here). tests/api/security-headers.test.ts compares the headers of both
// middlewares, so an upgrade of Strapi that changes its defaults fails there, not silently.
const CSP_DEFAULTS = {
  'connect-src': ["'self'", 'https:'],
  'img-src': ["'self'", 'data:', 'blob:', 'https://market-assets.strapi.io'],
  'media-src': ["'self'", 'data:', 'blob:'],
};

const DEFAULTS = {
  crossOriginEmbedderPolicy: false,
  crossOriginOpenerPolicy: false,
  crossOriginResourcePolicy: false,
  originAgentCluster: false,
  contentSecurityPolicy: { useDefaults: true, directives: { ...CSP_DEFAULTS, upgradeInsecureRequests: null } },
  xssFilter: false,
  hsts: { maxAge: 31536000, includeSubDomains: true },
  frameguard: { action: 'sameorigin' },
} as const;

// What `strapi::security` loosens: GETs below /documentation (the documentation plugin's page),
// and in development its own panel (Vite's hot reload). Lists are added to the defaults' lists.
const LOOSENED = {
  documentation: {
    'script-src': ["'self'", "'unsafe-inline'", 'cdn.jsdelivr.net'],
    'img-src': ["'self'", 'data:', 'cdn.jsdelivr.net', 'strapi.io'],
    'manifest-src': [],
    'frame-src': [],
  },
  devPanel: {
    'script-src': ["'self'", "'unsafe-inline'"],
    'connect-src': ["'self'", 'http:', 'https:', 'ws:'],
  },
} satisfies Record<string, Record<string, string[]>>;

type Factory = (config: unknown, context: { strapi: Core.Strapi }) => (ctx: Context, next: Next) => unknown;

/** Strapi concatenates the loosened lists onto its defaults' lists. */
const withDirectives = (extra: Record<string, string[]>): HelmetOptions =>
  ({
    ...DEFAULTS,
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        ...CSP_DEFAULTS,
        ...Object.fromEntries(Object.entries(extra).map(([name, values]) => [name, [...(CSP_DEFAULTS[name as keyof typeof CSP_DEFAULTS] ?? []), ...values]])),
        upgradeInsecureRequests: null,
      },
    },
  }) as HelmetOptions;

/**
 * `strapi::security` (helmet with Strapi's defaults) with each helmet built once. Strapi's own
 * middleware builds a new helmet for every request, which was about a fifth of the time of a
 * cached public read (npm run bench -- --profile); its headers depend on the request only
 * through the two loosened cases above. Registered in place of Strapi's, which stays reachable
 * as `strapiSecurity` for the test that compares the two.
 */
export function securityBuiltOnce(strapiSecurity: Factory): Factory & { strapiSecurity: Factory } {
  const factory: Factory = (_config, { strapi }) => {
    const standard: HelmetMiddleware = helmet(DEFAULTS as HelmetOptions);
    const loosened = new Map<keyof typeof LOOSENED, HelmetMiddleware>();
    const helmetFor = (kind: keyof typeof LOOSENED) => {
      if (!loosened.has(kind)) loosened.set(kind, helmet(withDirectives(LOOSENED[kind])));
      return loosened.get(kind)!;
    };
    const panelPath = strapi.config.get('admin.path') as string;

    return (ctx: Context, next: Next) => {
      if (ctx.method !== 'GET') return standard(ctx, next);
      if (ctx.path.startsWith('/documentation')) return helmetFor('documentation')(ctx, next);
      const inDevelopment = ['development', 'test'].includes(process.env.NODE_ENV ?? '');
      if (inDevelopment && ctx.path.startsWith(panelPath)) return helmetFor('devPanel')(ctx, next);
      return standard(ctx, next);
    };
  };
  return Object.assign(factory, { strapiSecurity });
}
