import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeholderEmail } from '../../src/bootstrap/accounts';
import { verifyCodeResponseSchema } from '../../src/contract/access-codes';
import { failureSchema } from '../../src/contract/common';
import { houseEmblemsResponseSchema, houseResponseSchema, housesResponseSchema, type House, type HouseEmblem } from '../../src/contract/houses';
import { adminCall, call, sessionHeadersFor, signIn, type AdminSession } from '../helpers/api-client';
import { startTestServer, type TestServer } from '../helpers/strapi';

/** A house's emblem and colour as the dashboard's house form sets them, and the access page shows them. */
describe('house emblem and colour', () => {
  let server: TestServer;
  let session: AdminSession;
  let emblems: HouseEmblem[];

  const listHouses = async (): Promise<House[]> => housesResponseSchema.parse((await adminCall(server, session, 'GET', '/api/admin/houses')).body).houses;
  const save = (method: 'POST' | 'PUT', path: string, body: unknown) => adminCall(server, session, method, path, { body });

  beforeAll(async () => {
    server = await startTestServer();
    session = await signIn(server);
    const response = await adminCall(server, session, 'GET', '/api/admin/house-emblems');
    expect(response.status).toBe(200);
    emblems = houseEmblemsResponseSchema.parse(response.body).emblems;
  });
  afterAll(async () => {
    await server?.destroy();
  });

  it('offers the media library’s images, the seeded emblems first', () => {
    expect(emblems.slice(0, 3).map((emblem) => emblem.name)).toEqual([
      'Wappen des Hauses Aschefrei',
      'Wappen des Hauses Wachnase',
      'Wappen des Hauses Drei Pfeifen',
    ]);
    expect(emblems.length).toBeGreaterThan(3);
    for (const emblem of emblems) {
      expect(emblem.url).toMatch(/^\/uploads\//);
      expect(emblem.thumbnailUrl).toMatch(/^\/uploads\//);
    }
  });

  it('creates a house with an emblem and a colour, and the access page shows them', async () => {
    const emblem = emblems[1];
    const response = await save('POST', '/api/admin/houses', { name: 'Nebelhain', chatUrl: 'https://chat.whatsapp.com/Nebelhain', colour: '#3a5f8c', emblem: emblem.id });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const house = houseResponseSchema.parse(response.body).house;
    expect(house).toEqual({ id: expect.any(Number), name: 'Nebelhain', chatUrl: 'https://chat.whatsapp.com/Nebelhain', colour: '#3A5F8C', emblem: emblem.url });

    const generated = await save('POST', '/api/admin/generate-codes', { houseId: house.id, count: 1 });
    const [code] = (generated.body as { codes: string[] }).codes;
    const verified = verifyCodeResponseSchema.parse((await call(server, 'POST', '/api/auth/verify-code', { body: { code } })).body);
    expect(verified.house).toEqual({ name: 'Nebelhain', chatUrl: 'https://chat.whatsapp.com/Nebelhain', emblem: emblem.url, colour: '#3A5F8C' });
  });

  it('changes, keeps and removes emblem and colour on PUT', async () => {
    const house = (await listHouses()).find((entry) => entry.name === 'Nebelhain')!;
    const base = { name: 'Nebelhain', chatUrl: house.chatUrl };
    const put = async (body: unknown) => {
      const response = await save('PUT', `/api/admin/houses/${house.id}`, body);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return houseResponseSchema.parse(response.body).house;
    };
    expect(await put({ ...base, emblem: emblems[2].id, colour: '#112233' })).toMatchObject({ emblem: emblems[2].url, colour: '#112233' });
    // Left out: unchanged (a form of an older dashboard sends only name and chat URL).
    expect(await put(base)).toMatchObject({ emblem: emblems[2].url, colour: '#112233' });
    expect(await put({ ...base, emblem: null, colour: '' })).toMatchObject({ emblem: null, colour: null });
  });

  it.each([
    [{ colour: 'red' }, 'Colour must be a hex colour like #8E3B2E'],
    [{ colour: '#12345' }, 'Colour must be a hex colour like #8E3B2E'],
    [{ colour: '#1234567' }, 'Colour must be a hex colour like #8E3B2E'],
    [{ colour: 'url(javascript:alert(1))' }, 'Colour must be a hex colour like #8E3B2E'],
    [{ colour: '#12345G' }, 'Colour must be a hex colour like #8E3B2E'],
    [{ colour: 42 }, 'Colour must be a hex colour like #8E3B2E'],
    [{ emblem: 99999999 }, 'Please choose one of the offered emblems'],
    [{ emblem: '1' }, 'Please choose one of the offered emblems'],
    [{ emblem: -1 }, 'Please choose one of the offered emblems'],
    [{ emblem: 1.5 }, 'Please choose one of the offered emblems'],
    [{ emblem: { id: 1 } }, 'Please choose one of the offered emblems'],
  ])('refuses %j on create and update, and stores nothing', async (extra, error) => {
    const created = await save('POST', '/api/admin/houses', { name: 'Falscher Hof', chatUrl: 'https://chat.whatsapp.com/F', ...extra });
    expect(created.status).toBe(400);
    expect(created.body).toEqual({ success: false, error });
    expect((await listHouses()).some((house) => house.name === 'Falscher Hof')).toBe(false);

    const [aschefrei] = await listHouses();
    const updated = await save('PUT', `/api/admin/houses/${aschefrei.id}`, { name: aschefrei.name, chatUrl: aschefrei.chatUrl, ...extra });
    expect(updated.status).toBe(400);
    failureSchema.parse(updated.body);
    expect((await listHouses())[0]).toEqual(aschefrei);
  });

  it('refuses a file that is no image as an emblem', async () => {
    const file = await server.strapi.db.query('plugin::upload.file').create({
      data: { name: 'liste.pdf', hash: 'liste_pdf', ext: '.pdf', mime: 'application/pdf', size: 1, url: '/uploads/liste.pdf', provider: 'local' },
    });
    const response = await save('POST', '/api/admin/houses', { name: 'Papierhof', chatUrl: 'https://chat.whatsapp.com/P', emblem: file.id });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ success: false, error: 'Please choose one of the offered emblems' });
    const listed = houseEmblemsResponseSchema.parse((await adminCall(server, session, 'GET', '/api/admin/house-emblems')).body).emblems;
    expect(listed.some((emblem) => emblem.id === file.id)).toBe(false);
  });

  it('refuses the emblem list to members who are no organisers', async () => {
    const member = await server.strapi.documents('plugin::users-permissions.user').create({
      data: { username: 'member', email: placeholderEmail('member'), password: 'member-password', confirmed: true, isAdmin: false } as never,
    });
    const response = await call(server, 'GET', '/api/admin/house-emblems', { headers: await sessionHeadersFor(server, member.id as number) });
    expect(response.status).toBe(403);
    failureSchema.parse(response.body);
  });
});
