import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCodesResponseSchema } from '../../src/contract/access-codes';
import { housesResponseSchema } from '../../src/contract/houses';
import { shopItemsResponseSchema } from '../../src/contract/shop';
import { adminCall, call, signIn, type ApiResponse } from '../helpers/api-client';
import { startTestServer, TEST_PANEL_EDITOR, TEST_SUPER_ADMIN, type TestServer } from '../helpers/strapi';

// The panel's editor ("Redaktion") may edit the site's types and the media library. None of
// them may lead to the organisers' data (codes, chat URLs, users, orders, settings) or to a
// Super Admin's e-mail: not through a relation, a populate, a filter, the relations endpoint,
// a connect, a type's configuration or the panel's information page. Every path is found from
// the schemas, not listed by hand, so a relation added tomorrow is tried too.

type Attribute = { type: string; relation?: string; target?: string; component?: string };
type Schema = { attributes: Record<string, Attribute> };
type Panel = { authorization: string };
type Path = { steps: string[]; target: string | null };

const MEDIA_TYPES = ['plugin::upload.file', 'plugin::upload.folder'];
const DEPTH = 3;
const PLANTED = {
  house: { name: 'Haus Geheimtür', chatUrl: 'https://chat.whatsapp.com/GeheimtuerProbeH1' },
  user: { username: 'geheimnutzer-h1', password: 'geheimnutzer-h1-pass', isAdmin: false },
  shopper: { firstName: 'Ilse', lastName: 'Türenprüferin' },
  setting: { key: 'h1_probe', value: 'GeheimeEinstellungH1' },
};

