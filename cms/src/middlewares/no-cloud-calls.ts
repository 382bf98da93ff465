import type { Context, Next } from 'koa';
import { refuse } from '../http/api-error';

/**
 * Routes of Strapi's panel whose only work is a call to Strapi's cloud services: the license
 * trial and the AI features (tokens, usage, image metadata, localisation). This site depends on
 * no cloud service and its machines reach no such host, so these answer 404 here instead of
 * trying the network and failing with 500 (the survival fuzz found the license trial doing so).
 */
const CLOUD_ONLY = [
  /^\/admin\/license-trial-time-left\/?$/,
  /^\/admin\/ai-(token|usage)\/?$/,
  /^\/upload\/actions\/generate-ai-metadata\/?$/,
  /^\/upload\/ai-metadata-jobs(\/|$)/,
  /^\/i18n\/ai-localization-jobs(\/|$)/,
];

export default () => async (ctx: Context, next: Next) => {
  if (!CLOUD_ONLY.some((pattern) => pattern.test(ctx.path))) return next();
  refuse(ctx, 404, { german: 'Nicht verfügbar.', english: "Not available: this site uses none of Strapi's cloud services" });
};
