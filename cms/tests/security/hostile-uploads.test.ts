import { randomBytes } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { crc32 } from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failureSchema } from '../../src/contract/common';
import { adminProductResponseSchema } from '../../src/contract/products';
import { adminCall, call, signIn, type AdminSession } from '../helpers/api-client';
import { sampleImages } from '../helpers/sample-images';
import { startTestServer, type TestServer } from '../helpers/strapi';
import { reportFigures } from '../helpers/figures';
import { Tally } from './support/requests';

const FIVE_MB = 5 * 1024 * 1024;

const images = sampleImages;

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

/**
 * Files below the system's temporary folder (formidable's uploads, in each request's scratch
 * folder under gos-cms-uploads, and Strapi's upload working folders) with exactly one of these contents.
 */
async function temporaryCopies(contents: Buffer[]) {
  const copies: string[] = [];
  const entries = await readdir(os.tmpdir(), { recursive: true }).catch(() => [] as string[]);
  for (const name of entries) {
    if (!name.startsWith('gos-cms-uploads') && !name.startsWith('strapi-upload-') && name.includes(path.sep)) continue;
    const file = path.join(os.tmpdir(), name);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile() || !contents.some((content) => content.length === info.size)) continue;
    const bytes = await readFile(file).catch(() => null);
    if (bytes && contents.some((content) => content.equals(bytes))) copies.push(file);
  }
  return copies;
}

const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
const SCRIPT = '<script>alert(document.domain)</script>';

/** A PNG chunk with its length and CRC, as a real encoder writes it. */
const pngChunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** A real PNG with one more chunk after its header: a text comment, for example. */
const pngWithChunk = async (type: string, data: Buffer) => {
  const png = await images.png();
  return Buffer.concat([png.subarray(0, 33), pngChunk(type, data), png.subarray(33)]);
};

/** A real PNG whose header claims a width and height no server should decode. */
const pixelBomb = async () => {
  const png = await images.png();
  const header = Buffer.alloc(13);
  png.copy(header, 0, 16, 29);
  header.writeUInt32BE(100_000, 0);
  header.writeUInt32BE(100_000, 4);
  return Buffer.concat([png.subarray(0, 8), pngChunk('IHDR', header), png.subarray(33)]);
};

/** A real JPEG with a comment segment (0xFFFE) right after its start marker. */
const jpegWithComment = async (comment: string) => {
  const jpeg = await images.jpeg();
  const text = Buffer.from(comment, 'latin1');
  const segment = Buffer.alloc(4);
  segment.writeUInt16BE(0xfffe, 0);
  segment.writeUInt16BE(text.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), segment, text, jpeg.subarray(2)]);
};

/** A RIFF/WEBP container whose size field is right but whose only chunk is script. */
const webpShell = () => {
  const chunk = Buffer.concat([Buffer.from('VP8 '), Buffer.alloc(4), Buffer.from(SCRIPT)]);
  chunk.writeUInt32LE(SCRIPT.length, 4);
  const header = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBP')]);
  header.writeUInt32LE(4 + chunk.length, 4);
  return Buffer.concat([header, chunk]);
};

const text = (content: string) => Buffer.from(content, 'latin1');

