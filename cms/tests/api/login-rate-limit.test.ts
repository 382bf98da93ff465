import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_MESSAGES } from '../../src/contract/auth';
import { call } from '../helpers/api-client';
import { startTestServer, TEST_ORGANISER, type TestServer } from '../helpers/strapi';

describe('sign-in rate limit', () => {
  let server: TestServer;
  const wrong = { username: TEST_ORGANISER.username, password: 'not-the-password' };

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.destroy();
  });

  it('answers 429 after 10 failures, and nothing resets it', async () => {
    for (let attempt = 1; attempt <= 10; attempt++) {
      expect((await call(server, 'POST', '/api/admin/login', { body: wrong })).status).toBe(401);
    }
    const attempts = [
      call(server, 'POST', '/api/admin/login', { body: TEST_ORGANISER }),
      call(server, 'POST', '/api/admin/login', { body: { username: 'someone-else', password: 'other-password' } }),
      call(server, 'POST', '/api/ADMIN/LOGIN', { body: wrong }),
      call(server, 'POST', '/api/admin/login/', { body: wrong }),
      call(server, 'POST', '/api/admin/login', { body: wrong, headers: { 'x-forwarded-for': '203.0.113.7' } }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.status).toBe(429);
      expect(response.body).toEqual({ success: false, error: LOGIN_MESSAGES.tooManyAttempts });
    }
  });

  it('counts failures in the database, so every cms instance sees them', async () => {
    const rows = await server.strapi.db.connection('gos_rate_limits').select('bucket', 'failures');
    expect(rows).toEqual([{ bucket: 'admin-login:127.0.0.1', failures: 10 }]);
  });
});
