import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failureSchema } from '../../src/contract/common';
import { adminCall, call, signIn, type AdminSession } from '../helpers/api-client';
import { startTestServer, TEST_ORGANISER, type TestServer } from '../helpers/strapi';

// A lone UTF-16 surrogate in a password spun bcryptjs 2.4.3's UTF-8 encoder until the process
// died ("Fatal JavaScript invalid size error", exit 133). The escape is written into the JSON
// text by hand: JSON.stringify would escape it the same way, but the point is the raw request.
const LONE = '\\udfff';
const json = (text: string) => ({ rawBody: text, headers: { 'content-type': 'application/json' } });

const EDITOR = { email: 'editor@test.invalid', password: 'Editor-Test-1' };

describe('ill-formed text anywhere in a request', () => {
  let server: TestServer;
  let organiser: AdminSession;

  beforeAll(async () => {
    server = await startTestServer();
    organiser = await signIn(server);
  });
  afterAll(async () => {
    await server?.destroy();
  });

  const alive = async () => {
    const health = await fetch(`${server.baseUrl}/_health`);
    expect(health.status).toBeLessThan(300);
    expect((await signIn(server)).id).toBe(organiser.id);
  };

  it('refuses a lone surrogate in the organisers sign-in with 400, for known and unknown users', async () => {
    for (const username of ['nobody', TEST_ORGANISER.username]) {
      const started = performance.now();
      const response = await call(server, 'POST', '/api/admin/login', json(`{"username":"${username}","password":"${LONE}"}`));
      expect(response.status).toBe(400);
      expect(failureSchema.parse(response.body).error).toBe('Die Anfrage enthält ungültige Zeichen.');
      expect(performance.now() - started).toBeLessThan(2000);
    }
    await alive();
  });

  it("refuses it on Strapi's own panel sign-in, registration and password reset", async () => {
    for (const [path, body] of [
      ['/admin/login', `{"email":"${EDITOR.email}","password":"${LONE}"}`],
      ['/admin/register', `{"registrationToken":"abc","userInfo":{"firstname":"A","lastname":"B","password":"Aa1${LONE}aaaaaa"}}`],
      ['/admin/reset-password', `{"resetPasswordToken":"abc","password":"Aa1${LONE}aaaaaa"}`],
    ]) {
      const response = await call(server, 'POST', path, json(body));
      expect(response.status, path).toBe(400);
      expect(failureSchema.parse(response.body).error).toBe('The request contains malformed text (a lone UTF-16 surrogate)');
    }
    await alive();
  });

  it('refuses it in an organiser-created password, in a key and in a nested value', async () => {
    const user = await adminCall(server, organiser, 'POST', '/api/admin/users', json(`{"username":"lone","password":"abc${LONE}def","houseId":null,"isAdmin":false}`));
    expect(user.status).toBe(400);
    expect(failureSchema.parse(user.body).error).toBe('The request contains malformed text (a lone UTF-16 surrogate)');
    const key = await call(server, 'POST', '/api/auth/verify-code', json(`{"code":"ABCDE-FGHJK","\\ud800x":1}`));
    expect(key.status).toBe(400);
    const nested = await call(server, 'POST', '/api/shop/orders', json(`{"firstName":"A","lastName":"B","items":[[[{"t":"\\udbff"}]]]}`));
    expect(nested.status).toBe(400);
    expect(failureSchema.parse(nested.body).error).toBe('Die Anfrage enthält ungültige Zeichen.');
    const users = await adminCall<{ users: { username: string }[] }>(server, organiser, 'GET', '/api/admin/users');
    expect(users.body.users.map((each) => each.username)).not.toContain('lone');
    await alive();
  });

  it('refuses a NUL character, which no text column of PostgreSQL can hold, in a name, a code, a house and on Strapi’s routes', async () => {
    // The raw request, as with the lone surrogate: "\u0000" in the JSON text.
    const nul = '\\u0000';
    const ordersBefore = await adminCall<{ orders: unknown[] }>(server, organiser, 'GET', '/api/admin/shop/orders');
    const { items } = (await call<{ items: { id: number; title: string; price: number; variants: string[] }[] }>(server, 'GET', '/api/shop/items')).body;
    const [{ id, title, price, variants }] = items;
    const cart = JSON.stringify(JSON.stringify([{ id, title, price, variant: variants[0], quantity: 1 }]));
    for (const [method, path, body] of [
      ['POST', '/api/shop/orders', `{"firstName":"A${nul}B","lastName":"B","items":${cart}}`],
      ['POST', '/api/auth/verify-code', `{"code":"ABCDE${nul}"}`],
    ] as const) {
      const response = await call(server, method, path, json(body));
      expect(response.status, path).toBe(400);
      expect(failureSchema.parse(response.body).error, path).toBe('Die Anfrage enthält ungültige Zeichen.');
    }
    const house = await adminCall(server, organiser, 'POST', '/api/admin/houses', json(`{"name":"Haus${nul}","chatUrl":"https://chat.whatsapp.com/Nul"}`));
    expect(house.status).toBe(400);
    const panel = await call(server, 'POST', '/admin/login', json(`{"email":"${EDITOR.email}","password":"a${nul}"}`));
    expect(panel.status).toBe(400);
    expect(failureSchema.parse(panel.body).error).toBe('The request contains a NUL character, which no stored text may hold');
    const ordersAfter = await adminCall<{ orders: unknown[] }>(server, organiser, 'GET', '/api/admin/shop/orders');
    expect(ordersAfter.body.orders).toHaveLength(ordersBefore.body.orders.length);
    await alive();
  });

  it('lets German text and emoji through, also as surrogate pairs written as escapes', async () => {
    const house = await adminCall(server, organiser, 'POST', '/api/admin/houses', json(`{"name":"Haus Grünwald \\ud83d\\udc3a","chatUrl":"https://chat.whatsapp.com/Gruenwald"}`));
    expect(house.status).toBe(200);
    expect((house.body as { house: { name: string } }).house.name).toBe('Haus Grünwald 🐺');
    const code = await call(server, 'POST', '/api/auth/verify-code', { body: { code: 'Größe 🎉' } });
    expect(code.status).toBe(400);
    expect(failureSchema.parse(code.body).error).not.toBe('Die Anfrage enthält ungültige Zeichen.');
    const query = await call(server, 'GET', '/api/shop/items?q=Gr%C3%BC%C3%9Fe%20%F0%9F%8E%89');
    expect(query.status).toBe(200);
  });
});

