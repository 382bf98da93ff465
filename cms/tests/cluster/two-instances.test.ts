import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { generateCodesResponseSchema, verifyCodeResponseSchema } from '../../src/contract/access-codes';
import { HOUSE_MESSAGES, housesResponseSchema, houseResponseSchema, type House } from '../../src/contract/houses';
import { DEFAULT_ORDER_LIMITS } from '../../src/contract/settings';
import { orderResponseSchema, shopItemsResponseSchema, SHOP_MESSAGES } from '../../src/contract/shop';
import { USER_MESSAGES, usersResponseSchema } from '../../src/contract/users';
import { adminCall, call, signIn, type AdminSession, type Endpoint } from '../helpers/api-client';
import { setOrderLimits } from '../helpers/order-limits';
import { startTestProcess, startTestServer, type TestServer } from '../helpers/strapi';
import { reportFigures } from '../helpers/figures';
import { expectRefusedLeavingNothing, whileChanged } from '../helpers/while-changed';

// Two cms instances on one PostgreSQL database, as in a deployment with more than one cms
// container: A runs in this process (so the test can read its database), B is scripts/serve.cjs in
// a process of its own with A's secrets. Only run on PostgreSQL (see vitest.config.ts).

type Product = { id: number; documentId: string; title: string; availableQuantity: number };

const RATE_LIMIT = 10;
const INVALID_CODE = { success: false, error: 'Ungültiger Zugangscode. Bitte überprüfe deinen Code und versuche es erneut.' };
const TOO_MANY = { success: false, error: 'Zu viele Versuche. Bitte warte ein paar Minuten.' };

