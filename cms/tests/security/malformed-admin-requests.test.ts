import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCodesRequestSchema } from '../../src/contract/access-codes';
import { houseInputSchema, housesResponseSchema } from '../../src/contract/houses';
import { orderStatusUpdateSchema } from '../../src/contract/orders';
import { productCreateSchema, productUpdateSchema } from '../../src/contract/products';
import { DEFAULT_ORDER_LIMITS, orderLimitsSchema, settingWriteSchema } from '../../src/contract/settings';
import { orderResponseSchema } from '../../src/contract/shop';
import { importUsersRequestSchema, userCreateSchema, userResponseSchema, userUpdateSchema } from '../../src/contract/users';
import { adminCall, call, signIn, type AdminSession } from '../helpers/api-client';
import { startTestServer, type TestServer } from '../helpers/strapi';
import { reportFigures, securityRuns, type Figures } from '../helpers/figures';
import { propertyTimeout, refusesEveryGeneratedRequest, type JsonCall } from './support/properties';

const RUNS = securityRuns(1000);

let server: TestServer;
let organiser: AdminSession;
const figures: Record<string, Figures> = {};

beforeAll(async () => {
  server = await startTestServer();
  organiser = await signIn(server);
});
afterAll(async () => {
  if (server) reportFigures('malformed-admin-requests', server.database.client, figures);
  await server?.destroy();
});

describe('generated malformed requests on every admin call that reads a body', () => {
  /** The pickup desk's marks: their path says everything, and they read no body (tested below with malformed ones). */
  const WITHOUT_BODY = ['POST /api/admin/shop/orders/:id/hand-over', 'POST /api/admin/shop/orders/:id/paid'];

  /** Every POST, PUT and PATCH under /api/admin/ the router knows, so a new one cannot escape. */
  const routesWithBody = () =>
    (server.strapi.server.listRoutes() as unknown as { path: string; methods: string[] }[])
      .filter((layer) => layer.path.startsWith('/api/admin/') && layer.path !== '/api/admin/login' && layer.path !== '/api/admin/logout')
      .flatMap((layer) => layer.methods.filter((m) => ['POST', 'PUT', 'PATCH'].includes(m)).map((method) => `${method} ${layer.path}`))
      .filter((route) => !WITHOUT_BODY.includes(route))
      .sort();

  /** The schema of each admin call and a body it accepts, with the real ids its path needs. */
  async function adminCalls(): Promise<Record<string, JsonCall>> {
    const [house] = housesResponseSchema.parse((await adminCall(server, organiser, 'GET', '/api/admin/houses')).body).houses;
    const member = userResponseSchema.parse(
      (await adminCall(server, organiser, 'POST', '/api/admin/users', { body: { username: 'fuzz-ziel', password: 'geheim-123', houseId: house.id, isAdmin: false } })).body,
    ).user;
    const product = (await server.strapi.db.query('api::product.product').findOne({ where: { isActive: true }, orderBy: { id: 'asc' } })) as { id: number; variants: string[] };
    const placed = await call(server, 'POST', '/api/shop/orders', {
      body: { firstName: 'Fuzz', lastName: 'Ziel', items: JSON.stringify([{ id: product.id, variant: product.variants[0], quantity: 1 }]) },
    });
    const { orderNumber } = orderResponseSchema.parse(placed.body);
    const order = (await server.strapi.db.query('api::order.order').findOne({ where: { orderNumber } })) as { id: number };
    const productFields = { title: 'Fuzz-Artikel', description: 'Nur für den Test.', price: 100, variants: ['S'], availableQuantity: 1 };
    return {
      'POST /api/admin/users': { path: '/api/admin/users', schema: userCreateSchema, valid: { username: 'fuzz-neu', password: 'geheim-123', houseId: null, isAdmin: false } },
      'PUT /api/admin/users/:id': { path: `/api/admin/users/${member.id}`, schema: userUpdateSchema, valid: { username: 'fuzz-ziel', password: '', houseId: house.id, isAdmin: false } },
      'POST /api/admin/import/users': { path: '/api/admin/import/users', schema: importUsersRequestSchema, valid: { csv: 'username,password\nfuzz-import,geheim-123' } },
      'POST /api/admin/houses': { path: '/api/admin/houses', schema: houseInputSchema, valid: { name: 'Haus Fuzz', chatUrl: 'https://chat.example.org/fuzz' } },
      'PUT /api/admin/houses/:id': { path: `/api/admin/houses/${house.id}`, schema: houseInputSchema, valid: { name: house.name, chatUrl: house.chatUrl } },
      'POST /api/admin/generate-codes': { path: '/api/admin/generate-codes', schema: generateCodesRequestSchema, valid: { houseId: house.id, count: 1 } },
      'PUT /api/admin/shop/orders/:id': { path: `/api/admin/shop/orders/${order.id}`, schema: orderStatusUpdateSchema, valid: { status: 'processing' } },
      'POST /api/admin/settings': { path: '/api/admin/settings', schema: settingWriteSchema, valid: { key: 'shop_enabled', value: 'true' } },
      'PUT /api/admin/settings/order-limits': { path: '/api/admin/settings/order-limits', schema: orderLimitsSchema, valid: { ...DEFAULT_ORDER_LIMITS } },
      'POST /api/admin/shop/items': { path: '/api/admin/shop/items', schema: productCreateSchema, valid: productFields },
      'PUT /api/admin/shop/items/:id': { path: `/api/admin/shop/items/${product.id}`, schema: productUpdateSchema, valid: productFields },
    };
  }

  let calls: Record<string, JsonCall>;
  beforeAll(async () => {
    calls = await adminCalls();
  });

  it('knows the schema of every admin call the router has that reads a body', () => {
    expect(routesWithBody()).toEqual(Object.keys(calls).sort());
  });

  it('refuses a malformed body to the pickup desk\'s marks with 400, marking nothing', async () => {
    const product = (await server.strapi.db.query('api::product.product').findOne({ where: { isActive: true }, orderBy: { id: 'asc' } })) as { id: number; variants: string[] };
    const placed = await call(server, 'POST', '/api/shop/orders', {
      body: { firstName: 'Fuzz', lastName: 'Marke', items: JSON.stringify([{ id: product.id, variant: product.variants[0], quantity: 1 }]) },
    });
    const { orderNumber } = orderResponseSchema.parse(placed.body);
    const before = (await server.strapi.db.query('api::order.order').findOne({ where: { orderNumber } })) as Record<string, unknown> & { id: number };
    for (const route of WITHOUT_BODY) {
      const path = route.split(' ')[1].replace(':id', String(before.id));
      for (const rawBody of ['{"a":', '\u0000', '[' .repeat(100)]) {
        const response = await call(server, 'POST', path, { rawBody, headers: { ...organiser.headers, 'content-type': 'application/json' } });
        expect(response.status, `${route} ${rawBody.slice(0, 10)}`).toBe(400);
      }
    }
    expect(await server.strapi.db.query('api::order.order').findOne({ where: { orderNumber } })).toEqual(before);
  });

  it(`refuses ${RUNS} generated malformed requests per admin call with a 4xx and changes nothing`, async () => {
    for (const route of routesWithBody()) {
      const [method] = route.split(' ');
      await refusesEveryGeneratedRequest(server, figures, { name: route, method, call: calls[route], headers: organiser.headers, runs: RUNS });
    }
  }, propertyTimeout(RUNS) * 10);
});
