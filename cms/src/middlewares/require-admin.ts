import type { Core } from '@strapi/strapi';
import type { Context, Next } from 'koa';
import { ApiError } from '../http/api-error';
import { sessionUser } from '../http/session';
import { sessionTokenOf } from '../http/session-cookie';

/**
 * Guards every /api/admin/* call: an open session whose cookie carries koa's signature too (401
 * otherwise; see src/http/session.ts for what ends one), a user who is an organiser
 * right now (403), and an x-user-id header that names the same user (403). The header alone
 * is never trusted (DECISIONS §4).
 */
export default (_config: unknown, { strapi }: { strapi: Core.Strapi }) =>
  async (ctx: Context, next: Next) => {
    const userId = await sessionUser(strapi, sessionTokenOf(ctx));
    if (userId === null) throw new ApiError(401, 'Admin authentication required');

    const user = await strapi.db
      .query('plugin::users-permissions.user')
      .findOne({ where: { id: userId }, select: ['id', 'username', 'isAdmin', 'blocked'] });
    if (!user || user.blocked) throw new ApiError(401, 'Admin authentication required');
    if (!user.isAdmin) throw new ApiError(403, 'Admin access required');
    if (ctx.get('x-user-id') !== String(user.id)) {
      throw new ApiError(403, 'The x-user-id header does not match the signed-in admin');
    }

    ctx.state.admin = { id: user.id as number, username: user.username as string };
    await next();
  };
