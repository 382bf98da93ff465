import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failureSchema } from '../../src/contract/common';
import { housesResponseSchema, type House } from '../../src/contract/houses';
import { importUsersResponseSchema, usersResponseSchema, type User } from '../../src/contract/users';
import { adminCall, call, signIn, type AdminSession } from '../helpers/api-client';
import { startTestServer, type TestServer } from '../helpers/strapi';

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
      results: { success: 2, failed: 1, errors: [{ line: 4, error: 'Password must be at least 6 characters' }] },
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
    expect(importUsersResponseSchema.parse(response.body).results).toEqual({ success: 1, failed: 0, errors: [] });
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
    expect(results).toEqual({
      success: 1,
      failed: 5,
      errors: [
        { line: 5, error: 'This username is already taken' },
        { line: 6, error: 'The selected house does not exist' },
        { line: 7, error: 'isAdmin must be true or false' },
        { line: 8, error: 'Username must be at least 3 characters' },
        { line: 9, error: 'Please choose a valid house' },
      ],
    });
    expect(await canSignIn('igor', 'another-secret')).toBe(false);
  });

  it('accepts a header without data rows', async () => {
    const { results } = importUsersResponseSchema.parse((await importCsv('username,password,houseId,isAdmin\n')).body);
    expect(results).toEqual({ success: 0, failed: 0, errors: [] });
  });

  it.each([
    ['an empty text', '', 'CSV content cannot be empty'],
    ['blank lines', '  \n \r\n ', 'CSV content cannot be empty'],
    ['no csv field', undefined, 'CSV content cannot be empty'],
    ['a number', 42, 'CSV content must be text'],
    ['a header without password', 'username,houseId\nquinn,', 'The CSV header must contain the columns username and password'],
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

    it('refuses a call without a session', async () => {
      const response = await call(server, 'GET', '/api/admin/export/users');
      expect(response.status).toBe(401);
      failureSchema.parse(response.body);
    });
  });
});
