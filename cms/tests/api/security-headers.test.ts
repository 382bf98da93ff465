import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { Context, Next } from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../helpers/api-client';
import { startTestServer, type TestServer } from '../helpers/strapi';

type Middleware = (ctx: Context, next: Next) => Promise<unknown> | unknown;
type Factory = (config: unknown, context: { strapi: TestServer['strapi'] }) => Middleware;

// strapi::security is registered built once (src/http/security-headers.ts); it must set the same
// headers as Strapi's own, for every kind of request, in every environment.
describe('the security headers', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.destroy();
  });

  /** The headers a middleware sets on a request that nothing else answers. */
  async function headersSetBy(factory: Factory, method: string, url: string) {
    const request = new IncomingMessage(new Socket());
    Object.assign(request, { method, url, headers: { host: 'localhost' } });
    const response = new ServerResponse(request);
    const ctx = server.strapi.server.app.createContext(request, response) as unknown as Context;
    await factory({}, { strapi: server.strapi })(ctx, async () => {});
    return response.getHeaders();
  }

  const REQUESTS: [string, string][] = [
    ['GET', '/api/site-content'],
    ['POST', '/api/shop/orders'],
    ['GET', '/uploads/logo.png'],
    ['GET', '/admin'],
    ['GET', '/admin/auth/login'],
    ['POST', '/admin/login'],
    ['GET', '/documentation'],
  ];

  it.each(['production', 'development', 'test'])('match strapi::security in %s', async (environment) => {
    const ours = server.strapi.get('middlewares').get('strapi::security') as Factory & { strapiSecurity?: Factory };
    const strapis = ours.strapiSecurity!;
    expect(strapis).toBeTypeOf('function');
    const previous = process.env.NODE_ENV;
    process.env.NODE_ENV = environment;
    try {
      for (const [method, url] of REQUESTS) {
        const expected = await headersSetBy(strapis, method, url);
        expect(Object.keys(expected)).toContain('content-security-policy');
        expect({ method, url, headers: await headersSetBy(ours, method, url) }).toEqual({ method, url, headers: expected });
      }
    } finally {
      process.env.NODE_ENV = previous;
    }
  });

  it('are on the answers of the API', async () => {
    const response = await call(server, 'GET', '/api/site-content');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
