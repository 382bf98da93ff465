import { factories } from '@strapi/strapi';
import type { Context } from 'koa';
import { ORDER_LIMIT_MESSAGES, orderLimitsSchema, settingWriteSchema } from '../../../contract/settings';
import { publicCacheKey, sendCachedJson } from '../../../http/public-cache';
import { parseInput, requestBody } from '../../../http/validate';
import type { SettingService } from '../services/setting';

const UID = 'api::setting.setting';

export default factories.createCoreController(UID, ({ strapi }) => {
  const settings = () => strapi.service(UID) as SettingService;

  return {
    async read(ctx: Context) {
      const { key } = ctx.params;
      await sendCachedJson(ctx, publicCacheKey.setting(key), async () => ({
        success: true,
        value: await settings().readPublic(key),
      }));
    },

    async write(ctx: Context) {
      const input = parseInput(settingWriteSchema, requestBody(ctx), 'Invalid setting');
      await settings().write(input);
      ctx.body = { success: true };
    },

    async readOrderLimits(ctx: Context) {
      ctx.body = { success: true, limits: await settings().readOrderLimits() };
    },

    async writeOrderLimits(ctx: Context) {
      const limits = parseInput(orderLimitsSchema, requestBody(ctx), ORDER_LIMIT_MESSAGES.invalid);
      ctx.body = { success: true, limits: await settings().writeOrderLimits(limits) };
    },
  };
});
