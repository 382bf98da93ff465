import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { idParamSchema } from '../../../contract/common';
import { CSV_MESSAGES, importUsersRequestSchema, USER_MESSAGES, userCreateSchema, usersQuerySchema, userUpdateSchema } from '../../../contract/users';
import { LIST_MESSAGES } from '../../../contract/list-query';
import { sendCsv } from '../../../http/csv';
import { openSession } from '../../../http/session-cookie';
import { parseInput, requestBody } from '../../../http/validate';
import type { AdminUserService } from '../services/admin-user';

/** Set by global::require-admin. */
const actingAdminId = (ctx: Context) => (ctx.state.admin as { id: number }).id;

const userId = (ctx: Context) => parseInput(idParamSchema, ctx.params.id, USER_MESSAGES.invalidId);

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const service = () => strapi.service('api::admin-user.admin-user') as AdminUserService;

  return {
    async list(ctx: Context) {
      const query = parseInput(usersQuerySchema, ctx.query, LIST_MESSAGES.invalidQuery);
      ctx.body = query.paged ? { success: true, ...(await service().listPage(query)) } : { success: true, users: await service().list() };
    },

    async create(ctx: Context) {
      const input = parseInput(userCreateSchema, requestBody(ctx), USER_MESSAGES.invalidUser);
      ctx.body = { success: true, user: await service().create(input) };
    },

    async update(ctx: Context) {
      const id = userId(ctx);
      const input = parseInput(userUpdateSchema, requestBody(ctx), USER_MESSAGES.invalidUser);
      const user = await service().update(id, input, actingAdminId(ctx));
      // A new password ends every session of the account (src/http/session.ts), this one too: an
      // organiser who changed their own keeps working, in a new session.
      if (input.password !== undefined && id === actingAdminId(ctx)) await openSession(ctx, strapi, id);
      ctx.body = { success: true, user };
    },

    async remove(ctx: Context) {
      await service().remove(userId(ctx), actingAdminId(ctx));
      ctx.body = { success: true };
    },

    async importCsv(ctx: Context) {
      const { csv } = parseInput(importUsersRequestSchema, requestBody(ctx), CSV_MESSAGES.empty);
      ctx.body = { success: true, results: await service().importCsv(csv, actingAdminId(ctx)) };
    },

    async exportCsv(ctx: Context) {
      sendCsv(ctx, 'users.csv', await service().exportCsv());
    },
  };
};
