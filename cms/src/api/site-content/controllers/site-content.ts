import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { sendCachedJson } from '../../../http/public-cache';

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async read(ctx: Context) {
    await sendCachedJson(ctx, 'site-content', () => strapi.service('api::site-content.site-content').load());
  },
});
