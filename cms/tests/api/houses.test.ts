import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessCodesResponseSchema, generateCodesResponseSchema } from '../../src/contract/access-codes';
import { failureSchema } from '../../src/contract/common';
import { houseResponseSchema, housesResponseSchema, type House } from '../../src/contract/houses';
import { userResponseSchema, usersResponseSchema } from '../../src/contract/users';
import { adminCall, call, sessionHeadersFor, signIn, type AdminSession } from '../helpers/api-client';
import { startTestServer, type TestServer } from '../helpers/strapi';

describe('/api/admin/houses', () => {
  let server: TestServer;
  let session: AdminSession;

  const listHouses = async (): Promise<House[]> =>
    housesResponseSchema.parse((await adminCall(server, session, 'GET', '/api/admin/houses')).body).houses;

  const createHouse = async (name: string, chatUrl = 'https://chat.whatsapp.com/Test') => {
    const response = await adminCall(server, session, 'POST', '/api/admin/houses', { body: { name, chatUrl } });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return houseResponseSchema.parse(response.body).house;
  };

  beforeAll(async () => {
    server = await startTestServer();
    session = await signIn(server);
  });
  afterAll(async () => {
    await server?.destroy();
  });

  it('lists the seeded houses with id, name, chatUrl, colour and emblem URL', async () => {
    const response = await adminCall(server, session, 'GET', '/api/admin/houses');
    expect(response.status).toBe(200);
    const { houses } = housesResponseSchema.parse(response.body);
    expect(houses.map((house) => house.name)).toEqual(['Aschefrei', 'Wachnase', 'Drei Pfeifen']);
    expect(houses[0]).toEqual({
      id: expect.any(Number),
      name: 'Aschefrei',
      chatUrl: 'https://chat.whatsapp.com/DemoHausAschefrei',
      colour: '#8E3B2E',
      emblem: expect.stringMatching(/^\/uploads\/.+\.webp$/),
    });
  });

  it('creates a house with trimmed fields and no colour or emblem yet', async () => {
    const house = await createHouse('  Eisenwald  ', ' https://chat.whatsapp.com/Eisenwald ');
    expect(house).toEqual({ id: expect.any(Number), name: 'Eisenwald', chatUrl: 'https://chat.whatsapp.com/Eisenwald', colour: null, emblem: null });
    expect(await listHouses()).toContainEqual(house);
  });

  it.each([
    [{ name: 'A', chatUrl: 'https://chat.whatsapp.com/x' }, 'Name must be at least 2 characters'],
    [{ name: '   ', chatUrl: 'https://chat.whatsapp.com/x' }, 'Name must be at least 2 characters'],
    [{ chatUrl: 'https://chat.whatsapp.com/x' }, 'Name must be at least 2 characters'],
    [{ name: 12, chatUrl: 'https://chat.whatsapp.com/x' }, 'Name must be text'],
    [{ name: 'x'.repeat(101), chatUrl: 'https://chat.whatsapp.com/x' }, 'Name must be at most 100 characters'],
    [{ name: 'Nebelhain' }, 'Please enter a valid URL for the chat'],
    [{ name: 'Nebelhain', chatUrl: '' }, 'Please enter a valid URL for the chat'],
    [{ name: 'Nebelhain', chatUrl: 'kein link' }, 'Please enter a valid URL for the chat'],
    [{ name: 'Nebelhain', chatUrl: 'javascript:alert(1)' }, 'Please enter a valid URL for the chat'],
    [{ name: 'Nebelhain', chatUrl: 'data:text/html,<script>alert(1)</script>' }, 'Please enter a valid URL for the chat'],
    [{ name: 'Nebelhain', chatUrl: 'ftp://files.example.org/chat' }, 'Please enter a valid URL for the chat'],
    [{ name: 'Nebelhain', chatUrl: 42 }, 'Please enter a valid URL for the chat'],
    [{ name: 'Nebelhain', chatUrl: `https://chat.whatsapp.com/${'x'.repeat(500)}` }, 'Please enter a valid URL for the chat'],
    [{ name: 'Nebelhain<img src=x onerror=alert(1)>', chatUrl: 'https://chat.whatsapp.com/x' }, 'Name must not contain <, > or control characters'],
    [{ name: 'Nebelhain <3', chatUrl: 'https://chat.whatsapp.com/x' }, 'Name must not contain <, > or control characters'],
    [{ name: 'Nebel\u0007hain', chatUrl: 'https://chat.whatsapp.com/x' }, 'Name must not contain <, > or control characters'],
  ])('refuses %j with a clear message', async (body, error) => {
    const response = await adminCall(server, session, 'POST', '/api/admin/houses', { body });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ success: false, error });
    expect((await listHouses()).some((house) => house.name.startsWith('Nebel'))).toBe(false);
  });

  it('refuses a name that exists in another letter case with 409', async () => {
    const response = await adminCall(server, session, 'POST', '/api/admin/houses', {
      body: { name: 'wachnase', chatUrl: 'https://chat.whatsapp.com/Other' },
    });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ success: false, error: 'A house with this name already exists' });
  });

  describe('PUT /api/admin/houses/:id', () => {
    it('updates name and chat URL and keeps colour and emblem', async () => {
      const [aschefrei] = await listHouses();
      const response = await adminCall(server, session, 'PUT', `/api/admin/houses/${aschefrei.id}`, {
        body: { name: 'ASCHEFREI', chatUrl: 'http://chat.whatsapp.com/NeuerLink' },
      });
      expect(response.status).toBe(200);
      expect(houseResponseSchema.parse(response.body).house).toEqual({ ...aschefrei, name: 'ASCHEFREI', chatUrl: 'http://chat.whatsapp.com/NeuerLink' });
    });

    it('refuses the name of another house and bad input, changing nothing', async () => {
      const before = await listHouses();
      const target = before.find((house) => house.name === 'Eisenwald')!;
      const duplicate = await adminCall(server, session, 'PUT', `/api/admin/houses/${target.id}`, {
        body: { name: 'Drei pfeifen', chatUrl: target.chatUrl },
      });
      expect(duplicate.status).toBe(409);
      const badUrl = await adminCall(server, session, 'PUT', `/api/admin/houses/${target.id}`, {
        body: { name: 'Eisenwald', chatUrl: 'javascript:void(0)' },
      });
      expect(badUrl.body).toEqual({ success: false, error: 'Please enter a valid URL for the chat' });
      expect(await listHouses()).toEqual(before);
    });

    it.each([
      ['abc', 400, 'Invalid house id'],
      ['1e3', 400, 'Invalid house id'],
      ['0', 400, 'Invalid house id'],
      ['99999', 404, 'House not found'],
    ])('answers the id %s with %i', async (id, status, error) => {
      const response = await adminCall(server, session, 'PUT', `/api/admin/houses/${id}`, {
        body: { name: 'Irgendwo', chatUrl: 'https://chat.whatsapp.com/x' },
      });
      expect(response.status).toBe(status);
      expect(response.body).toEqual({ success: false, error });
    });
  });

  describe('DELETE /api/admin/houses/:id', () => {
    it('removes the house with its access codes and clears it from users', async () => {
      const house = await createHouse('Kurzlebig');
      const other = (await listHouses()).find((entry) => entry.name === 'Wachnase')!;
      const generate = (houseId: number, count: number) =>
        adminCall(server, session, 'POST', '/api/admin/generate-codes', { body: { houseId, count } }).then(
          (response) => generateCodesResponseSchema.parse(response.body).codes,
        );
      await generate(house.id, 3);
      const otherCodes = await generate(other.id, 2);
      const member = userResponseSchema.parse(
        (await adminCall(server, session, 'POST', '/api/admin/users', { body: { username: 'kurz', password: 'secret-123', houseId: house.id } })).body,
      ).user;

      const response = await adminCall(server, session, 'DELETE', `/api/admin/houses/${house.id}`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ success: true });

      expect((await listHouses()).some((entry) => entry.id === house.id)).toBe(false);
      const { accessCodes } = accessCodesResponseSchema.parse((await adminCall(server, session, 'GET', '/api/admin/access-codes')).body);
      expect(accessCodes.map((code) => code.code).sort()).toEqual([...otherCodes].sort());
      expect(await server.strapi.db.query('api::access-code.access-code').count({ where: { house: { id: house.id } } })).toBe(0);
      const { users } = usersResponseSchema.parse((await adminCall(server, session, 'GET', '/api/admin/users')).body);
      expect(users.find((user) => user.id === member.id)).toEqual({ ...member, houseId: null });

      const again = await adminCall(server, session, 'DELETE', `/api/admin/houses/${house.id}`);
      expect(again.status).toBe(404);
      expect(again.body).toEqual({ success: false, error: 'House not found' });
    });

    it('writes nothing when a step fails', async () => {
      const house = await createHouse('Unzerstoerbar');
      await adminCall(server, session, 'POST', '/api/admin/generate-codes', { body: { houseId: house.id, count: 2 } });
      const codes = server.strapi.db.query('api::access-code.access-code');
      expect(await codes.count({ where: { house: { id: house.id } } })).toBe(2);

      // The last write of the deletion fails: the codes deleted before it must come back.
      const unsubscribe = server.strapi.db.lifecycles.subscribe({
        models: ['api::house.house'],
        beforeDelete() {
          throw Object.assign(new Error('simulated failure'), { status: 409 });
        },
      });
      try {
        const response = await adminCall(server, session, 'DELETE', `/api/admin/houses/${house.id}`);
        expect(response.status).toBe(409);
        failureSchema.parse(response.body);
      } finally {
        unsubscribe();
      }
      expect((await listHouses()).some((entry) => entry.id === house.id)).toBe(true);
      expect(await codes.count({ where: { house: { id: house.id } } })).toBe(2);
    });

    it('refuses a non-numeric id', async () => {
      const response = await adminCall(server, session, 'DELETE', '/api/admin/houses/drei');
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ success: false, error: 'Invalid house id' });
    });
  });

  it('refuses every caller but a signed-in organiser', async () => {
    await adminCall(server, session, 'POST', '/api/admin/users', { body: { username: 'ex-orga', password: 'secret-123', isAdmin: true } });
    const member = await signIn(server, 'ex-orga', 'secret-123');
    const { users } = usersResponseSchema.parse((await adminCall(server, session, 'GET', '/api/admin/users')).body);
    const exOrga = users.find((user) => user.username === 'ex-orga')!;
    await adminCall(server, session, 'PUT', `/api/admin/users/${exOrga.id}`, { body: { username: 'ex-orga', isAdmin: false } });
    // The demotion ended ex-orga's session; a session a non-organiser still holds gets 403.
    const nonOrganiser = await sessionHeadersFor(server, exOrga.id);

    const [house] = await listHouses();
    const attempts: [string, string, unknown][] = [
      ['GET', '/api/admin/houses', undefined],
      ['POST', '/api/admin/houses', { name: 'Eindringling', chatUrl: 'https://chat.whatsapp.com/x' }],
      ['PUT', `/api/admin/houses/${house.id}`, { name: 'Eindringling', chatUrl: 'https://chat.whatsapp.com/x' }],
      ['DELETE', `/api/admin/houses/${house.id}`, undefined],
    ];
    for (const [method, path, body] of attempts) {
      const refusals = [
        [await call(server, method, path, { body }), 401],
        [await call(server, method, path, { body, headers: { 'x-user-id': String(session.id) } }), 401],
        [await call(server, method, path, { body, headers: member.headers }), 401],
        [await call(server, method, path, { body, headers: nonOrganiser }), 403],
        [await adminCall(server, session, method, path, { body, headers: { 'x-user-id': String(exOrga.id) } }), 403],
      ] as const;
      for (const [response, status] of refusals) {
        expect(response.status, `${method} ${path}`).toBe(status);
        failureSchema.parse(response.body);
      }
    }
    expect(await listHouses()).toContainEqual(house);
    expect((await listHouses()).some((entry) => entry.name === 'Eindringling')).toBe(false);
  });

  it('offers no public route to houses or their chat URLs', async () => {
    for (const path of ['/api/houses', '/api/access-codes']) {
      const response = await call(server, 'GET', path);
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(JSON.stringify(response.body)).not.toContain('chat.whatsapp.com');
    }
  });
});
