import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUserSchema, loginResponseSchema } from '../../src/contract/auth';
import { failureSchema } from '../../src/contract/common';
import { placeholderEmail } from '../../src/bootstrap/accounts';
import { adminCall, call, signIn } from '../helpers/api-client';
import { startTestServer, TEST_ORGANISER, type TestServer } from '../helpers/strapi';

describe('POST /api/admin/login and the admin session', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
    await server.strapi.documents('plugin::users-permissions.user').create({
      data: { username: 'member', email: placeholderEmail('member'), password: 'member-password', confirmed: true, isAdmin: false },
    });
  });
  afterAll(async () => {
    await server?.destroy();
  });

  it('signs an organiser in with an httpOnly, SameSite=Strict session cookie and a safe user', async () => {
    const response = await call(server, 'POST', '/api/admin/login', { body: TEST_ORGANISER });
    expect(response.status).toBe(200);
    const { user } = loginResponseSchema.parse(response.body);
    expect(Object.keys(user).sort()).toEqual(['id', 'isAdmin', 'username']);
    const cookie = response.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^gos_session=/);
    expect(cookie).toMatch(/httponly/i);
    expect(cookie).toMatch(/samesite=strict/i);
    expect(JSON.stringify(response.body)).not.toMatch(/\$2[aby]\$|password/i);
  });

  it('accepts the username in any letter case', async () => {
    const response = await call(server, 'POST', '/api/admin/login', {
      body: { username: TEST_ORGANISER.username.toUpperCase(), password: TEST_ORGANISER.password },
    });
    expect(adminUserSchema.parse((response.body as { user: unknown }).user).username).toBe(TEST_ORGANISER.username);
  });

  it('answers a wrong password, an unknown user and a non-admin exactly alike', async () => {
    const answers = await Promise.all(
      [
        { username: TEST_ORGANISER.username, password: 'wrong-password' },
        { username: 'nobody-here', password: 'whatever-1' },
        { username: 'member', password: 'member-password' },
      ].map((body) => call(server, 'POST', '/api/admin/login', { body })),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ success: false, error: 'Ungültige Anmeldeinformationen' });
      expect(answer.headers.get('set-cookie')).toBeNull();
    }
  });

  it.each([
    [{ password: 'x' }, 'Benutzername wird benötigt'],
    [{ username: '', password: 'x' }, 'Benutzername wird benötigt'],
    [{ username: 'orga' }, 'Passwort wird benötigt'],
    [{ username: 'orga', password: '' }, 'Passwort wird benötigt'],
  ])('validates %j', async (body, error) => {
    const response = await call(server, 'POST', '/api/admin/login', { body });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ success: false, error });
  });

  it.each([
    ['malformed JSON', '{"username": "orga", ', 'application/json'],
    ['a JSON array', '[1,2,3]', 'application/json'],
    ['plain text', 'username=orga', 'text/plain'],
  ])('refuses %s with a 4xx in the contract shape', async (_label, rawBody, type) => {
    const response = await call(server, 'POST', '/api/admin/login', { rawBody, headers: { 'content-type': type } });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    failureSchema.parse(response.body);
  });

  it('authorises admin calls by the session and refuses every impostor', async () => {
    const session = await signIn(server);
    const member = await signIn(server).then(() => null).catch(() => null);
    expect(member).toBeNull();
    const write = { key: 'shop_enabled', value: 'true' };

    expect((await adminCall(server, session, 'POST', '/api/admin/settings', { body: write })).status).toBe(200);

    const noSession = await call(server, 'POST', '/api/admin/settings', { body: write });
    expect(noSession.status).toBe(401);
    expect(noSession.body).toEqual({ success: false, error: 'Admin authentication required' });

    const onlyHeader = await call(server, 'POST', '/api/admin/settings', { body: write, headers: { 'x-user-id': String(session.id) } });
    expect(onlyHeader.status).toBe(401);

    const forged = await call(server, 'POST', '/api/admin/settings', {
      body: write,
      headers: { cookie: `gos_session=${Buffer.from(JSON.stringify({ uid: session.id, exp: 9999999999 })).toString('base64url')}.forged`, 'x-user-id': String(session.id) },
    });
    expect(forged.status).toBe(401);

    const mismatched = await adminCall(server, session, 'POST', '/api/admin/settings', { body: write, headers: { 'x-user-id': String(session.id + 1) } });
    expect(mismatched.status).toBe(403);

    const missingHeader = await call(server, 'POST', '/api/admin/settings', { body: write, headers: { cookie: session.cookie } });
    expect(missingHeader.status).toBe(403);
  });

  it('ends the session of a user who is no longer an organiser', async () => {
    const created = await server.strapi.documents('plugin::users-permissions.user').create({
      data: { username: 'former-orga', email: placeholderEmail('former-orga'), password: 'former-password', confirmed: true, isAdmin: true },
    });
    const session = await signIn(server, 'former-orga', 'former-password');
    await server.strapi.documents('plugin::users-permissions.user').update({ documentId: created.documentId, data: { isAdmin: false } as never });
    const response = await adminCall(server, session, 'POST', '/api/admin/settings', { body: { key: 'shop_enabled', value: 'true' } });
    expect(response).toMatchObject({ status: 401, body: { success: false, error: 'Admin authentication required' } });
  });

  it('signs out by expiring the cookie', async () => {
    const response = await call(server, 'POST', '/api/admin/logout');
    expect(response.status).toBe(200);
    expect(response.headers.get('set-cookie')).toMatch(/gos_session=;.*expires=Thu, 01 Jan 1970/i);
  });
});
