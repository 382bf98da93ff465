import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeholderEmail } from '../../src/bootstrap/accounts';
import { startTestServer, type TestServer } from '../helpers/strapi';

describe('users-permissions user extension', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.destroy();
  });

  it('stores a house and the organiser flag on a user', async () => {
    const users = server.strapi.documents('plugin::users-permissions.user');
    const [house] = await server.strapi.documents('api::house.house').findMany({ filters: { name: 'Wachnase' } });
    const created = await users.create({
      data: { username: 'wanda', email: placeholderEmail('wanda'), password: 'secret-123', confirmed: true, house: house.documentId, isAdmin: false },
    });

    const member = await users.findOne({ documentId: created.documentId, populate: ['house'] });
    expect(member).toMatchObject({ username: 'wanda', isAdmin: false, house: { name: 'Wachnase' } });

    await users.update({ documentId: created.documentId, data: { isAdmin: true, house: null } as never });
    const promoted = await users.findOne({ documentId: created.documentId, populate: ['house'] });
    expect(promoted).toMatchObject({ isAdmin: true, house: null });
  });

  it('defaults isAdmin to false', async () => {
    const created = await server.strapi.documents('plugin::users-permissions.user').create({
      data: { username: 'plain', email: placeholderEmail('plain'), password: 'secret-123', confirmed: true },
    });
    expect(created.isAdmin).toBe(false);
  });
});
