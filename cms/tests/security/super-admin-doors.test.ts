import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyCodeResponseSchema } from '../../src/contract/access-codes';
import { failureSchema } from '../../src/contract/common';
import { housesResponseSchema } from '../../src/contract/houses';
import { adminCall, call, signIn, type AdminSession } from '../helpers/api-client';
import { startTestServer, TEST_PANEL_EDITOR, TEST_SUPER_ADMIN, type TestServer } from '../helpers/strapi';

// The rules of houses, products, dashboard users and settings hold on every door to their rows
// (DECISIONS §10): the Super Admin's content manager (create, update, clone), our /api/admin
// routes, the Document Service and the Query Engine (one row or many). A refusal reaches the
// panel as a German error on the field, and nothing of it is stored.

const HOUSE = 'api::house.house';
const PRODUCT = 'api::product.product';
const USER = 'plugin::users-permissions.user';
const SETTING = 'api::setting.setting';
type Model = typeof HOUSE | typeof PRODUCT | typeof USER | typeof SETTING;

type Panel = { authorization: string };
type Row = Record<string, unknown> & { id: number; documentId: string };
type StrapiFailure = { data: null; error: { status: number; name: string; message: string; details?: { errors?: { path: string[]; message: string }[] } } };

/** Each validated field of each type, with values its rules refuse. */
const HOSTILE: Record<Model, [field: string, value: unknown][]> = {
  [HOUSE]: [
    ['chatUrl', 'javascript:alert(document.domain)'],
    ['chatUrl', 'data:text/html,<script>alert(1)</script>'],
    ['chatUrl', 'kein link'],
    ['colour', '#FFF"><script>alert(1)</script>'],
    ['colour', 'red'],
    ['colour', 'url(javascript:alert(1))'],
    ['name', '<img src=x onerror=alert(1)>'],
    ['name', 'Haus <b>fett</b>'],
    // (NUL never gets this far: the cms's edge refuses it in any body, tests/security/ill-formed-text.test.ts.)
    ['name', 'Haus\u001bEscape'],
  ],
  [PRODUCT]: [
    ['title', '   '],
    ['description', ' '],
    ['description', 'x'.repeat(20_001)],
    ['price', 1_000_001],
    ['price', 2_147_483_647],
    ['availableQuantity', 1_000_001],
    ['variants', { S: true }],
    ['variants', [1, 2]],
    ['variants', []],
    ['variants', ['']],
    ['variants', [' S', 'M']],
    ['variants', ['S', 'S']],
    ['variants', ['x'.repeat(101)]],
    ['variants', Array.from({ length: 51 }, (_, index) => `V${index}`)],
    ['variants', 'S, M, L'],
  ],
  [USER]: [
    ['username', 'Zeile\nUmbruch'],
    ['username', 'Glocke\u0007'],
    ['username', 'x'.repeat(101)],
  ],
  [SETTING]: [
    ['value', 'vielleicht'],
    ['value', '<script>alert(1)</script>'],
    ['key', 'eigener_schluessel'],
  ],
};

const LIST_PATH = (uid: Model) => `/content-manager/collection-types/${uid}`;

/** A value as a test's name shows it: long ones shortened, with their length. */
const shown = (value: unknown) => {
  const text = JSON.stringify(value);
  return text.length <= 40 ? text : `${text.slice(0, 24)}… (${text.length} characters)`;
};
const cases = (uid: Model) => HOSTILE[uid].map(([field, value]) => [field, shown(value), value] as const);
// A clone merges a json field's value into the source's: an object or an empty list leaves the source's list as it was.
const leavesTheSourceList = (value: unknown) => (Array.isArray(value) ? value.length === 0 : typeof value === 'object' && value !== null);
const cloneCases = (uid: Model) => cases(uid).filter(([field, , value]) => !(field === 'variants' && leavesTheSourceList(value)));

