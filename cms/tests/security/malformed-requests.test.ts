import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyCodeRequestSchema } from '../../src/contract/access-codes';
import { loginRequestSchema } from '../../src/contract/auth';
import { failureSchema } from '../../src/contract/common';
import { orderRequestSchema } from '../../src/contract/shop';
import { startTestServer, type TestServer } from '../helpers/strapi';
import { reportFigures, securityRuns, type Figures } from '../helpers/figures';
import { propertyTimeout, refusesEveryGeneratedRequest, type JsonCall } from './support/properties';

type Body = { raw: string | Uint8Array; type: string; label: string };

const json = (value: unknown, label = JSON.stringify(value).slice(0, 60)): Body => ({ raw: JSON.stringify(value), type: 'application/json', label });
const raw = (text: string | Uint8Array, type = 'application/json', label = String(text).slice(0, 60)): Body => ({ raw: text, type, label });

const hostileValues: unknown[] = [
  null, true, 0, -1, 1.5, 1e308, '', ' ', 'x'.repeat(100_000), [], [{}], {}, { $ne: null }, { $gt: '' },
  '<script>alert(1)</script>', "' OR 1=1 --", '\u0000', '../../etc/passwd', ['a', 'b'],
];

/** Bodies no client of the site would send: broken syntax, wrong types, hostile shapes, huge sizes. */
function malformedBodies(fields: string[]): Body[] {
  const bodies: Body[] = [
    raw(''), raw('{'), raw('}'), raw('{"a":'), raw('null'), raw('true'), raw('123'), raw('"text"'), raw('[]'), raw('[{}]'),
    raw(`${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`, 'application/json', 'deeply nested'),
    raw(new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x28, 0x22, 0x7d]), 'application/json', 'invalid UTF-8'),
    raw(`{"x":"${'y'.repeat(400_000)}"}`, 'application/json', 'oversized body'),
    raw('{"__proto__":{"polluted":"yes"}}', 'application/json', '__proto__'),
    raw('{"constructor":{"prototype":{"polluted":"yes"}}}', 'application/json', 'constructor.prototype'),
    raw('code=ABC&username=a', 'application/x-www-form-urlencoded'),
    raw('<xml><code>1</code></xml>', 'application/xml'),
    raw('just text', 'text/plain'),
    json({}),
    json({ unexpected: 'field' }),
  ];
  for (const field of fields) {
    for (const value of hostileValues) bodies.push(json({ [field]: value }, `${field}=${JSON.stringify(value)?.slice(0, 40)}`));
    bodies.push(json(Object.fromEntries(fields.map((f) => [f, { nested: { deeper: [1, 2, 3] } }])), `all ${fields.join(',')} nested`));
  }
  return bodies;
}

const PUBLIC_POSTS: { path: string; fields: string[] }[] = [
  { path: '/api/admin/login', fields: ['username', 'password'] },
  { path: '/api/auth/verify-code', fields: ['code'] },
  { path: '/api/shop/orders', fields: ['firstName', 'lastName', 'items'] },
];

const RUNS = securityRuns(1000);

// Verification failures are counted per client; lifted here so every generated code is
// answered on its merits instead of with 429 (the limit has a file of its own).
process.env.RATE_LIMIT_MAX_FAILURES = String(10 * RUNS + 1000);

let server: TestServer;
const figures: Record<string, Figures> = {};

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  if (server) reportFigures('malformed-requests', server.database.client, figures);
  await server?.destroy();
});

describe('hand-written malformed bodies on every public POST', () => {
  const snapshot = async () => ({
    orders: await server.strapi.db.query('api::order.order').count(),
    usedCodes: await server.strapi.db.query('api::access-code.access-code').count({ where: { isUsed: true } }),
    users: await server.strapi.db.query('plugin::users-permissions.user').count(),
    stock: (await server.strapi.db.query('api::product.product').findMany({ select: ['availableQuantity'] })).map((p) => p.availableQuantity),
  });

  it.each(PUBLIC_POSTS)('$path answers every malformed body with a 4xx and changes nothing', async ({ path, fields }) => {
    const before = await snapshot();
    const bodies = malformedBodies(fields);
    expect(bodies.length).toBeGreaterThanOrEqual(40);
    for (const body of bodies) {
      const response = await fetch(`${server.baseUrl}${path}`, { method: 'POST', headers: { 'content-type': body.type }, body: body.raw });
      const text = await response.text();
      expect({ body: body.label, status: response.status }).toEqual({ body: body.label, status: expect.toSatisfy((s: number) => s >= 400 && s < 500) });
      failureSchema.parse(JSON.parse(text));
      expect(text).not.toMatch(/\bat .+\.(js|ts):\d+|node_modules|Error:/);
    }
    expect(await snapshot()).toEqual(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('generated malformed requests on every public POST', () => {
  const calls: JsonCall[] = [
    { path: '/api/admin/login', schema: loginRequestSchema, valid: { username: 'test-orga', password: 'nicht-das-passwort' } },
    { path: '/api/auth/verify-code', schema: verifyCodeRequestSchema, valid: { code: 'ABCDE-FGHJK' } },
    {
      path: '/api/shop/orders',
      schema: orderRequestSchema,
      valid: { firstName: 'Radka', lastName: 'Wachnase', items: JSON.stringify([{ id: 1, title: 'Shirt', price: 2500, variant: 'M', quantity: 1 }]) },
    },
  ];

  it.each(calls)(`$path refuses ${RUNS} generated malformed requests with a 4xx and changes nothing`, async (jsonCall) => {
    await refusesEveryGeneratedRequest(server, figures, { name: jsonCall.path, method: 'POST', call: jsonCall, headers: {}, runs: RUNS });
  }, propertyTimeout(RUNS));
});

