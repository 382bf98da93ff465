import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failureSchema } from '../../src/contract/common';
import { startTestServer, type TestServer } from '../helpers/strapi';

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

describe('malformed bodies on every public POST', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.destroy();
  });

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
