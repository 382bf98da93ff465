import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { LOGIN_MESSAGES, loginRequestSchema, type AdminUser } from '../../../contract/auth';
import { ApiError } from '../../../http/api-error';
import { rateLimiter } from '../../../http/rate-limit';
import { createSessionToken, SESSION_COOKIE, SESSION_TTL_SECONDS } from '../../../http/session';
import { parseInput, requestBody } from '../../../http/validate';

const cookieOptions = (ctx: Context) => ({
  httpOnly: true,
  sameSite: 'strict' as const,
  secure: ctx.secure,
  path: '/api',
  overwrite: true,
});

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async login(ctx: Context) {
    const limiter = rateLimiter(strapi, 'admin-login', ctx.request.ip);
    const user = await limiter.attempt(LOGIN_MESSAGES.tooManyAttempts, async () => {
      const credentials = parseInput(loginRequestSchema, requestBody(ctx), LOGIN_MESSAGES.invalidCredentials);
      return (await strapi.service('api::auth.auth').verifyOrganiser(credentials)) as AdminUser | null;
    });
    if (!user) throw new ApiError(401, LOGIN_MESSAGES.invalidCredentials);
    ctx.cookies.set(SESSION_COOKIE, createSessionToken(user.id), { ...cookieOptions(ctx), maxAge: SESSION_TTL_SECONDS * 1000 });
    ctx.body = { success: true, user };
  },

  async logout(ctx: Context) {
    ctx.cookies.set(SESSION_COOKIE, '', { ...cookieOptions(ctx), maxAge: 0 });
    ctx.body = { success: true };
  },
});
