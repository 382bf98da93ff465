import { createHmac, timingSafeEqual } from 'node:crypto';

export const SESSION_COOKIE = 'gos_session';
export const SESSION_TTL_SECONDS = 12 * 60 * 60;

type SessionPayload = { uid: number; exp: number };

const secret = () => {
  const value = process.env.SESSION_SECRET;
  if (!value) throw new Error('SESSION_SECRET is not set');
  return value;
};

const sign = (data: string) => createHmac('sha256', secret()).update(data).digest('base64url');

/** A signed, expiring, stateless token: every cms instance sharing SESSION_SECRET accepts it. */
export function createSessionToken(userId: number, now = Date.now()): string {
  const payload: SessionPayload = { uid: userId, exp: Math.floor(now / 1000) + SESSION_TTL_SECONDS };
  const data = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${data}.${sign(data)}`;
}

/** The user id of a valid, unexpired token, or null. */
export function readSessionToken(token: string | undefined, now = Date.now()): number | null {
  if (!token || token.length > 512) return null;
  const [data, signature, extra] = token.split('.');
  if (!data || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(data));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const payload = JSON.parse(Buffer.from(data, 'base64url').toString('utf8')) as Partial<SessionPayload>;
    if (!Number.isInteger(payload.uid) || typeof payload.exp !== 'number') return null;
    return payload.exp * 1000 > now ? (payload.uid as number) : null;
  } catch {
    return null;
  }
}