describe("Strapi's panel accounts with bcryptjs 3 in place of Strapi's 2.4.3", () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.destroy();
  });

  const panelSignIn = (email: string, password: string) => call(server, 'POST', '/admin/login', { body: { email, password } });

  it('signs the seeded editor in, and refuses a wrong password', async () => {
    const signedIn = await panelSignIn(EDITOR.email, EDITOR.password);
    expect(signedIn.status).toBe(200);
    expect((signedIn.body as { data: { token: string } }).data.token).toEqual(expect.any(String));
    expect((await panelSignIn(EDITOR.email, 'Wrong-Password-1')).status).toBe(400);
  });

  it('registers an invited editor, who then signs in', async () => {
    const editorRole = await server.strapi.db.query('admin::role').findOne({ where: { code: 'strapi-editor' } });
    const invited = await server.strapi.service('admin::user').create({
      email: 'invited@test.invalid',
      firstname: 'Ina',
      lastname: 'Eingeladen',
      roles: [editorRole.id],
    });
    const registered = await call(server, 'POST', '/admin/register', {
      body: { registrationToken: invited.registrationToken, userInfo: { firstname: 'Ina', lastname: 'Eingeladen', password: 'Eingeladen-2025' } },
    });
    expect(registered.status).toBe(200);
    expect((await panelSignIn('invited@test.invalid', 'Eingeladen-2025')).status).toBe(200);
  });

  it('resets a password with a reset link, after which only the new one signs in', async () => {
    await server.strapi.db.query('admin::user').update({
      where: { email: EDITOR.email },
      data: { resetPasswordToken: 'reset-token-for-the-test', resetPasswordTokenExpiresAt: new Date(Date.now() + 3_600_000) },
    });
    const reset = await call(server, 'POST', '/admin/reset-password', {
      body: { resetPasswordToken: 'reset-token-for-the-test', password: 'Neues-Passwort-2025' },
    });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect((await panelSignIn(EDITOR.email, 'Neues-Passwort-2025')).status).toBe(200);
    expect((await panelSignIn(EDITOR.email, EDITOR.password)).status).toBe(400);
  });
});
