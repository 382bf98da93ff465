import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accessCodesResponseSchema, generateCodesResponseSchema, verifyCodeResponseSchema } from '../../src/contract/access-codes';
import { housesResponseSchema, type House } from '../../src/contract/houses';
import { adminCall, call, signIn, type AdminSession } from '../helpers/api-client';
import { startTestServer, type TestServer } from '../helpers/strapi';

const INVALID = { success: false, error: 'Ungültiger Zugangscode. Bitte überprüfe deinen Code und versuche es erneut.' };
const EMPTY = { success: false, error: 'Bitte gib einen Zugangscode ein.' };
const TOO_MANY = { success: false, error: 'Zu viele Versuche. Bitte warte ein paar Minuten.' };

describe('POST /api/auth/verify-code', () => {
  let server: TestServer;
  let session: AdminSession;
  let house: House;

  const verify = (body: unknown, path = '/api/auth/verify-code') => call(server, 'POST', path, { body });

  const newCode = async () => {
    const response = await adminCall(server, session, 'POST', '/api/admin/generate-codes', { body: { houseId: house.id, count: 1 } });
    return generateCodesResponseSchema.parse(response.body).codes[0];
  };

  const storedCode = async (code: string) => {
    const response = await adminCall(server, session, 'GET', `/api/admin/access-codes?houseId=${house.id}`);
    return accessCodesResponseSchema.parse(response.body).accessCodes.find((entry) => entry.code === code)!;
  };

  beforeAll(async () => {
    server = await startTestServer();
    session = await signIn(server);
    [house] = housesResponseSchema.parse((await adminCall(server, session, 'GET', '/api/admin/houses')).body).houses;
  });
  // Every test starts with a clean failure count; the limit itself has its own test below.
  beforeEach(async () => {
    await server.strapi.db.connection('gos_rate_limits').del();
  });
  afterAll(async () => {
    await server?.destroy();
  });

  it('answers a real code with the house: name, chat URL, emblem URL and colour', async () => {
    const code = await newCode();
    const response = await verify({ code });
    expect(response.status).toBe(200);
    expect(verifyCodeResponseSchema.parse(response.body)).toEqual({
      success: true,
      house: { name: house.name, chatUrl: house.chatUrl, emblem: house.emblem, colour: house.colour },
    });
    expect(house.emblem).toMatch(/^\/uploads\//);
  });

  it('forgives letter case, spaces and hyphens', async () => {
    const code = await newCode();
    const plain = code.replace('-', '');
    for (const variant of [
      ` ${code.toLowerCase()} `,
      `${plain.slice(0, 3).toLowerCase()} ${plain.slice(3, 7)} ${plain.slice(7).toLowerCase()}`,
      plain.split('').join('-'),
      `\t${plain}\n`,
    ]) {
      const response = await verify({ code: variant });
      expect(response.status, JSON.stringify(variant)).toBe(200);
      expect(verifyCodeResponseSchema.parse(response.body).house.name).toBe(house.name);
    }
  });

  it('marks a code used on its first success and keeps that time on later ones', async () => {
    const code = await newCode();
    expect(await storedCode(code)).toMatchObject({ isUsed: false, usedAt: null });

    const startedAt = Date.now();
    expect((await verify({ code })).status).toBe(200);
    const first = await storedCode(code);
    expect(first.isUsed).toBe(true);
    expect(Date.parse(first.usedAt!)).toBeGreaterThanOrEqual(startedAt - 1000);
    expect(Date.parse(first.usedAt!)).toBeLessThanOrEqual(Date.now() + 1000);

    await new Promise((resolve) => setTimeout(resolve, 20));
    const again = await verify({ code: code.toLowerCase() });
    expect(again.status).toBe(200);
    expect(await storedCode(code)).toEqual(first);
  });

  it('marks a code used only once when it is entered twice at the same moment', async () => {
    const code = await newCode();
    const answers = await Promise.all([verify({ code }), verify({ code })]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect((await storedCode(code)).isUsed).toBe(true);
  });

  it.each([[{ code: '' }], [{ code: '   ' }], [{}], [{ code: null }]])('asks for a code when given %j', async (body) => {
    const response = await verify(body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual(EMPTY);
  });

  it('answers unknown, malformed and mistyped codes exactly alike, without the chat URL', async () => {
    const real = (await newCode()).replace('-', '');
    const wrong = [
      { code: 'ABCDE-FGHJK' },
      { code: `${real.slice(0, 9)}${real[9] === 'A' ? 'B' : 'A'}` },
      { code: real.slice(0, 9) },
      { code: `${real}A` },
      { code: 'abc' },
      { code: '!!!!!-?????' },
      { code: 'x'.repeat(10_000) },
      { code: 1234567890 },
      { code: true },
      { code: ['ABCDE-FGHJK'] },
      { code: { $ne: '' } },
      ['ABCDE-FGHJK'],
    ];
    for (const body of wrong) {
      const response = await verify(body);
      expect(response.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(response.body).toEqual(INVALID);
      expect(JSON.stringify(response.body)).not.toContain('chat.whatsapp');
      await server.strapi.db.connection('gos_rate_limits').del();
    }
    expect((await storedCode(`${real.slice(0, 5)}-${real.slice(5)}`)).isUsed).toBe(false);
  });

  it('refuses with 429 after 10 failures, whatever the body, letter case or trailing slash', async () => {
    const code = await newCode();
    for (let attempt = 1; attempt <= 9; attempt++) expect((await verify({ code: `WRONG-CODE${attempt}` })).status).toBe(400);
    // Within the limit a real code still works and does not reset the count.
    expect((await verify({ code })).status).toBe(200);
    expect((await verify({ code: 'NOPE' })).body).toEqual(INVALID);

    for (const [body, path] of [
      [{ code: 'ANOTHER-ONE' }, '/api/auth/verify-code'],
      [{ code }, '/api/auth/verify-code'],
      [{ code, extra: 'changed body' }, '/api/auth/verify-code'],
      [{ code }, '/api/AUTH/verify-code'],
      [{ code }, '/api/auth/Verify-Code'],
      [{ code }, '/api/auth/verify-code/'],
      [{ code: '' }, '/api/auth/verify-code'],
    ] as const) {
      const response = await verify(body, path);
      expect(response.status, path).toBe(429);
      expect(response.body).toEqual(TOO_MANY);
      // The access form counts down to the end of the window (issue 44, item 3).
      const retryAfter = Number(response.headers.get('retry-after'));
      expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 300, `Retry-After ${response.headers.get('retry-after')}`).toBe(true);
    }
  });
});
