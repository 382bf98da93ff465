import type { UID } from '@strapi/strapi';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCodesResponseSchema } from '../../src/contract/access-codes';
import { housesResponseSchema } from '../../src/contract/houses';
import { shopItemsResponseSchema } from '../../src/contract/shop';
import { SITE_TYPE_TEXTS } from '../../src/panel/field-labels';
import { adminCall, call, signIn } from '../helpers/api-client';
import { restartTestServer, startTestServer, TEST_PANEL_EDITOR, TEST_SUPER_ADMIN, type TestServer } from '../helpers/strapi';

// The Strapi panel (/cms on the site, the cms's own /admin and plugin routes here): its editors
// change the site's content and media; organisers' data stays with a Super Admin.

type Account = { email: string; password: string };
type Panel = { authorization: string };

const ORGANISERS_DATA = [
  'api::order.order',
  'api::access-code.access-code',
  'api::house.house',
  'api::setting.setting',
  'api::product.product',
  'plugin::users-permissions.user',
] as const;

const SHOPPER = { firstName: 'Radka', lastName: 'Geheimkäuferin' };
const SUPER_ADMIN_ENV = ['CMS_SUPERADMIN_EMAIL', 'CMS_SUPERADMIN_PASSWORD'];

describe('least privilege in the Strapi panel', () => {
  let server: TestServer;
  let editor: Panel;
  let secrets: string[];

  const panelSignIn = async ({ email, password }: Account): Promise<Panel> => {
    const response = await call<{ data: { token: string } }>(server, 'POST', '/admin/login', { body: { email, password } });
    expect(response.status, `${email}: ${JSON.stringify(response.body)}`).toBe(200);
    return { authorization: `Bearer ${response.body.data.token}` };
  };
  const asPanel = <T = Record<string, unknown>>(panel: Panel, method: string, path: string, body?: unknown) =>
    call<T>(server, method, path, { headers: panel, body });
  const anEntryOf = async (uid: (typeof ORGANISERS_DATA)[number]) =>
    ((await server.strapi.db.query(uid).findOne({})) as { documentId: string }).documentId;
  const roleOf = async (email: string) =>
    ((await server.strapi.db.query('admin::user').findOne({ where: { email }, populate: ['roles'] })) as { roles: { code: string }[] }).roles.map(
      (role) => role.code,
    );

  /** A panel account in one of Strapi's own roles, signed in. */
  const signedInWithRole = async (code: string, email: string) => {
    const role = await server.strapi.db.query('admin::role').findOne({ where: { code } });
    const password = 'Rolle-Test-2025';
    await server.strapi.service('admin::user').create({
      email,
      password,
      firstname: 'Test',
      lastname: code,
      roles: [role.id],
      isActive: true,
      registrationToken: null,
    });
    return panelSignIn({ email, password });
  };

  /** Restarts the cms on its database with the given environment (what a changed .env and a restart do). */
  const restartWith = async (env: Record<string, string>) => {
    await server.stop();
    for (const name of SUPER_ADMIN_ENV) if (!(name in env)) delete process.env[name];
    server = await restartTestServer({ ...server, env });
  };

  beforeAll(async () => {
    server = await startTestServer();
    const organiser = await signIn(server);
    const [house] = housesResponseSchema.parse((await adminCall(server, organiser, 'GET', '/api/admin/houses')).body).houses;
    const codes = generateCodesResponseSchema.parse(
      (await adminCall(server, organiser, 'POST', '/api/admin/generate-codes', { body: { houseId: house.id, count: 2 } })).body,
    ).codes;
    const { items } = shopItemsResponseSchema.parse((await call(server, 'GET', '/api/shop/items')).body);
    const item = items.find((each) => each.variants.length > 0)!;
    const order = await call(server, 'POST', '/api/shop/orders', {
      body: { ...SHOPPER, items: JSON.stringify([{ id: item.id, variant: item.variants[0], quantity: 1 }]) },
    });
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    secrets = [house.chatUrl, SHOPPER.lastName, ...codes.map((code) => code.replace('-', ''))];

    editor = await panelSignIn(TEST_PANEL_EDITOR);
  });
  afterAll(async () => {
    await server?.destroy();
  });

  it('gives the seeded editor the role "Redaktion", not Super Admin', async () => {
    expect(await roleOf(TEST_PANEL_EDITOR.email)).toEqual(['gos-editor']);
    expect(await roleOf(TEST_SUPER_ADMIN.email)).toEqual(['strapi-super-admin']);
  });

  it.each(ORGANISERS_DATA)("refuses the seeded editor the list and the entries of %s", async (uid) => {
    const list = await asPanel(editor, 'GET', `/content-manager/collection-types/${uid}`);
    expect(list.status).toBe(403);
    const entry = await asPanel(editor, 'GET', `/content-manager/collection-types/${uid}/${await anEntryOf(uid)}`);
    expect(entry.status).toBe(403);
    for (const answer of [list, entry]) {
      for (const secret of secrets) expect(JSON.stringify(answer.body)).not.toContain(secret);
    }
  });

  it('refuses the seeded editor a dashboard organiser created through the panel', async () => {
    const role = await server.strapi.db.query('plugin::users-permissions.role').findOne({ where: { type: 'authenticated' } });
    const created = await asPanel(editor, 'POST', '/content-manager/collection-types/plugin::users-permissions.user', {
      username: 'eindringling',
      email: 'eindringling@test.invalid',
      password: 'eindringling-password',
      confirmed: true,
      blocked: false,
      isAdmin: true,
      role: { connect: [{ documentId: role.documentId }] },
    });
    expect(created.status).toBe(403);
    expect(await server.strapi.db.query('plugin::users-permissions.user').count({ where: { username: 'eindringling' } })).toBe(0);
    expect((await call(server, 'POST', '/api/admin/login', { body: { username: 'eindringling', password: 'eindringling-password' } })).status).toBe(401);
  });

  it.each([
    ['GET', '/content-type-builder/content-types'],
    ['GET', '/content-type-builder/schema'],
    ['POST', '/content-type-builder/update-schema'],
    ['GET', '/users-permissions/roles'],
    ['POST', '/users-permissions/roles'],
    ['GET', '/users-permissions/advanced'],
    ['PUT', '/users-permissions/advanced'],
    ['GET', '/users-permissions/providers'],
    ['GET', '/users-permissions/email-templates'],
    ['GET', '/admin/users'],
    ['POST', '/admin/users'],
    ['GET', '/admin/roles'],
    ['POST', '/admin/roles'],
    ['GET', '/admin/api-tokens'],
    ['POST', '/admin/api-tokens'],
    ['GET', '/admin/webhooks'],
    // Reading the media library's settings is the editor's (every media dialog does); changing them is not.
    ['PUT', '/upload/settings'],
  ])('refuses the seeded editor %s %s', async (method, path) => {
    const response = await asPanel(editor, method, path, method === 'GET' ? undefined : {});
    expect(response.status).toBe(403);
  });

  it('refuses the seeded editor more rights for its own role', async () => {
    const role = await server.strapi.db.query('admin::role').findOne({ where: { code: 'gos-editor' } });
    const response = await asPanel(editor, 'PUT', `/admin/roles/${role.id}/permissions`, {
      permissions: [{ action: 'plugin::content-manager.explorer.read', subject: 'api::order.order', properties: {}, conditions: [] }],
    });
    expect(response.status).toBe(403);
    expect((await asPanel(editor, 'GET', '/content-manager/collection-types/api::order.order')).status).toBe(403);
  });

  it('lets the seeded editor read and change the festival, which the site then shows', async () => {
    const path = '/content-manager/single-types/api::festival.festival';
    const read = await asPanel<{ data: { motto: string } }>(editor, 'GET', path);
    expect(read.status).toBe(200);
    expect(read.body.data.motto).toBe('Game Of Slavs');

    const changed = await asPanel(editor, 'PUT', path, { motto: 'Game Of Slavs – neu' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const shown = await call<{ data: { motto: string } }>(server, 'GET', '/api/festival');
    expect(shown.body.data.motto).toBe('Game Of Slavs – neu');
    expect((await asPanel(editor, 'PUT', path, { motto: 'Game Of Slavs' })).status).toBe(200);
  });

  it("lets the seeded editor edit performers without seeing a house's chat URL", async () => {
    const list = await asPanel<{ results: { documentId: string; name: string }[] }>(
      editor,
      'GET',
      '/content-manager/collection-types/api::performer.performer',
    );
    expect(list.status).toBe(200);
    expect(list.body.results).toHaveLength(7);
    const [first] = list.body.results;
    const entry = await asPanel<{ data: { houses: { name: string }[] } }>(
      editor,
      'GET',
      `/content-manager/collection-types/api::performer.performer/${first.documentId}`,
    );
    expect(entry.status).toBe(200);
    // A performer names its houses (decision 029): the editor reads the names, and no relation
    // to the organisers' house rows is left to list or to walk.
    expect(entry.body.data.houses.map((house) => house.name)).toEqual(['Aschefrei', 'Wachnase']);
    const houses = await asPanel(editor, 'GET', `/content-manager/relations/api::performer.performer/${first.documentId}/houses`);
    expect(houses.status).toBe(400);
    const available = await asPanel(editor, 'GET', '/content-manager/relations/api::performer.performer/houses');
    expect(available.status).toBe(400);
    for (const answer of [list, entry, houses, available]) expect(JSON.stringify(answer.body)).not.toContain('chat.whatsapp');

    const renamed = await asPanel(editor, 'PUT', `/content-manager/collection-types/api::performer.performer/${first.documentId}`, {
      name: `${first.name} (neu)`,
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const performers = await call<{ data: { name: string }[] }>(server, 'GET', '/api/performers');
    expect(performers.body.data.map((performer) => performer.name)).toContain(`${first.name} (neu)`);
  });

  it('lets the seeded editor use the media library: list and upload an image', async () => {
    const files = await asPanel<{ results: unknown[] }>(editor, 'GET', '/upload/files');
    expect(files.status).toBe(200);
    expect(files.body.results.length).toBeGreaterThan(0);

    const image = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#8e3b2e' } }).png().toBuffer();
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'wappen.png');
    const uploaded = await call(server, 'POST', '/upload', { rawBody: form, headers: editor });
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
  });

  it("answers the media dialogs' settings read to the editor, and keeps changing them with a Super Admin", async () => {
    // Every media dialog of the panel reads the library's settings (image sizes, uploads at once).
    const settings = await asPanel<{ data: Record<string, unknown> }>(editor, 'GET', '/upload/settings');
    expect(settings.status).toBe(200);
    expect(settings.body.data).toMatchObject({ sizeOptimization: expect.any(Boolean), responsiveDimensions: expect.any(Boolean) });
    const change = await asPanel(editor, 'PUT', '/upload/settings', { ...settings.body.data, sizeOptimization: !settings.body.data.sizeOptimization });
    expect(change.status).toBe(403);
    expect((await asPanel<{ data: Record<string, unknown> }>(editor, 'GET', '/upload/settings')).body.data.sizeOptimization).toBe(settings.body.data.sizeOptimization);
  });

  it.each([
    ['strapi-editor', 'built-in-editor@test.invalid'],
    ['strapi-author', 'built-in-author@test.invalid'],
  ])("refuses a panel user in Strapi's role %s the organisers' data", async (code, email) => {
    const panel = await signedInWithRole(code, email);
    for (const uid of ORGANISERS_DATA) {
      const response = await asPanel(panel, 'GET', `/content-manager/collection-types/${uid}`);
      expect(response.status, uid).toBe(403);
    }
    // The site's content stays theirs to edit.
    expect((await asPanel(panel, 'GET', '/content-manager/collection-types/api::faq-item.faq-item')).status).toBe(200);
  });

  it('speaks German to the seeded editor', async () => {
    const me = await asPanel<{ data: { preferedLanguage: string | null } }>(editor, 'GET', '/admin/users/me');
    expect(me.body.data.preferedLanguage).toBe('de');
  });

  it('explains every field of the site\'s types in German, in page order, and lists entries by position from 1', async () => {
    type Configuration = {
      data: {
        contentType: {
          settings: { defaultSortBy: string; defaultSortOrder: string; mainField: string };
          metadatas: Record<string, { edit: { label?: string; description?: string }; list: { label?: string } }>;
          layouts: { list: string[]; edit: { name: string }[][] };
        };
      };
    };
    for (const [uid, texts] of Object.entries(SITE_TYPE_TEXTS)) {
      const response = await asPanel<Configuration>(editor, 'GET', `/content-manager/content-types/${uid}/configuration`);
      expect(response.status, uid).toBe(200);
      const { settings, metadatas, layouts } = response.body.data.contentType;
      const shownFields = layouts.edit.flat().map((field) => field.name);
      const attributes = Object.keys(server.strapi.contentTypes[uid as UID.ContentType].attributes).filter(
        (name) => !['createdAt', 'updatedAt', 'createdBy', 'updatedBy', 'publishedAt', 'locale', 'localizations'].includes(name),
      );
      // Every field is on the form, in the order the page shows them.
      expect(shownFields, uid).toEqual(Object.keys(texts.fields));
      expect([...shownFields].sort(), uid).toEqual([...attributes].sort());
      for (const name of shownFields) {
        const { label, description } = metadatas[name].edit;
        expect(label, `${uid} ${name}`).not.toBe(name);
        expect(label, `${uid} ${name}`).toMatch(/^[A-ZÄÖÜ„]/);
        expect(description?.length ?? 0, `${uid} ${name}`).toBeGreaterThan(15);
      }
      if (!texts.list) continue;
      expect(layouts.list[0], uid).toBe(texts.list.columns[0]);
      expect(settings, uid).toMatchObject({ defaultSortBy: texts.list.sortBy, defaultSortOrder: 'ASC' });
      // The lists of the landing page by their position on it; the programme by its days.
      if (!attributes.includes('position')) continue;
      expect([layouts.list[0], settings.defaultSortBy], uid).toEqual(['position', 'position']);
      expect(metadatas.position.list.label).toBe('Position');
    }
    const festival = await asPanel<Configuration>(editor, 'GET', '/content-manager/content-types/api::festival.festival/configuration');
    expect(festival.body.data.contentType.metadatas.travelTrain.edit).toMatchObject({ label: 'Anreise mit der Bahn' });
  });

  it('refuses a position below 1 from the editor, and keeps the entry as it was', async () => {
    const list = await asPanel<{ results: { documentId: string; position: number }[] }>(
      editor,
      'GET',
      '/content-manager/collection-types/api::faq-item.faq-item?sort=position:asc',
    );
    expect(list.body.results.map((entry) => entry.position)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const [first] = list.body.results;
    for (const position of [0, -3]) {
      const response = await asPanel(editor, 'PUT', `/content-manager/collection-types/api::faq-item.faq-item/${first.documentId}`, { position });
      expect(response.status, String(position)).toBe(400);
    }
    const stored = await server.strapi.documents('api::faq-item.faq-item').findOne({ documentId: first.documentId });
    expect(stored?.position).toBe(1);
  });

  it("lets the Super Admin read the orders and the dashboard's accounts", async () => {
    const owner = await panelSignIn(TEST_SUPER_ADMIN);
    const orders = await asPanel<{ results: { lastName: string }[] }>(owner, 'GET', '/content-manager/collection-types/api::order.order');
    expect(orders.status).toBe(200);
    expect(orders.body.results.map((order) => order.lastName)).toContain(SHOPPER.lastName);
    expect((await asPanel(owner, 'GET', '/content-manager/collection-types/plugin::users-permissions.user')).status).toBe(200);
  });

  it('puts the role "Redaktion" back as the code says, and moves an editor made Super Admin back to it, on the next start', async () => {
    const editorRole = await server.strapi.db.query('admin::role').findOne({ where: { code: 'gos-editor' } });
    const superAdminRole = await server.strapi.db.query('admin::role').findOne({ where: { code: 'strapi-super-admin' } });
    const permissionIds = async () =>
      ((await server.strapi.db.query('admin::permission').findMany({ where: { role: editorRole.id }, orderBy: { id: 'asc' } })) as { id: number }[]).map(
        (permission) => permission.id,
      );
    const kept = await permissionIds();
    await server.strapi.db.query('admin::permission').create({
      data: { action: 'plugin::content-manager.explorer.read', subject: 'api::order.order', properties: {}, conditions: [], role: editorRole.id },
    });
    await server.strapi.db.query('admin::user').update({ where: { email: TEST_PANEL_EDITOR.email }, data: { roles: [superAdminRole.id] } });

    await restartWith(server.env);

    expect(await roleOf(TEST_PANEL_EDITOR.email)).toEqual(['gos-editor']);
    // Only the stray permission went; the others were left as they were, not rewritten.
    expect(await permissionIds()).toEqual(kept);
    editor = await panelSignIn(TEST_PANEL_EDITOR);
    expect((await asPanel(editor, 'GET', '/content-manager/collection-types/api::order.order')).status).toBe(403);
    expect((await asPanel(editor, 'GET', '/content-manager/collection-types/api::performer.performer')).status).toBe(200);
  });

  it('keeps the seeded editor a Super Admin while no one else could administer the panel', async () => {
    const superAdminRole = await server.strapi.db.query('admin::role').findOne({ where: { code: 'strapi-super-admin' } });
    await server.strapi.db.query('admin::user').update({ where: { email: TEST_PANEL_EDITOR.email }, data: { roles: [superAdminRole.id] } });
    const superAdmin = await server.strapi.db.query('admin::user').findOne({ where: { email: TEST_SUPER_ADMIN.email } });
    await server.strapi.service('admin::user').deleteById(superAdmin.id);
    const env = Object.fromEntries(Object.entries(server.env).filter(([name]) => !SUPER_ADMIN_ENV.includes(name)));

    await restartWith(env);

    expect(await roleOf(TEST_PANEL_EDITOR.email)).toEqual(['strapi-super-admin']);
  });

  it('creates the editor in "Redaktion" on a first start without a Super Admin, and opens the first-admin registration to nobody', async () => {
    await server.strapi.db.query('admin::user').deleteMany({});
    const env = Object.fromEntries(Object.entries(server.env).filter(([name]) => !SUPER_ADMIN_ENV.includes(name)));

    await restartWith(env);

    expect(await roleOf(TEST_PANEL_EDITOR.email)).toEqual(['gos-editor']);
    const init = await call<{ data: { hasAdmin: boolean } }>(server, 'GET', '/admin/init');
    expect(init.body.data.hasAdmin).toBe(true);
    const registered = await call(server, 'POST', '/admin/register-admin', {
      body: { email: 'fremder@test.invalid', firstname: 'Fremd', lastname: 'Fremd', password: 'Fremder-Admin-1' },
    });
    expect(registered.status).toBeGreaterThanOrEqual(400);
    expect(registered.status).toBeLessThan(500);
    expect(await server.strapi.db.query('admin::user').count({ where: { email: 'fremder@test.invalid' } })).toBe(0);
  });
});
