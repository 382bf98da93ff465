import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/strapi';

describe('public permissions', () => {
  let server: TestServer;
  const get = (path: string) => fetch(`${server.baseUrl}/api${path}`);

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.destroy();
  });

  it.each([
    ['/festival', 'object'],
    ['/imprint', 'object'],
    ['/privacy-policy', 'object'],
    ['/agenda-images', 11],
    ['/performers', 7],
    ['/faq-items', 8],
    ['/accommodation-photos', 3],
  ] as const)('lets visitors read %s without login', async (path, expected) => {
    const response = await get(path);
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: unknown };
    if (typeof expected === 'number') expect(data).toHaveLength(expected);
    else expect(data).toBeTypeOf('object');
  });

  it.each(['/houses', '/access-codes', '/orders', '/products', '/settings', '/users', '/users/1'])(
    'refuses visitors %s',
    async (path) => {
      const response = await get(path);
      expect([403, 404]).toContain(response.status);
      expect(await response.text()).not.toMatch(/chat\.whatsapp|\$2[aby]\$/);
    },
  );

  it('never reveals a house chat URL through a performer’s houses', async () => {
    for (const query of ['?populate=*', '?populate[houses]=*', '?populate[houses][fields][0]=chatUrl']) {
      const response = await get(`/performers${query}`);
      expect(response.status).toBeLessThan(500);
      expect(await response.text()).not.toContain('chat.whatsapp');
    }
  });

  it('lets nobody write visitor content through the public API', async () => {
    const response = await fetch(`${server.baseUrl}/api/performers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data: { name: 'Eindringling', genre: 'Krach', position: 99 } }),
    });
    expect([403, 404, 405]).toContain(response.status);
    expect(await server.strapi.db.query('api::performer.performer').count()).toBe(7);
  });

  it.each(['/api/auth/local', '/api/auth/forgot-password', '/api/auth/local/register'])('offers no users-permissions sign-in at %s', async (path) => {
    const response = await fetch(`${server.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identifier: 'test-orga', password: 'test-orga-password', email: 'x@test.invalid' }),
    });
    expect([404, 405]).toContain(response.status);
    expect(await response.text()).not.toContain('jwt');
  });

  it('does not let visitors register accounts', async () => {
    const response = await fetch(`${server.baseUrl}/api/auth/local/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'intruder', email: 'intruder@test.invalid', password: 'intruder-password' }),
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(await server.strapi.db.query('plugin::users-permissions.user').count()).toBe(1);
  });
});
