import { randomBytes } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failureSchema } from '../../src/contract/common';
import { adminProductResponseSchema } from '../../src/contract/products';
import { adminCall, call, signIn, type AdminSession } from '../helpers/api-client';
import { startTestServer, type TestServer } from '../helpers/strapi';

const FIVE_MB = 5 * 1024 * 1024;

const canvas = () => sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 90, g: 20, b: 20 } } });
const images = {
  jpeg: () => canvas().jpeg().toBuffer(),
  png: () => canvas().png().toBuffer(),
  webp: () => canvas().webp().toBuffer(),
  avif: () => canvas().avif().toBuffer(),
  gif: () => canvas().gif().toBuffer(),
  tiff: () => canvas().tiff().toBuffer(),
};

const FIELDS = {
  title: 'Upload-Probe',
  description: 'Nur für den Test.',
  price: '100',
  variants: '["Einheitsgröße"]',
  availableQuantity: '1',
};

type Upload = { bytes: Buffer; name: string; type: string };

function form(...uploads: Upload[]) {
  const body = new FormData();
  for (const [name, value] of Object.entries(FIELDS)) body.append(name, value);
  for (const upload of uploads) body.append('image', new Blob([new Uint8Array(upload.bytes)], { type: upload.type }), upload.name);
  return body;
}

/** Files in the system's temporary folder with exactly one of these contents (formidable keeps uploads there). */
async function temporaryCopies(contents: Buffer[]) {
  const copies: string[] = [];
  for (const name of await readdir(os.tmpdir())) {
    const file = path.join(os.tmpdir(), name);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile() || !contents.some((content) => content.length === info.size)) continue;
    const bytes = await readFile(file).catch(() => null);
    if (bytes && contents.some((content) => content.equals(bytes))) copies.push(file);
  }
  return copies;
}

const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');

