import type { UID } from '@strapi/strapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_TEXT_DEFAULTS } from '../../src/contract/site-content';
import { POSITIONED_TYPES } from '../../src/seed/upgrade-content';
import { restartTestServer, startTestServer, TEST_ORGANISER, type TestServer } from '../helpers/strapi';

const EXPECTED_COUNTS: [UID.ContentType, number][] = [
  ['api::festival.festival', 1],
  ['api::agenda-image.agenda-image', 11],
  ['api::performer.performer', 7],
  ['api::faq-item.faq-item', 8],
  ['api::accommodation-photo.accommodation-photo', 3],
  ['api::imprint.imprint', 1],
  ['api::privacy-policy.privacy-policy', 1],
  ['api::house.house', 3],
  ['api::product.product', 5],
  ['api::setting.setting', 1],
  ['plugin::users-permissions.user', 1],
];

const countAll = async (server: TestServer) =>
  Object.fromEntries(
    await Promise.all(EXPECTED_COUNTS.map(async ([uid]) => [uid, await server.strapi.db.query(uid).count()] as const)),
  );

describe('demo content seed', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ firstStart: true });
  });
  afterAll(async () => {
    await server?.destroy();
  });

  it('creates every content type’s demo entries on the first start', async () => {
    expect(await countAll(server)).toEqual(Object.fromEntries(EXPECTED_COUNTS));
  });

  it('seeds the festival facts of SPEC §9', async () => {
    const festival = await server.strapi.documents('api::festival.festival').findFirst({ populate: ['logo'] });
    expect(festival).toMatchObject({
      motto: 'Game Of Slavs',
      startDate: '2025-07-24',
      endDate: '2025-07-28',
      accommodationBedrooms: 8,
      accommodationGuests: 24,
      accommodationGroundsM2: 5000,
    });
    expect(festival?.logo).toMatchObject({ mime: 'image/png' });
  });

  it('seeds the section labels and introductions with the words the site showed, and positions from 1', async () => {
    const festival = await server.strapi.documents('api::festival.festival').findFirst({});
    expect(festival).toMatchObject(SITE_TEXT_DEFAULTS);
    for (const uid of POSITIONED_TYPES) {
      const entries = await server.strapi.documents(uid).findMany({ sort: 'position:asc', fields: ['position'] });
      expect(entries.map((entry) => entry.position), uid).toEqual(entries.map((_, index) => index + 1));
    }
  });

  it('seeds performers with the genres and houses of SPEC §3', async () => {
    const performers = await server.strapi
      .documents('api::performer.performer')
      .findMany({ populate: ['houses', 'photo'], sort: 'position:asc' });
    const genres = new Set(performers.map((p) => p.genre));
    expect(genres).toEqual(new Set(['Italo', 'Krach', 'Schlachtschall', 'Hatzklang', 'Triebklang', 'Schmetterbass']));
    const badges = new Set(performers.map((p) => (p.houses as { name: string }[]).map((h) => h.name).join(' & ')));
    for (const shown of ['Aschefrei & Wachnase', 'Drei Pfeifen', 'Wachnase', 'Drei Pfeifen & Wachnase']) {
      expect(badges).toContain(shown);
    }
    expect(performers.every((p) => p.photo)).toBe(true);
  });

  it('seeds houses with chat URLs and colours, products with variants, a task list and one inactive', async () => {
    const houses = await server.strapi.documents('api::house.house').findMany({ populate: ['emblem'] });
    for (const house of houses) {
      expect(house.chatUrl).toMatch(/^https:\/\/chat\.whatsapp\.com\//);
      expect(house.colour).toMatch(/^#[0-9A-F]{6}$/i);
      expect(house.emblem).toBeTruthy();
    }
    const products = await server.strapi.documents('api::product.product').findMany({});
    expect(products.every((p) => Array.isArray(p.variants) && (p.variants as string[]).length > 0)).toBe(true);
    expect(products.some((p) => (p.description as string).includes('- [x]'))).toBe(true);
    expect(products.filter((p) => p.isActive === false)).toHaveLength(1);
    const shop = await server.strapi.db.query('api::setting.setting').findOne({ where: { key: 'shop_enabled' } });
    expect(shop?.value).toBe('true');
  });

  it('serves the generated images as real pictures from its own origin', async () => {
    const [agenda] = await server.strapi.documents('api::agenda-image.agenda-image').findMany({ populate: ['image'], limit: 1 });
    const image = agenda.image as { url: string; width: number };
    expect(image.url).toMatch(/^\/uploads\//);
    const response = await fetch(`${server.baseUrl}${image.url}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(image.width).toBe(1600);
  });

  it('creates the first organiser from the environment with a hashed password', async () => {
    const user = await server.strapi.db
      .query('plugin::users-permissions.user')
      .findOne({ where: { username: TEST_ORGANISER.username } });
    expect(user).toMatchObject({ isAdmin: true, confirmed: true, blocked: false });
    expect(user.password).not.toBe(TEST_ORGANISER.password);
    expect(user.password).toMatch(/^\$2[aby]\$/);
    expect(await server.strapi.service('admin::user').exists({ email: 'editor@test.invalid' })).toBe(true);
  });

  it('never duplicates on a second start, and does not bring back what an editor deleted', async () => {
    const [first] = await server.strapi.documents('api::faq-item.faq-item').findMany({ limit: 1 });
    await server.strapi.documents('api::faq-item.faq-item').delete({ documentId: first.documentId });

    await server.stop();
    server = await restartTestServer(server);

    const expected = Object.fromEntries(EXPECTED_COUNTS);
    expected['api::faq-item.faq-item'] = 7;
    expect(await countAll(server)).toEqual(expected);
    expect(await server.strapi.service('admin::user').exists()).toBe(true);
  });

  it('brings a database of an earlier version along: new texts filled, an edited one kept, positions from 1 in the same order', async () => {
    const festivals = () => server.strapi.db.connection('festival');
    await festivals().update({ ...Object.fromEntries(Object.keys(SITE_TEXT_DEFAULTS).map((key) => [key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), null])), faq_label: 'Am Feuer gefragt' });
    // As the earlier seed wrote them: from 0, with a tie an editor made.
    const faqTable = () => server.strapi.db.connection('faq_items');
    const before = await faqTable().select('id').orderBy([{ column: 'position' }, { column: 'id' }]);
    await Promise.all(before.map(({ id }, index) => faqTable().where({ id }).update({ position: index === 1 ? 0 : index })));
    const order = async () => (await faqTable().select('id', 'position').orderBy([{ column: 'position' }, { column: 'id' }]));

    const oldOrder = await order();
    await server.stop();
    server = await restartTestServer(server);

    const festival = await server.strapi.documents('api::festival.festival').findFirst({});
    expect(festival).toMatchObject({ ...SITE_TEXT_DEFAULTS, faqLabel: 'Am Feuer gefragt' });
    const newOrder = await order();
    expect(newOrder.map((row) => row.id)).toEqual(oldOrder.map((row) => row.id));
    expect(newOrder.map((row) => row.position)).toEqual(oldOrder.map((row) => row.position + 1));
    expect(Math.min(...newOrder.map((row) => row.position))).toBe(1);

    await server.stop();
    server = await restartTestServer(server);
    expect((await order()).map((row) => row.position)).toEqual(newOrder.map((row) => row.position));
  });
});
