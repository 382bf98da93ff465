import http from 'node:http';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failureSchema } from '../../src/contract/common';
import { call, signIn, type AdminSession } from '../helpers/api-client';
import { startTestServer, TEST_SUPER_ADMIN, type TestServer } from '../helpers/strapi';

/**
 * Images each under the 40-megapixel limit, many of them: twenty 1-bit PNGs of 6300×6300 (5 kB
 * each, 98 kB in one request) took 47 s of the cms's CPU and 240 MB more memory before the
 * budget; each is decoded five times (the check, the optimisation, three sizes, the thumbnail).
 */

const chunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
};

/** A real, whole 1-bit greyscale PNG of width × height, all black: a few kB for 40 megapixels. */
function blackPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8);
  // Each row: filter byte 0, then width bits of zeros.
  const raw = Buffer.alloc(height * (1 + Math.ceil(width / 8)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

type Answer = { status: number; body: Record<string, unknown> };

/** A multipart request from a chosen loopback address: each address is a client of its own to the cms. */
async function sendFrom(server: TestServer, localAddress: string, path: string, form: FormData, headers: Record<string, string> = {}): Promise<Answer> {
  const encoded = new Response(form);
  const body = Buffer.from(await encoded.arrayBuffer());
  const { hostname, port } = new URL(server.baseUrl);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        hostname,
        port,
        path,
        method: 'POST',
        localAddress,
        headers: { ...headers, 'content-type': encoded.headers.get('content-type')!, 'content-length': body.length, connection: 'close' },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (part: Buffer) => chunks.push(part));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: Record<string, unknown>;
          try {
            parsed = JSON.parse(text) as Record<string, unknown>;
          } catch {
            parsed = { text };
          }
          resolve({ status: response.statusCode ?? 0, body: parsed });
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

const files = (images: Buffer[], type: string, extension: string) => {
  const form = new FormData();
  images.forEach((bytes, index) => form.append('files', new Blob([new Uint8Array(bytes)], { type }), `bild-${index}.${extension}`));
  return form;
};

const PRODUCT_FIELDS = { title: 'Pixelbudget', description: 'Test', price: '100', variants: '["M"]', availableQuantity: '1' };

describe('the pixels of a request and of a client in a minute', () => {
  let server: TestServer;
  let panelToken: string;
  let organiser: AdminSession;
  const storedFiles = () => server.strapi.db.query('plugin::upload.file').count();

  beforeAll(async () => {
    server = await startTestServer();
    organiser = await signIn(server);
    const panel = await call<{ data: { token: string } }>(server, 'POST', '/admin/login', { body: TEST_SUPER_ADMIN });
    panelToken = panel.body.data.token;
  });
  afterAll(async () => {
    await server?.destroy();
  });

  it('refuse twenty 40-megapixel PNGs in one media-library upload with 413 in German, before decoding any', async () => {
    const png = blackPng(6300, 6300);
    expect(png.length).toBeLessThan(10_000);
    const before = await storedFiles();
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    const answer = await sendFrom(server, '127.0.0.1', '/upload', files(Array(20).fill(png), 'image/png', 'png'), { authorization: `Bearer ${panelToken}` });
    const cpuSeconds = (process.cpuUsage(cpuBefore).user + process.cpuUsage(cpuBefore).system) / 1e6;

    expect(answer.status).toBe(413);
    expect(failureSchema.parse(answer.body).error).toBe(
      'Die Bilder dieser Anfrage haben zusammen mehr als 200 Megapixel. Bitte lade weniger oder kleinere Bilder auf einmal hoch.',
    );
    expect(performance.now() - started).toBeLessThan(5000);
    // The cms runs in this process: its CPU is this process's.
    expect(cpuSeconds).toBeLessThan(3);
    expect(await storedFiles()).toBe(before);
  }, 120_000);

  it("refuse a client past its pixels of the minute with 429 in German, on the media library and the dashboard's product image, while another client still uploads", async () => {
    // The budget made small for the test: three 3-megapixel photos fit, a fourth does not.
    const original = (server.strapi.config.get('image-limits') as { perClientMinute?: number } | undefined)?.perClientMinute;
    server.strapi.config.set('image-limits.perClientMinute', 10_000_000);
    try {
      const photo = await sharp({ create: { width: 2000, height: 1500, channels: 3, background: '#5e8e2e' } }).jpeg().toBuffer();
      const asEditor = { authorization: `Bearer ${panelToken}` };
      const upload = (address: string) => sendFrom(server, address, '/upload', files([photo], 'image/jpeg', 'jpg'), asEditor);
      const before = await storedFiles();

      for (let index = 0; index < 3; index++) expect((await upload('127.0.0.2')).status).toBe(201);
      const refused = await upload('127.0.0.2');
      expect(refused.status).toBe(429);
      const tooMany = 'Zu viele Bildpunkte in kurzer Zeit (höchstens 10 Megapixel pro Minute). Bitte warte eine Minute und versuche es dann erneut.';
      expect(failureSchema.parse(refused.body).error).toBe(tooMany);

      const product = new FormData();
      for (const [name, value] of Object.entries(PRODUCT_FIELDS)) product.append(name, value);
      product.append('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'hemd.jpg');
      const dashboard = await sendFrom(server, '127.0.0.2', '/api/admin/shop/items', product, organiser.headers);
      expect(dashboard.status).toBe(429);
      expect(failureSchema.parse(dashboard.body).error).toBe(tooMany);
      expect(await storedFiles()).toBe(before + 3);

      expect((await upload('127.0.0.3')).status).toBe(201);
      expect(await storedFiles()).toBe(before + 4);
    } finally {
      server.strapi.config.set('image-limits.perClientMinute', original);
    }
  }, 120_000);
});
