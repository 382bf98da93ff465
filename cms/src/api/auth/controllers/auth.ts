import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { LOGIN_MESSAGES, loginRequestSchema, type AdminUser } from '../../../contract/auth';
import { ApiError } from '../../../http/api-error';
import { rateLimiter } from '../../../http/rate-limit';
import { closeSession, openSession } from '../../../http/session-cookie';
import { parseInput, requestBody } from '../../../http/validate';

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async login(ctx: Context) {
    // Failures count per client address and per account (DECISIONS §4): a flood from one address
    // stops that address, and a flood aimed at one account never stops its owner elsewhere.
    const client = rateLimiter(strapi, 'admin-login', ctx.request.ip);
    const user = await client.attempt(LOGIN_MESSAGES.tooManyAttempts, async ({ earlierFailures }) => {
      const credentials = parseInput(loginRequestSchema, requestBody(ctx), LOGIN_MESSAGES.invalidCredentials);
      const account = rateLimiter(strapi, 'admin-login-account', credentials.username.toLowerCase());
      return account.guardAccount(LOGIN_MESSAGES.tooManyAttempts, earlierFailures === 0, async () =>
        (await strapi.service('api::auth.auth').verifyOrganiser(credentials)) as AdminUser | null,
      );
    });
    if (!user) throw new ApiError(401, LOGIN_MESSAGES.invalidCredentials);
    await openSession(ctx, strapi, user.id);
    ctx.body = { success: true, user };
  },

  /** Ends the session on the server, on every instance, and clears the cookie. */
  async logout(ctx: Context) {
    await closeSession(ctx, strapi);
    ctx.body = { success: true };
  },
});
