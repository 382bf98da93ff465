import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { publicCacheKey, sendCachedJson } from '../../../http/public-cache';

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async read(ctx: Context) {
    await sendCachedJson(ctx, publicCacheKey.siteContent, () => strapi.service('api::site-content.site-content').load());
  },
});
