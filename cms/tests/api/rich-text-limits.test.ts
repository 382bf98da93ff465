import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_LIMITS } from '../../src/contract/products';
import { call } from '../helpers/api-client';
import { startTestServer, TEST_PANEL_EDITOR, type TestServer } from '../helpers/strapi';

// Every markdown text the site renders has a length in the model, sized for real content: a real
// imprint or privacy policy is 20–30 kB, a story or an answer a few kB. A text of 120 kB (the
// panel took one) made the site's server parse for 40 s (issue 45, item 3).
const API = path.resolve(import.meta.dirname, '../../src/api');
const LONGEST_RICH_TEXT = 50_000;

type Attribute = { type: string; maxLength?: number };

const richTexts = () =>
  readdirSync(API).flatMap((name) => {
    const schemaFile = path.join(API, name, 'content-types', name, 'schema.json');
    let schema: { attributes: Record<string, Attribute> };
    try {
      schema = JSON.parse(readFileSync(schemaFile, 'utf8'));
    } catch {
      return [];
    }
    return Object.entries(schema.attributes)
      .filter(([, attribute]) => attribute.type === 'richtext')
      .map(([attribute, { maxLength }]) => ({ uid: `api::${name}.${name}`, attribute, maxLength }));
  });

describe('the length of rich texts', () => {
  let server: TestServer;
  let editor: { authorization: string };

  beforeAll(async () => {
    server = await startTestServer();
    const signedIn = await call<{ data: { token: string } }>(server, 'POST', '/admin/login', { body: TEST_PANEL_EDITOR });
    editor = { authorization: `Bearer ${signedIn.body.data.token}` };
  });
  afterAll(async () => {
    await server?.destroy();
  });

  it('is kept in the model for every rich text an editor writes; the product description by the data rule orders already check', async () => {
    const found = richTexts();
    expect(found.map(({ uid, attribute }) => `${uid}.${attribute}`)).toEqual(
      expect.arrayContaining(['api::festival.festival.story', 'api::faq-item.faq-item.answer', 'api::imprint.imprint.body', 'api::product.product.description']),
    );
    for (const { uid, attribute, maxLength } of found.filter(({ uid }) => uid !== 'api::product.product')) {
      expect(maxLength, `${uid}.${attribute}`).toBeGreaterThanOrEqual(5_000);
      expect(maxLength, `${uid}.${attribute}`).toBeLessThanOrEqual(LONGEST_RICH_TEXT);
    }
    // Products are the organisers' (the dashboard, or the Super Admin's panel): the stored rule of
    // decision 030 holds their description to the contract's length on every write, and answers the
    // panel in German, which the model's own maxLength would not (super-admin-doors.test.ts).
    const product = await server.strapi.db.query('api::product.product').findOne({ select: ['id', 'description'] });
    const tooLong = 'x'.repeat(PRODUCT_LIMITS.descriptionLength + 1);
    await expect(
      server.strapi.db.query('api::product.product').update({ where: { id: product.id }, data: { description: tooLong } }),
    ).rejects.toThrow();
    const kept = await server.strapi.db.query('api::product.product').findOne({ where: { id: product.id }, select: ['description'] });
    expect(kept.description).toBe(product.description);
  });

  it('is shown in the panel and refused there beyond it, a real-sized text taken', async () => {
    const story = richTexts().find(({ uid, attribute }) => uid === 'api::festival.festival' && attribute === 'story')!;
    // The panel's editor reads each field's settings (its maxLength among them) from this list.
    const listed = await call<{ data: { uid: string; attributes: Record<string, Attribute> }[] }>(
      server,
      'GET',
      '/content-manager/content-types',
      { headers: editor },
    );
    const festival = listed.body.data.find(({ uid }) => uid === 'api::festival.festival');
    expect(festival?.attributes.story.maxLength).toBe(story.maxLength);

    const path = '/content-manager/single-types/api::festival.festival';
    const tooLong = await call(server, 'PUT', path, { headers: editor, body: { story: '*a'.repeat(60_000) } });
    expect(tooLong.status).toBe(400);
    expect(JSON.stringify(tooLong.body)).toMatch(/story/);
    const realSized = `## Die Geschichte\n\n${'Die Häuser ziehen in den Harz, und die Banner wehen. '.repeat(300)}`;
    expect(realSized.length).toBeLessThan(story.maxLength!);
    expect((await call(server, 'PUT', path, { headers: editor, body: { story: realSized } })).status).toBe(200);
  });

  it('is kept on every path to the row, not only the panel', async () => {
    const answer = await server.strapi.documents('api::faq-item.faq-item').findFirst({});
    await expect(
      server.strapi.documents('api::faq-item.faq-item').update({ documentId: answer!.documentId, data: { answer: '> '.repeat(60_000) } as never }),
    ).rejects.toThrow(/answer/);
  });
});
