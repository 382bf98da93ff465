import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../helpers/api-client';
import { sampleImages } from '../helpers/sample-images';
import { startTestServer, type TestServer } from '../helpers/strapi';

// Issue 16: a panel user (an Editor too) uploaded an .html and a .js file through the media
// library; the site served them from its own origin as a page and a script, and the page, opened
// by an organiser, used the dashboard's session. Here the panel's own API, as the panel calls it.

const SEEDED_ACCOUNT = { email: 'editor@test.invalid', password: 'Editor-Test-1' };
const EDITOR_ROLE_ACCOUNT = { email: 'media-editor@test.invalid', password: 'Media-Editor-2' };

const PAGE = '<!doctype html><html><body><script>fetch("/api/admin/users").then((r) => r.text()).then((t) => (document.title = t))</script></body></html>';
const SCRIPT = 'fetch("/api/admin/users", { credentials: "include" }).then((r) => r.text()).then(console.log);';

const images = sampleImages;

/** A small PDF as a writer makes one: header, objects, cross-reference table, trailer, %%EOF. */
function pdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

type Upload = { bytes: Buffer; name: string; type: string };

const form = (...uploads: Upload[]) => {
  const body = new FormData();
  for (const { bytes, name, type } of uploads) body.append('files', new Blob([new Uint8Array(bytes)], { type }), name);
  return body;
};

type StrapiFailure = { error: { status: number; message: string } };
type StoredFile = { id: number; url: string; mime: string; ext: string };

