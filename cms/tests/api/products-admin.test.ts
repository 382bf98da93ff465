import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeholderEmail } from '../../src/bootstrap/accounts';
import { failureSchema } from '../../src/contract/common';
import { adminProductResponseSchema, adminProductsResponseSchema, type AdminProduct } from '../../src/contract/products';
import { shopItemsResponseSchema } from '../../src/contract/shop';
import { adminCall, call, sessionHeadersFor, signIn, type AdminSession } from '../helpers/api-client';
import { startTestServer, type TestServer } from '../helpers/strapi';

const pngImage = (hue = 120) =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: { r: hue, g: 40, b: 40 } } }).png().toBuffer();

type Fields = Record<string, string>;

function productForm(fields: Fields, image?: { bytes: Buffer; name: string; type: string }) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (image) form.append('image', new Blob([new Uint8Array(image.bytes)], { type: image.type }), image.name);
  return form;
}

const VALID: Fields = {
  title: 'Banner des Hauses',
  description: 'Gewebtes Banner, **1,5 m** lang.',
  price: '3200',
  variants: '["Aschefrei","Wachnase"]',
  availableQuantity: '7',
  isActive: 'true',
};

describe('admin products: /api/admin/shop/items', () => {
  let server: TestServer;
  let session: AdminSession;
  let memberHeaders: Record<string, string>;

  const fileRows = () => server.strapi.db.query('plugin::upload.file').count();
  const productRows = () => server.strapi.db.query('api::product.product').count();
  const listAdmin = async () => adminProductsResponseSchema.parse((await adminCall(server, session, 'GET', '/api/admin/shop/items')).body).items;
  const create = async (fields: Fields = VALID) =>
    adminCall(server, session, 'POST', '/api/admin/shop/items', {
      rawBody: productForm(fields, { bytes: await pngImage(), name: 'banner.png', type: 'image/png' }),
    });

  beforeAll(async () => {
    server = await startTestServer();
    session = await signIn(server);
    const member = await server.strapi.documents('plugin::users-permissions.user').create({
      data: { username: 'member', email: placeholderEmail('member'), password: 'member-password', confirmed: true, isAdmin: false } as never,
    });
    memberHeaders = await sessionHeadersFor(server, member.id as number);
  });
  afterAll(async () => {
    await server?.destroy();
  });

  it.each([
    ['GET', '/api/admin/shop/items'],
    ['POST', '/api/admin/shop/items'],
    ['PUT', '/api/admin/shop/items/1'],
    ['DELETE', '/api/admin/shop/items/1'],
  ])('%s %s refuses a caller without a session, with only x-user-id, a non-admin and a mismatched x-user-id', async (method, path) => {
    const products = await productRows();
    const rawBody = () => (method === 'GET' ? undefined : productForm({ ...VALID, title: 'Eindringling' }));
    const noSession = await call(server, method, path, { rawBody: rawBody() });
    expect(noSession.status).toBe(401);
    expect(noSession.body).toEqual({ success: false, error: 'Admin authentication required' });
    expect((await call(server, method, path, { rawBody: rawBody(), headers: { 'x-user-id': String(session.id) } })).status).toBe(401);
    const nonAdmin = await call(server, method, path, { rawBody: rawBody(), headers: memberHeaders });
    expect(nonAdmin.status).toBe(403);
    failureSchema.parse(nonAdmin.body);
    const mismatched = await adminCall(server, session, method, path, { rawBody: rawBody(), headers: { 'x-user-id': String(session.id + 1) } });
    expect(mismatched.status).toBe(403);
    expect(await productRows()).toBe(products);
  });

  it('lists every product, inactive ones too, with isActive', async () => {
    const items = await listAdmin();
    expect(items).toHaveLength(5);
    const old = items.find((item) => item.title === 'Met-Becher (Vorjahr)');
    expect(old).toMatchObject({ isActive: false, availableQuantity: 3, price: 1200, variants: ['Standard'] });
    expect(items.filter((item) => item.isActive)).toHaveLength(4);
  });

  it('creates a product from a multipart form and shows it in the shop with a loadable image', async () => {
    const files = await fileRows();
    const response = await create();
    expect(response.status).toBe(200);
    const { item } = adminProductResponseSchema.parse(response.body);
    expect(item).toMatchObject({
      title: 'Banner des Hauses',
      description: 'Gewebtes Banner, **1,5 m** lang.',
      price: 3200,
      variants: ['Aschefrei', 'Wachnase'],
      availableQuantity: 7,
      isActive: true,
    });
    expect(await fileRows()).toBe(files + 1);

    const shop = shopItemsResponseSchema.parse((await call(server, 'GET', '/api/shop/items')).body);
    const listed = shop.items.find((entry) => entry.id === item.id);
    const { isActive: _isActive, ...publicFields } = item;
    expect(listed).toEqual(publicFields);
    expect(listed?.image).toMatch(/^\/uploads\/banner_[\w]+\.png$/);
    const image = await fetch(`${server.baseUrl}${listed!.image}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect((await sharp(Buffer.from(await image.arrayBuffer())).metadata()).width).toBe(640);
    expect(listed?.imageSizes.thumbnail).toMatch(/^\/uploads\/thumbnail_banner_\w+\.png$/);
  });

  it('trims variants, drops empty ones and duplicates, and makes a product active unless told otherwise', async () => {
    const { isActive: _omitted, ...fields } = VALID;
    const response = await create({ ...fields, title: '  Wimpel  ', variants: '[" S ", "", "M", "S", "   "]' });
    expect(response.status).toBe(200);
    expect(adminProductResponseSchema.parse(response.body).item).toMatchObject({ title: 'Wimpel', variants: ['S', 'M'], isActive: true });
  });

  it('keeps an inactive product out of the shop', async () => {
    const { item } = adminProductResponseSchema.parse((await create({ ...VALID, title: 'Geheimes Banner', isActive: 'false' })).body);
    expect(item.isActive).toBe(false);
    const shop = shopItemsResponseSchema.parse((await call(server, 'GET', '/api/shop/items')).body);
    expect(shop.items.map((entry) => entry.id)).not.toContain(item.id);
    expect((await call(server, 'GET', `/api/shop/items/${item.id}`)).status).toBe(404);
  });

  it.each([
    [{ title: '' }, 'Title is required'],
    [{ title: '   ' }, 'Title is required'],
    [{ title: 'x'.repeat(201) }, 'Title must be at most 200 characters'],
    [{ description: '' }, 'Description is required'],
    [{ price: '12.50' }, 'Price must be a whole number of cents, 0 or more'],
    [{ price: '-1' }, 'Price must be a whole number of cents, 0 or more'],
    [{ price: 'zwölf' }, 'Price must be a whole number of cents, 0 or more'],
    [{ price: '' }, 'Price must be a whole number of cents, 0 or more'],
    [{ price: '99999999999' }, 'Price must be at most 1000000 cents'],
    [{ variants: '[]' }, 'At least one variant is required'],
    [{ variants: '["", "  "]' }, 'At least one variant is required'],
    [{ variants: '' }, 'At least one variant is required'],
    [{ variants: 'S, M, L' }, 'Variants must be a JSON list of names, e.g. ["S","M","L"]'],
    [{ variants: '[1, 2]' }, 'Variants must be a JSON list of names, e.g. ["S","M","L"]'],
    [{ variants: '{"S": true}' }, 'Variants must be a JSON list of names, e.g. ["S","M","L"]'],
    [{ availableQuantity: '-3' }, 'Available quantity must be a whole number, 0 or more'],
    [{ availableQuantity: '2.5' }, 'Available quantity must be a whole number, 0 or more'],
    [{ isActive: 'yes' }, 'isActive must be "true" or "false"'],
  ])('refuses %j with "%s" and stores nothing', async (change, error) => {
    const [products, files] = [await productRows(), await fileRows()];
    const response = await create({ ...VALID, ...change });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ success: false, error });
    expect([await productRows(), await fileRows()]).toEqual([products, files]);
  });

  it('refuses a missing field and a missing image', async () => {
    const { price: _price, ...withoutPrice } = VALID;
    expect((await create(withoutPrice)).body).toEqual({ success: false, error: 'Price must be a whole number of cents, 0 or more' });
    const noImage = await adminCall(server, session, 'POST', '/api/admin/shop/items', { rawBody: productForm(VALID) });
    expect(noImage.status).toBe(400);
    expect(noImage.body).toEqual({ success: false, error: 'Please choose an image file (JPEG, PNG, WebP or AVIF, at most 5 MB)' });
  });

  it('changes only the fields a partial update sends', async () => {
    const { item: before } = adminProductResponseSchema.parse((await create({ ...VALID, title: 'Teilweise' })).body);
    const response = await adminCall(server, session, 'PUT', `/api/admin/shop/items/${before.id}`, {
      rawBody: productForm({ price: '4100', availableQuantity: '0' }),
    });
    expect(response.status).toBe(200);
    const { item } = adminProductResponseSchema.parse(response.body);
    expect(item).toEqual({ ...before, price: 4100, availableQuantity: 0 });
    expect((await listAdmin()).find((entry) => entry.id === before.id)).toEqual(item);
  });

  it('also takes a partial update as JSON', async () => {
    const { item: before } = adminProductResponseSchema.parse((await create({ ...VALID, title: 'Per JSON' })).body);
    const response = await adminCall(server, session, 'PUT', `/api/admin/shop/items/${before.id}`, {
      body: { isActive: false, variants: ['Einheitsgröße'] },
    });
    expect(adminProductResponseSchema.parse(response.body).item).toEqual({ ...before, isActive: false, variants: ['Einheitsgröße'] });
    const invalid = await adminCall(server, session, 'PUT', `/api/admin/shop/items/${before.id}`, { body: { price: -5 } });
    expect(invalid.body).toEqual({ success: false, error: 'Price must be a whole number of cents, 0 or more' });
  });

  it('replaces the image on update and removes the one it replaced', async () => {
    const { item: before } = adminProductResponseSchema.parse((await create({ ...VALID, title: 'Neues Bild' })).body);
    const files = await fileRows();
    const response = await adminCall(server, session, 'PUT', `/api/admin/shop/items/${before.id}`, {
      rawBody: productForm({}, { bytes: await pngImage(200), name: 'neu.png', type: 'image/png' }),
    });
    const { item } = adminProductResponseSchema.parse(response.body);
    expect(item.image).toMatch(/^\/uploads\/neu_\w+\.png$/);
    expect({ ...item, image: null, imageSizes: {} }).toEqual({ ...before, image: null, imageSizes: {} });
    expect(await fileRows()).toBe(files);
    expect((await fetch(`${server.baseUrl}${before.image}`)).status).toBe(404);
    expect((await fetch(`${server.baseUrl}${item.image}`)).status).toBe(200);
  });

  it('refuses an invalid update and leaves the product as it was', async () => {
    const { item: before } = adminProductResponseSchema.parse((await create({ ...VALID, title: 'Unverändert' })).body);
    for (const fields of [{ title: '' }, { price: '1.5' }, { variants: '[]' }] as Fields[]) {
      const response = await adminCall(server, session, 'PUT', `/api/admin/shop/items/${before.id}`, { rawBody: productForm(fields) });
      expect(response.status).toBe(400);
    }
    expect((await listAdmin()).find((entry) => entry.id === before.id)).toEqual(before);
  });

  it('refuses an empty multipart body, which says nothing, instead of reading it as "change nothing"', async () => {
    const { item: before } = adminProductResponseSchema.parse((await create({ ...VALID, title: 'Leer gesendet' })).body);
    const headers = { 'content-type': 'multipart/form-data; boundary=----gos' };
    for (const [method, path] of [['PUT', `/api/admin/shop/items/${before.id}`], ['POST', '/api/admin/shop/items']]) {
      const response = await adminCall(server, session, method, path, { rawBody: '', headers });
      expect({ method, status: response.status, body: response.body }).toEqual({ method, status: 400, body: { success: false, error: 'The request body is empty' } });
    }
    expect((await listAdmin()).find((entry) => entry.id === before.id)).toEqual(before);
    expect((await listAdmin()).filter((entry) => entry.title === 'Leer gesendet')).toHaveLength(1);
  });

  it('answers an unknown or malformed product id with 404', async () => {
    for (const id of ['999999', 'abc', '0', '99999999999']) {
      for (const method of ['PUT', 'DELETE']) {
        const response = await adminCall(server, session, method, `/api/admin/shop/items/${id}`, { rawBody: productForm({ price: '1' }) });
        expect(response.status).toBe(404);
        expect(response.body).toEqual({ success: false, error: 'Product not found' });
      }
    }
  });

  it('deletes a product together with the image it owned', async () => {
    const { item } = adminProductResponseSchema.parse((await create({ ...VALID, title: 'Zum Löschen' })).body);
    const files = await fileRows();
    const response = await adminCall(server, session, 'DELETE', `/api/admin/shop/items/${item.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true });
    expect((await listAdmin()).map((entry: AdminProduct) => entry.id)).not.toContain(item.id);
    expect(await fileRows()).toBe(files - 1);
    expect((await fetch(`${server.baseUrl}${item.image}`)).status).toBe(404);
    expect((await call(server, 'GET', `/api/shop/items/${item.id}`)).status).toBe(404);
  });

  it('keeps the image of a deleted or changed product while other content uses it: a performer\'s photo, a picture in a FAQ answer', async () => {
    const fileOf = async (id: number) =>
      ((await server.strapi.documents('api::product.product').findFirst({ filters: { id }, populate: ['image'] })) as unknown as { image: { id: number; url: string; hash: string } }).image;
    const { item: asPhoto } = adminProductResponseSchema.parse((await create({ ...VALID, title: 'Auch ein Foto' })).body);
    const photo = await fileOf(asPhoto.id);
    const [performer] = await server.strapi.documents('api::performer.performer').findMany({ limit: 1 });
    await server.strapi.documents('api::performer.performer').update({ documentId: performer.documentId, data: { photo: photo.id } as never });

    const { item: inText } = adminProductResponseSchema.parse((await create({ ...VALID, title: 'Auch im Text' })).body);
    const pictured = await fileOf(inText.id);
    const [faq] = await server.strapi.documents('api::faq-item.faq-item').findMany({ limit: 1 });
    await server.strapi.documents('api::faq-item.faq-item').update({
      documentId: faq.documentId,
      data: { answer: `${faq.answer}\n\n![Banner](/uploads/small_${pictured.hash}.png)` } as never,
    });

    const files = await fileRows();
    expect((await adminCall(server, session, 'DELETE', `/api/admin/shop/items/${asPhoto.id}`)).status).toBe(200);
    const replaced = await adminCall(server, session, 'PUT', `/api/admin/shop/items/${inText.id}`, {
      rawBody: productForm({}, { bytes: await pngImage(200), name: 'anders.png', type: 'image/png' }),
    });
    expect(replaced.status).toBe(200);
    // The new image came, neither old one went.
    expect(await fileRows()).toBe(files + 1);
    for (const kept of [photo, pictured]) expect((await fetch(`${server.baseUrl}${kept.url}`)).status).toBe(200);
    const content = (await call<{ performers: { photo: { url: string } | null }[] }>(server, 'GET', '/api/site-content')).body;
    expect(content.performers.map((entry) => entry.photo?.url)).toContain(photo.url);
  });
});