describe('product image uploads are checked by content', () => {
  let server: TestServer;
  let session: AdminSession;

  const tally = new Tally();
  const stored = async () => ({
    products: (await server.strapi.db.query('api::product.product').findMany({ orderBy: { id: 'asc' }, populate: ['image'] })).map((p) => JSON.stringify(p)),
    fileRows: await server.strapi.db.query('plugin::upload.file').count(),
    filesOnDisk: (await readdir(path.join(server.workDir, 'public'), { recursive: true })).sort(),
  });
  const post = async (...uploads: Upload[]) => {
    const response = await adminCall(server, session, 'POST', '/api/admin/shop/items', { rawBody: form(...uploads) });
    tally.record(response.status);
    return response;
  };

  beforeAll(async () => {
    server = await startTestServer();
    session = await signIn(server);
  });
  afterAll(async () => {
    if (server) reportFigures('hostile-uploads', server.database.client, { uploads: { ...tally.figures(), accepted: tally.statuses[200] ?? 0 } });
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
    ['a GIF/JavaScript polyglot', async () => ({ bytes: text(`GIF89a/*\x01\x00\x01\x00\x00\x00\x00*/=1;alert(document.domain)//;`), name: 'poly.gif', type: 'image/gif' }), 'Only JPEG, PNG, WebP or AVIF images are accepted'],
    ['a GIF/JavaScript polyglot renamed .jpg', async () => ({ bytes: text(`GIF89a=1;${SCRIPT}`), name: 'poly.jpg', type: 'image/jpeg' }), 'Only JPEG, PNG, WebP or AVIF images are accepted'],
    ['a real JPEG with HTML appended after its end (polyglot)', async () => ({ bytes: Buffer.concat([await images.jpeg(), HTML]), name: 'poly.jpg', type: 'image/jpeg' }), 'The image file is damaged or not a real JPEG, PNG, WebP or AVIF image'],
    ['a real JPEG with a script in its comment segment', async () => ({ bytes: await jpegWithComment(SCRIPT), name: 'kommentar.jpg', type: 'image/jpeg' }), 'The image file is damaged or not a real JPEG, PNG, WebP or AVIF image'],
    ['a real PNG with a script in a text chunk', async () => ({ bytes: await pngWithChunk('tEXt', Buffer.from(`Comment\0${SCRIPT}`)), name: 'text.png', type: 'image/png' }), 'The image file is damaged or not a real JPEG, PNG, WebP or AVIF image'],
    ['a PNG that claims 100000 × 100000 pixels (decompression bomb)', async () => ({ bytes: await pixelBomb(), name: 'bombe.png', type: 'image/png' }), 'The image file is damaged or not a real JPEG, PNG, WebP or AVIF image'],
    ['a WebP container holding only script', async () => ({ bytes: webpShell(), name: 'leer.webp', type: 'image/webp' }), 'The image file is damaged or not a real JPEG, PNG, WebP or AVIF image'],
    ['an AVIF file type box followed by HTML', async () => ({ bytes: Buffer.concat([(await images.avif()).subarray(0, 32), HTML]), name: 'poly.avif', type: 'image/avif' }), 'The image file is damaged or not a real JPEG, PNG, WebP or AVIF image'],
    ['a PHP script with a double extension', async () => ({ bytes: text('<?php system($_GET["c"]); ?>'), name: 'shell.php.png', type: 'image/png' }), 'Only JPEG, PNG, WebP or AVIF images are accepted'],
    ['HTML named .png.html and sent as text/html', async () => ({ bytes: HTML, name: 'bild.png.html', type: 'text/html' }), 'Only JPEG, PNG, WebP or AVIF images are accepted'],
    ['a path-traversal file name', async () => ({ bytes: HTML, name: '../../../../public/index.png', type: 'image/png' }), 'Only JPEG, PNG, WebP or AVIF images are accepted'],
    ['a Windows path-traversal file name', async () => ({ bytes: text('[boot loader]'), name: '..\\..\\windows\\win.ini.png', type: 'image/png' }), 'Only JPEG, PNG, WebP or AVIF images are accepted'],
    ['a file name with a NUL byte', async () => ({ bytes: HTML, name: 'bild.png\u0000.html', type: 'image/png' }), 'Only JPEG, PNG, WebP or AVIF images are accepted'],
    ['a file name of 5000 characters', async () => ({ bytes: HTML, name: `${'a'.repeat(5000)}.png`, type: 'image/png' }), 'Only JPEG, PNG, WebP or AVIF images are accepted'],
    ['a Windows program behind a right-to-left override', async () => ({ bytes: Buffer.concat([text('MZ\x90\x00'), Buffer.alloc(200)]), name: 'bild\u202Egnp.exe', type: 'image/png' }), 'Only JPEG, PNG, WebP or AVIF images are accepted'],
    ['a PDF sent as image/jpeg', async () => ({ bytes: text('%PDF-1.4\n1 0 obj << /JS (app.alert(1)) >> endobj\n%%EOF'), name: 'flyer.jpg', type: 'image/jpeg' }), 'Only JPEG, PNG, WebP or AVIF images are accepted'],
    ['a ZIP archive renamed .webp', async () => ({ bytes: Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100)]), name: 'archiv.webp', type: 'image/webp' }), 'Only JPEG, PNG, WebP or AVIF images are accepted'],
    ['a HEIC file type box', async () => ({ bytes: Buffer.concat([Buffer.from([0, 0, 0, 24]), text('ftypheic'), Buffer.alloc(4), text('mif1heic'), Buffer.alloc(64)]), name: 'foto.heic', type: 'image/heic' }), 'Only JPEG, PNG, WebP or AVIF images are accepted'],
    ['a BMP', async () => ({ bytes: Buffer.concat([text('BM'), Buffer.alloc(60)]), name: 'alt.bmp', type: 'image/bmp' }), 'Only JPEG, PNG, WebP or AVIF images are accepted'],
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

  it('refuses a file sent in another field than image, and stores nothing', async () => {
    const before = await stored();
    const body = form();
    body.append('files', new Blob([new Uint8Array(await images.png())], { type: 'image/png' }), 'bild.png');
    const response = await adminCall(server, session, 'POST', '/api/admin/shop/items', { rawBody: body });
    tally.record(response.status);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ success: false, error: 'Please choose an image file (JPEG, PNG, WebP or AVIF, at most 5 MB)' });
    expect(await stored()).toEqual(before);
  });

  it.each([
    ['a body cut off inside the file', (png: Buffer) => Buffer.concat([Buffer.from('--gos\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n'), png.subarray(0, 100)])],
    ['a part without headers', () => Buffer.from('--gos\r\n\r\nnur Daten\r\n--gos--\r\n')],
    ['no closing boundary at all', () => Buffer.from('kein multipart')],
  ])('answers a broken multipart body (%s) with a 4xx in the contract shape and stores nothing', async (_label, make) => {
    const before = await stored();
    const response = await call(server, 'POST', '/api/admin/shop/items', {
      rawBody: new Uint8Array(make(await images.png())) as unknown as string,
      headers: { ...session.headers, 'content-type': 'multipart/form-data; boundary=gos' },
    });
    tally.record(response.status);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    failureSchema.parse(response.body);
    expect(await stored()).toEqual(before);
  });

  it('keeps a real image sent under a hostile name inside the upload folder, under a safe name', async () => {
    for (const name of ['../../../../etc/passwd.png', '..\\..\\boot.png', '.htaccess.png', 'bild.png\u0000.html', `<img src=x onerror=alert(1)>.png`, '%2e%2e%2fkaputt.png']) {
      const before = (await readdir(server.workDir, { recursive: true })).filter((file) => !file.startsWith(path.join('public', 'uploads')));
      const response = await post({ bytes: await images.png(), name, type: 'image/png' });
      const { item } = adminProductResponseSchema.parse(response.body);
      expect(item.image, name).toMatch(/^\/uploads\/[A-Za-z0-9_-]+\.png$/);
      const after = (await readdir(server.workDir, { recursive: true })).filter((file) => !file.startsWith(path.join('public', 'uploads')));
      expect(after.sort(), name).toEqual(before.sort());
    }
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
