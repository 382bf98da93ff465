import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failureSchema } from '../../src/contract/common';
import { DEFAULT_ORDER_LIMITS, orderLimitsResponseSchema, settingResponseSchema, type OrderLimits } from '../../src/contract/settings';
import { adminCall, call, signIn, type AdminSession } from '../helpers/api-client';
import { startTestServer, type TestServer } from '../helpers/strapi';

describe('shop setting', () => {
  let server: TestServer;
  let session: AdminSession;

  beforeAll(async () => {
    server = await startTestServer();
    session = await signIn(server);
  });
  afterAll(async () => {
    await server?.destroy();
  });

  it('reads shop_enabled publicly as the seeded "true"', async () => {
    const response = await call(server, 'GET', '/api/settings/shop_enabled');
    expect(response.status).toBe(200);
    expect(settingResponseSchema.parse(response.body)).toEqual({ success: true, value: 'true' });
  });

  it('shows an organiser’s change on the next read', async () => {
    const write = await adminCall(server, session, 'POST', '/api/admin/settings', { body: { key: 'shop_enabled', value: 'false' } });
    expect(write.body).toEqual({ success: true });
    expect((await call(server, 'GET', '/api/settings/shop_enabled')).body).toEqual({ success: true, value: 'false' });
    await adminCall(server, session, 'POST', '/api/admin/settings', { body: { key: 'shop_enabled', value: 'true' } });
    expect((await call(server, 'GET', '/api/settings/shop_enabled')).body).toEqual({ success: true, value: 'true' });
  });

  it('answers unknown keys with a 404 in the contract shape', async () => {
    const response = await call(server, 'GET', '/api/settings/secret_key');
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ success: false });
  });

  it.each([
    [{ key: 'shop_enabled', value: 'yes' }],
    [{ key: 'shop_enabled', value: true }],
    [{ key: 'admin_password', value: 'true' }],
    [{ key: 'shop_enabled' }],
    [{ key: 'shop_enabled', value: 'false', extra: 1 }],
  ])('refuses %j and keeps the value', async (body) => {
    const response = await adminCall(server, session, 'POST', '/api/admin/settings', { body });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ success: false, error: expect.any(String) });
    expect((await call(server, 'GET', '/api/settings/shop_enabled')).body).toEqual({ success: true, value: 'true' });
  });

  describe('order limits: /api/admin/settings/order-limits', () => {
    const readLimits = async () => orderLimitsResponseSchema.parse((await adminCall(server, session, 'GET', '/api/admin/settings/order-limits')).body).limits;
    const writeLimits = (body: unknown) => adminCall(server, session, 'PUT', '/api/admin/settings/order-limits', { body });

    it('answers the defaults before any change: 10 units per line, 30 per order, 10 orders and 10 units of a product per client in 10 minutes', async () => {
      expect(await readLimits()).toEqual({ maxUnitsPerLine: 10, maxUnitsPerOrder: 30, maxOrdersPerClient: 10, windowMinutes: 10, maxUnitsPerProduct: 10 });
    });

    it('stores all five at once and answers them', async () => {
      const limits: OrderLimits = { maxUnitsPerLine: 5, maxUnitsPerOrder: 12, maxOrdersPerClient: 250, windowMinutes: 60, maxUnitsPerProduct: 40 };
      const response = await writeLimits(limits);
      expect(response.status).toBe(200);
      expect(orderLimitsResponseSchema.parse(response.body)).toEqual({ success: true, limits });
      expect(await readLimits()).toEqual(limits);
      expect((await writeLimits(DEFAULT_ORDER_LIMITS)).status).toBe(200);
      expect(await readLimits()).toEqual(DEFAULT_ORDER_LIMITS);
    });

    it.each<[string, Record<string, unknown>, string]>([
      ['0 units per line', { maxUnitsPerLine: 0 }, 'Units per line must be a whole number from 1 to 99'],
      ['100 units per line', { maxUnitsPerLine: 100 }, 'Units per line must be a whole number from 1 to 99'],
      ['1.5 units per line', { maxUnitsPerLine: 1.5 }, 'Units per line must be a whole number from 1 to 99'],
      ['units per line as text', { maxUnitsPerLine: '10' }, 'Units per line must be a whole number from 1 to 99'],
      ['1000 units per order', { maxUnitsPerOrder: 1000 }, 'Units per order must be a whole number from 1 to 999'],
      ['no units per order', { maxUnitsPerOrder: undefined }, 'Units per order must be a whole number from 1 to 999'],
      ['0 orders per client', { maxOrdersPerClient: 0 }, 'Orders per client must be a whole number from 1 to 10000'],
      ['10001 orders per client', { maxOrdersPerClient: 10_001 }, 'Orders per client must be a whole number from 1 to 10000'],
      ['a window of 0 minutes', { windowMinutes: 0 }, 'The window in minutes must be a whole number from 1 to 1440'],
      ['a window of 1441 minutes', { windowMinutes: 1441 }, 'The window in minutes must be a whole number from 1 to 1440'],
      ['a window of null', { windowMinutes: null }, 'The window in minutes must be a whole number from 1 to 1440'],
      ['0 units of a product per client', { maxUnitsPerProduct: 0 }, 'Units per product and client must be a whole number from 1 to 10000'],
      ['10001 units of a product per client', { maxUnitsPerProduct: 10_001 }, 'Units per product and client must be a whole number from 1 to 10000'],
      ['units of a product per client as text', { maxUnitsPerProduct: '10' }, 'Units per product and client must be a whole number from 1 to 10000'],
      ['more units per line than per order', { maxUnitsPerLine: 20, maxUnitsPerOrder: 19 }, 'Units per line cannot be more than units per order'],
      ['an unknown field', { maxUnitsPerCustomer: 5 }, 'The order limits are invalid'],
    ])('refuses %s with a clear 400 and keeps the limits', async (_label, change, error) => {
      const before = await readLimits();
      const response = await writeLimits({ ...DEFAULT_ORDER_LIMITS, ...change });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ success: false, error });
      expect(await readLimits()).toEqual(before);
    });

    it.each([[[]], [['maxUnitsPerLine', 10]], ['10'], [null]])('refuses the body %j with a 400', async (body) => {
      const before = await readLimits();
      const response = await writeLimits(body);
      expect(response.status).toBe(400);
      expect(failureSchema.parse(response.body).error).toMatch(/^The (order limits are invalid|request body is malformed)/);
      expect(await readLimits()).toEqual(before);
    });

    it('is for organisers only, and not among the public settings', async () => {
      expect((await call(server, 'GET', '/api/admin/settings/order-limits')).status).toBe(401);
      expect((await call(server, 'PUT', '/api/admin/settings/order-limits', { body: DEFAULT_ORDER_LIMITS })).status).toBe(401);
      for (const key of ['order_max_units_per_line', 'order_max_per_client']) {
        expect((await call(server, 'GET', `/api/settings/${key}`)).status).toBe(404);
      }
      const write = await adminCall(server, session, 'POST', '/api/admin/settings', { body: { key: 'order_max_units_per_line', value: '50' } });
      expect(write.status).toBe(400);
    });

    it('answers shop_enabled exactly as before', async () => {
      await writeLimits({ ...DEFAULT_ORDER_LIMITS, maxUnitsPerLine: 3 });
      try {
        expect((await call(server, 'GET', '/api/settings/shop_enabled')).body).toEqual({ success: true, value: 'true' });
      } finally {
        await writeLimits(DEFAULT_ORDER_LIMITS);
      }
    });

    it('reads a value a panel edit left out of range as its default', async () => {
      // The panel refuses such a value now (tests/security/super-admin-doors.test.ts); a row an
      // older version let it store is written here past the Query Engine, as it lies in the table.
      await writeLimits(DEFAULT_ORDER_LIMITS);
      const where = { key: 'order_max_units_per_order' };
      expect(await server.strapi.db.connection('settings').where(where).update({ value: 'viele' })).toBe(1);
      try {
        expect((await readLimits()).maxUnitsPerOrder).toBe(30);
      } finally {
        await writeLimits(DEFAULT_ORDER_LIMITS);
      }
    });
  });
});
