import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { userResponseSchema } from '../../src/contract/users';
import { adminCall, call, signIn, type AdminSession } from '../helpers/api-client';
import { startTestServer, type TestServer } from '../helpers/strapi';

// An organiser's session ends the moment it should (DECISIONS §4): at logout, when the password
// changes, when the account is demoted, blocked or deleted, whoever makes the change (the
// dashboard or the panel). A copy of the cookie kept by anyone is then worth nothing.

const USER_UID = 'plugin::users-permissions.user';

describe('organiser sessions end', () => {
  let server: TestServer;
  let organiser: AdminSession;
  let sequence = 0;

  beforeAll(async () => {
    server = await startTestServer();
    organiser = await signIn(server);
  });
  beforeEach(async () => {
    await server.strapi.db.connection('gos_rate_limits').del();
  });
  afterAll(async () => {
    await server?.destroy();
  });

  /** A second organiser, signed in on two devices. */
  async function colleague() {
    const username = `kollegin-${++sequence}`;
    const created = await adminCall(server, organiser, 'POST', '/api/admin/users', { body: { username, password: 'kollegin-passwort', isAdmin: true } });
    const { user } = userResponseSchema.parse(created.body);
    const devices = [await signIn(server, username, 'kollegin-passwort'), await signIn(server, username, 'kollegin-passwort')];
    for (const device of devices) expect((await adminCall(server, device, 'GET', '/api/admin/users')).status).toBe(200);
    return { user, username, devices };
  }

  const statusesOf = async (devices: AdminSession[]) =>
    Promise.all(devices.map(async (device) => (await adminCall(server, device, 'GET', '/api/admin/users')).status));

  it('ends at logout: a kept copy of the cookie lists nothing', async () => {
    const { devices } = await colleague();
    const logout = await call(server, 'POST', '/api/admin/logout', { headers: devices[0].headers });
    expect(logout.status).toBe(200);
    const keptCopy = await adminCall(server, devices[0], 'GET', '/api/admin/users');
    expect(keptCopy).toMatchObject({ status: 401, body: { success: false, error: 'Admin authentication required' } });
    // The other device had a session of its own.
    expect(await statusesOf([devices[1]])).toEqual([200]);
  });

  it('ends everywhere when another organiser changes the password', async () => {
    const { user, username, devices } = await colleague();
    const changed = await adminCall(server, organiser, 'PUT', `/api/admin/users/${user.id}`, { body: { username, password: 'neues-passwort' } });
    expect(changed.status).toBe(200);
    expect(await statusesOf(devices)).toEqual([401, 401]);
    expect((await adminCall(server, organiser, 'GET', '/api/admin/users')).status).toBe(200);
    const again = await signIn(server, username, 'neues-passwort');
    expect(await statusesOf([again])).toEqual([200]);
  });

  it('keeps the organiser who changes their own password signed in, in a new session, and ends their others', async () => {
    const { user, username, devices } = await colleague();
    const [here, elsewhere] = devices;
    const response = await fetch(`${server.baseUrl}/api/admin/users/${user.id}`, {
      method: 'PUT',
      headers: { ...here.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: 'eigenes-neues-passwort' }),
    });
    expect(response.status).toBe(200);
    const renewedCookie = response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]).join('; ');
    const renewed: AdminSession = { id: user.id, cookie: renewedCookie, headers: { cookie: renewedCookie, 'x-user-id': String(user.id) } };
    expect(await statusesOf([here, elsewhere, renewed])).toEqual([401, 401, 200]);
    expect(await statusesOf([await signIn(server, username, 'eigenes-neues-passwort')])).toEqual([200]);
  });

  it('ends when the account is demoted, and a later promotion does not bring it back', async () => {
    const { user, username, devices } = await colleague();
    expect((await adminCall(server, organiser, 'PUT', `/api/admin/users/${user.id}`, { body: { username, isAdmin: false } })).status).toBe(200);
    expect(await statusesOf(devices)).toEqual([401, 401]);
    expect((await adminCall(server, organiser, 'PUT', `/api/admin/users/${user.id}`, { body: { username, isAdmin: true } })).status).toBe(200);
    expect(await statusesOf(devices)).toEqual([401, 401]);
  });

  it('ends when the panel changes the password, demotes or blocks the account', async () => {
    const changes: Record<string, unknown>[] = [{ password: 'im-panel-gesetzt' }, { isAdmin: false }, { blocked: true }];
    for (const data of changes) {
      const { user, devices } = await colleague();
      const documentId = (await server.strapi.db.query(USER_UID).findOne({ where: { id: user.id }, select: ['documentId'] }))?.documentId as string;
      await server.strapi.documents(USER_UID).update({ documentId, data: data as never });
      expect(await statusesOf(devices), JSON.stringify(data)).toEqual([401, 401]);
    }
  });

  it('ends when the account is deleted, by the dashboard or by the panel', async () => {
    const byDashboard = await colleague();
    expect((await adminCall(server, organiser, 'DELETE', `/api/admin/users/${byDashboard.user.id}`)).status).toBe(200);
    expect(await statusesOf(byDashboard.devices)).toEqual([401, 401]);

    const byPanel = await colleague();
    await server.strapi.db.query(USER_UID).deleteMany({ where: { id: byPanel.user.id } });
    expect(await statusesOf(byPanel.devices)).toEqual([401, 401]);
  });

  it("needs koa's signature of the cookie as well as the token's own", async () => {
    const { devices } = await colleague();
    const [device] = devices;
    const tokenOnly = device.cookie.split('; ').filter((cookie) => cookie.startsWith('gos_session=')).join('; ');
    expect(device.cookie).toContain('gos_session.sig=');
    const withoutSignature = await call(server, 'GET', '/api/admin/users', { headers: { ...device.headers, cookie: tokenOnly } });
    expect(withoutSignature.status).toBe(401);
    const wrongSignature = await call(server, 'GET', '/api/admin/users', { headers: { ...device.headers, cookie: `${tokenOnly}; gos_session.sig=AAAAAAAAAAAAAAAAAAAAAAAAAAA` } });
    expect(wrongSignature.status).toBe(401);
    expect(await statusesOf([device])).toEqual([200]);
  });
});
