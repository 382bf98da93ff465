import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_CODE_MESSAGES, generateCodesResponseSchema } from '../../src/contract/access-codes';
import { LOGIN_MESSAGES } from '../../src/contract/auth';
import { housesResponseSchema } from '../../src/contract/houses';
import { startFrontDoor, type FrontDoor } from '../helpers/front-door';
import { callFrom, forgedAddressHeaders } from '../helpers/from-address';
import { TEST_ORGANISER } from '../helpers/strapi';

// The boundaries of the site as `npm start` runs it, through the site's server (the cms on
// loopback, trusting the one hop in front of it). Each client here is a loopback address of its
// own; what a client writes in X-Forwarded-For must not make it another client, and a page of
// another origin must not read what the site's API or panel answers.

const MAX_FAILURES = 10;
const PANEL_ATTEMPTS = 5;

describe('trust boundaries behind the site server', () => {
  let site: FrontDoor;

  beforeAll(async () => {
    site = await startFrontDoor();
  });
  afterAll(async () => {
    await site?.stop();
  });

  const signInFrom = (address: string, username: string, password: string, headers: Record<string, string> = {}) =>
    callFrom(site.siteUrl, address, 'POST', '/api/admin/login', { body: { username, password }, headers });

  it('counts sign-in failures with forged X-Forwarded-For as one client, and another client apart', async () => {
    const statuses: number[] = [];
    // A new username each time: only the address's count is at work here, not an account's.
    for (let n = 1; n <= 30; n++) statuses.push((await signInFrom('127.0.0.2', `nobody-${n}`, `falsch-${n}`, forgedAddressHeaders(n))).status);
    expect(statuses.slice(0, MAX_FAILURES)).toEqual(Array(MAX_FAILURES).fill(401));
    expect(statuses.slice(MAX_FAILURES)).toEqual(Array(30 - MAX_FAILURES).fill(429));

    const limited = await signInFrom('127.0.0.2', TEST_ORGANISER.username, TEST_ORGANISER.password, forgedAddressHeaders(99));
    expect(limited).toMatchObject({ status: 429, body: { success: false, error: LOGIN_MESSAGES.tooManyAttempts } });
    const other = await signInFrom('127.0.0.3', TEST_ORGANISER.username, TEST_ORGANISER.password);
    expect(other.status).toBe(200);
  });

  it('lets an organiser at another address in while one address floods their account', async () => {
    const attacker = await Promise.all(
      Array.from({ length: MAX_FAILURES + 5 }, (_, n) => signInFrom('127.0.0.4', TEST_ORGANISER.username, `falsch-${n}`)),
    );
    expect(attacker.filter((answer) => answer.status === 401)).toHaveLength(MAX_FAILURES);
    expect(attacker.filter((answer) => answer.status === 429)).toHaveLength(5);

    // A second attacker gets one try at the account, then is stopped by the account's count.
    expect((await signInFrom('127.0.0.5', TEST_ORGANISER.username, 'falsch-a')).status).toBe(401);
    expect((await signInFrom('127.0.0.5', TEST_ORGANISER.username, 'falsch-b')).status).toBe(429);
    expect((await signInFrom('127.0.0.5', TEST_ORGANISER.username, TEST_ORGANISER.password)).status).toBe(429);

    // The organiser, at an address with no failures, signs in with the right password.
    const organiser = await signInFrom('127.0.0.6', TEST_ORGANISER.username, TEST_ORGANISER.password);
    expect(organiser.status).toBe(200);
    expect(organiser.body).toMatchObject({ success: true, user: { username: TEST_ORGANISER.username } });
  });

  it('counts code checks with forged X-Forwarded-For as one client, and another client apart', async () => {
    const organiser = await signInFrom('127.0.0.7', TEST_ORGANISER.username, TEST_ORGANISER.password);
    const cookie = organiser.cookies.map((entry) => entry.split(';')[0]).join('; ');
    const headers = { cookie, 'x-user-id': String((organiser.body.user as { id: number }).id) };
    const houses = housesResponseSchema.parse((await callFrom(site.siteUrl, '127.0.0.7', 'GET', '/api/admin/houses', { headers })).body).houses;
    const generated = await callFrom(site.siteUrl, '127.0.0.7', 'POST', '/api/admin/generate-codes', { body: { houseId: houses[0].id, count: 1 }, headers });
    const [code] = generateCodesResponseSchema.parse(generated.body).codes;

    const verify = (address: string, body: unknown, extra: Record<string, string> = {}) =>
      callFrom(site.siteUrl, address, 'POST', '/api/auth/verify-code', { body, headers: extra });
    const statuses: number[] = [];
    for (let n = 1; n <= 20; n++) statuses.push((await verify('127.0.0.8', { code: `FALSCH-${n}` }, forgedAddressHeaders(n))).status);
    expect(statuses.slice(0, MAX_FAILURES).every((status) => status !== 429)).toBe(true);
    expect(statuses.slice(MAX_FAILURES)).toEqual(Array(20 - MAX_FAILURES).fill(429));
    expect(await verify('127.0.0.8', { code }, forgedAddressHeaders(77))).toMatchObject({
      status: 429,
      body: { success: false, error: ACCESS_CODE_MESSAGES.tooManyAttempts },
    });
    expect((await verify('127.0.0.9', { code })).status).toBe(200);
  });

  it("counts Strapi's panel sign-ins with forged X-Forwarded-For as one client, and another client apart", async () => {
    const email = 'editor@test.invalid';
    const statuses: number[] = [];
    for (let n = 1; n <= PANEL_ATTEMPTS + 5; n++) {
      const answer = await callFrom(site.siteUrl, '127.0.0.10', 'POST', '/cms/admin/login', {
        body: { email, password: `Falsch-${n}-Passwort` },
        headers: forgedAddressHeaders(n),
      });
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, PANEL_ATTEMPTS).every((status) => status === 400 || status === 401)).toBe(true);
    expect(statuses.slice(PANEL_ATTEMPTS)).toEqual(Array(5).fill(429));
    const other = await callFrom(site.siteUrl, '127.0.0.11', 'POST', '/cms/admin/login', { body: { email, password: 'Falsch-Passwort-1' } });
    expect([400, 401]).toContain(other.status);
  });

  const FOREIGN_ORIGINS = ['https://evil.example', 'null', 'http://127.0.0.1.evil.example', 'http://localhost:1'];

  it('answers a page of another origin without Access-Control-Allow-Origin, on the API and the panel', async () => {
    const requests: [string, string, unknown?][] = [
      ['GET', '/api/settings/shop_enabled'],
      ['GET', '/api/site-content'],
      ['POST', '/api/admin/login', { username: 'nobody', password: 'nothing' }],
      ['GET', '/api/admin/users'],
      ['POST', '/cms/admin/access-token'],
      ['GET', '/cms/admin/users/me'],
      ['OPTIONS', '/cms/admin/access-token'],
      ['OPTIONS', '/api/admin/users'],
    ];
    for (const origin of FOREIGN_ORIGINS) {
      for (const [method, path, body] of requests) {
        const headers: Record<string, string> = { origin };
        if (method === 'OPTIONS') Object.assign(headers, { 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' });
        const answer = await fetch(`${site.siteUrl}${path}`, { method, headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
        await answer.arrayBuffer();
        expect(answer.headers.get('access-control-allow-origin'), `${origin} ${method} ${path}`).toBeNull();
        expect(answer.headers.get('access-control-allow-credentials'), `${origin} ${method} ${path}`).toBeNull();
      }
    }
  });

  it("allows the site's own origin with credentials, and sends no credentials header to a request without an origin", async () => {
    const own = await fetch(`${site.siteUrl}/cms/admin/access-token`, {
      method: 'OPTIONS',
      headers: { origin: site.siteUrl, 'access-control-request-method': 'POST' },
    });
    expect(own.headers.get('access-control-allow-origin')).toBe(site.siteUrl);
    expect(own.headers.get('access-control-allow-credentials')).toBe('true');

    const noOrigin = await fetch(`${site.siteUrl}/api/settings/shop_enabled`);
    await noOrigin.arrayBuffer();
    expect(noOrigin.status).toBe(200);
    expect(noOrigin.headers.get('access-control-allow-credentials')).toBeNull();
  });
});