describe("the editor's second doors", () => {
  let server: TestServer;
  let editor: Panel;
  let owner: Panel;
  let editable: string[];
  let secrets: string[];
  let organisersDocumentIds: string[];

  const asPanel = (panel: Panel, method: string, path: string, body?: unknown) => call(server, method, path, { headers: panel, body });
  const schemaOf = (uid: string): Schema | undefined =>
    (server.strapi.contentTypes as unknown as Record<string, Schema>)[uid] ?? (server.strapi.components as unknown as Record<string, Schema>)[uid];
  /** Components are part of the entry that holds them. */
  const isOrganisers = (uid: string | null) => uid === null || (!editable.includes(uid) && !MEDIA_TYPES.includes(uid) && !(uid in server.strapi.components));

  /** Where an attribute leads: a type's uid, null for a polymorphic relation (media's `related`), undefined for plain data. */
  const targetOf = (attribute: Attribute): string | null | undefined => {
    if (attribute.type === 'media') return 'plugin::upload.file';
    if (attribute.type === 'component') return attribute.component;
    if (attribute.type !== 'relation') return undefined;
    return attribute.target ?? null;
  };

  /**
   * Every relation, media and component path from uid, up to DEPTH steps, breadth first: each type
   * reached is walked on from the shortest path to it, and met again further down as a leaf (so
   * createdBy on every level does not multiply the paths).
   */
  const pathsFrom = (uid: string): Path[] => {
    const paths: Path[] = [];
    const walked = new Set([uid]);
    let frontier: { uid: string; steps: string[] }[] = [{ uid, steps: [] }];
    for (let depth = 0; depth < DEPTH; depth += 1) {
      const next: { uid: string; steps: string[] }[] = [];
      for (const from of frontier) {
        for (const [name, attribute] of Object.entries(schemaOf(from.uid)?.attributes ?? {})) {
          const target = targetOf(attribute);
          if (target === undefined) continue;
          const path = { steps: [...from.steps, name], target };
          paths.push(path);
          if (target !== null && !walked.has(target)) {
            walked.add(target);
            next.push({ uid: target, steps: path.steps });
          }
        }
      }
      frontier = next;
    }
    return paths;
  };

  const populateQuery = (steps: string[]) => `populate${steps.map((step, index) => (index === 0 ? `[${step}]` : `[populate][${step}]`)).join('')}=true`;
  const filterQuery = (steps: string[], value: string) => `filters${steps.map((step) => `[${step}]`).join('')}[$eq]=${encodeURIComponent(value)}`;

  /** Where the panel reads a type's entries: its list, and one entry. */
  const endpointsOf = async (uid: string): Promise<{ list: string; entry: string }> => {
    if (uid === 'plugin::upload.file') {
      const file = await server.strapi.db.query(uid).findOne({ select: ['id'] });
      return { list: '/upload/files', entry: `/upload/files/${file.id}` };
    }
    if (uid === 'plugin::upload.folder') return { list: '/upload/folders', entry: '/upload/folders' };
    const kind = server.strapi.contentTypes[uid as never].kind;
    if (kind === 'singleType') return { list: `/content-manager/single-types/${uid}`, entry: `/content-manager/single-types/${uid}` };
    const row = (await server.strapi.db.query(uid as never).findOne({ select: ['documentId'] })) as { documentId: string };
    return { list: `/content-manager/collection-types/${uid}`, entry: `/content-manager/collection-types/${uid}/${row.documentId}` };
  };

  /** Runs the calls a few at a time: hundreds of paths, one after the other, would take minutes. */
  const inParallel = async <T,>(jobs: (() => Promise<T>)[], width = 6) => {
    const queue = [...jobs];
    await Promise.all(Array.from({ length: width }, async () => {
      for (let job = queue.shift(); job; job = queue.shift()) await job();
    }));
  };

  const expectNothingOfTheOrganisers = (answer: ApiResponse, what: string) => {
    const text = JSON.stringify(answer.body);
    for (const secret of secrets) expect(text.includes(secret), `${what} answered ${answer.status} with "${secret}"`).toBe(false);
    expect(answer.status, what).toBeLessThan(500);
  };

  beforeAll(async () => {
    server = await startTestServer();
    const organiser = await signIn(server);
    const planted = await adminCall(server, organiser, 'POST', '/api/admin/houses', { body: PLANTED.house });
    expect(planted.status, JSON.stringify(planted.body)).toBe(200);
    const houses = housesResponseSchema.parse((await adminCall(server, organiser, 'GET', '/api/admin/houses')).body).houses;
    const seededHouse = houses.find((each) => each.name === 'Aschefrei')!;
    generateCodesResponseSchema.parse(
      (await adminCall(server, organiser, 'POST', '/api/admin/generate-codes', { body: { houseId: seededHouse.id, count: 3 } })).body,
    );
    const created = await adminCall(server, organiser, 'POST', '/api/admin/users', { body: { ...PLANTED.user, houseId: seededHouse.id } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const { items } = shopItemsResponseSchema.parse((await call(server, 'GET', '/api/shop/items')).body);
    const item = items.find((each) => each.variants.length > 0)!;
    const order = await call(server, 'POST', '/api/shop/orders', {
      body: { ...PLANTED.shopper, items: JSON.stringify([{ id: item.id, variant: item.variants[0], quantity: 1 }]) },
    });
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    // A key no rule knows (decision 030 refuses it on every write), so straight into the table,
    // as a row of an older version: its distinctive value is what no editor's answer may carry.
    const now = new Date();
    await server.strapi.db
      .connection('settings')
      .insert({ ...PLANTED.setting, document_id: 'h1probesettingrow00000000', created_at: now, updated_at: now, published_at: now });

    const db = server.strapi.db;
    const superAdmin = (await db.query('admin::user').findOne({ where: { email: TEST_SUPER_ADMIN.email } })) as { id: number };
    const editorRole = (await db.query('admin::role').findOne({ where: { code: 'gos-editor' } })) as { id: number };
    const permissions = (await db.query('admin::permission').findMany({
      where: { role: editorRole.id, action: 'plugin::content-manager.explorer.read' },
    })) as { subject: string }[];
    editable = [...new Set(permissions.map((permission) => permission.subject))];
    expect(editable.length).toBeGreaterThan(5);
    // The programme (issue 40) is walked like every other type the editor edits.
    expect(editable).toEqual(expect.arrayContaining(['api::place.place', 'api::programme-entry.programme-entry']));

    // The Super Admin last saved an entry of every type the editor edits, and every file.
    for (const uid of [...editable, 'plugin::upload.file']) {
      await db.query(uid as never).updateMany({ where: {}, data: { createdBy: superAdmin.id, updatedBy: superAdmin.id } });
    }

    const values = async (uid: string, field: string) =>
      ((await db.query(uid as never).findMany({ select: [field] })) as Record<string, unknown>[]).map((row) => String(row[field]));
    secrets = [
      ...(await values('api::house.house', 'chatUrl')),
      ...(await values('api::access-code.access-code', 'code')),
      ...(await values('plugin::users-permissions.user', 'username')),
      ...(await values('plugin::users-permissions.user', 'email')),
      ...(await values('api::order.order', 'orderNumber')),
      PLANTED.shopper.lastName,
      PLANTED.setting.value,
      TEST_SUPER_ADMIN.email,
    ];
    expect(secrets.length).toBeGreaterThan(10);
    organisersDocumentIds = [];
    for (const uid of Object.keys(server.strapi.contentTypes).filter((uid) => uid.startsWith('api::') && isOrganisers(uid))) {
      organisersDocumentIds.push(...(await values(uid, 'documentId')));
    }

    const panelSignIn = async ({ email, password }: { email: string; password: string }) => {
      const response = await call<{ data: { token: string } }>(server, 'POST', '/admin/login', { body: { email, password } });
      expect(response.status).toBe(200);
      return { authorization: `Bearer ${response.body.data.token}` };
    };
    editor = await panelSignIn(TEST_PANEL_EDITOR);
    owner = await panelSignIn(TEST_SUPER_ADMIN);
  });
  afterAll(async () => {
    await server?.destroy();
  });

  it('leaves no relation from a type the editor edits to the organisers\' data (Strapi\'s own createdBy and updatedBy aside)', () => {
    const doors = editable.flatMap((uid) =>
      pathsFrom(uid)
        .filter((path) => path.steps.length === 1 && !['createdBy', 'updatedBy'].includes(path.steps[0]) && isOrganisers(path.target))
        .map((path) => `${uid}.${path.steps[0]} → ${path.target}`),
    );
    expect(doors).toEqual([]);
  });

  it('reaches nothing of the organisers through any populate path', async () => {
    const reads: string[] = [];
    for (const uid of [...editable, ...MEDIA_TYPES]) {
      const { entry, list } = await endpointsOf(uid);
      const paths = pathsFrom(uid);
      expect(paths.length, uid).toBeGreaterThan(0);
      for (const { steps } of paths) {
        reads.push(`${entry}?${populateQuery(steps)}`);
      }
      for (const query of ['populate=*', 'populate[0]=*', 'populate=deep']) reads.push(`${list}?${query}`);
    }
    await inParallel(reads.map((read) => async () => expectNothingOfTheOrganisers(await asPanel(editor, 'GET', read), read)));
    console.info(`editor doors: ${reads.length} populate paths tried`);
  }, 120_000);

  it("keeps the paths the panel itself walks open to the editor", async () => {
    const { entry } = await endpointsOf('api::performer.performer');
    const { entry: programmeEntry } = await endpointsOf('api::programme-entry.programme-entry');
    const file = await server.strapi.db.query('plugin::upload.file').findOne({ select: ['id'] });
    for (const read of [
      `${programmeEntry}?populate[performer][populate][houses]=true&populate[place]=true`,
      '/content-manager/relations/api::programme-entry.programme-entry/performer',
      '/content-manager/relations/api::programme-entry.programme-entry/place',
      `${entry}?populate[photo]=true`,
      `${entry}?populate[houses]=true`,
      '/content-manager/collection-types/api::performer.performer?filters[houses][name][$eq]=Wachnase&sort=position:asc',
      '/upload/files?filters[$and][0][folder][id][$null]=true&sort=updatedAt:DESC',
      '/upload/folders?filters[$and][0][parent][id][$null]=true&populate[files][count]=true&populate[children][count]=true',
      `/upload/files/${file.id}?populate=*`,
    ]) {
      const answer = await asPanel(editor, 'GET', read);
      expect(answer.status, `${read}: ${JSON.stringify(answer.body).slice(0, 300)}`).toBe(200);
      expectNothingOfTheOrganisers(answer, read);
    }
    const performers = await asPanel(editor, 'GET', '/content-manager/collection-types/api::performer.performer?filters[houses][name][$eq]=Wachnase');
    expect((performers.body as { results: unknown[] }).results.length).toBeGreaterThan(0);
  });

  it("learns nothing of the organisers' values through any filter path", async () => {
    const db = server.strapi.db;
    const probes: (() => Promise<void>)[] = [];
    /** One stored text per type to test each path with, a private one (a code, a chat URL, an e-mail) first. */
    const probedField = async (uid: string): Promise<{ name: string; value: string } | undefined> => {
      const texts = Object.entries(schemaOf(uid)!.attributes as Record<string, Attribute & { private?: boolean }>)
        .filter(([, attribute]) => ['string', 'email', 'text', 'uid'].includes(attribute.type))
        .sort(([, a], [, b]) => Number(Boolean(b.private)) - Number(Boolean(a.private)));
      for (const [name] of texts) {
        const row = (await db.query(uid as never).findOne({ where: { [name]: { $notNull: true } }, select: [name] })) as Record<string, string> | null;
        if (row) return { name, value: row[name] };
      }
      return undefined;
    };
    for (const uid of [...editable, ...MEDIA_TYPES]) {
      const { list } = await endpointsOf(uid);
      for (const { steps, target } of pathsFrom(uid)) {
        if (target === null || !isOrganisers(target)) continue;
        const field = await probedField(target);
        if (!field) continue;
        probes.push(async () => {
          const real = await asPanel(editor, 'GET', `${list}?${filterQuery([...steps, field.name], field.value)}`);
          const madeUp = await asPanel(editor, 'GET', `${list}?${filterQuery([...steps, field.name], 'gibt-es-nicht-§')}`);
          const what = `${list} filtered by ${[...steps, field.name].join('.')}`;
          expectNothingOfTheOrganisers(real, what);
          expect(JSON.stringify(real.body), `${what} tells a real value from a made-up one`).toBe(JSON.stringify(madeUp.body));
        });
      }
    }
    await inParallel(probes);
    console.info(`editor doors: ${probes.length} filter paths tried`);
  }, 120_000);

  it("lists no organisers' rows through the relations endpoint", async () => {
    for (const uid of editable) {
      const { entry } = await endpointsOf(uid);
      const documentId = entry.split('/').at(-1);
      for (const [name, attribute] of Object.entries(schemaOf(uid)!.attributes)) {
        if (attribute.type !== 'relation') continue;
        for (const path of [`/content-manager/relations/${uid}/${name}`, `/content-manager/relations/${uid}/${documentId}/${name}`]) {
          const answer = await asPanel(editor, 'GET', path);
          expectNothingOfTheOrganisers(answer, path);
          const text = JSON.stringify(answer.body);
          for (const id of organisersDocumentIds) expect(text.includes(id), `${path} lists ${id}`).toBe(false);
        }
      }
    }
  });

  it("links no organisers' row to an entry, and unlinks none", async () => {
    const db = server.strapi.db;
    for (const uid of editable) {
      if (server.strapi.contentTypes[uid as never].kind !== 'collectionType') continue;
      for (const [name, attribute] of Object.entries(schemaOf(uid)!.attributes)) {
        if (attribute.type !== 'relation' || !attribute.target || !isOrganisers(attribute.target) || ['createdBy', 'updatedBy'].includes(name)) continue;
        const targets = (await db.query(attribute.target as never).findMany({ select: ['id', 'documentId'] })) as { id: number; documentId: string }[];
        const entry = (await db.query(uid as never).findOne({ populate: { [name]: { select: ['id'] } } })) as Record<string, unknown> & { documentId: string };
        const linked = () =>
          db
            .query(uid as never)
            .findOne({ where: { documentId: entry.documentId }, populate: { [name]: { select: ['id'] } } })
            .then((row) => JSON.stringify((row as Record<string, unknown>)[name]));
        const before = await linked();
        const path = `/content-manager/collection-types/${uid}/${entry.documentId}`;
        for (const change of ['connect', 'disconnect', 'set']) {
          await asPanel(editor, 'PUT', path, { [name]: { [change]: targets.map((target) => ({ documentId: target.documentId })) } });
          expect(await linked(), `${change} ${uid}.${name}`).toBe(before);
        }
      }
    }
  });

  it("refuses the editor the configuration of the organisers' types", async () => {
    const organisers = Object.keys(server.strapi.contentTypes).filter(
      (uid) => (uid.startsWith('api::') || uid === 'plugin::users-permissions.user') && isOrganisers(uid),
    );
    expect(organisers).toEqual(expect.arrayContaining(['api::house.house', 'api::access-code.access-code', 'api::order.order']));
    for (const uid of organisers) {
      const answer = await asPanel(editor, 'GET', `/content-manager/content-types/${uid}/configuration`);
      expect(answer.status, uid).toBe(403);
      expect(answer.body, uid).toMatchObject({ error: expect.anything() });
      // The Super Admin still arranges them.
      expect((await asPanel(owner, 'GET', `/content-manager/content-types/${uid}/configuration`)).status, uid).toBe(200);
    }
    for (const uid of editable) {
      expect((await asPanel(editor, 'GET', `/content-manager/content-types/${uid}/configuration`)).status, uid).toBe(200);
    }
  });

  it("shows the panel's versions and environment to the Super Admin only", async () => {
    // The panel asks on every page: the editor gets an answer without them, not a 403 in the console.
    const answer = await asPanel(editor, 'GET', '/admin/information');
    expect(answer.status).toBe(200);
    expect(JSON.stringify(answer.body)).not.toMatch(/strapiVersion|currentEnvironment|dependencies/);
    const forOwner = await asPanel(owner, 'GET', '/admin/information');
    expect(forOwner.status).toBe(200);
    expect(JSON.stringify(forOwner.body)).toContain('strapiVersion');
  });

  it("names who last saved an entry without the Super Admin's e-mail", async () => {
    for (const uid of [...editable, 'plugin::upload.file']) {
      const { entry, list } = await endpointsOf(uid);
      for (const path of [entry, list]) {
        const answer = await asPanel(editor, 'GET', path);
        expect(answer.status, path).toBe(200);
        expectNothingOfTheOrganisers(answer, path);
      }
    }
    // The Super Admin sees it as before.
    const { entry } = await endpointsOf('api::performer.performer');
    expect(JSON.stringify((await asPanel(owner, 'GET', entry)).body)).toContain(TEST_SUPER_ADMIN.email);
  });
});