describe('product image uploads are checked by content', () => {
  let server: TestServer;
  let session: AdminSession;

  const uploadsDir = () => path.join(server.workDir, 'public', 'uploads');
  const stored = async () => ({
    products: await server.strapi.db.query('api::product.product').count(),
    fileRows: await server.strapi.db.query('plugin::upload.file').count(),
    filesOnDisk: (await readdir(uploadsDir())).length,
  });
  const post = (...uploads: Upload[]) => adminCall(server, session, 'POST', '/api/admin/shop/items', { rawBody: form(...uploads) });

  beforeAll(async () => {
    server = await startTestServer();
    session = await signIn(server);
  });
  afterAll(async () => {
    await server?.destroy();
  });

  it.each([
    ['jpeg', 'image/jpeg', 'jpg'],
    ['png', 'image/png', 'png'],
    ['webp', 'image/webp', 'webp'],
    ['avif', 'image/avif', 'avif'],
  ] as const)('accepts a real %s image and serves it as %s', async (format, mime, ext) => {
    const response = await post({ bytes: await images[format](), name: `probe.${ext}`, type: mime });
    expect(response.status).toBe(200);
    const { item } = adminProductResponseSchema.parse(response.body);
    expect(item.image).toMatch(new RegExp(`^/uploads/probe_\\w+\\.${ext}$`));
    const served = await fetch(`${server.baseUrl}${item.image}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe(mime);
  });

  it('names and types the stored file by its content, not by the name or type it was sent with', async () => {
    const response = await post({ bytes: await images.png(), name: 'falsch.jpg', type: 'image/jpeg' });
    const { item } = adminProductResponseSchema.parse(response.body);
    expect(item.image).toMatch(/^\/uploads\/falsch_\w+\.png$/);
    const file = await server.strapi.db.query('plugin::upload.file').findOne({ where: { url: item.image } });
    expect(file).toMatchObject({ mime: 'image/png', ext: '.png' });
  });

  it.each<[string, () => Promise<Upload>, string]>([
    ['text renamed .png', async () => ({ bytes: Buffer.from('Das ist kein Bild, nur Text.\n'), name: 'text.png', type: 'image/png' }), 'Only JPEG, PNG, WebP or AVIF images are accepted'],
    ['an SVG with a script', async () => ({ bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><rect width="10" height="10"/></svg>'), name: 'logo.svg', type: 'image/svg+xml' }), 'Only JPEG, PNG, WebP or AVIF images are accepted'],
    ['an SVG renamed .png', async () => ({ bytes: Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), name: 'logo.png', type: 'image/png' }), 'Only JPEG, PNG, WebP or AVIF images are accepted'],
    ['HTML renamed .png', async () => ({ bytes: HTML, name: 'page.png', type: 'image/png' }), 'Only JPEG, PNG, WebP or AVIF images are accepted'],
    ['a GIF', async () => ({ bytes: await images.gif(), name: 'anim.gif', type: 'image/gif' }), 'Only JPEG, PNG, WebP or AVIF images are accepted'],
    ['a TIFF', async () => ({ bytes: await images.tiff(), name: 'scan.tiff', type: 'image/tiff' }), 'Only JPEG, PNG, WebP or AVIF images are accepted'],
    ['a PNG signature followed by HTML', async () => ({ bytes: Buffer.concat([(await images.png()).subarray(0, 8), HTML]), name: 'poly.png', type: 'image/png' }), 'The image file is damaged or not a real JPEG, PNG, WebP or AVIF image'],
    ['a real PNG with HTML appended (polyglot)', async () => ({ bytes: Buffer.concat([await images.png(), HTML]), name: 'poly.png', type: 'image/png' }), 'The image file is damaged or not a real JPEG, PNG, WebP or AVIF image'],
    ['a JPEG header followed by HTML', async () => ({ bytes: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), HTML]), name: 'poly.jpg', type: 'image/jpeg' }), 'The image file is damaged or not a real JPEG, PNG, WebP or AVIF image'],
    ['a truncated JPEG', async () => {
      const jpeg = await images.jpeg();
      return { bytes: jpeg.subarray(0, Math.floor(jpeg.length / 2)), name: 'halb.jpg', type: 'image/jpeg' };
    }, 'The image file is damaged or not a real JPEG, PNG, WebP or AVIF image'],
    ['a WebP with bytes appended', async () => ({ bytes: Buffer.concat([await images.webp(), HTML]), name: 'poly.webp', type: 'image/webp' }), 'The image file is damaged or not a real JPEG, PNG, WebP or AVIF image'],
    ['an AVIF with bytes appended', async () => ({ bytes: Buffer.concat([await images.avif(), HTML]), name: 'poly.avif', type: 'image/avif' }), 'The image file is damaged or not a real JPEG, PNG, WebP or AVIF image'],
    ['an empty file', async () => ({ bytes: Buffer.alloc(0), name: 'leer.png', type: 'image/png' }), 'The image file is empty. Please choose an image file (JPEG, PNG, WebP or AVIF, at most 5 MB)'],
    ['exactly 5 MB that is no image', async () => ({ bytes: Buffer.concat([await images.png(), Buffer.alloc(FIVE_MB)]).subarray(0, FIVE_MB), name: 'gross.png', type: 'image/png' }), 'The image file is damaged or not a real JPEG, PNG, WebP or AVIF image'],
  ])('refuses %s with 400 and stores nothing', async (_label, make, error) => {
    const before = await stored();
    const response = await post(await make());
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ success: false, error });
    expect(await stored()).toEqual(before);
  });

  it('refuses a file over 5 MB with a 4xx in the contract shape and stores nothing', async () => {
    const before = await stored();
    const response = await post({ bytes: Buffer.concat([await images.png(), Buffer.alloc(FIVE_MB)]), name: 'riesig.png', type: 'image/png' });
    expect(response.status).toBe(413);
    failureSchema.parse(response.body);
    expect(await stored()).toEqual(before);
  });

  it('refuses two images in one request', async () => {
    const before = await stored();
    const png = { bytes: await images.png(), name: 'a.png', type: 'image/png' };
    const response = await post(png, { ...png, name: 'b.png' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ success: false, error: 'Please send exactly one image file' });
    expect(await stored()).toEqual(before);
  });

  it('checks a replacement image on update the same way and keeps the old one', async () => {
    const { item } = adminProductResponseSchema.parse((await post({ bytes: await images.png(), name: 'alt.png', type: 'image/png' })).body);
    const before = await stored();
    const update = new FormData();
    update.append('image', new Blob([new Uint8Array(HTML)], { type: 'image/png' }), 'neu.png');
    const response = await adminCall(server, session, 'PUT', `/api/admin/shop/items/${item.id}`, { rawBody: update });
    expect(response.status).toBe(400);
    expect(await stored()).toEqual(before);
    expect((await fetch(`${server.baseUrl}${item.image}`)).status).toBe(200);
  });

  it('stores nothing for a caller without an admin session', async () => {
    const before = await stored();
    const response = await call(server, 'POST', '/api/admin/shop/items', { rawBody: form({ bytes: await images.png(), name: 'x.png', type: 'image/png' }) });
    expect(response.status).toBe(401);
    expect(await stored()).toEqual(before);
  });

  it('leaves no temporary upload file behind, whether the upload is stored, refused or unauthorised', async () => {
    const [r, g, b] = randomBytes(3);
    const accepted = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r, g, b } } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    const stamped = accepted.subarray(0, accepted.length - 12);
    const refused = Buffer.from(`kein Bild ${randomBytes(16).toString('hex')}`);
    const anonymous = Buffer.from(`anonym ${randomBytes(16).toString('hex')}`);
    expect((await post({ bytes: accepted, name: 'ok.png', type: 'image/png' })).status).toBe(200);
    expect((await post({ bytes: stamped, name: 'kaputt.png', type: 'image/png' })).status).toBe(400);
    expect((await post({ bytes: refused, name: 'text.png', type: 'image/png' })).status).toBe(400);
    const unauthorised = await call(server, 'POST', '/api/admin/shop/items', { rawBody: form({ bytes: anonymous, name: 'x.png', type: 'image/png' }) });
    expect(unauthorised.status).toBe(401);
    expect(await temporaryCopies([accepted, stamped, refused, anonymous])).toEqual([]);
  });
});
