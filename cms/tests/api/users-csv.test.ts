import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failureSchema } from '../../src/contract/common';
import { housesResponseSchema, type House } from '../../src/contract/houses';
import { importUsersResponseSchema, usersResponseSchema, type User } from '../../src/contract/users';
import { adminCall, call, signIn, type AdminSession } from '../helpers/api-client';
import { startTestServer, TEST_ORGANISER, type TestServer } from '../helpers/strapi';
import { parseCsv } from '../../src/http/csv';
import { readCsvRecords } from '../../src/api/admin-user/services/users-csv';

/** A sheet as a spreadsheet saves it, with the given separator and quotes where a cell needs them. */
const sheet = (rows: string[][], separator: string) =>
  rows.map((row) => row.map((cell) => (/[";,\t\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)).join(separator)).join('\r\n');

describe('users CSV import and export', () => {
  let server: TestServer;
  let session: AdminSession;
  let houses: House[];

  const importCsv = (csv: unknown) => adminCall(server, session, 'POST', '/api/admin/import/users', { body: { csv } });

  const listUsers = async (): Promise<User[]> =>
    usersResponseSchema.parse((await adminCall(server, session, 'GET', '/api/admin/users')).body).users;

  const canSignIn = (username: string, password: string) =>
    call(server, 'POST', '/api/admin/login', { body: { username, password } }).then((r) => r.status === 200);

  beforeAll(async () => {
    server = await startTestServer();
    session = await signIn(server);
    houses = housesResponseSchema.parse((await adminCall(server, session, 'GET', '/api/admin/houses')).body).houses;
  });
  afterAll(async () => {
    await server?.destroy();
  });

  it('creates the good rows and reports the bad one with its line and reason', async () => {
    const csv = [
      'username,password,houseId,isAdmin',
      `igor,igor-secret,${houses[0].id},false`,
      'jana,jana-secret,,true',
      'kuba,123,,false',
    ].join('\n');
    const response = await importCsv(csv);
    expect(response.status).toBe(200);
    expect(importUsersResponseSchema.parse(response.body)).toEqual({
      success: true,
      results: {
        success: 2,
        failed: 1,
        errors: [{ line: 4, error: 'Password must be at least 6 characters' }],
        rows: [
          { line: 2, username: 'igor', outcome: 'created', reason: 'Created' },
          { line: 3, username: 'jana', outcome: 'created', reason: 'Created' },
          { line: 4, username: 'kuba', outcome: 'failed', reason: 'Password must be at least 6 characters' },
        ],
      },
    });

    const users = await listUsers();
    expect(users).toContainEqual({ id: expect.any(Number), username: 'igor', houseId: houses[0].id, isAdmin: false });
    expect(users).toContainEqual({ id: expect.any(Number), username: 'jana', houseId: null, isAdmin: true });
    expect(users.some((user) => user.username === 'kuba')).toBe(false);
    expect(await canSignIn('jana', 'jana-secret')).toBe(true);
  });

  it('reads the columns in any order and letter case, with quotes, CRLF and a BOM', async () => {
    const csv = `\uFEFFIsAdmin,PASSWORD,UserName,houseid\r\nno,"pass,word",lena,${houses[1].id}\r\n`;
    const response = await importCsv(csv);
    expect(importUsersResponseSchema.parse(response.body).results).toMatchObject({ success: 1, failed: 0, errors: [] });
    expect(await listUsers()).toContainEqual({ id: expect.any(Number), username: 'lena', houseId: houses[1].id, isAdmin: false });
  });

  it('names the line as the organiser sees it, past blank lines and multi-line cells', async () => {
    const csv = [
      'username,password,houseId,isAdmin',
      '',
      'marek,"multi',
      'line secret",,',
      'igor,another-secret,,',
      'nadia,secret-123,999999,',
      'olga,secret-123,,maybe',
      'x,secret-123,,',
      'petra,secret-123,abc,',
    ].join('\n');
    const { results } = importUsersResponseSchema.parse((await importCsv(csv)).body);
    expect(results).toMatchObject({
      success: 1,
      failed: 5,
      errors: [
        { line: 5, error: 'This username is already taken; leave the password empty to update its house and admin rights' },
        { line: 6, error: 'The selected house does not exist' },
        { line: 7, error: 'isAdmin must be true or false' },
        { line: 8, error: 'Username must be at least 3 characters' },
        { line: 9, error: 'Please choose a valid house' },
      ],
    });
    expect(results.rows.map(({ line, username, outcome }) => [line, username, outcome])).toEqual([
      [3, 'marek', 'created'],
      [5, 'igor', 'failed'],
      [6, 'nadia', 'failed'],
      [7, 'olga', 'failed'],
      [8, 'x', 'failed'],
      [9, 'petra', 'failed'],
    ]);
    expect(await canSignIn('igor', 'another-secret')).toBe(false);
  });

  it('says that a file with a header but no data rows holds nobody to import', async () => {
    for (const csv of ['username,password,houseId,isAdmin\n', '\uFEFFusername;password\r\n;\r\n\r\n']) {
      const response = await importCsv(csv);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        success: false,
        error: 'The CSV content has a header line but no data rows: add one line per user below the header',
      });
    }
  });

  it('reports every problem of a row at once, not only the first', async () => {
    const csv = ['username,password,houseId,isAdmin', 'x,123,999999,maybe', 'ok-user,,abc,', `igor,new-secret,,vielleicht`].join('\n');
    const { results } = importUsersResponseSchema.parse((await importCsv(csv)).body);
    expect(results.rows.map(({ line, username, outcome, reason }) => [line, username, outcome, reason])).toEqual([
      [
        2,
        'x',
        'failed',
        'The selected house does not exist · Username must be at least 3 characters · Password must be at least 6 characters · isAdmin must be true or false',
      ],
      [3, 'ok-user', 'failed', 'Please choose a valid house · A new user needs a password (at least 6 characters)'],
      [
        4,
        'igor',
        'failed',
        'This username is already taken; leave the password empty to update its house and admin rights · isAdmin must be true or false',
      ],
    ]);
    expect(results.errors.map((error) => error.line)).toEqual([2, 3, 4]);
    expect((await listUsers()).some((user) => user.username === 'ok-user')).toBe(false);
  });

  it.each([
    ['an empty text', '', 'CSV content cannot be empty'],
    ['blank lines', '  \n \r\n ', 'CSV content cannot be empty'],
    ['no csv field', undefined, 'CSV content cannot be empty'],
    ['a number', 42, 'CSV content must be text'],
    ['a header without username', 'name,password\nquinn,secret-123', 'The CSV header must contain the column username'],
  ])('refuses %s', async (_label, csv, error) => {
    const response = await importCsv(csv);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ success: false, error });
  });

  it('refuses more than 1000 rows before creating any', async () => {
    const rows = Array.from({ length: 1001 }, (_, i) => `bulk-${i},secret-123,,`);
    const response = await importCsv(['username,password,houseId,isAdmin', ...rows].join('\n'));
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ success: false, error: 'CSV content may contain at most 1000 users' });
    expect((await listUsers()).some((user) => user.username.startsWith('bulk-'))).toBe(false);
  });

  it('refuses an oversized body with a 4xx in the contract shape', async () => {
    const response = await importCsv(`username,password\n${'a'.repeat(300 * 1024)},secret-123`);
    expect(response.status).toBe(413);
    failureSchema.parse(response.body);
  });

  describe('GET /api/admin/export/users', () => {
    it('downloads users.csv with id, username, house and isAdmin, never a password', async () => {
      await importCsv(`username,password,houseId,isAdmin\n=cmd,secret-123,${houses[2].id},true\n"+SUM(1,2)",secret-123,,\n`);
      const response = await adminCall<string>(server, session, 'GET', '/api/admin/export/users');
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
      expect(response.headers.get('content-disposition')).toBe('attachment; filename="users.csv"');

      const lines = response.body.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
      expect(lines[0]).toBe('id,username,house,isAdmin');
      const users = await listUsers();
      expect(lines).toHaveLength(users.length + 1);
      const cmd = users.find((user) => user.username === '=cmd')!;
      expect(lines).toContain(`${cmd.id},"'=cmd",${houses[2].name},true`);
      expect(lines.find((line) => line.includes('SUM'))).toMatch(/^\d+,"'\+SUM\(1,2\)",,false$/);
      expect(response.body).not.toMatch(/\$2[aby]\$|secret|password|@users\./i);
    });

    it('offers the same rows for German Excel: semicolons, a BOM, quotes where a cell holds a semicolon', async () => {
      await importCsv(`username,password,houseId,isAdmin\n"semi;colon",secret-123,${houses[0].id},false\n`);
      const comma = await adminCall<string>(server, session, 'GET', '/api/admin/export/users');
      const excel = await adminCall<string>(server, session, 'GET', '/api/admin/export/users?format=excel-de');
      expect(excel.status).toBe(200);
      expect(excel.headers.get('content-type')).toMatch(/^text\/csv; charset=utf-8/);
      expect(excel.headers.get('content-disposition')).toBe('attachment; filename="users-excel-de.csv"');
      // The byte order mark, by which Excel reads the file as UTF-8 (fetch's text() would drop it).
      const bytes = new Uint8Array(await (await fetch(`${server.baseUrl}/api/admin/export/users?format=excel-de`, { headers: session.headers })).arrayBuffer());
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = excel.body.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
      expect(lines[0]).toBe('id;username;house;isAdmin');
      const semi = (await listUsers()).find((user) => user.username === 'semi;colon')!;
      expect(lines).toContain(`${semi.id};"semi;colon";${houses[0].name};false`);
      expect(lines.find((line) => line.includes('=cmd'))).toMatch(/^\d+;"'=cmd";/);
      // The same table as the comma file, row for row (read as the import reads a German sheet).
      expect(readCsvRecords(excel.body).map((record) => record.cells)).toEqual(parseCsv(comma.body.replace(/^\uFEFF/, '')));
    });

    it.each([['?format=xlsx'], ['?format=excel-de&format=csv'], ['?format=']])('refuses the unknown dialect %s with a 400', async (query) => {
      const response = await adminCall(server, session, 'GET', `/api/admin/export/users${query}`);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ success: false, error: 'format must be one of: csv, excel-de' });
    });

    it('refuses a call without a session', async () => {
      const response = await call(server, 'GET', '/api/admin/export/users');
      expect(response.status).toBe(401);
      failureSchema.parse(response.body);
    });
  });

  describe('export, edit in a spreadsheet, import again', () => {
    const exportedSheet = async () => {
      const response = await adminCall<string>(server, session, 'GET', '/api/admin/export/users');
      return parseCsv(response.body.replace(/^\uFEFF/, ''));
    };
    const byId = (users: User[]) => [...users].sort((a, b) => a.id - b.id);

    it('gives the same users when the file comes back unchanged', async () => {
      const before = await listUsers();
      const response = await importCsv(`\uFEFF${sheet(await exportedSheet(), ',')}\r\n`);
      const { results } = importUsersResponseSchema.parse(response.body);
      expect(results).toMatchObject({ success: before.length, failed: 0, errors: [] });
      expect(new Set(results.rows.map((row) => row.outcome))).toEqual(new Set(['unchanged']));
      // The formula guard of the export is read back: "'=cmd" is the user "=cmd" again, not a new one.
      expect(results.rows.map((row) => row.username)).toContain('=cmd');
      expect(byId(await listUsers())).toEqual(byId(before));
    });

    it('applies the edits made in German Excel (semicolons) and adds a new user with a password column', async () => {
      const before = await listUsers();
      const [header, ...rows] = await exportedSheet();
      expect(header).toEqual(['id', 'username', 'house', 'isAdmin']);
      const row = (username: string) => rows.find((cells) => cells[1] === username)!;
      row('igor')[2] = houses[1].name;
      row('igor')[3] = 'true';
      row('jana')[2] = houses[0].name;
      row('lena')[2] = '';
      const edited = [[...header, 'password'], ...rows.map((cells) => [...cells, '']), ['', 'rosa', houses[2].name, 'true', 'rosa;secret']];

      const { results } = importUsersResponseSchema.parse((await importCsv(sheet(edited, ';'))).body);
      expect(results).toMatchObject({ success: before.length + 1, failed: 0 });
      expect(results.rows.filter((result) => result.outcome !== 'unchanged').map(({ line, username, reason }) => ({ line, username, reason }))).toEqual([
        { line: rows.indexOf(row('igor')) + 2, username: 'igor', reason: 'Updated house and admin' },
        { line: rows.indexOf(row('jana')) + 2, username: 'jana', reason: 'Updated house' },
        { line: rows.indexOf(row('lena')) + 2, username: 'lena', reason: 'Updated house' },
        { line: rows.length + 2, username: 'rosa', reason: 'Created' },
      ]);

      const expected = before.map((user) => {
        if (user.username === 'igor') return { ...user, houseId: houses[1].id, isAdmin: true };
        if (user.username === 'jana') return { ...user, houseId: houses[0].id };
        if (user.username === 'lena') return { ...user, houseId: null };
        return user;
      });
      const after = await listUsers();
      expect(byId(after.filter((user) => user.username !== 'rosa'))).toEqual(byId(expected));
      expect(after).toContainEqual({ id: expect.any(Number), username: 'rosa', houseId: houses[2].id, isAdmin: true });
      expect(await canSignIn('rosa', 'rosa;secret')).toBe(true);
      // A blank password kept the old ones (only organisers may sign in to the dashboard).
      expect(await canSignIn('jana', 'jana-secret')).toBe(true);
      expect(await canSignIn('igor', 'igor-secret')).toBe(true);
    });

    it('refuses, row by row and in clear words, what would lose, mix up or duplicate users', async () => {
      const before = await listUsers();
      const igor = before.find((user) => user.username === 'igor')!;
      const csv = [
        'username\tpassword\thouse\thouseId\tisAdmin\tid',
        `${TEST_ORGANISER.username}\t\t\t\tnein\t`,
        `igor\t\t${houses[0].name}\t${houses[2].id}\t\t`,
        'IGOR\t\t\t\tja\t',
        'lena\t\tAtlantis\t\t\t',
        'newbie\t\t\t\t\t',
        `igor-renamed\t\t\t\t\t${igor.id}`,
        'm\uFFFDller\tsecret-123\t\t\t\t',
        '"two\r\nlines"\tsecret-123\t\t\t\t',
        'olga2\tsecret-123\tNone\t\tja\t',
        'unclosed\t"secret-123\t\t\t\t',
        'swallowed\tsecret-123\t\t\t\t',
      ].join('\r\n');
      const { results } = importUsersResponseSchema.parse((await importCsv(csv)).body);
      expect(results.rows.map(({ line, username, outcome, reason }) => [line, username, outcome, reason])).toEqual([
        [2, TEST_ORGANISER.username, 'failed', 'You cannot remove your own admin rights'],
        [3, 'igor', 'failed', 'The house and houseId cells name different houses'],
        [4, 'IGOR', 'failed', 'The same username is already on line 3'],
        [5, 'lena', 'failed', 'There is no house called "Atlantis"'],
        [6, 'newbie', 'failed', 'A new user needs a password (at least 6 characters)'],
        [7, 'igor-renamed', 'failed', 'This id belongs to the user "igor"; rename users in the dashboard, not by import'],
        [8, 'm\uFFFDller', 'failed', 'The row holds characters that could not be read; save the file as "CSV UTF-8"'],
        [9, 'two\nlines', 'failed', 'Username must not contain control characters'],
        [11, 'olga2', 'created', 'Created'],
        [12, 'unclosed', 'failed', 'A quoted cell that starts on this line is never closed (a " is missing)'],
      ]);
      expect(results).toMatchObject({ success: 1, failed: 9 });
      const after = await listUsers();
      expect(byId(after.filter((user) => user.username !== 'olga2'))).toEqual(byId(before));
      expect(after).toContainEqual({ id: expect.any(Number), username: 'olga2', houseId: null, isAdmin: true });
    });
  });
});
