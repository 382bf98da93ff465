import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACCESS_CODE_MESSAGES, generateCodesResponseSchema } from '../../src/contract/access-codes';
import { LOGIN_MESSAGES } from '../../src/contract/auth';
import { housesResponseSchema } from '../../src/contract/houses';
import { DEFAULT_ORDER_LIMITS, ORDER_LIMIT_FIELDS, orderLimitsResponseSchema } from '../../src/contract/settings';
import { orderResponseSchema, SHOP_MESSAGES } from '../../src/contract/shop';
import { adminCall, call, signIn, type AdminSession, type ApiResponse } from '../helpers/api-client';
import { setOrderLimits } from '../helpers/order-limits';
import { startTestServer, TEST_ORGANISER, type TestServer } from '../helpers/strapi';
import { reportFigures } from '../helpers/figures';

// Clients are networks (docs/decisions/033): the cms trusts one hop, as behind nginx, and each
// request names its client in X-Forwarded-For as nginx writes it. An IPv6 client is its /64; an
// account under attack from many networks has a ceiling that only a device which signed in to it
// before passes; and one client cannot take more than a few units of one product.

const MAX_FAILURES = 10;
const ACCOUNT_CEILING = 30;
const DEVICE_MAX_FAILURES = 5;
/** Strapi's own limit on panel sign-ins per client and e-mail (config/admin.ts). */
const PANEL_SIGN_INS = 5;

const SHIRT = 'Haus-Shirt „Game Of Slavs“';
const HORN = 'Trinkhorn';

type Product = { id: number; title: string; variants: string[]; availableQuantity: number };
type Line = { id: number; variant: string; quantity: number };

/** The N-th address of the /64 2001:db8:<net>::/64 (in nginx's spelling of it). */
const inNetwork = (net: number, n: number) => `2001:db8:${net.toString(16)}:2::${n.toString(16)}`;

