import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settingResponseSchema } from '../../src/contract/settings';
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
});
