import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failureSchema } from '../../src/contract/common';
import { housesResponseSchema } from '../../src/contract/houses';
import { userResponseSchema, usersResponseSchema, type User } from '../../src/contract/users';
import { adminCall, call, sessionHeadersFor, signIn, type AdminSession } from '../helpers/api-client';
import { startTestServer, TEST_ORGANISER, type TestServer } from '../helpers/strapi';

const SECRET_PATTERN = /password|\$2[aby]\$|@users\.game-of-slavs/i;

describe('/api/admin/users', () => {
  let server: TestServer;
  let session: AdminSession;
  let houseIds: number[];

  const createUser = async (body: Record<string, unknown>) => {
    const response = await adminCall(server, session, 'POST', '/api/admin/users', { body });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(JSON.stringify(response.body)).not.toMatch(SECRET_PATTERN);
    return userResponseSchema.parse(response.body).user;
  };

  const listUsers = async (): Promise<User[]> => {
    const response = await adminCall(server, session, 'GET', '/api/admin/users');
    return usersResponseSchema.parse(response.body).users;
  };

  const canSignIn = (username: string, password: string) =>
    call(server, 'POST', '/api/admin/login', { body: { username, password } }).then((r) => r.status === 200);

  beforeAll(async () => {
    server = await startTestServer();
    session = await signIn(server);
    const houses = housesResponseSchema.parse((await adminCall(server, session, 'GET', '/api/admin/houses')).body).houses;
    houseIds = houses.map((house) => house.id);
  });
  afterAll(async () => {
    await server?.destroy();
  });

  it('lists users with exactly id, username, houseId and isAdmin', async () => {
    const response = await adminCall(server, session, 'GET', '/api/admin/users');
    expect(response.status).toBe(200);
    expect(JSON.stringify(response.body)).not.toMatch(SECRET_PATTERN);
    const { users } = usersResponseSchema.parse(response.body);
    expect(users).toContainEqual({ id: session.id, username: TEST_ORGANISER.username, houseId: null, isAdmin: true });
    for (const user of users) expect(Object.keys(user).sort()).toEqual(['houseId', 'id', 'isAdmin', 'username']);
  });

  it('creates a user with a house, a default isAdmin false and a hashed password', async () => {
    const user = await createUser({ username: '  anja  ', password: 'anja-secret', houseId: houseIds[0] });
    expect(user).toEqual({ id: expect.any(Number), username: 'anja', houseId: houseIds[0], isAdmin: false });
    expect(await listUsers()).toContainEqual(user);

    const stored = await server.strapi.db
      .query('plugin::users-permissions.user')
      .findOne({ where: { id: user.id }, select: ['password', 'email', 'documentId', 'confirmed', 'blocked'], populate: { role: { select: ['type'] } } });
    expect(stored).toMatchObject({ documentId: expect.any(String), confirmed: true, blocked: false, role: { type: 'authenticated' } });
    expect(stored.password).toMatch(/^\$2[aby]\$10\$/);
    expect(stored.email).toMatch(/@users\.game-of-slavs\.invalid$/);
    // Sign-in is for organisers only, so a member is refused like a wrong password.
    expect(await canSignIn('anja', 'anja-secret')).toBe(false);
  });

  it('creates an organiser who can sign in', async () => {
    const user = await createUser({ username: 'bogdan', password: 'bogdan-secret', houseId: null, isAdmin: true });
    expect(user).toMatchObject({ houseId: null, isAdmin: true });
    expect(await canSignIn('bogdan', 'bogdan-secret')).toBe(true);
  });

  it.each([
    ['a numeric string', (ids: number[]) => [String(ids[1]), ids[1]]],
    ['"null"', () => ['null', null]],
    ['an empty string', () => ['', null]],
    ['an absent value', () => [undefined, null]],
  ] as const)('reads houseId given as %s', async (label, example) => {
    const [given, expected] = example(houseIds);
    const user = await createUser({ username: `house-${label.replace(/\W/g, '')}`, password: 'secret-123', houseId: given });
    expect(user.houseId).toBe(expected);
  });

  it.each([
    [{ username: 'ab', password: 'secret-123' }, 'Username must be at least 3 characters'],
    [{ username: '  ab  ', password: 'secret-123' }, 'Username must be at least 3 characters'],
    [{ password: 'secret-123' }, 'Username must be at least 3 characters'],
    [{ username: 42, password: 'secret-123' }, 'Username must be text'],
    [{ username: 'x'.repeat(101), password: 'secret-123' }, 'Username must be at most 100 characters'],
    [{ username: 'new-user', password: '12345' }, 'Password must be at least 6 characters'],
    [{ username: 'new-user' }, 'Password must be at least 6 characters'],
    [{ username: 'new-user', password: '' }, 'Password must be at least 6 characters'],
    [{ username: 'new-user', password: 123456 }, 'Password must be text'],
    [{ username: 'new-user', password: 'secret-123', houseId: 'abc' }, 'Please choose a valid house'],
    [{ username: 'new-user', password: 'secret-123', houseId: 1.5 }, 'Please choose a valid house'],
    [{ username: 'new-user', password: 'secret-123', houseId: true }, 'Please choose a valid house'],
    [{ username: 'new-user', password: 'secret-123', houseId: 999999 }, 'The selected house does not exist'],
    [{ username: 'new-user', password: 'secret-123', isAdmin: 'yes' }, 'isAdmin must be true or false'],
  ])('refuses %j with a clear message', async (body, error) => {
    const response = await adminCall(server, session, 'POST', '/api/admin/users', { body });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ success: false, error });
    expect((await listUsers()).some((user) => user.username === 'new-user')).toBe(false);
  });

  it('refuses a body that is not an object', async () => {
    const response = await adminCall(server, session, 'POST', '/api/admin/users', { body: ['anja', 'secret-123'] });
    expect(response.status).toBe(400);
    failureSchema.parse(response.body);
  });

  it('refuses a username that exists in another letter case with 409', async () => {
    await createUser({ username: 'Casimir', password: 'secret-123' });
    const response = await adminCall(server, session, 'POST', '/api/admin/users', {
      body: { username: 'casimir', password: 'secret-456' },
    });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ success: false, error: 'This username is already taken' });
  });

  describe('PUT /api/admin/users/:id', () => {
    it('updates fields and keeps the password when it is blank or absent', async () => {
      const user = await createUser({ username: 'dorota', password: 'dorota-secret', isAdmin: true });
      for (const password of ['', undefined, '   ']) {
        const response = await adminCall(server, session, 'PUT', `/api/admin/users/${user.id}`, {
          body: { username: 'dorota', password, houseId: String(houseIds[2]), isAdmin: true },
        });
        expect(response.status).toBe(200);
        expect(userResponseSchema.parse(response.body).user).toEqual({ ...user, houseId: houseIds[2] });
      }
      expect(await canSignIn('dorota', 'dorota-secret')).toBe(true);

      const renamed = await adminCall(server, session, 'PUT', `/api/admin/users/${user.id}`, {
        body: { username: 'Dorota-2', password: 'new-secret', houseId: 'null', isAdmin: true },
      });
      expect(JSON.stringify(renamed.body)).not.toMatch(SECRET_PATTERN);
      expect(userResponseSchema.parse(renamed.body).user).toEqual({ id: user.id, username: 'Dorota-2', houseId: null, isAdmin: true });
      expect(await canSignIn('Dorota-2', 'dorota-secret')).toBe(false);
      expect(await canSignIn('Dorota-2', 'new-secret')).toBe(true);
    });

    it('keeps house and organiser flag when they are absent', async () => {
      const user = await createUser({ username: 'emil', password: 'secret-123', houseId: houseIds[0], isAdmin: true });
      const response = await adminCall(server, session, 'PUT', `/api/admin/users/${user.id}`, { body: { username: 'emil' } });
      expect(userResponseSchema.parse(response.body).user).toEqual(user);
    });

    it.each([
      [{ username: 'ab' }, 'Username must be at least 3 characters'],
      [{ username: 'fryderyk', password: '123' }, 'Password must be at least 6 characters'],
      [{ username: 'fryderyk', houseId: 'x1' }, 'Please choose a valid house'],
      [{ username: 'fryderyk', houseId: 999999 }, 'The selected house does not exist'],
      [{ username: 'fryderyk', isAdmin: 1 }, 'isAdmin must be true or false'],
    ])('validates %j', async (body, error) => {
      const user = (await listUsers()).find((entry) => entry.username === 'anja')!;
      const response = await adminCall(server, session, 'PUT', `/api/admin/users/${user.id}`, { body });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ success: false, error });
      expect((await listUsers()).find((entry) => entry.id === user.id)).toEqual(user);
    });

    it('refuses the username of another user with 409', async () => {
      const user = (await listUsers()).find((entry) => entry.username === 'anja')!;
      const response = await adminCall(server, session, 'PUT', `/api/admin/users/${user.id}`, { body: { username: 'BOGDAN' } });
      expect(response.status).toBe(409);
      expect(response.body).toEqual({ success: false, error: 'This username is already taken' });
    });

    it('lets an organiser rename themselves but never remove their own admin rights', async () => {
      const own = await adminCall(server, session, 'PUT', `/api/admin/users/${session.id}`, {
        body: { username: TEST_ORGANISER.username, isAdmin: true },
      });
      expect(own.status).toBe(200);

      const demote = await adminCall(server, session, 'PUT', `/api/admin/users/${session.id}`, {
        body: { username: TEST_ORGANISER.username, isAdmin: false },
      });
      expect(demote.status).toBe(403);
      expect(demote.body).toEqual({ success: false, error: 'You cannot remove your own admin rights' });
      expect((await listUsers()).find((user) => user.id === session.id)?.isAdmin).toBe(true);
    });

    it.each([
      ['abc', 400],
      ['0', 400],
      ['-1', 400],
      ['1.5', 400],
      ['99999', 404],
    ])('answers the id %s with %i', async (id, status) => {
      const response = await adminCall(server, session, 'PUT', `/api/admin/users/${id}`, { body: { username: 'ghost-user' } });
      expect(response.status).toBe(status);
      failureSchema.parse(response.body);
    });
  });

  describe('DELETE /api/admin/users/:id', () => {
    it('deletes a user, then answers 404', async () => {
      const user = await createUser({ username: 'halina', password: 'secret-123' });
      const response = await adminCall(server, session, 'DELETE', `/api/admin/users/${user.id}`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ success: true });
      expect((await listUsers()).some((entry) => entry.id === user.id)).toBe(false);

      const again = await adminCall(server, session, 'DELETE', `/api/admin/users/${user.id}`);
      expect(again.status).toBe(404);
      expect(again.body).toEqual({ success: false, error: 'User not found' });
    });

    it('refuses a non-numeric id', async () => {
      const response = await adminCall(server, session, 'DELETE', '/api/admin/users/abc');
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ success: false, error: 'Invalid user id' });
    });

    it('never deletes the signed-in organiser', async () => {
      const response = await adminCall(server, session, 'DELETE', `/api/admin/users/${session.id}`);
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ success: false, error: 'You cannot delete your own account' });
      expect((await listUsers()).some((user) => user.id === session.id)).toBe(true);
    });
  });

  describe('authorisation', () => {
    let member: AdminSession;

    beforeAll(async () => {
      // Sign-in refuses non-organisers (and a demotion ends the session), so the member's session
      // is opened on the server directly, as if they had one.
      const user = await createUser({ username: 'member', password: 'member-secret', isAdmin: false });
      const headers = await sessionHeadersFor(server, user.id);
      member = { id: user.id, cookie: headers.cookie, headers };
    });

    it.each([
      ['GET', '/api/admin/users'],
      ['POST', '/api/admin/users'],
      ['PUT', '/api/admin/users/1'],
      ['DELETE', '/api/admin/users/1'],
      ['POST', '/api/admin/import/users'],
      ['GET', '/api/admin/export/users'],
    ])('%s %s refuses every caller but a signed-in organiser', async (method, path) => {
      const body = method === 'GET' || method === 'DELETE' ? undefined : { username: 'intruder', password: 'secret-123', csv: 'x' };
      const refusals = [
        [await call(server, method, path, { body }), 401],
        [await call(server, method, path, { body, headers: { 'x-user-id': String(session.id) } }), 401],
        [await call(server, method, path, { body, headers: member.headers }), 403],
        [await adminCall(server, session, method, path, { body, headers: { 'x-user-id': String(session.id + 1) } }), 403],
      ] as const;
      for (const [response, status] of refusals) {
        expect(response.status).toBe(status);
        failureSchema.parse(response.body);
      }
      expect((await listUsers()).some((user) => user.username === 'intruder')).toBe(false);
    });
  });
});
