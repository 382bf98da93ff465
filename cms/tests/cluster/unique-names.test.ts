import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDuplicateName } from '../../src/bootstrap/unique-names';
import { USER_MESSAGES } from '../../src/contract/users';
import { adminCall, signIn } from '../helpers/api-client';
import { restartTestServer, startTestServer, type TestServer } from '../helpers/strapi';

// The database's own guard behind the services' uniqueness check (see two-instances.test.ts for
// the race it closes on PostgreSQL): present on both databases, kept across restarts, and a
// database whose names already clash still starts.

const USERS = 'plugin::users-permissions.user';

describe('unique indexes on usernames and house names', () => {
  let server: TestServer;

  const indexes = async () => {
    const knex = server.strapi.db.connection;
    const rows =
      server.database.client === 'postgres'
        ? (await knex.raw(`SELECT indexname AS name FROM pg_indexes WHERE indexname LIKE 'gos_%_lower_unique'`)).rows
        : await knex.raw(`SELECT name FROM sqlite_master WHERE type = 'index' AND name LIKE 'gos_%_lower_unique'`);
    return (rows as { name: string }[]).map((row) => row.name).sort();
  };

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.destroy();
  });

  it('refuses a second spelling of a name in the database itself, and the services read that refusal', async () => {
    expect(await indexes()).toEqual(['gos_houses_name_lower_unique', 'gos_up_users_username_lower_unique']);
    const users = server.strapi.db.query(USERS);
    await users.create({ data: { username: 'Einzigartig', email: 'einzigartig@test.invalid', provider: 'local' } });
    const refusal = await users.create({ data: { username: 'EINZIGARTIG', email: 'einzigartig2@test.invalid', provider: 'local' } }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(Error);
    expect(isDuplicateName(refusal, 'username')).toBe(true);
    expect(isDuplicateName(refusal, 'houseName')).toBe(false);

    const session = await signIn(server);
    const answer = await adminCall(server, session, 'POST', '/api/admin/users', { body: { username: 'einzigartig', password: 'geheim-123', houseId: null, isAdmin: false } });
    expect([answer.status, answer.body]).toEqual([409, { success: false, error: USER_MESSAGES.duplicateUsername }]);
  });

  it('keeps the indexes across a restart, and starts without them when old names already clash', async () => {
    await server.stop();
    server = await restartTestServer(server);
    expect(await indexes()).toHaveLength(2);

    // As if two names differing only in case had been entered in the Strapi panel before the upgrade.
    await server.strapi.db.connection.raw('DROP INDEX gos_up_users_username_lower_unique');
    await server.strapi.db.query(USERS).create({ data: { username: 'einzigartig', email: 'einzigartig3@test.invalid', provider: 'local' } });
    await server.stop();
    server = await restartTestServer(server);
    expect(await indexes()).toEqual(['gos_houses_name_lower_unique']);
    expect(await server.strapi.db.query(USERS).count({ where: { username: { $eqi: 'einzigartig' } } })).toBe(2);
  });
});
