import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCESS_CODE_ALPHABET,
  accessCodesResponseSchema,
  generateCodesResponseSchema,
  type AccessCode,
} from '../../src/contract/access-codes';
import { failureSchema } from '../../src/contract/common';
import { houseResponseSchema, housesResponseSchema, type House } from '../../src/contract/houses';
import { usersResponseSchema } from '../../src/contract/users';
import { adminCall, call, sessionHeadersFor, signIn, type AdminSession } from '../helpers/api-client';
import { startTestServer, type TestServer } from '../helpers/strapi';

const CODE_UID = 'api::access-code.access-code';

describe('access codes for organisers', () => {
  let server: TestServer;
  let session: AdminSession;
  let houses: House[];

  const generate = (body: unknown) => adminCall(server, session, 'POST', '/api/admin/generate-codes', { body });

  const generateCodes = async (houseId: number, count: number) => {
    const response = await generate({ houseId, count });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return generateCodesResponseSchema.parse(response.body).codes;
  };

  const listCodes = async (query = ''): Promise<AccessCode[]> => {
    const response = await adminCall(server, session, 'GET', `/api/admin/access-codes${query}`);
    expect(response.status).toBe(200);
    return accessCodesResponseSchema.parse(response.body).accessCodes;
  };

  beforeAll(async () => {
    server = await startTestServer();
    session = await signIn(server);
    houses = housesResponseSchema.parse((await adminCall(server, session, 'GET', '/api/admin/houses')).body).houses;
  });
  afterAll(async () => {
    await server?.destroy();
  });

  describe('POST /api/admin/generate-codes', () => {
    it('creates codes as ABCDE-FGHJK from the alphabet without look-alikes, stored without hyphen', async () => {
      const codes = await generateCodes(houses[0].id, 5);
      expect(codes).toHaveLength(5);
      expect(new Set(codes).size).toBe(5);
      for (const code of codes) {
        expect(code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
        for (const char of code.replace('-', '')) expect(ACCESS_CODE_ALPHABET).toContain(char);
      }

      const stored = (await server.strapi.db.query(CODE_UID).findMany({ select: ['code'] })) as { code: string }[];
      expect(stored.map((row) => row.code).sort()).toEqual(codes.map((code) => code.replace('-', '')).sort());

      const listed = await listCodes();
      expect(listed.map((entry) => entry.code).sort()).toEqual([...codes].sort());
      for (const entry of listed) {
        expect(entry).toEqual({ id: expect.any(Number), code: entry.code, houseId: houses[0].id, houseName: houses[0].name, isUsed: false, usedAt: null });
      }
    });

    it('accepts the bounds 1 and 100 and a count typed as text', async () => {
      expect(await generateCodes(houses[1].id, 1)).toHaveLength(1);
      expect(await generateCodes(houses[1].id, 100)).toHaveLength(100);
      const response = await generate({ houseId: String(houses[1].id), count: ' 7 ' });
      expect(generateCodesResponseSchema.parse(response.body).codes).toHaveLength(7);
    });

    it('keeps every code unique across all houses', async () => {
      await generateCodes(houses[2].id, 100);
      const all = await listCodes();
      expect(all).toHaveLength(5 + 1 + 100 + 7 + 100);
      expect(new Set(all.map((entry) => entry.code)).size).toBe(all.length);
    });

    it.each([0, 101, -1, 1.5, '1.5', 'zehn', '', null, true, [5]])('refuses the count %j', async (count) => {
      const before = await server.strapi.db.query(CODE_UID).count();
      const response = await generate({ houseId: houses[0].id, count });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ success: false, error: 'Please enter a number between 1 and 100' });
      expect(await server.strapi.db.query(CODE_UID).count()).toBe(before);
    });

    it('refuses a missing count', async () => {
      const response = await generate({ houseId: houses[0].id });
      expect(response.body).toEqual({ success: false, error: 'Please enter a number between 1 and 100' });
    });

    it.each([
      [{ count: 5 }, 400, 'Please choose a house'],
      [{ houseId: '', count: 5 }, 400, 'Please choose a house'],
      [{ houseId: 'abc', count: 5 }, 400, 'Please choose a valid house'],
      [{ houseId: 999999, count: 5 }, 404, 'House not found'],
    ])('refuses %j', async (body, status, error) => {
      const response = await generate(body);
      expect(response.status).toBe(status);
      expect(response.body).toEqual({ success: false, error });
    });
  });

  describe('GET /api/admin/access-codes', () => {
    it('filters by house and lists all when houseId is absent or empty', async () => {
      const all = await listCodes();
      const first = await listCodes(`?houseId=${houses[0].id}`);
      expect(first).toHaveLength(5);
      expect(first.every((entry) => entry.houseId === houses[0].id)).toBe(true);
      expect(await listCodes('?houseId=')).toEqual(all);
      expect(await listCodes('?houseId=999999')).toEqual([]);
    });

    it.each(['abc', '1.5', '-2', '1&houseId=2'])('refuses houseId=%s', async (houseId) => {
      const response = await adminCall(server, session, 'GET', `/api/admin/access-codes?houseId=${houseId}`);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ success: false, error: 'Please choose a valid house' });
    });

    it('never shows a chat URL', async () => {
      const response = await adminCall(server, session, 'GET', '/api/admin/access-codes');
      expect(JSON.stringify(response.body)).not.toMatch(/chat\.whatsapp|chatUrl/);
    });
  });

  describe('DELETE /api/admin/access-codes/:id', () => {
    it('deletes one code, then answers 404', async () => {
      const [victim, ...rest] = await listCodes();
      const response = await adminCall(server, session, 'DELETE', `/api/admin/access-codes/${victim.id}`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ success: true });
      expect(await listCodes()).toEqual(rest);

      const again = await adminCall(server, session, 'DELETE', `/api/admin/access-codes/${victim.id}`);
      expect(again.status).toBe(404);
      expect(again.body).toEqual({ success: false, error: 'Access code not found' });
    });

    it.each(['abc', '0', '12abc'])('refuses the id %s', async (id) => {
      const response = await adminCall(server, session, 'DELETE', `/api/admin/access-codes/${id}`);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ success: false, error: 'Invalid access code id' });
    });
  });

  describe('GET /api/admin/export/access-codes', () => {
    it('downloads access-codes.csv with code, house, status and used at, formulas neutralised', async () => {
      const formulaHouse = houseResponseSchema.parse(
        (await adminCall(server, session, 'POST', '/api/admin/houses', { body: { name: '=HYPERLINK("x")', chatUrl: 'https://chat.whatsapp.com/F' } })).body,
      ).house;
      const [code] = await generateCodes(formulaHouse.id, 1);
      const [used] = await generateCodes(houses[0].id, 1);
      const verified = await call(server, 'POST', '/api/auth/verify-code', { body: { code: used } });
      expect(verified.status).toBe(200);

      const response = await adminCall<string>(server, session, 'GET', '/api/admin/export/access-codes');
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
      expect(response.headers.get('content-disposition')).toBe('attachment; filename="access-codes.csv"');

      const lines = response.body.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
      expect(lines[0]).toBe('code,house,status,used at');
      expect(lines).toHaveLength((await listCodes()).length + 1);
      expect(lines).toContain(`${code},"'=HYPERLINK(""x"")",Available,`);
      expect(lines.find((line) => line.startsWith(used))).toMatch(
        new RegExp(`^${used},${houses[0].name},Used,"\\d{2}\\.\\d{2}\\.\\d{4}, \\d{2}:\\d{2}"$`),
      );
      expect(response.body).not.toMatch(/chat\.whatsapp/);
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

    const before = await listCodes();
    const attempts: [string, string, unknown][] = [
      ['POST', '/api/admin/generate-codes', { houseId: houses[0].id, count: 5 }],
      ['GET', '/api/admin/access-codes', undefined],
      ['DELETE', `/api/admin/access-codes/${before[0].id}`, undefined],
      ['GET', '/api/admin/export/access-codes', undefined],
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
    expect(await listCodes()).toEqual(before);
  });
});