describe('two cms instances on one PostgreSQL database', () => {
  let a: TestServer;
  let b: Endpoint;
  let stopB: (() => Promise<void>) | undefined;
  let session: AdminSession;

  /** A, B, A, B, …: the instance the n-th of many concurrent requests goes to. */
  const instance = (n: number) => (n % 2 === 0 ? a : b);
  const product = async (title: string) => (await a.strapi.db.query('api::product.product').findOne({ where: { title } })) as Product;
  const stockOf = async (id: number) => ((await a.strapi.db.query('api::product.product').findOne({ where: { id } })) as Product).availableQuantity;

  beforeAll(async () => {
    expect(process.env.DATABASE_CLIENT).toBe('postgres');
    a = await startTestServer();
    const second = await startTestProcess(a.database, a.workDir, a.env);
    stopB = second.stop;
    b = second;
    session = await signIn(a);
  });
  afterAll(async () => {
    await stopB?.();
    await a?.destroy();
  });

  it('sells a stock of 5 to exactly 5 of 50 concurrent buyers spread over both', async () => {
    const hoodie = await product('Kapuzenmantel der Wache');
    await a.strapi.documents('api::product.product').update({ documentId: hoodie.documentId, data: { availableQuantity: 5 } as never });
    const ordersBefore = await a.strapi.db.query('api::order.order').count();

    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, buyer) =>
        call(instance(buyer), 'POST', '/api/shop/orders', {
          body: { firstName: `Käufer ${buyer}`, lastName: 'Zweifach', items: JSON.stringify([{ id: hoodie.id, variant: 'M', quantity: 1 }]) },
        }),
      ),
    );

    const sold = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status === 409);
    expect(sold).toHaveLength(5);
    expect(refused).toHaveLength(45);
    for (const answer of refused) {
      expect(answer.body).toEqual({ success: false, error: 'Leider nicht mehr genug auf Lager: Kapuzenmantel der Wache (M)' });
    }
    expect(await stockOf(hoodie.id)).toBe(0);
    const numbers = sold.map((answer) => orderResponseSchema.parse(answer.body).orderNumber);
    const stored = await a.strapi.db.query('api::order.order').findMany({ where: { lastName: 'Zweifach' }, select: ['orderNumber'] });
    expect(stored.map((order) => order.orderNumber).sort()).toEqual([...numbers].sort());
    expect(await a.strapi.db.query('api::order.order').count()).toBe(ordersBefore + 5);
    reportFigures('two-instances', 'postgres', {
      'stock race': { tried: answers.length, sold: sold.length, refused: refused.length, stock: 5, oversold: Math.max(0, sold.length - 5) },
    });
  });

  it('shows the sold-out stock on both instances once their public cache has expired', async () => {
    const hoodie = await product('Kapuzenmantel der Wache');
    // Each instance caches the public shop list for at most PUBLIC_CACHE_MAX_AGE_MS (2 s).
    const deadline = Date.now() + 5_000;
    for (const server of [a, b]) {
      let shown: number | undefined;
      do {
        const shop = shopItemsResponseSchema.parse((await call(server, 'GET', '/api/shop/items')).body);
        shown = shop.items.find((item) => item.id === hoodie.id)?.availableQuantity;
        if (shown !== 0) await new Promise((resolve) => setTimeout(resolve, 250));
      } while (shown !== 0 && Date.now() < deadline);
      expect(shown).toBe(0);
    }
  });

  it('accepts a session signed in on A for admin calls on B, and the reverse', async () => {
    const users = await adminCall(b, session, 'GET', '/api/admin/users');
    expect(users.status).toBe(200);
    expect(usersResponseSchema.parse(users.body).users.map((user) => user.id)).toContain(session.id);

    const created = await adminCall(b, session, 'POST', '/api/admin/houses', { body: { name: 'Haus Zweiglut', chatUrl: 'https://chat.whatsapp.com/zweiglut' } });
    expect(created.status).toBe(200);
    const house = houseResponseSchema.parse(created.body).house;
    const seenOnA = housesResponseSchema.parse((await adminCall(a, session, 'GET', '/api/admin/houses')).body).houses;
    expect(seenOnA.map((entry) => entry.id)).toContain(house.id);

    const sessionFromB = await signIn(b);
    expect((await adminCall(a, sessionFromB, 'GET', '/api/admin/users')).status).toBe(200);
  });

  it('logs out on one instance and the session is over on both', async () => {
    const own = await signIn(a);
    const logout = await call(a, 'POST', '/api/admin/logout', { headers: own.headers });
    expect(logout.status).toBe(200);
    const cleared = logout.headers.getSetCookie().find((cookie) => cookie.startsWith('gos_session='));
    expect(cleared).toMatch(/^gos_session=;/);
    expect(cleared).toMatch(/expires=Thu, 01 Jan 1970/i);

    // The browser drops the cookie, so its next call, on either instance, has no session.
    for (const server of [a, b]) {
      const response = await call(server, 'GET', '/api/admin/users', { headers: { 'x-user-id': String(own.id) } });
      expect(response.status).toBe(401);
    }
    // The session ended on the server, in the database both share: a copy of the cookie kept
    // after logout on A is refused by both.
    const keptCopy = await Promise.all([a, b].map((server) => adminCall(server, own, 'GET', '/api/admin/users')));
    expect(keptCopy.map((response) => response.status)).toEqual([401, 401]);
  });

  describe('code verification limit', () => {
    let house: House;
    let code: string;

    const verify = (server: Endpoint, body: unknown) => call(server, 'POST', '/api/auth/verify-code', { body });

    beforeAll(async () => {
      [house] = housesResponseSchema.parse((await adminCall(a, session, 'GET', '/api/admin/houses')).body).houses;
      const generated = await adminCall(b, session, 'POST', '/api/admin/generate-codes', { body: { houseId: house.id, count: 1 } });
      [code] = generateCodesResponseSchema.parse(generated.body).codes;
    });
    beforeEach(async () => {
      await a.strapi.db.connection('gos_rate_limits').del();
    });

    it('adds up failures on A and B, then refuses the next attempt on both, even with a real code', async () => {
      expect(verifyCodeResponseSchema.parse((await verify(b, { code })).body).house.name).toBe(house.name);
      for (let attempt = 0; attempt < RATE_LIMIT; attempt++) {
        const response = await verify(instance(attempt), { code: `FALSCH-${attempt}` });
        expect(response.status).toBe(400);
        expect(response.body).toEqual(INVALID_CODE);
      }
      for (const server of [a, b]) {
        const response = await verify(server, { code });
        expect(response.status).toBe(429);
        expect(response.body).toEqual(TOO_MANY);
      }
    });

    it('loses no failure when both instances count at the same moment', async () => {
      const answers = await Promise.all(
        Array.from({ length: RATE_LIMIT }, (_, attempt) => verify(instance(attempt), { code: `GLEICHZEITIG-${attempt}` })),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(RATE_LIMIT).fill(400));
      expect(await a.strapi.db.connection('gos_rate_limits').select('failures')).toEqual([{ failures: RATE_LIMIT }]);
      for (const server of [b, a]) expect((await verify(server, { code })).status).toBe(429);
    });

    it('checks no more than the limit of a burst of guesses spread over both instances', async () => {
      const answers = await Promise.all(Array.from({ length: 6 * RATE_LIMIT }, (_, attempt) => verify(instance(attempt), { code: `SCHWALL-${attempt}` })));
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 400)).toHaveLength(RATE_LIMIT);
      expect(statuses.filter((status) => status === 429)).toHaveLength(5 * RATE_LIMIT);
      expect(await a.strapi.db.connection('gos_rate_limits').select('failures')).toEqual([{ failures: RATE_LIMIT }]);
    });
  });

  describe('names that must be unique, created at the same moment on both instances', () => {
    const CREATES = 20;
    /** The same name in three spellings: names are compared without regard to letter case. */
    const spelling = (name: string, n: number) => [name, name.toLowerCase(), name.toUpperCase()][n % 3];

    async function createConcurrently(path: string, body: (n: number) => unknown) {
      const answers = await Promise.all(Array.from({ length: CREATES }, (_, n) => adminCall(instance(n), session, 'POST', path, { body: body(n) })));
      return answers.map((answer) => ({ status: answer.status, body: answer.body }));
    }

    it('creates a username once and refuses the others with 409, never a 500', async () => {
      const answers = await createConcurrently('/api/admin/users', (n) => ({ username: spelling('Zwilling', n), password: 'geheim-123', houseId: null, isAdmin: false }));
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
      expect(answers.filter((answer) => answer.status !== 200)).toEqual(
        Array(CREATES - 1).fill({ status: 409, body: { success: false, error: USER_MESSAGES.duplicateUsername } }),
      );
      const stored = await a.strapi.db.query('plugin::users-permissions.user').count({ where: { username: { $eqi: 'zwilling' } } });
      expect(stored).toBe(1);
    });

    it('creates a house name once and refuses the others with 409, never a 500', async () => {
      const answers = await createConcurrently('/api/admin/houses', (n) => ({ name: spelling('Haus Doppelgänger', n), chatUrl: `https://chat.whatsapp.com/doppel${n}` }));
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
      expect(answers.filter((answer) => answer.status !== 200)).toEqual(
        Array(CREATES - 1).fill({ status: 409, body: { success: false, error: HOUSE_MESSAGES.duplicateName } }),
      );
      const stored = await a.strapi.db.query('api::house.house').count({ where: { name: { $eqi: 'haus doppelgänger' } } });
      expect(stored).toBe(1);
    });
  });

  describe('orders on A after B changed what A priced its last order from', () => {
    let horn: Product & { price: number };
    const order = (quantity = 1) =>
      call(a, 'POST', '/api/shop/orders', {
        body: { firstName: 'Ann', lastName: 'Zweitpreis', items: JSON.stringify([{ id: horn.id, variant: '0,5 l', quantity }]) },
      });
    const placed = async (quantity = 1) => {
      const response = await order(quantity);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return orderResponseSchema.parse(response.body);
    };
    const updateOnB = (fields: Record<string, unknown>) => adminCall(b, session, 'PUT', `/api/admin/shop/items/${horn.id}`, { body: fields });
    const setShopOpenOnB = (open: boolean) => adminCall(b, session, 'POST', '/api/admin/settings', { body: { key: 'shop_enabled', value: String(open) } });
    const ordersAndStock = async () => [await a.strapi.db.query('api::order.order').count(), await stockOf(horn.id)];

    beforeAll(async () => {
      horn = (await product('Trinkhorn')) as Product & { price: number };
    });
    beforeEach(async () => {
      await a.strapi.db.connection('gos_rate_limits').where('bucket', 'like', 'order%').del(); // orders and units of a product per client
      // A holds the rules and the horn as they are now.
      await placed();
    });

    it('charges the price B set', async () => {
      expect((await updateOnB({ price: 2300 })).status).toBe(200);
      try {
        const { orderNumber, total } = await placed(2);
        expect(total).toBe(4600);
        const stored = await a.strapi.db.query('api::order.order').findOne({ where: { orderNumber } });
        expect(stored.items).toEqual([{ id: horn.id, title: horn.title, variant: '0,5 l', quantity: 2, price: 2300 }]);
      } finally {
        await updateOnB({ price: horn.price });
      }
    });

    it('refuses the product B deactivated with 400, and sells it once B has it back', async () => {
      await whileChanged(
        () => updateOnB({ isActive: false }),
        () => updateOnB({ isActive: true }),
        () => expectRefusedLeavingNothing(order, { status: 400, body: { success: false, error: SHOP_MESSAGES.unavailable(horn.title) } }, ordersAndStock),
      );
      await placed();
    });

    it('refuses every order with 403 while B has the shop closed', async () => {
      await whileChanged(
        () => setShopOpenOnB(false),
        () => setShopOpenOnB(true),
        () => expectRefusedLeavingNothing(order, { status: 403, body: { success: false, error: SHOP_MESSAGES.shopClosed } }, ordersAndStock),
      );
      await placed();
    });

    it('applies the limits B set', async () => {
      await setOrderLimits(b, { ...DEFAULT_ORDER_LIMITS, maxUnitsPerLine: 1 }, session);
      try {
        expect((await order(2)).body).toEqual({ success: false, error: SHOP_MESSAGES.tooManyUnitsPerLine(1, horn.title, '0,5 l') });
      } finally {
        await setOrderLimits(b, DEFAULT_ORDER_LIMITS, session);
      }
    });
  });

  describe('orders per client, counted once for both instances', () => {
    it('lets exactly 10 of 25 orders from one address through, spread over both at once', async () => {
      await a.strapi.db.connection('gos_rate_limits').where('bucket', 'like', 'order%').del(); // orders and units of a product per client
      const shirt = await product('Haus-Shirt „Game Of Slavs“');
      const ordersBefore = await a.strapi.db.query('api::order.order').count();
      const answers = await Promise.all(
        Array.from({ length: 25 }, (_, n) =>
          call(instance(n), 'POST', '/api/shop/orders', {
            body: { firstName: `Käufer ${n}`, lastName: 'Vielfach', items: JSON.stringify([{ id: shirt.id, variant: 'M', quantity: 1 }]) },
          }),
        ),
      );
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(10);
      expect(answers.filter((answer) => answer.status !== 200)).toEqual(
        Array(15).fill(
          expect.objectContaining({
            status: 429,
            body: { success: false, error: 'Zu viele Bestellungen in kurzer Zeit: höchstens 10 in 10 Minuten. Bitte versuche es später erneut.' },
          }),
        ),
      );
      expect(await a.strapi.db.query('api::order.order').count()).toBe(ordersBefore + 10);
    });
  });
});
