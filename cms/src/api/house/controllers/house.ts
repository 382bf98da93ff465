import { factories } from '@strapi/strapi';
import type { Context } from 'koa';
import { idParamSchema } from '../../../contract/common';
import { HOUSE_MESSAGES, houseInputSchema } from '../../../contract/houses';
import { parseInput, requestBody } from '../../../http/validate';
import type { HouseService } from '../services/house';

const houseId = (ctx: Context) => parseInput(idParamSchema, ctx.params.id, HOUSE_MESSAGES.invalidId);

export default factories.createCoreController('api::house.house', ({ strapi }) => {
  const service = () => strapi.service('api::house.house') as HouseService;

  return {
    async adminList(ctx: Context) {
      ctx.body = { success: true, houses: await service().listHouses() };
    },

    async emblems(ctx: Context) {
      ctx.body = { success: true, emblems: await service().listEmblems() };
    },

    async codeCounts(ctx: Context) {
      ctx.body = { success: true, counts: await service().codeCounts() };
    },

    async adminCreate(ctx: Context) {
      const input = parseInput(houseInputSchema, requestBody(ctx), HOUSE_MESSAGES.invalidHouse);
      ctx.body = { success: true, house: await service().addHouse(input) };
    },

    async adminUpdate(ctx: Context) {
      const id = houseId(ctx);
      const input = parseInput(houseInputSchema, requestBody(ctx), HOUSE_MESSAGES.invalidHouse);
      ctx.body = { success: true, house: await service().editHouse(id, input) };
    },

    async adminDelete(ctx: Context) {
      await service().deleteHouseWithCodes(houseId(ctx));
      ctx.body = { success: true };
    },
  };
});
