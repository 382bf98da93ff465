import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessCodesPageResponseSchema, accessCodesResponseSchema } from '../../src/contract/access-codes';
import { failureSchema } from '../../src/contract/common';
import { LIST_LIMITS } from '../../src/contract/list-query';
import { adminOrdersPageResponseSchema, adminOrdersResponseSchema } from '../../src/contract/orders';
import { usersPageResponseSchema, usersResponseSchema } from '../../src/contract/users';
import { adminCall, signIn, type AdminSession } from '../helpers/api-client';
import { startTestServer, type TestServer } from '../helpers/strapi';

/** Ten characters of the codes' alphabet (no 0 or 1), unique per n. */
const listCode = (n: number) => `LASTE${String(n).padStart(2, '0')}ABC`.replace(/0/g, 'Z').replace(/1/g, 'Y');

/** Paging, search, sort and filters on GET users, access codes and orders (issue 17). */
describe('the dashboard lists on the server: ?page, pageSize, search, sort, order and filters', () => {
  let server: TestServer;
  let session: AdminSession;
  let houses: { id: number; name: string }[];
  const get = (path: string) => adminCall(server, session, 'GET', path);

  beforeAll(async () => {
    server = await startTestServer();
    session = await signIn(server);
    const db = server.strapi.db;
    houses = (await db.query('api::house.house').findMany({ select: ['id', 'name'], orderBy: { id: 'asc' } })).slice(0, 2);
    // One transaction: thirty rows of each kind without a commit (and a disk sync) per row.
    await db.transaction(async () => {
      for (let n = 1; n <= 30; n++) {
        await db.query('plugin::users-permissions.user').create({
          data: {
            username: `gast-${String(n).padStart(2, '0')}`,
            email: `gast${n}@example.invalid`,
            provider: 'local',
            confirmed: true,
            isAdmin: false,
            house: houses[n % 2].id,
          },
        });
        await db.query('api::access-code.access-code').create({
          data: {
            code: listCode(n),
            house: houses[n % 2].id,
            isUsed: n % 3 === 0,
          },
        });
        await db.query('api::order.order').create({
          data: {
            orderNumber: `GOS-LIST-${String(n).padStart(3, '0')}`,
            firstName: n % 5 === 0 ? 'Mira' : 'Jan',
            lastName: `Vogel${n}`,
            items: [
              {
                id: 1,
                title: 'Becher',
                variant: 'M',
                quantity: 1,
                price: 100 * n,
              },
            ],
            total: 100 * n,
            status: n % 4 === 0 ? 'cancelled' : 'pending',
          },
        });
      }
    });
  }, 240_000);
  afterAll(async () => {
    await server?.destroy();
  });

  it('answers exactly as before to callers without the parameters', async () => {
    const users = usersResponseSchema.strict().parse((await get('/api/admin/users')).body).users;
    expect(users.length).toBeGreaterThanOrEqual(31);
    const codes = accessCodesResponseSchema.strict().parse((await get(`/api/admin/access-codes?houseId=${houses[0].id}`)).body).accessCodes;
    expect(codes.every((code) => code.houseId === houses[0].id)).toBe(true);
    const orders = adminOrdersResponseSchema.strict().parse((await get('/api/admin/shop/orders')).body).orders;
    expect(orders.length).toBeGreaterThanOrEqual(30);
  });

  it('pages, searches and sorts users', async () => {
    const first = usersPageResponseSchema.parse((await get('/api/admin/users?search=gast&pageSize=10&sort=username&order=desc')).body);
    expect(first).toMatchObject({ page: 1, pageSize: 10, total: 30 });
    expect(first.users.map((user) => user.username)).toEqual(Array.from({ length: 10 }, (_, i) => `gast-${30 - i}`));
    const last = usersPageResponseSchema.parse((await get('/api/admin/users?search=GAST&pageSize=10&page=3&sort=username')).body);
    expect(last.users.map((user) => user.username)).toEqual(Array.from({ length: 10 }, (_, i) => `gast-${String(21 + i)}`));
    const beyond = usersPageResponseSchema.parse((await get('/api/admin/users?search=gast&pageSize=10&page=4')).body);
    expect(beyond).toMatchObject({ users: [], total: 30 });
    const byHouse = usersPageResponseSchema.parse((await get('/api/admin/users?search=gast&sort=house&pageSize=100')).body).users;
    expect(byHouse).toHaveLength(30);
  });

  it('pages access codes by house, status and search, with the house counters', async () => {
    const house = houses[0];
    const used = accessCodesPageResponseSchema.parse(
      (await get(`/api/admin/access-codes?houseId=${house.id}&status=used&search=laste&pageSize=100`)).body,
    );
    expect(used.accessCodes.length).toBeGreaterThan(0);
    expect(used.accessCodes.every((code) => code.isUsed && code.houseId === house.id && code.code.startsWith('LASTE'))).toBe(true);
    expect(used.total).toBe(used.accessCodes.length);
    expect(used.counts.total).toBeGreaterThanOrEqual(15);
    // Typed as a visitor reads it off paper: with the hyphen, in lower case.
    const one = accessCodesPageResponseSchema.parse((await get('/api/admin/access-codes?search=laste-y2&pageSize=5')).body);
    expect(one.accessCodes.map((code) => code.code)).toEqual(['LASTE-Y2ABC']);
    const byHouseName = accessCodesPageResponseSchema.parse(
      (await get(`/api/admin/access-codes?search=${encodeURIComponent(house.name)}&pageSize=1`)).body,
    );
    expect(byHouseName.total).toBe(used.counts.total);
    const sorted = accessCodesPageResponseSchema.parse((await get('/api/admin/access-codes?search=laste&sort=code&order=desc&pageSize=3')).body);
    const expected = Array.from({ length: 30 }, (_, i) => listCode(i + 1))
      .sort()
      .reverse()
      .slice(0, 3)
      .map((code) => `${code.slice(0, 5)}-${code.slice(5)}`);
    expect(sorted.accessCodes.map((code) => code.code)).toEqual(expected);
    expect(sorted.total).toBe(30);
  });

  it('pages orders by status and search, newest first, with the summary over every order', async () => {
    const cancelled = adminOrdersPageResponseSchema.parse((await get('/api/admin/shop/orders?status=cancelled&search=vogel&pageSize=100')).body);
    expect(cancelled.total).toBe(7);
    expect(cancelled.orders.every((order) => order.status === 'cancelled')).toBe(true);
    const mira = adminOrdersPageResponseSchema.parse((await get('/api/admin/shop/orders?search=mira%20vogel&sort=total&order=desc')).body);
    expect(mira.orders.map((order) => order.lastName)).toEqual(['Vogel30', 'Vogel25', 'Vogel20', 'Vogel15', 'Vogel10', 'Vogel5']);
    const newest = adminOrdersPageResponseSchema.parse((await get('/api/admin/shop/orders?pageSize=1')).body);
    expect(newest.orders[0].orderNumber).toBe('GOS-LIST-030');
    const all = adminOrdersResponseSchema.parse((await get('/api/admin/shop/orders')).body).orders;
    expect(newest.summary).toEqual({
      count: all.length,
      revenue: all.filter((order) => order.status !== 'cancelled').reduce((sum, order) => sum + order.total, 0),
      recent: all.length,
    });
  });

  it.each([
    ['/api/admin/users?page=0', /page must be/],
    ['/api/admin/users?page=abc', /page must be/],
    ['/api/admin/users?pageSize=101', /pageSize must be/],
    ['/api/admin/users?pageSize=-1', /pageSize must be/],
    [`/api/admin/users?search=${'x'.repeat(LIST_LIMITS.maxSearch + 1)}`, /search must be/],
    ['/api/admin/users?search=%00', /search must be/],
    ['/api/admin/users?sort=password', /sort must be one of: id, username, house, isAdmin/],
    ['/api/admin/users?sort[$ne]=id', /sort must be one of/],
    ['/api/admin/users?order=sideways', /order must be asc or desc/],
    ['/api/admin/users?page=1&page=2', /page must be/],
    ['/api/admin/access-codes?status=lost', /status must be one of: used, available/],
    ['/api/admin/access-codes?houseId=abc&page=1', /valid house/],
    ['/api/admin/shop/orders?status=paid', /status must be one of/],
    ['/api/admin/shop/orders?sort=items', /sort must be one of/],
  ])('refuses %s with a 400 that says what is wrong', async (path, message) => {
    const response = await get(path);
    expect(response.status).toBe(400);
    expect(failureSchema.parse(response.body).error).toMatch(message);
  });
});
