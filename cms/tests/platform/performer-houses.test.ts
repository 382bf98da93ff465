import { afterAll, describe, expect, it } from 'vitest';
import { housesResponseSchema } from '../../src/contract/houses';
import { siteContentSchema } from '../../src/contract/site-content';
import { adminCall, call, signIn } from '../helpers/api-client';
import { restartTestServer, startTestServer, type TestServer } from '../helpers/strapi';

// Until decision 029 a performer linked the organisers' house rows (performers_houses_lnk); it
// now names its houses. A database of that version keeps every performer's houses, in order.

const PERFORMER = 'api::performer.performer';

describe("a performer's houses, by name", () => {
  let server: TestServer;
  afterAll(async () => {
    await server?.destroy();
  });

  it('are kept from an earlier version, in their order and colours, on the next start, once', async () => {
    server = await startTestServer();
    {
      const knex = server.strapi.db.connection;
      const houses = new Map(((await knex('houses').select('id', 'name')) as { id: number; name: string }[]).map((house) => [house.name, house.id]));
      const [first, second] = (await server.strapi.db
        .query(PERFORMER)
        .findMany({ select: ['id', 'documentId'], orderBy: { position: 'asc' }, limit: 2 })) as { id: number; documentId: string }[];
      // What the earlier version stored: links to the house rows, and no names.
      await knex.schema.createTable('performers_houses_lnk', (table) => {
        table.increments('id');
        table.integer('performer_id');
        table.integer('house_id');
        table.double('house_ord');
        table.double('performer_ord');
      });
      await knex('performers_houses_lnk').insert([
        { performer_id: first.id, house_id: houses.get('Drei Pfeifen'), house_ord: 1, performer_ord: 1 },
        { performer_id: first.id, house_id: houses.get('Aschefrei'), house_ord: 2, performer_ord: 1 },
        { performer_id: second.id, house_id: houses.get('Wachnase'), house_ord: 1, performer_ord: 2 },
      ]);
      for (const { documentId } of [first, second]) await server.strapi.documents(PERFORMER).update({ documentId, data: { houses: [] } as never });
      await server.stop();

      server = await restartTestServer(server);

      const upgraded = await server.strapi.documents(PERFORMER).findMany({ populate: ['houses'], sort: 'position:asc', limit: 2 });
      expect(upgraded.map((performer) => (performer.houses as { name: string }[]).map((house) => house.name))).toEqual([
        ['Drei Pfeifen', 'Aschefrei'],
        ['Wachnase'],
      ]);
      const content = siteContentSchema.parse((await call(server, 'GET', '/api/site-content')).body);
      expect(content.performers[0].houses).toEqual([
        { name: 'Drei Pfeifen', colour: expect.stringMatching(/^#/) },
        { name: 'Aschefrei', colour: '#8E3B2E' },
      ]);
      const after = server.strapi.db.connection;
      expect(await after.schema.hasTable('performers_houses_lnk')).toBe(false);
      expect(await after.schema.hasTable('gos_performer_house_names_kept')).toBe(false);
    }
  });

  it('follow a house the organisers rename in the dashboard', async () => {
    const organiser = await signIn(server);
    const houses = housesResponseSchema.parse((await adminCall(server, organiser, 'GET', '/api/admin/houses')).body).houses;
    const aschefrei = houses.find((house) => house.name === 'Aschefrei')!;
    const renamed = await adminCall(server, organiser, 'PUT', `/api/admin/houses/${aschefrei.id}`, {
      body: { name: 'Aschefrei der Alte', chatUrl: aschefrei.chatUrl },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const content = siteContentSchema.parse((await call(server, 'GET', '/api/site-content')).body);
    const badges = content.performers.flatMap((performer) => performer.houses);
    expect(badges).toContainEqual({ name: 'Aschefrei der Alte', colour: '#8E3B2E' });
    expect(badges.map((badge) => badge.name)).not.toContain('Aschefrei');
  });
});