const HOSTILE: [label: string, make: () => Promise<Upload>][] = [
  ['an HTML page', async () => ({ bytes: Buffer.from(PAGE), name: 'take-over.html', type: 'text/html' })],
  ['a script', async () => ({ bytes: Buffer.from(SCRIPT), name: 'take-over.js', type: 'text/javascript' })],
  ['a script sent as an image', async () => ({ bytes: Buffer.from(SCRIPT), name: 'take-over.js', type: 'image/png' })],
  ['an SVG with a script', async () => ({ bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.domain)</script></svg>'), name: 'logo.svg', type: 'image/svg+xml' })],
  ['an SVG named .png', async () => ({ bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)"><rect width="10" height="10"/></svg>'), name: 'logo.png', type: 'image/png' })],
  ['an HTML page named .png', async () => ({ bytes: Buffer.from(PAGE), name: 'photo.png', type: 'image/png' })],
  ['an HTML page named .png, of no declared type', async () => ({ bytes: Buffer.from(PAGE), name: 'photo.png', type: 'application/octet-stream' })],
  ['an HTML page named .pdf', async () => ({ bytes: Buffer.from(PAGE), name: 'flyer.pdf', type: 'application/pdf' })],
  ['a real PNG with a page appended (polyglot)', async () => ({ bytes: Buffer.concat([await images.png(), Buffer.from(PAGE)]), name: 'photo.png', type: 'image/png' })],
  ['a real JPEG with a page appended (polyglot)', async () => ({ bytes: Buffer.concat([await images.jpeg(), Buffer.from(PAGE)]), name: 'photo.jpg', type: 'image/jpeg' })],
  ['a real GIF with a page appended (polyglot)', async () => ({ bytes: Buffer.concat([await images.gif(), Buffer.from(PAGE)]), name: 'anim.gif', type: 'image/gif' })],
  ['a GIF/JavaScript polyglot', async () => ({ bytes: Buffer.from(`GIF89a/*\x01\x00\x01\x00\x00\x00\x00*/=1;${SCRIPT}//;`, 'latin1'), name: 'anim.gif', type: 'image/gif' })],
  ['a PDF with a page inside', async () => ({ bytes: Buffer.from(pdf().toString('latin1').replace('%PDF-1.4\n', `%PDF-1.4\n%${PAGE}\n`), 'latin1'), name: 'flyer.pdf', type: 'application/pdf' })],
  ['a PDF with a page appended', async () => ({ bytes: Buffer.concat([pdf(), Buffer.from(PAGE)]), name: 'flyer.pdf', type: 'application/pdf' })],
  ['a real PNG named .html', async () => ({ bytes: await images.png(), name: 'photo.html', type: 'text/html' })],
  ['a real PNG named .pdf (it would be served as a PDF)', async () => ({ bytes: await images.png(), name: 'photo.pdf', type: 'application/pdf' })],
];

const ACCEPTED: [label: string, make: () => Promise<Upload>, mime: string, ext: string][] = [
  ['a JPEG', async () => ({ bytes: await images.jpeg(), name: 'stage.jpg', type: 'image/jpeg' }), 'image/jpeg', '.jpg'],
  ['a PNG', async () => ({ bytes: await images.png(), name: 'stage.png', type: 'image/png' }), 'image/png', '.png'],
  ['a WebP', async () => ({ bytes: await images.webp(), name: 'stage.webp', type: 'image/webp' }), 'image/webp', '.webp'],
  ['an AVIF', async () => ({ bytes: await images.avif(), name: 'stage.avif', type: 'image/avif' }), 'image/avif', '.avif'],
  ['a GIF', async () => ({ bytes: await images.gif(), name: 'stage.gif', type: 'image/gif' }), 'image/gif', '.gif'],
  ['a PDF', async () => ({ bytes: pdf(), name: 'site-plan.pdf', type: 'application/pdf' }), 'application/pdf', '.pdf'],
];

describe('uploads through the panel are only what the content needs', () => {
  let server: TestServer;
  const tokens: Record<string, string> = {};
  const uploadsFolder = () => path.join(server.workDir, 'public', 'uploads');

  const signInToPanel = async ({ email, password }: { email: string; password: string }) => {
    const response = await call<{ data: { token: string } }>(server, 'POST', '/admin/login', { body: { email, password } });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.data.token;
  };
  const upload = <T>(account: string, uploads: Upload[], query = '') =>
    call<T>(server, 'POST', `/upload${query}`, { rawBody: form(...uploads), headers: { authorization: `Bearer ${tokens[account]}` } });
  const stored = async () => ({
    mediaLibrary: await server.strapi.db.query('plugin::upload.file').count(),
    onDisk: (await readdir(uploadsFolder(), { recursive: true })).sort(),
  });

  beforeAll(async () => {
    server = await startTestServer();
    tokens['the seeded panel account'] = await signInToPanel(SEEDED_ACCOUNT);
    // An account in Strapi's Editor role, as an administrator would invite one.
    const editorRole = await server.strapi.db.query('admin::role').findOne({ where: { code: 'strapi-editor' } });
    expect(editorRole).toBeTruthy();
    await server.strapi.service('admin::user').create({
      ...EDITOR_ROLE_ACCOUNT,
      firstname: 'Media',
      lastname: 'Editor',
      roles: [editorRole.id],
      isActive: true,
      registrationToken: null,
    });
    tokens['an Editor-role account'] = await signInToPanel(EDITOR_ROLE_ACCOUNT);
  });
  afterAll(async () => {
    await server?.destroy();
  });

  describe.each(['the seeded panel account', 'an Editor-role account'])('as %s', (account) => {
    it.each(HOSTILE)('refuses %s with 400 and stores nothing', async (_label, make) => {
      const before = await stored();
      const file = await make();
      const response = await upload<StrapiFailure>(account, [file]);
      expect(response.status, JSON.stringify(response.body)).toBe(400);
      // In German, as the editors' panel speaks (docs/decisions/041).
      expect(response.body.error.message).toMatch(/ist nicht erlaubt\. Erlaubt sind Bilder|wurde nicht hochgeladen: /);
      expect(await stored()).toEqual(before);
    });

    it.each(ACCEPTED)('accepts %s, stored and served as what its content is', async (_label, make, mime, ext) => {
      const response = await upload<StoredFile[]>(account, [await make()]);
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      const [file] = response.body;
      expect(file).toMatchObject({ mime, ext });
      const served = await fetch(`${server.baseUrl}${file.url}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe(mime);
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      expect(served.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
      expect(served.headers.get('content-disposition')).toBe(mime === 'application/pdf' ? 'attachment' : null);
    });

    it('refuses a batch with one hostile file among real images, storing none of them', async () => {
      const before = await stored();
      const response = await upload<StrapiFailure>(account, [
        { bytes: await images.png(), name: 'first.png', type: 'image/png' },
        { bytes: Buffer.from(PAGE), name: 'second.png', type: 'image/png' },
      ]);
      expect(response.status).toBe(400);
      expect(await stored()).toEqual(before);
    });

    it('refuses to replace a stored image with a page, and the image stays', async () => {
      const created = await upload<StoredFile[]>(account, [{ bytes: await images.png(), name: 'replace-me.png', type: 'image/png' }]);
      expect(created.status).toBe(201);
      const [file] = created.body;
      const original = await readFile(path.join(server.workDir, 'public', file.url));
      const response = await upload<StrapiFailure>(account, [{ bytes: Buffer.from(PAGE), name: 'replace-me.png', type: 'image/png' }], `?id=${file.id}`);
      expect(response.status).toBe(400);
      expect((await readFile(path.join(server.workDir, 'public', file.url))).equals(original)).toBe(true);
    });
  });

  describe('what is already in the uploads folder', () => {
    // As left by an upload before this check existed.
    beforeAll(async () => {
      await writeFile(path.join(uploadsFolder(), 'stored-before.html'), PAGE);
      await writeFile(path.join(uploadsFolder(), 'stored-before.svg'), '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    });

    it.each(['/uploads/stored-before.html', '/uploads%2Fstored-before.html', '/uploads/stored-before.svg'])(
      'is sent from %s as an attachment that cannot run as the site',
      async (address) => {
        const response = await fetch(`${server.baseUrl}${address}`);
        expect(response.status).toBe(200);
        expect(await response.text()).toContain('<script>');
        expect(response.headers.get('x-content-type-options')).toBe('nosniff');
        expect(response.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
        expect(response.headers.get('content-disposition')).toBe('attachment');
      },
    );

    it('keeps its headers on an answer that is no file', async () => {
      const response = await fetch(`${server.baseUrl}/uploads/missing.html`);
      expect(response.status).toBe(404);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
    });
  });
});