describe('clients are networks', () => {
  let server: TestServer;
  let session: AdminSession;
  const figures: Record<string, Record<string, number>> = {};

  const from = (address: string, headers: Record<string, string> = {}) => ({ 'x-forwarded-for': address, ...headers });
  const signInFrom = (address: string, username: string, password: string, headers: Record<string, string> = {}) =>
    call(server, 'POST', '/api/admin/login', { body: { username, password }, headers: from(address, headers) });

  /** The cookie header a browser would send back to the sign-in after this answer: its device cookie. */
  const deviceCookieOf = (answer: ApiResponse) => {
    const cookies = answer.headers.getSetCookie().filter((cookie) => cookie.startsWith('gos_device'));
    expect(cookies).toHaveLength(2);
    return cookies.map((cookie) => cookie.split(';')[0]).join('; ');
  };

  const product = async (title: string) =>
    (await server.strapi.db.query('api::product.product').findOne({ where: { title } })) as Product;
  const stockOf = async (title: string) => (await product(title)).availableQuantity;
  const orderCount = () => server.strapi.db.query('api::order.order').count();
  const orderFrom = (address: string, lines: Line[]) =>
    call(server, 'POST', '/api/shop/orders', {
      body: { firstName: 'Netz', lastName: 'Besteller', items: JSON.stringify(lines) },
      headers: from(address),
    });

  beforeAll(async () => {
    // One trusted hop, as in docker compose behind nginx (config/server.ts).
    process.env.TRUST_PROXY = 'true';
    process.env.TRUST_PROXY_HOPS = '1';
    server = await startTestServer();
    session = await signIn(server);
    const shirt = await product(SHIRT);
    const horn = await product(HORN);
    for (const { id } of [shirt, horn]) await server.strapi.db.query('api::product.product').update({ where: { id }, data: { availableQuantity: 1000 } });
  });
  beforeEach(async () => {
    await server.strapi.db.connection('gos_rate_limits').del();
  });
  afterAll(async () => {
    delete process.env.TRUST_PROXY;
    delete process.env.TRUST_PROXY_HOPS;
    if (server) reportFigures('client-networks', server.database.client, figures);
    await server?.destroy();
  });

  describe('an IPv6 client is its /64', () => {
    it('answers 429 to the 11th of 15 wrong code checks from 15 addresses of one /64, and not to another /64', async () => {
      const statuses: number[] = [];
      for (let n = 1; n <= 15; n++) statuses.push((await call(server, 'POST', '/api/auth/verify-code', { body: { code: `FALSCH${n}` }, headers: from(inNetwork(1, n)) })).status);
      expect(statuses).toEqual([...Array(MAX_FAILURES).fill(400), ...Array(15 - MAX_FAILURES).fill(429)]);

      // The house's right code, from a fresh address of the same /64: still that client.
      const [house] = housesResponseSchema.parse((await adminCall(server, session, 'GET', '/api/admin/houses')).body).houses;
      const generated = await adminCall(server, session, 'POST', '/api/admin/generate-codes', { body: { houseId: house.id, count: 1 } });
      const [code] = generateCodesResponseSchema.parse(generated.body).codes;
      expect(await call(server, 'POST', '/api/auth/verify-code', { body: { code }, headers: from(inNetwork(1, 0xffff)) })).toMatchObject({
        status: 429,
        body: { success: false, error: ACCESS_CODE_MESSAGES.tooManyAttempts },
      });
      // The next /64 is another client.
      expect((await call(server, 'POST', '/api/auth/verify-code', { body: { code }, headers: from(inNetwork(2, 1)) })).status).toBe(200);
      figures['code checks from one /64'] = { tried: 15, checked: statuses.filter((status) => status === 400).length };
    });

    it('counts IPv4-mapped IPv6 as the IPv4 address, and the spellings of one /64 as one', async () => {
      for (let n = 1; n <= MAX_FAILURES; n++) {
        const address = n % 2 ? '::ffff:198.51.100.7' : '198.51.100.7';
        expect((await call(server, 'POST', '/api/auth/verify-code', { body: { code: `FALSCH${n}` }, headers: from(address) })).status).toBe(400);
      }
      expect((await call(server, 'POST', '/api/auth/verify-code', { body: { code: 'FALSCH11' }, headers: from('::ffff:c633:6407') })).status).toBe(429);
      expect((await call(server, 'POST', '/api/auth/verify-code', { body: { code: 'FALSCH12' }, headers: from('198.51.100.8') })).status).toBe(400);

      for (let n = 1; n <= MAX_FAILURES; n++) {
        expect((await call(server, 'POST', '/api/auth/verify-code', { body: { code: `FALSCH${n}` }, headers: from(`2001:0db8:0003:0002:0000:0000:0000:${n}`) })).status).toBe(400);
      }
      expect((await call(server, 'POST', '/api/auth/verify-code', { body: { code: 'FALSCH11' }, headers: from('2001:db8:3:2:ffff:ffff:ffff:ffff') })).status).toBe(429);
      const rows = await server.strapi.db.connection('gos_rate_limits').select('bucket', 'failures').orderBy('bucket');
      expect(rows).toEqual([
        { bucket: '2001:db8:3:2::/64', failures: MAX_FAILURES },
        { bucket: '198.51.100.7', failures: MAX_FAILURES },
        { bucket: '198.51.100.8', failures: 1 },
      ].map(({ bucket, failures }) => ({ bucket: `verify-code:${bucket}`, failures })).sort((a, b) => a.bucket.localeCompare(b.bucket)));
    });

    it('stops 25 wrong sign-ins for the organiser from 25 addresses of one /64 after 10', async () => {
      const statuses: number[] = [];
      for (let n = 1; n <= 25; n++) statuses.push((await signInFrom(inNetwork(4, n), TEST_ORGANISER.username, `falsch-${n}`)).status);
      expect(statuses).toEqual([...Array(MAX_FAILURES).fill(401), ...Array(25 - MAX_FAILURES).fill(429)]);
      // The right password from that /64 is refused too; from another /64 it passes.
      expect((await signInFrom(inNetwork(4, 99), TEST_ORGANISER.username, TEST_ORGANISER.password)).status).toBe(429);
      expect((await signInFrom(inNetwork(5, 1), TEST_ORGANISER.username, TEST_ORGANISER.password)).status).toBe(200);
      figures['sign-ins from one /64'] = { tried: 25, checked: statuses.filter((status) => status === 401).length };
    });

    it("counts Strapi's panel sign-ins from the addresses of one /64 as one client, and another /64 apart", async () => {
      const panelSignIn = (address: string, n: number) =>
        call(server, 'POST', '/admin/login', { body: { email: 'editor@test.invalid', password: `Falsch-${n}-Passwort` }, headers: from(address) });
      const statuses: number[] = [];
      for (let n = 1; n <= PANEL_SIGN_INS + 3; n++) statuses.push((await panelSignIn(inNetwork(6, n), n)).status);
      expect(statuses.slice(0, PANEL_SIGN_INS).every((status) => status === 400 || status === 401)).toBe(true);
      expect(statuses.slice(PANEL_SIGN_INS)).toEqual(Array(3).fill(429));
      expect([400, 401]).toContain((await panelSignIn(inNetwork(7, 1), 1)).status);
    });

    it('refuses the 11th of 15 orders from 15 addresses of one /64 with a German 429, while another /64 orders', async () => {
      const horn = await product(HORN);
      const one = [{ id: horn.id, variant: horn.variants[0], quantity: 1 }];
      const before = await orderCount();
      const statuses: number[] = [];
      for (let n = 1; n <= 15; n++) statuses.push((await orderFrom(inNetwork(6, n), one)).status);
      expect(statuses).toEqual([...Array(10).fill(200), ...Array(5).fill(429)]);
      expect((await orderFrom(inNetwork(6, 0xabcd), one)).body).toEqual({ success: false, error: SHOP_MESSAGES.tooManyOrders(10, 10) });
      expect(await orderCount()).toBe(before + 10);
      expect((await orderFrom(inNetwork(7, 1), one)).status).toBe(200);
    });
  });

  describe('an account under attack from many networks', () => {
    it('has a ceiling of 30 failures in the window that fresh networks cannot pass, and a known device still signs in', async () => {
      // The organiser signed in on this device before the attack: the answer gave it a device cookie.
      const earlier = await signInFrom('192.0.2.10', TEST_ORGANISER.username, TEST_ORGANISER.password);
      expect(earlier.status).toBe(200);
      await server.strapi.db.connection('gos_rate_limits').del();

      // 10 tries from one /64, then one each from 20 fresh /64s: 30 failures of the account.
      const statuses: number[] = [];
      for (let n = 1; n <= MAX_FAILURES; n++) statuses.push((await signInFrom(inNetwork(0x100, n), TEST_ORGANISER.username, `falsch-${n}`)).status);
      for (let net = 1; net <= ACCOUNT_CEILING - MAX_FAILURES; net++) {
        statuses.push((await signInFrom(inNetwork(0x100 + net, 1), TEST_ORGANISER.username, `falsch-net-${net}`)).status);
        // A second try from the same /64 is refused: it is no longer clean.
        statuses.push((await signInFrom(inNetwork(0x100 + net, 2), TEST_ORGANISER.username, `falsch-net-${net}-b`)).status);
      }
      expect(statuses.filter((status) => status === 401)).toHaveLength(ACCOUNT_CEILING);
      expect(statuses.filter((status) => status !== 401).every((status) => status === 429)).toBe(true);

      // Past the ceiling, a fresh network is refused without its password being checked, right or wrong.
      for (let net = 0x200; net < 0x205; net++) {
        expect(await signInFrom(inNetwork(net, 1), TEST_ORGANISER.username, `falsch-${net}`)).toMatchObject({ status: 429, body: { success: false, error: LOGIN_MESSAGES.tooManyAttempts } });
      }
      expect((await signInFrom(inNetwork(0x300, 1), TEST_ORGANISER.username, TEST_ORGANISER.password)).status).toBe(429);
      expect((await signInFrom('192.0.2.200', TEST_ORGANISER.username, TEST_ORGANISER.password)).status).toBe(429);
      const account = await server.strapi.db.connection('gos_rate_limits').where('bucket', 'like', 'admin-login-account:%').first('failures');
      expect(Number(account.failures)).toBe(ACCOUNT_CEILING);

      // The organiser's device passes the ceiling, from a fresh network and from one of the attacker's.
      const device = deviceCookieOf(earlier);
      const known = await signInFrom(inNetwork(0x301, 1), TEST_ORGANISER.username, TEST_ORGANISER.password, { cookie: device });
      expect(known).toMatchObject({ status: 200, body: { success: true, user: { username: TEST_ORGANISER.username } } });
      expect((await signInFrom(inNetwork(0x100, 77), TEST_ORGANISER.username, TEST_ORGANISER.password, { cookie: device })).status).toBe(200);
      figures['account ceiling'] = { tried: statuses.length + 7, checked: ACCOUNT_CEILING };
    });

    it('lets the organiser in without a device cookie from a network with no failures while the account is below its ceiling', async () => {
      // One /64 floods the account (10 failures, then stopped), a second /64 adds its one try.
      const flood = await Promise.all(Array.from({ length: 15 }, (_, n) => signInFrom(inNetwork(0x400, n + 1), TEST_ORGANISER.username, `falsch-${n}`)));
      expect(flood.filter((answer) => answer.status === 401)).toHaveLength(MAX_FAILURES);
      expect((await signInFrom(inNetwork(0x401, 1), TEST_ORGANISER.username, 'falsch-a')).status).toBe(401);
      expect((await signInFrom(inNetwork(0x401, 2), TEST_ORGANISER.username, TEST_ORGANISER.password)).status).toBe(429);
      // Any address of the attackers' networks is refused; a network with no failures signs in.
      expect((await signInFrom(inNetwork(0x400, 0xbeef), TEST_ORGANISER.username, TEST_ORGANISER.password)).status).toBe(429);
      expect((await signInFrom(inNetwork(0x402, 1), TEST_ORGANISER.username, TEST_ORGANISER.password)).status).toBe(200);
      expect((await signInFrom('192.0.2.33', TEST_ORGANISER.username, TEST_ORGANISER.password)).status).toBe(200);
    });
  });

  describe('a device that signed in before', () => {
    it('gets an httpOnly, SameSite=Strict, signed cookie for the sign-in only', async () => {
      const answer = await signInFrom('192.0.2.20', TEST_ORGANISER.username, TEST_ORGANISER.password);
      const [cookie, signature] = answer.headers.getSetCookie().filter((entry) => entry.startsWith('gos_device'));
      expect(cookie).toMatch(/^gos_device=[\w-]+\.[\w-]+;/);
      expect(signature).toMatch(/^gos_device\.sig=/);
      for (const entry of [cookie, signature]) {
        expect(entry.toLowerCase()).toContain('httponly');
        expect(entry.toLowerCase()).toContain('samesite=strict');
        expect(entry.toLowerCase()).toContain('path=/api/admin/login');
        expect(entry.toLowerCase()).toMatch(/expires=/);
      }
    });

    it('signs in from an address that a guest locked with wrong sign-ins for made-up names', async () => {
      const earlier = await signInFrom('192.0.2.30', TEST_ORGANISER.username, TEST_ORGANISER.password);
      const device = deviceCookieOf(earlier);
      const venue = '203.0.113.50';
      for (let n = 1; n <= MAX_FAILURES; n++) expect((await signInFrom(venue, `gast-${n}`, `falsch-${n}`)).status).toBe(401);

      // Without the device cookie the organiser shares the guest's lockout (the address is one client)…
      expect(await signInFrom(venue, TEST_ORGANISER.username, TEST_ORGANISER.password)).toMatchObject({ status: 429, body: { success: false, error: LOGIN_MESSAGES.tooManyAttempts } });
      // …with it, they sign in; a forged or another account's cookie is no cookie.
      expect((await signInFrom(venue, TEST_ORGANISER.username, TEST_ORGANISER.password, { cookie: device })).status).toBe(200);
      const forged = device.replace(/gos_device=([\w-]+)\.([\w-]{4})/, 'gos_device=$1.AAAA');
      expect((await signInFrom(venue, TEST_ORGANISER.username, TEST_ORGANISER.password, { cookie: forged })).status).toBe(429);
      expect((await signInFrom(venue, 'gast-1', 'falsch', { cookie: device })).status).toBe(429);
      const [name, value] = device.split('; ')[0].split('=');
      expect((await signInFrom(venue, TEST_ORGANISER.username, TEST_ORGANISER.password, { cookie: `${name}=${value}` })).status).toBe(429);
    });

    it('has a small failure limit of its own, which counts neither for its address nor for the account', async () => {
      const device = deviceCookieOf(await signInFrom('192.0.2.40', TEST_ORGANISER.username, TEST_ORGANISER.password));
      await server.strapi.db.connection('gos_rate_limits').del();
      const statuses: number[] = [];
      for (let n = 1; n <= DEVICE_MAX_FAILURES + 3; n++) statuses.push((await signInFrom('192.0.2.40', TEST_ORGANISER.username, `falsch-${n}`, { cookie: device })).status);
      expect(statuses).toEqual([...Array(DEVICE_MAX_FAILURES).fill(401), ...Array(3).fill(429)]);
      expect((await signInFrom('192.0.2.40', TEST_ORGANISER.username, TEST_ORGANISER.password, { cookie: device })).status).toBe(429);
      const rows = await server.strapi.db.connection('gos_rate_limits').select('bucket', 'failures');
      expect(rows).toEqual([{ bucket: expect.stringMatching(/^admin-login-device:/), failures: DEVICE_MAX_FAILURES }]);
      // Without the cookie the address is clean: the organiser signs in, and gets a new device.
      const again = await signInFrom('192.0.2.40', TEST_ORGANISER.username, TEST_ORGANISER.password);
      expect(again.status).toBe(200);
      expect((await signInFrom('192.0.2.40', TEST_ORGANISER.username, TEST_ORGANISER.password, { cookie: deviceCookieOf(again) })).status).toBe(200);
    });
  });

  describe('units of one product per client', () => {
    it('lets two orders from one address take at most 10 units of one product in the window', async () => {
      const shirt = await product(SHIRT);
      const stock = await stockOf(SHIRT);
      const address = '198.51.100.60';

      // 3 lines × 10 (within the caps per line and per order) is refused as a whole; nothing counts.
      const thirty = shirt.variants.slice(0, 3).map((variant) => ({ id: shirt.id, variant, quantity: 10 }));
      const refused = await orderFrom(address, thirty);
      expect(refused.status).toBe(429);
      const tooMany = SHOP_MESSAGES.tooManyUnitsOfProduct(10, 10, SHIRT);
      expect(refused.body).toEqual({ success: false, error: tooMany });
      expect(await stockOf(SHIRT)).toBe(stock);

      expect((await orderFrom(address, [{ id: shirt.id, variant: 'S', quantity: 4 }, { id: shirt.id, variant: 'M', quantity: 2 }])).status).toBe(200);
      expect(await orderFrom(address, [{ id: shirt.id, variant: 'L', quantity: 5 }])).toMatchObject({ status: 429, body: { success: false, error: tooMany } });
      expect(orderResponseSchema.parse((await orderFrom(address, [{ id: shirt.id, variant: 'L', quantity: 4 }])).body).success).toBe(true);
      expect((await orderFrom(address, [{ id: shirt.id, variant: 'L', quantity: 1 }])).status).toBe(429);
      expect(await stockOf(SHIRT)).toBe(stock - 10);

      // Another product from that address, and the shirt from another address, still go.
      const horn = await product(HORN);
      expect((await orderFrom(address, [{ id: horn.id, variant: horn.variants[0], quantity: 3 }])).status).toBe(200);
      expect((await orderFrom('198.51.100.61', [{ id: shirt.id, variant: 'M', quantity: 10 }])).status).toBe(200);
      // Addresses of one /64 share the cap.
      expect((await orderFrom(inNetwork(0x500, 1), [{ id: shirt.id, variant: 'M', quantity: 6 }])).status).toBe(200);
      expect((await orderFrom(inNetwork(0x500, 2), [{ id: shirt.id, variant: 'M', quantity: 5 }])).body).toEqual({ success: false, error: tooMany });
      expect(await stockOf(SHIRT)).toBe(stock - 26);
    });

    it('is a setting organisers change through the API, and a client that leaves it out keeps it', async () => {
      const shirt = await product(SHIRT);
      try {
        expect(await setOrderLimits(server, { ...DEFAULT_ORDER_LIMITS, maxUnitsPerProduct: 3 }, session)).toEqual({ ...DEFAULT_ORDER_LIMITS, maxUnitsPerProduct: 3 });
        expect(await orderFrom('198.51.100.70', [{ id: shirt.id, variant: 'M', quantity: 4 }])).toMatchObject({
          status: 429,
          body: { success: false, error: SHOP_MESSAGES.tooManyUnitsOfProduct(3, 10, SHIRT) },
        });
        const { maxUnitsPerLine, maxUnitsPerOrder, maxOrdersPerClient } = DEFAULT_ORDER_LIMITS;
        const firstFour = { maxUnitsPerLine, maxUnitsPerOrder, maxOrdersPerClient, windowMinutes: 10 };
        const written = await adminCall(server, session, 'PUT', '/api/admin/settings/order-limits', { body: { ...firstFour, windowMinutes: 1 } });
        expect(orderLimitsResponseSchema.parse(written.body).limits).toEqual({ ...DEFAULT_ORDER_LIMITS, windowMinutes: 1, maxUnitsPerProduct: 3 });
        const { max } = ORDER_LIMIT_FIELDS.maxUnitsPerProduct;
        for (const wrong of [0, max + 1, 2.5, '5', null]) {
          const refused = await adminCall(server, session, 'PUT', '/api/admin/settings/order-limits', { body: { ...DEFAULT_ORDER_LIMITS, maxUnitsPerProduct: wrong } });
          expect(refused).toMatchObject({ status: 400, body: { success: false, error: `Units per product and client must be a whole number from 1 to ${max}` } });
        }
        const read = await adminCall(server, session, 'GET', '/api/admin/settings/order-limits');
        expect(orderLimitsResponseSchema.parse(read.body).limits.maxUnitsPerProduct).toBe(3);
      } finally {
        await setOrderLimits(server, DEFAULT_ORDER_LIMITS, session);
      }
    });
  });
});
