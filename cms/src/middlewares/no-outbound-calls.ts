import type { Context, Next } from 'koa';
import { refuse } from '../http/api-error';

/**
 * Routes of Strapi's panel whose only work is a call out of the site: to Strapi's cloud services
 * (the license trial, the AI features: tokens, usage, image metadata, localisation) or an e-mail
 * through the email plugin, which without a provider delivers over SMTP itself. This site
 * depends on no cloud service and sends no e-mail, so these answer 404 here instead of trying
 * the network and failing with 500 (the survival fuzz found the license trial and the e-mail
 * route doing so).
 */
const OUTBOUND_ONLY = [
  /^\/admin\/license-trial-time-left\/?$/,
  /^\/admin\/ai-(token|usage)\/?$/,
  /^\/upload\/actions\/generate-ai-metadata\/?$/,
  /^\/upload\/ai-metadata-jobs(\/|$)/,
  /^\/i18n\/ai-localization-jobs(\/|$)/,
  /^\/email(\/test)?\/?$/,
];

export default () => async (ctx: Context, next: Next) => {
  if (!OUTBOUND_ONLY.some((pattern) => pattern.test(ctx.path))) return next();
  refuse(ctx, 404, { german: 'Nicht verfügbar.', english: "Not available: this site uses none of Strapi's cloud services and sends no e-mail" });
};
