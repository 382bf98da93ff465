import { factories } from '@strapi/strapi';
import type { Context } from 'koa';
import { settingWriteSchema } from '../../../contract/settings';
import { parseInput, requestBody } from '../../../http/validate';

export default factories.createCoreController('api::setting.setting', ({ strapi }) => ({
  async read(ctx: Context) {
    const value = await strapi.service('api::setting.setting').readPublic(ctx.params.key);
    ctx.body = { success: true, value };
  },

  async write(ctx: Context) {
    const input = parseInput(settingWriteSchema, requestBody(ctx), 'Invalid setting');
    await strapi.service('api::setting.setting').write(input);
    ctx.body = { success: true };
  },
}));
