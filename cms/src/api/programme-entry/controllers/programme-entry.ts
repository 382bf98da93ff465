import { factories } from '@strapi/strapi';
import type { Context } from 'koa';
import { CALENDAR_MESSAGES, parseCalendarIds } from '../../../contract/programme';
import { publicCacheKey, sendCachedJson } from '../../../http/public-cache';

export default factories.createCoreController('api::programme-entry.programme-entry', ({ strapi }) => ({
  /** GET /api/programme: the whole programme, from memory with an ETag like the other public reads. */
  async programme(ctx: Context) {
    await sendCachedJson(ctx, publicCacheKey.programme, () => strapi.service('api::programme-entry.programme-entry').load());
  },

  /** GET /api/programme/calendar.ics[?ids=1,2,3]: the whole programme or a guest's plan for a calendar app. */
  async calendar(ctx: Context) {
    const { ids, ...rest } = ctx.query;
    const chosen = ids === undefined ? undefined : parseCalendarIds(ids);
    if (Object.keys(rest).length > 0 || (ids !== undefined && chosen === undefined)) {
      ctx.status = 400;
      ctx.body = { success: false, error: CALENDAR_MESSAGES.invalidIds };
      return;
    }
    const text: string = await strapi.service('api::programme-entry.programme-entry').calendar(chosen);
    ctx.set('Content-Disposition', `attachment; filename="${chosen ? 'mein-plan' : 'programm'}.ics"`);
    ctx.set('Cache-Control', 'no-store');
    ctx.type = 'text/calendar; charset=utf-8';
    ctx.body = text;
  },
}));
