import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Tokens of the form `<payload as base64url JSON>.<HMAC-SHA256>` with an expiry `exp` in epoch
 * seconds: the organisers' session and the device cookie. `keyOf` derives each kind's key from
 * SESSION_SECRET, so that a token of one kind is never taken for another's.
 */
export function signedTokens<Payload extends { exp: number }>(keyOf: (secret: string) => string, maxLength: number) {
  const sign = (data: string) => {
    const secret = process.env.SESSION_SECRET;
    if (!secret) throw new Error('SESSION_SECRET is not set');
    return createHmac('sha256', keyOf(secret)).update(data).digest('base64url');
  };
  return {
    write(payload: Payload): string {
      const data = Buffer.from(JSON.stringify(payload)).toString('base64url');
      return `${data}.${sign(data)}`;
    },
    /** The payload, if the signature holds and it has not expired; null otherwise. Its other fields are the caller's to check. */
    read(token: string | undefined, now = Date.now()): Partial<Payload> | null {
      if (!token || token.length > maxLength) return null;
      const [data, signature, extra] = token.split('.');
      if (!data || !signature || extra !== undefined) return null;
      const expected = Buffer.from(sign(data));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      try {
        const payload = JSON.parse(Buffer.from(data, 'base64url').toString('utf8')) as Partial<Payload> | null;
        return typeof payload?.exp === 'number' && payload.exp * 1000 > now ? payload : null;
      } catch {
        return null;
      }
    },
  };
}
