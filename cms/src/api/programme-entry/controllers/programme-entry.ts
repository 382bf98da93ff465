import { factories } from '@strapi/strapi';
import type { Context } from 'koa';
import { publicCacheKey, sendCachedJson } from '../../../http/public-cache';

export default factories.createCoreController('api::programme-entry.programme-entry', ({ strapi }) => ({
  /** GET /api/programme: the whole programme, from memory with an ETag like the other public reads. */
  async programme(ctx: Context) {
    await sendCachedJson(ctx, publicCacheKey.programme, () => strapi.service('api::programme-entry.programme-entry').load());
  },
}));
