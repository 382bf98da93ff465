import type bcryptTypes from 'bcryptjs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { hashPasswordsOffThread } from './bcrypt-off-thread';

// The cms and Strapi run as CommonJS and share bcryptjs's CommonJS build: so does this test.
const bcrypt = createRequire(import.meta.url)('bcryptjs') as typeof bcryptTypes;

// Strapi's cost for passwords; four sign-ins at once, as a burst of them reaches the cms.
const ROUNDS = 10;
const AT_ONCE = 4;

/** The longest time the event loop went without a turn of a 5 ms timer while the work ran. */
async function longestPause(work: () => Promise<unknown>) {
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 5);
  await work();
  await new Promise((resolve) => setTimeout(resolve, 10));
  clearInterval(timer);
  return longest;
}

describe('password hashing off the event loop', () => {
  it("held the loop with bcryptjs's own slices, and holds it no longer once sent to the worker", async () => {
    const hash = bcrypt.hashSync('Richtiges-Passwort', ROUNDS);
    const burst = () => Promise.all(Array.from({ length: AT_ONCE }, (_, n) => bcrypt.compare(n === 0 ? 'Richtiges-Passwort' : `falsch-${n}`, hash)));
    const before = await longestPause(burst);
    expect(before).toBeGreaterThan(150);

    hashPasswordsOffThread();
    expect(await bcrypt.compare('Richtiges-Passwort', hash)).toBe(true);
    let answers: boolean[] = [];
    const after = await longestPause(async () => (answers = await burst()));
    expect(answers).toEqual([true, false, false, false]);
    expect(after).toBeLessThan(100);
  });

  it('keeps bcryptjs answers: hash then compare, the callback form, a lone surrogate, bad arguments', async () => {
    hashPasswordsOffThread();
    const hash = (await bcrypt.hash('Neues-Passwort-1', ROUNDS)) as string;
    expect(hash).toMatch(/^\$2b\$10\$/);
    expect(await bcrypt.compare('Neues-Passwort-1', hash)).toBe(true);
    const viaCallback = await new Promise((resolve, reject) => {
      bcrypt.compare('Neues-Passwort-1', hash, (error, same) => (error ? reject(error) : resolve(same)));
    });
    expect(viaCallback).toBe(true);
    expect(await bcrypt.compare('\ud800', hash)).toBe(false);
    await expect(bcrypt.compare(undefined as unknown as string, hash)).rejects.toThrow(/Illegal arguments/);
  });
});