describe('rules that live with the data: every door to houses, products, users and settings', () => {
  let server: TestServer;
  let panel: Panel;
  let organiser: AdminSession;
  let roleDocumentId: string;
  let unique = 0;

  const asPanel = <T = StrapiFailure>(method: string, path: string, body?: unknown) => call<T>(server, method, path, { headers: panel, body });
  const rows = async (uid: Model) => (await server.strapi.db.query(uid).findMany({ orderBy: { id: 'asc' } })) as Row[];
  const rowOf = async (uid: Model, id: number) => (await server.strapi.db.query(uid).findOne({ where: { id } })) as Row;
  const anyRowOf = async (uid: Model, where: Record<string, unknown> = {}) => (await server.strapi.db.query(uid).findOne({ where, orderBy: { id: 'asc' } })) as Row;

  /** A new entry's fields that pass every rule. */
  const validEntry = (uid: Model): Record<string, unknown> => {
    unique += 1;
    switch (uid) {
      case HOUSE:
        return { name: `Haus Tür ${unique}`, chatUrl: `https://chat.whatsapp.com/Tuer${unique}`, colour: '#3A5F8C' };
      case PRODUCT:
        return { title: `Tür-Artikel ${unique}`, description: 'Ein **guter** Artikel.', price: 1500, variants: ['S', 'M'], availableQuantity: 5, isActive: true };
      case USER:
        return {
          username: `tuer-${unique}`,
          email: `tuer-${unique}@test.invalid`,
          password: 'tuer-password-1',
          confirmed: true,
          blocked: false,
          isAdmin: false,
          role: { connect: [{ documentId: roleDocumentId }] },
        };
      case SETTING:
        return { key: 'order_max_units_per_line', value: '12' };
    }
  };

  /** An existing entry to change: for settings the shop switch, whose value must stay "true" or "false". */
  const targetOf = (uid: Model) => (uid === SETTING ? anyRowOf(uid, { key: 'shop_enabled' }) : anyRowOf(uid));

  const expectFieldRefusal = (response: { status: number; body: StrapiFailure }, field: string) => {
    expect(response.status, JSON.stringify(response.body).slice(0, 500)).toBe(400);
    expect(response.body.error.name).toBe('ValidationError');
    const paths = (response.body.error.details?.errors ?? []).map((error) => error.path.join('.'));
    expect(paths).toContain(field);
    const message = response.body.error.details!.errors!.find((error) => error.path.join('.') === field)!.message;
    // The panel is German: no English contract wording reaches an editor.
    expect(message).toMatch(/[äöüß]|muss|darf|bitte|nur|gibt/i);
    expect(JSON.stringify(response.body)).not.toMatch(/stack|at \w+ \(/);
  };

  beforeAll(async () => {
    server = await startTestServer();
    const signedIn = await call<{ data: { token: string } }>(server, 'POST', '/admin/login', { body: TEST_SUPER_ADMIN });
    expect(signedIn.status).toBe(200);
    panel = { authorization: `Bearer ${signedIn.body.data.token}` };
    organiser = await signIn(server);
    const role = await server.strapi.db.query('plugin::users-permissions.role').findOne({ where: { type: 'authenticated' } });
    roleDocumentId = role.documentId as string;
  });
  afterAll(async () => {
    await server?.destroy();
  });

  describe.each(Object.keys(HOSTILE) as Model[])('%s in the content manager', (uid) => {
    it.each(cases(uid))('refuses to create an entry with %s = %s, storing nothing', async (field, _shown, value) => {
      const before = await rows(uid);
      const entry = validEntry(uid);
      const response = await asPanel('POST', LIST_PATH(uid), { ...entry, [field]: value });
      expectFieldRefusal(response, field);
      expect(await rows(uid)).toEqual(before);
    });

    it.each(cases(uid))('refuses to change %s to %s, keeping the entry as it was', async (field, _shown, value) => {
      const target = await targetOf(uid);
      const response = await asPanel('PUT', `${LIST_PATH(uid)}/${target.documentId}`, { [field]: value });
      expectFieldRefusal(response, field);
      expect(await rowOf(uid, target.id)).toEqual(target);
    });

    it.each(cloneCases(uid))('refuses to clone an entry with %s = %s', async (field, _shown, value) => {
      const source = await targetOf(uid);
      const before = await rows(uid);
      unique += 1;
      const overrides = {
        [USER]: { username: `klon-${unique}`, email: `klon-${unique}@test.invalid` },
        [HOUSE]: { name: `Klon ${unique}` },
        [PRODUCT]: {},
        // Another key than the source's, so that only the rule can refuse it.
        [SETTING]: { key: 'order_window_minutes' },
      }[uid];
      const response = await asPanel('POST', `${LIST_PATH(uid)}/clone/${source.documentId}`, { ...overrides, [field]: value });
      expect(response.status, JSON.stringify(response.body).slice(0, 500)).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(await rows(uid)).toEqual(before);
    });

    it('still creates, changes and clones an entry whose fields pass', async () => {
      const created = await asPanel<{ data?: Row } & Row>('POST', LIST_PATH(uid), validEntry(uid));
      expect(created.status, JSON.stringify(created.body).slice(0, 500)).toBe(201);
      // The content manager answers a user without the data wrapper.
      const entry = created.body.data ?? created.body;
      unique += 1;
      const change: Record<string, unknown> = {
        [HOUSE]: { chatUrl: 'http://chat.example.org/neu', colour: '#A1B2C3', name: `Haus Gut & Schön ${unique}` },
        [PRODUCT]: { price: 1_000_000, variants: ['Einheitsgröße'], description: 'Neu.' },
        [USER]: { username: `geaendert-${unique}` },
        [SETTING]: { value: '11' },
      }[uid];
      const changed = await asPanel('PUT', `${LIST_PATH(uid)}/${entry.documentId}`, change);
      expect(changed.status, JSON.stringify(changed.body).slice(0, 500)).toBe(200);
      expect(await rowOf(uid, entry.id)).toMatchObject(change);

      if (uid === SETTING) return; // a second row of one key is not a setting
      const before = (await rows(uid)).length;
      const cloneData = { [HOUSE]: { name: `Klon Gut ${unique}` }, [PRODUCT]: {}, [USER]: { username: `klon-gut-${unique}`, email: `klon-gut-${unique}@test.invalid` } }[uid];
      const cloned = await asPanel('POST', `${LIST_PATH(uid)}/clone/${entry.documentId}`, cloneData);
      expect(cloned.status, JSON.stringify(cloned.body).slice(0, 500)).toBeLessThan(300);
      expect(await rows(uid)).toHaveLength(before + 1);
    });
  });

  it('refuses relations to rows that do not fit: a house that does not exist, an emblem or a product image that is no image', async () => {
    const pdf = (await server.strapi.db.query('plugin::upload.file').create({
      data: { name: 'satzung.pdf', hash: 'satzung_tuer', ext: '.pdf', mime: 'application/pdf', size: 1, url: '/uploads/satzung_tuer.pdf', provider: 'local' },
    })) as Row;
    const house = await anyRowOf(HOUSE);
    const product = await anyRowOf(PRODUCT);
    const user = await anyRowOf(USER);
    const before = await Promise.all([rows(HOUSE), rows(PRODUCT), rows(USER)]);
    const emblemOf = async (id: number) => ((await server.strapi.db.query(HOUSE).findOne({ where: { id }, populate: ['emblem'] })) as { emblem: Row | null }).emblem?.id;
    const imageOf = async (id: number) => ((await server.strapi.db.query(PRODUCT).findOne({ where: { id }, populate: ['image'] })) as { image: Row | null }).image?.id;
    const [emblemBefore, imageBefore] = [await emblemOf(house.id), await imageOf(product.id)];

    expectFieldRefusal(await asPanel('PUT', `${LIST_PATH(HOUSE)}/${house.documentId}`, { emblem: pdf.id }), 'emblem');
    expectFieldRefusal(await asPanel('PUT', `${LIST_PATH(PRODUCT)}/${product.documentId}`, { image: pdf.id }), 'image');
    await expect(server.strapi.db.query(USER).update({ where: { id: user.id }, data: { house: 999_999 } })).rejects.toMatchObject({ name: 'ValidationError' });
    const unknownHouse = await asPanel('PUT', `${LIST_PATH(USER)}/${user.documentId}`, { house: { connect: [{ documentId: 'gibtesnicht0000000000000' }] } });
    expect(unknownHouse.status).toBeGreaterThanOrEqual(400);
    expect(unknownHouse.status).toBeLessThan(500);

    expect(await Promise.all([rows(HOUSE), rows(PRODUCT), rows(USER)])).toEqual(before);
    expect([await emblemOf(house.id), await imageOf(product.id)]).toEqual([emblemBefore, imageBefore]);
  });

  it('refuses the same through the content manager\'s create-and-publish and update-and-publish', async () => {
    const house = await anyRowOf(HOUSE);
    const before = await rows(HOUSE);
    const created = await asPanel('POST', `${LIST_PATH(HOUSE)}/actions/publish`, { ...validEntry(HOUSE), chatUrl: 'javascript:alert(1)' });
    const updated = await asPanel('POST', `${LIST_PATH(HOUSE)}/${house.documentId}/actions/publish`, { chatUrl: 'javascript:alert(1)' });
    for (const response of [created, updated]) {
      expect(response.status, JSON.stringify(response.body).slice(0, 300)).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
    }
    expect(await rows(HOUSE)).toEqual(before);
  });

  it('keeps a guest\'s chat link a web link: the access page still hands out what the house held', async () => {
    const house = await anyRowOf(HOUSE, { name: 'Aschefrei' });
    for (const data of [{ chatUrl: 'javascript:alert(document.domain)' }, { colour: '#FFF"><script>alert(1)</script>' }, { name: '<img src=x onerror=alert(1)>' }]) {
      expect((await asPanel('PUT', `${LIST_PATH(HOUSE)}/${house.documentId}`, data)).status).toBe(400);
    }
    const generated = await adminCall(server, organiser, 'POST', '/api/admin/generate-codes', { body: { houseId: house.id, count: 1 } });
    const [code] = (generated.body as { codes: string[] }).codes;
    const verified = verifyCodeResponseSchema.parse((await call(server, 'POST', '/api/auth/verify-code', { body: { code } })).body);
    expect(verified.house).toMatchObject({ name: 'Aschefrei', chatUrl: 'https://chat.whatsapp.com/DemoHausAschefrei', colour: '#8E3B2E' });
  });

  it("keeps the festival's links web addresses, as its editor writes them in the panel and through the Document Service", async () => {
    const signedIn = await call<{ data: { token: string } }>(server, 'POST', '/admin/login', { body: TEST_PANEL_EDITOR });
    const editor = { authorization: `Bearer ${signedIn.body.data.token}` };
    const path = '/content-manager/single-types/api::festival.festival';
    const before = (await server.strapi.db.query('api::festival.festival').findOne({})) as Row;
    for (const field of ['paymentUrl', 'whatsappGroupUrl', 'mapsUrl']) {
      for (const value of ['javascript:alert(document.domain)', 'data:text/html,<script>alert(1)</script>', 'www.example.com']) {
        const response = await call<StrapiFailure>(server, 'PUT', path, { headers: editor, body: { [field]: value } });
        expectFieldRefusal(response, field);
      }
      await expect(server.strapi.documents('api::festival.festival').update({ documentId: before.documentId, data: { [field]: 'javascript:alert(1)' } as never })).rejects.toThrow();
    }
    expect(await server.strapi.db.query('api::festival.festival').findOne({})).toMatchObject({
      paymentUrl: before.paymentUrl,
      whatsappGroupUrl: before.whatsappGroupUrl,
      mapsUrl: before.mapsUrl,
    });
    // A web address, or none, still saves.
    const saved = await call(server, 'PUT', path, { headers: editor, body: { paymentUrl: 'https://example.com/kasse', mapsUrl: '' } });
    expect(saved.status, JSON.stringify(saved.body).slice(0, 300)).toBe(200);
  });

  it('refuses a house name with markup on the dashboard too, in the contract\'s English', async () => {
    const before = await rows(HOUSE);
    const response = await adminCall(server, organiser, 'POST', '/api/admin/houses', { body: { name: '<img src=x onerror=alert(1)>', chatUrl: 'https://chat.whatsapp.com/x' } });
    expect(response.status).toBe(400);
    expect(failureSchema.parse(response.body).error).toBe('Name must not contain <, > or control characters');
    const [house] = housesResponseSchema.parse((await adminCall(server, organiser, 'GET', '/api/admin/houses')).body).houses;
    const renamed = await adminCall(server, organiser, 'PUT', `/api/admin/houses/${house.id}`, { body: { name: 'Haus <i>', chatUrl: house.chatUrl } });
    expect(renamed.status).toBe(400);
    expect(await rows(HOUSE)).toEqual(before);
  });

  it('refuses the same values through the Document Service and the Query Engine, one row or many', async () => {
    const house = await anyRowOf(HOUSE);
    const product = await anyRowOf(PRODUCT);
    const user = await anyRowOf(USER);
    const setting = await anyRowOf(SETTING, { key: 'shop_enabled' });
    const before = await Promise.all([rows(HOUSE), rows(PRODUCT), rows(USER), rows(SETTING)]);
    const attempts: [string, () => Promise<unknown>][] = [
      ['documents.update house', () => server.strapi.documents(HOUSE).update({ documentId: house.documentId, data: { chatUrl: 'javascript:alert(1)' } as never })],
      ['documents.create house', () => server.strapi.documents(HOUSE).create({ data: { name: 'Haus Schatten', chatUrl: 'https://x.example', colour: 'blau' } as never })],
      ['db.update house', () => server.strapi.db.query(HOUSE).update({ where: { id: house.id }, data: { colour: '#12345G' } })],
      ['db.updateMany house', () => server.strapi.db.query(HOUSE).updateMany({ where: {}, data: { chatUrl: 'vbscript:msgbox(1)' } })],
      ['db.createMany house', () => server.strapi.db.query(HOUSE).createMany({ data: [{ name: 'Gut', chatUrl: 'https://a.example' }, { name: '<svg onload=alert(1)>', chatUrl: 'https://b.example' }] })],
      ['db.update product', () => server.strapi.db.query(PRODUCT).update({ where: { id: product.id }, data: { price: 5_000_000 } })],
      ['db.updateMany product', () => server.strapi.db.query(PRODUCT).updateMany({ where: {}, data: { variants: [] } })],
      ['documents.update user', () => server.strapi.documents(USER).update({ documentId: user.documentId, data: { username: 'a\u0007b' } as never })],
      ['db.updateMany user', () => server.strapi.db.query(USER).updateMany({ where: {}, data: { isAdmin: 'ja' } })],
      ['db.update setting', () => server.strapi.db.query(SETTING).update({ where: { key: 'shop_enabled' }, data: { value: 'ja' } })],
      ['db.updateMany setting', () => server.strapi.db.query(SETTING).updateMany({ where: { id: setting.id }, data: { value: '' } })],
      ['db.create setting', () => server.strapi.db.query(SETTING).create({ data: { key: 'order_window_minutes', value: '0' } })],
    ];
    for (const [name, attempt] of attempts) {
      await expect(attempt(), name).rejects.toMatchObject({ name: 'ValidationError' });
    }
    expect(await Promise.all([rows(HOUSE), rows(PRODUCT), rows(USER), rows(SETTING)])).toEqual(before);
  });
});
