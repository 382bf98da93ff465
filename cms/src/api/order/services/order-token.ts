import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The key to an order's page (docs/decisions/035): 256 random bits, handed to the shopper once
 * in the checkout's answer. Only its SHA-256 is stored: a leaked database or export opens no
 * order page, and a plain hash is enough for a random secret (nothing to guess from a word list).
 */
export function newOrderToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashOf(token) };
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

// Compared with when the number is unknown (or the order has no token), so that an unknown
// number costs the same comparison as a wrong token.
const NO_HASH = hashOf('no order has this token');

/** Whether the token opens the order whose stored hash is given, in time independent of where they differ. */
export function tokenMatches(token: string, storedHash: string | null | undefined): boolean {
  const stored = Buffer.from(typeof storedHash === 'string' && storedHash.length === 64 ? storedHash : NO_HASH, 'hex');
  const matches = timingSafeEqual(Buffer.from(hashOf(token), 'hex'), stored);
  return matches && typeof storedHash === 'string' && storedHash.length === 64;
}
