import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { addMiddleware } from './panel-doors';

type AiService = { isEnabled(): boolean; getAiFeatureConfig(): Promise<Record<string, boolean>> };
type Routers = Parameters<typeof addMiddleware>[0];

/**
 * Strapi's AI features are off (config/admin.ts), yet every entry page of the panel asks which of
 * them are configured and whether an AI translation of the entry is running, and Strapi answers
 * both with a 404 while they are off. Here they get what is true then: none is configured (what
 * Strapi's own service says), no translation is running.
 */
export function answerAiFeaturesOff(strapi: Core.Strapi) {
  const admin = (strapi as unknown as { admin: { routes: Routers } }).admin;
  const featuresOff = async (ctx: Context, next: () => Promise<unknown>) => {
    const ai = strapi.get('ai.admin') as AiService;
    if (ai.isEnabled()) return next();
    ctx.body = { data: await ai.getAiFeatureConfig() };
  };
  addMiddleware(admin.routes, featuresOff, (route) => route.method === 'GET' && route.path === '/ai-feature-config');

  // Ahead of the router: a route middleware on i18n's routes (as above) did not take effect there.
  strapi.server.use(async (ctx: Context, next: () => Promise<unknown>) => {
    if (ctx.method !== 'GET' || !AI_TRANSLATION_JOB.test(ctx.path)) return next();
    if (await strapi.plugin('i18n').service('ai-localizations').isEnabled()) return next();
    ctx.body = { data: null };
  });
}

/** i18n's "is an AI translation of this entry running" for a single type or a collection type's entry. */
const AI_TRANSLATION_JOB = /^\/i18n\/ai-localization-jobs\/(single-types\/[^/]+|collection-types\/[^/]+\/[^/]+)$/;
