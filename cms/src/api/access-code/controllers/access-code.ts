import { factories } from '@strapi/strapi';
import type { Context } from 'koa';
import { ACCESS_CODE_MESSAGES, accessCodesQuerySchema, generateCodesRequestSchema } from '../../../contract/access-codes';
import { idParamSchema } from '../../../contract/common';
import { HOUSE_MESSAGES } from '../../../contract/houses';
import { badRequest } from '../../../http/api-error';
import { sendCsv } from '../../../http/csv';
import { parseInput, requestBody } from '../../../http/validate';
import type { AccessCodeService } from '../services/access-code';

export default factories.createCoreController('api::access-code.access-code', ({ strapi }) => {
  const service = () => strapi.service('api::access-code.access-code') as AccessCodeService;

  return {
    async verify(ctx: Context) {
      const house = await service().verifyUnderLimit(requestBody(ctx), ctx.request.ip);
      if (!house) throw badRequest(ACCESS_CODE_MESSAGES.invalid);
      ctx.body = { success: true, house };
    },

    async generate(ctx: Context) {
      const { houseId, count } = parseInput(generateCodesRequestSchema, requestBody(ctx), ACCESS_CODE_MESSAGES.invalidRequest);
      ctx.body = { success: true, codes: await service().generateCodes(houseId, count) };
    },

    async adminList(ctx: Context) {
      const query = parseInput(accessCodesQuerySchema, ctx.query, HOUSE_MESSAGES.invalidReference);
      ctx.body = query.paged
        ? { success: true, ...(await service().listPage(query)) }
        : { success: true, accessCodes: await service().listCodes(query.houseId ?? null) };
    },

    async adminDelete(ctx: Context) {
      await service().removeCode(parseInput(idParamSchema, ctx.params.id, ACCESS_CODE_MESSAGES.invalidId));
      ctx.body = { success: true };
    },

    async exportCsv(ctx: Context) {
      sendCsv(ctx, 'access-codes.csv', await service().exportCsv());
    },
  };
});
