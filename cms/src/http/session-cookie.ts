import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { endSession, SESSION_COOKIE, SESSION_TTL_SECONDS, startSession } from './session';

const cookieOptions = (ctx: Context) => ({
  httpOnly: true,
  sameSite: 'strict' as const,
  secure: ctx.secure,
  path: '/api',
  overwrite: true,
  // koa signs the cookie with APP_KEYS (a second cookie, gos_session.sig), and a session is
  // accepted only with that signature as well as its own.
  signed: true,
});

/** The session token the request's cookie holds, with koa's signature checked. */
export const sessionTokenOf = (ctx: Context) => ctx.cookies.get(SESSION_COOKIE, { signed: true });

/** Opens a session for the user and gives the browser its cookie. */
export async function openSession(ctx: Context, strapi: Core.Strapi, userId: number) {
  ctx.cookies.set(SESSION_COOKIE, await startSession(strapi, userId), { ...cookieOptions(ctx), maxAge: SESSION_TTL_SECONDS * 1000 });
}

/** Ends the request's session on the server, on every instance, and clears its cookie. */
export async function closeSession(ctx: Context, strapi: Core.Strapi) {
  await endSession(strapi, sessionTokenOf(ctx));
  ctx.cookies.set(SESSION_COOKIE, '', { ...cookieOptions(ctx), maxAge: 0 });
}
