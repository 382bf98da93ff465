import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { LOGIN_MESSAGES, loginRequestSchema, type AdminUser, type LoginRequest } from '../../../contract/auth';
import { ApiError } from '../../../http/api-error';
import { accountName, DEVICE_COOKIE, knownDeviceFor, rememberDevice } from '../../../http/device-cookie';
import { rateLimiter } from '../../../http/rate-limit';
import { closeSession, openSession } from '../../../http/session-cookie';
import { parseInput, requestBody } from '../../../http/validate';

type Verify = (credentials: LoginRequest) => Promise<AdminUser | null>;

export default ({ strapi }: { strapi: Core.Strapi }) => {
  /**
   * A device that signed in to this account before (its cookie names the account) is counted on
   * its own, under a small limit: neither its address's failures nor the account's ceiling stop it,
   * and its failures count for neither (docs/decisions/033). Answers undefined for every other
   * request, which goes the client's way.
   */
  async function signInAsKnownDevice(ctx: Context, verify: Verify): Promise<AdminUser | null | undefined> {
    if (!ctx.cookies.get(DEVICE_COOKIE)) return undefined;
    const credentials = parseInput(loginRequestSchema, requestBody(ctx), LOGIN_MESSAGES.invalidCredentials);
    const device = knownDeviceFor(ctx, credentials.username);
    if (!device) return undefined;
    return rateLimiter(strapi, 'admin-login-device', device.id).attempt(LOGIN_MESSAGES.tooManyAttempts, () => verify(credentials));
  }

  /**
   * Failures count per client (an IPv4 address, an IPv6 /64) and per account (DECISIONS §4): a
   * flood from one client stops that client, a flood aimed at one account never stops its owner at
   * another address, and past the account's ceiling only known devices get to try.
   */
  function signInAsClient(ctx: Context, verify: Verify): Promise<AdminUser | null> {
    return rateLimiter(strapi, 'admin-login', ctx.request.ip).attempt(LOGIN_MESSAGES.tooManyAttempts, async ({ earlierFailures }) => {
      const credentials = parseInput(loginRequestSchema, requestBody(ctx), LOGIN_MESSAGES.invalidCredentials);
      const account = rateLimiter(strapi, 'admin-login-account', accountName(credentials.username));
      return account.guardAccount(LOGIN_MESSAGES.tooManyAttempts, earlierFailures === 0, () => verify(credentials));
    });
  }

  return {
    async login(ctx: Context) {
      const verify: Verify = async (credentials) =>
        (await strapi.service('api::auth.auth').verifyOrganiser(credentials)) as AdminUser | null;
      const asDevice = await signInAsKnownDevice(ctx, verify);
      const user = asDevice === undefined ? await signInAsClient(ctx, verify) : asDevice;
      if (!user) throw new ApiError(401, LOGIN_MESSAGES.invalidCredentials);
      await openSession(ctx, strapi, user.id);
      rememberDevice(ctx, user.username);
      ctx.body = { success: true, user };
    },

    /** Ends the session on the server, on every instance, and clears the cookie. */
    async logout(ctx: Context) {
      await closeSession(ctx, strapi);
      ctx.body = { success: true };
    },
  };
};
