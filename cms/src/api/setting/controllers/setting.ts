import { factories } from '@strapi/strapi';
import type { Context } from 'koa';
import { settingWriteSchema } from '../../../contract/settings';
import { publicCacheKey, sendCachedJson } from '../../../http/public-cache';
import { parseInput, requestBody } from '../../../http/validate';

export default factories.createCoreController('api::setting.setting', ({ strapi }) => ({
  async read(ctx: Context) {
    const { key } = ctx.params;
    await sendCachedJson(ctx, publicCacheKey.setting(key), async () => ({
      success: true,
      value: await strapi.service('api::setting.setting').readPublic(key),
    }));
  },

  async write(ctx: Context) {
    const input = parseInput(settingWriteSchema, requestBody(ctx), 'Invalid setting');
    await strapi.service('api::setting.setting').write(input);
    ctx.body = { success: true };
  },
}));
