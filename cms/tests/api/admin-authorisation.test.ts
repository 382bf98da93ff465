import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeholderEmail } from '../../src/bootstrap/accounts';
import { failureSchema } from '../../src/contract/common';
import { call, sessionHeadersFor, signIn, type AdminSession } from '../helpers/api-client';
import { startTestServer, type TestServer } from '../helpers/strapi';

type Route = { method: string; path: string };

/** Every /api/admin/* route the cms router knows, so a new route cannot escape this test. */
function adminRoutes(server: TestServer): Route[] {
  const layers = server.strapi.server.listRoutes() as unknown as { path: string; methods: string[] }[];
  return layers
    .filter((layer) => layer.path.startsWith('/api/admin/') && layer.path !== '/api/admin/login' && layer.path !== '/api/admin/logout')
    .flatMap((layer) => layer.methods.filter((m) => m !== 'HEAD').map((method) => ({ method, path: layer.path.replace(/:[a-zA-Z]+/g, '1') })));
}

describe('every /api/admin/* call is authorised on the server', () => {
  let server: TestServer;
  let organiser: AdminSession;
  let member: AdminSession;
  let routes: Route[];

  beforeAll(async () => {
    server = await startTestServer();
    organiser = await signIn(server);
    // Sign-in refuses non-organisers (and a demotion ends the session), so the member's session is
    // opened on the server directly, as if they had one.
    const created = await server.strapi.documents('plugin::users-permissions.user').create({
      data: { username: 'member', email: placeholderEmail('member'), password: 'member-password', confirmed: true, isAdmin: false },
    });
    const headers = await sessionHeadersFor(server, created.id as number);
    member = { id: created.id as number, cookie: headers.cookie, headers };
    routes = adminRoutes(server);
  });
  afterAll(async () => {
    await server?.destroy();
  });

  it('finds the admin routes in the router', () => {
    expect(routes.length).toBeGreaterThanOrEqual(1);
    expect(routes).toContainEqual({ method: 'POST', path: '/api/admin/settings' });
  });

  const forgedCookie = (id: number) =>
    `gos_session=${Buffer.from(JSON.stringify({ uid: id, exp: 4102444800 })).toString('base64url')}.AAAA`;

  const impostors: [string, (s: AdminSession) => Record<string, string>, number][] = [
    ['no session', () => ({}), 401],
    ['only x-user-id', (s) => ({ 'x-user-id': String(s.id) }), 401],
    ['a forged session', (s) => ({ cookie: forgedCookie(s.id), 'x-user-id': String(s.id) }), 401],
    ['a mismatched x-user-id', (s) => ({ ...s.headers, 'x-user-id': String(s.id + 100) }), 403],
  ];

  it.each(impostors)('refuses %s on every admin route without touching data', async (_label, headers, status) => {
    const before = await server.strapi.db.query('api::setting.setting').findMany({});
    for (const route of routes) {
      const response = await call(server, route.method, route.path, { headers: headers(organiser), body: route.method === 'GET' || route.method === 'DELETE' ? undefined : {} });
      expect({ route, status: response.status }).toEqual({ route, status });
      failureSchema.parse(response.body);
    }
    expect(await server.strapi.db.query('api::setting.setting').findMany({})).toEqual(before);
  });

  it('refuses a signed-in user who is not an organiser on every admin route', async () => {
    for (const route of routes) {
      const response = await call(server, route.method, route.path, { headers: member.headers, body: route.method === 'GET' || route.method === 'DELETE' ? undefined : {} });
      expect({ route, status: response.status }).toEqual({ route, status: 403 });
    }
  });
});
