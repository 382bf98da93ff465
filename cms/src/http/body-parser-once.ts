import { createRequire } from 'node:module';
import type { koaBody } from 'koa-body';

type KoaBody = typeof koaBody;
type KoaBodyModule = { koaBody: KoaBody };

/** koa-body as `strapi::body` loads it (@strapi/core's own resolution). */
export const strapisKoaBody = (): KoaBodyModule => createRequire(require.resolve('@strapi/core'))('koa-body') as KoaBodyModule;

/**
 * `strapi::body` calls `koaBody(options)` on every request, with the same options object, and
 * koa-body checks those options against its zod schema each time it is called: in a profile of
 * orders under load that check was 3.6 % of the cms's time (npm run bench -- --profile). Here
 * koa-body's export answers the middleware it built for an options object before. The options
 * hold no per-request state (multipart-limits.ts keeps that on formidable's instance).
 */
export function buildBodyParserOnce(module: KoaBodyModule = strapisKoaBody()) {
  const build = module.koaBody;
  if ((build as KoaBody & { builtOnce?: true }).builtOnce) return;
  const built = new WeakMap<object, ReturnType<KoaBody>>();
  const once = ((options: Parameters<KoaBody>[0] = {}) => {
    let parser = built.get(options);
    if (!parser) {
      parser = build(options);
      built.set(options, parser);
    }
    return parser;
  }) as KoaBody & { builtOnce?: true };
  once.builtOnce = true;
  module.koaBody = once;
}
