import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_TEXT_DEFAULTS, siteContentSchema } from '../../src/contract/site-content';
import { call } from '../helpers/api-client';
import { startTestServer, type TestServer } from '../helpers/strapi';

describe('GET /api/site-content', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.destroy();
  });

  it('returns everything the landing, legal and access pages need in one answer', async () => {
    const response = await call(server, 'GET', '/api/site-content');
    expect(response.status).toBe(200);
    const content = siteContentSchema.parse(response.body);
    expect(content.festival).toMatchObject({ motto: 'Game Of Slavs', startDate: '2025-07-24', endDate: '2025-07-28' });
    expect(content.festival.logo?.url).toMatch(/^\/uploads\//);
    expect(content.festival).toMatchObject(SITE_TEXT_DEFAULTS);
    expect(content.agendaImages).toHaveLength(11);
    expect(content.performers).toHaveLength(7);
    expect(content.faq).toHaveLength(8);
    expect(content.accommodationPhotos).toHaveLength(3);
    expect(content.legal.imprint?.title).toBe('Impressum');
    expect(content.legal.privacyPolicy?.title).toBe('Datenschutzerklärung');
    expect(content.performers[0].houses).toEqual([
      { name: 'Aschefrei', colour: '#8E3B2E' },
      { name: 'Wachnase', colour: '#2F5D50' },
    ]);
    expect(content.agendaImages[0].image.formats?.small?.width).toBe(480);
  });

  it('never contains a chat URL, a code, a user or an order', async () => {
    const text = JSON.stringify((await call(server, 'GET', '/api/site-content')).body);
    const houses = await server.strapi.db.query('api::house.house').findMany({ select: ['chatUrl'] });
    expect(houses).toHaveLength(3);
    for (const { chatUrl } of houses) expect(text).not.toContain(chatUrl);
    expect(text).not.toMatch(/chatUrl|accessCode|password|orderNumber|test-orga|provider_metadata|"hash"/);
  });

  it('lets a browser revalidate with its ETag', async () => {
    const first = await call(server, 'GET', '/api/site-content');
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    // A browser asks again on every visit; a shared cache may keep it a few seconds.
    expect(first.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate, s-maxage=2');
    const again = await fetch(`${server.baseUrl}/api/site-content`, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
  });

  it('shows an editor’s change on the next read', async () => {
    const festival = await server.strapi.documents('api::festival.festival').findFirst({});
    await server.strapi.documents('api::festival.festival').update({ documentId: festival!.documentId, data: { motto: 'Neues Motto' } as never });
    const content = siteContentSchema.parse((await call(server, 'GET', '/api/site-content')).body);
    expect(content.festival.motto).toBe('Neues Motto');
  });
});
