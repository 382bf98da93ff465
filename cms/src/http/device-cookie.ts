import { randomBytes } from 'node:crypto';
import type { Context } from 'koa';
import { signedTokens } from './signed-token';

/**
 * A device that signed in to an account before carries a cookie naming that account (OWASP's
 * "device cookies"): its sign-ins to that account pass a lockout of its address and the account's
 * ceiling, under a small limit of the device's own (docs/decisions/033). Nothing of it is stored:
 * the cookie is signed (its own HMAC and koa's `.sig`), and the device's failures count in the
 * rate limit table under its random id.
 */
export const DEVICE_COOKIE = 'gos_device';
export const DEVICE_TTL_SECONDS = 180 * 24 * 60 * 60;

// Only the sign-in reads it, so no other request carries it.
const DEVICE_COOKIE_PATH = '/api/admin/login';

type DevicePayload = { acc: string; did: string; exp: number };
export type KnownDevice = { account: string; id: string };

// Its own key, derived from the session secret: a device token is never taken for a session token.
const tokens = signedTokens<DevicePayload>((secret) => `device-cookie:${secret}`, 1024);

/** The account's name as limits and device cookies compare it. */
export const accountName = (username: string) => username.toLowerCase();

/** The device a token names, if its signature holds and it has not expired; null otherwise. */
export function readDeviceToken(token: string | undefined, now = Date.now()): KnownDevice | null {
  const payload = tokens.read(token, now);
  return typeof payload?.acc === 'string' && typeof payload.did === 'string' ? { account: payload.acc, id: payload.did } : null;
}

/** The request's known device for this account, or null (no cookie, a forged one, another account's). */
export function knownDeviceFor(ctx: Context, username: string): KnownDevice | null {
  const device = readDeviceToken(ctx.cookies.get(DEVICE_COOKIE, { signed: true }));
  return device && device.account === accountName(username) ? device : null;
}

/** Gives the browser a new device cookie for the account it has just signed in to. */
export function rememberDevice(ctx: Context, username: string, now = Date.now()) {
  const payload: DevicePayload = { acc: accountName(username), did: randomBytes(18).toString('base64url'), exp: Math.floor(now / 1000) + DEVICE_TTL_SECONDS };
  ctx.cookies.set(DEVICE_COOKIE, tokens.write(payload), {
    httpOnly: true,
    sameSite: 'strict',
    secure: ctx.secure,
    path: DEVICE_COOKIE_PATH,
    overwrite: true,
    signed: true,
    maxAge: DEVICE_TTL_SECONDS * 1000,
  });
}
