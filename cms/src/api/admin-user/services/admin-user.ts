import bcrypt from 'bcryptjs';
import type { Core } from '@strapi/strapi';
import { placeholderEmail } from '../../../bootstrap/accounts';
import { refuseDuplicateName } from '../../../bootstrap/unique-names';
import {
  CSV_IMPORT_LIMITS,
  CSV_MESSAGES,
  USER_MESSAGES,
  userCreateSchema,
  type ImportResults,
  type User,
  type UserCreate,
  type UserUpdate,
  type UsersQuery,
  type UserSortField,
} from '../../../contract/users';
import { pageWindow, searchWords, type PageInfo, type SortOrder } from '../../../contract/list-query';
import { ApiError, badRequest, conflict, notFound } from '../../../http/api-error';
import { parseCsv, toCsv } from '../../../http/csv';
import { parseInput } from '../../../http/validate';

const USER_UID = 'plugin::users-permissions.user';
const HOUSE_UID = 'api::house.house';
const ROLE_UID = 'plugin::users-permissions.role';

// The cost Strapi uses for password attributes. Hashing here with the asynchronous bcrypt (instead
// of the Document Service's hashSync) keeps a 1000-row import from freezing the server.
const BCRYPT_ROUNDS = 10;

type UserRow = { id: number; username: string; isAdmin: boolean | null; house?: { id: number; name?: string } | null };

const toUser = (row: UserRow): User => ({
  id: row.id,
  username: row.username,
  houseId: row.house?.id ?? null,
  isAdmin: row.isAdmin === true,
});

const userOrder = (field: UserSortField, order: SortOrder) => [field === 'house' ? { house: { name: order } } : { [field]: order }, { id: order }];

const TRUE_WORDS = new Set(['true', '1', 'yes', 'ja', 'y', 'x']);
const FALSE_WORDS = new Set(['false', '0', 'no', 'nein', 'n']);

/** A spreadsheet's isAdmin cell as a boolean; anything unreadable goes on to fail validation. */
function csvBoolean(cell: string | undefined): unknown {
  const word = cell?.trim().toLowerCase();
  if (!word) return undefined;
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  return cell;
}

/** CSV records with the line each starts on, so a failed row can be named as the organiser sees it. */
function csvRecords(text: string): { line: number; cells: string[] }[] {
  const records: { line: number; cells: string[] }[] = [];
  let pending: string[] = [];
  let startLine = 1;
  let quotes = 0;
  const flush = () => {
    const [cells] = parseCsv(pending.join('\n'));
    if (cells) records.push({ line: startLine, cells });
    pending = [];
    quotes = 0;
  };
  text.split(/\r\n|\n|\r/).forEach((line, index) => {
    if (pending.length === 0) startLine = index + 1;
    pending.push(line);
    quotes += line.split('"').length - 1;
    // An odd number of quotes means a quoted cell continues on the next line.
    if (quotes % 2 === 0) flush();
  });
  if (pending.length > 0) flush();
  return records;
}

const adminUserService = ({ strapi }: { strapi: Core.Strapi }) => {
  const users = () => strapi.db.query(USER_UID);

  const findUser = async (id: number): Promise<UserRow> => {
    const row = await users().findOne({
      where: { id },
      select: ['id', 'username', 'isAdmin'],
      populate: { house: { select: ['id'] } },
    });
    if (!row) throw notFound(USER_MESSAGES.notFound);
    return row as UserRow;
  };

  const assertUsernameFree = async (username: string, exceptId?: number) => {
    const where = exceptId === undefined ? { username: { $eqi: username } } : { username: { $eqi: username }, id: { $ne: exceptId } };
    if (await users().findOne({ where, select: ['id'] })) throw conflict(USER_MESSAGES.duplicateUsername);
  };

  const assertHouseExists = async (houseId: number | null) => {
    if (houseId === null) return;
    const house = await strapi.db.query(HOUSE_UID).findOne({ where: { id: houseId }, select: ['id'] });
    if (!house) throw badRequest(USER_MESSAGES.unknownHouse);
  };

  const hashPassword = (password: string) => bcrypt.hash(password, BCRYPT_ROUNDS);

  async function create(input: UserCreate): Promise<User> {
    // Hashed before the transaction opens, so the slow part never holds the database.
    const password = await hashPassword(input.password);
    return strapi.db.transaction(async () => {
      await assertUsernameFree(input.username);
      await assertHouseExists(input.houseId);
      const role = await strapi.db.query(ROLE_UID).findOne({ where: { type: 'authenticated' }, select: ['id'] });
      const created = await users().create({
        data: {
          username: input.username,
          email: placeholderEmail(input.username),
          password,
          provider: 'local',
          confirmed: true,
          blocked: false,
          isAdmin: input.isAdmin,
          role: role?.id ?? null,
          house: input.houseId,
        },
      });
      return { id: created.id as number, username: input.username, houseId: input.houseId, isAdmin: input.isAdmin };
    }).catch(refuseDuplicateName('username', USER_MESSAGES.duplicateUsername));
  }

  return {
    async list(): Promise<User[]> {
      const rows = await users().findMany({
        select: ['id', 'username', 'isAdmin'],
        populate: { house: { select: ['id'] } },
        orderBy: { id: 'asc' },
      });
      return (rows as UserRow[]).map(toUser);
    },

    /** One page of users, by the query's search and sort. */
    async listPage(query: UsersQuery): Promise<{ users: User[] } & PageInfo> {
      const where = { $and: searchWords(query.search).map((word) => ({ username: { $containsi: word } })) };
      const [rows, total] = await Promise.all([
        users().findMany({
          where,
          select: ['id', 'username', 'isAdmin'],
          populate: { house: { select: ['id'] } },
          orderBy: userOrder(query.sort ?? 'id', query.order ?? 'asc'),
          ...pageWindow(query),
        }),
        users().count({ where }),
      ]);
      return { users: (rows as UserRow[]).map(toUser), page: query.page, pageSize: query.pageSize, total };
    },

    create,

    async update(id: number, input: UserUpdate, actingAdminId: number): Promise<User> {
      // Without this the last organiser could lock everyone out (DECISIONS §4).
      if (id === actingAdminId && input.isAdmin === false) throw new ApiError(403, USER_MESSAGES.cannotDemoteSelf);
      await findUser(id);
      const password = input.password === undefined ? undefined : await hashPassword(input.password);
      return strapi.db.transaction(async () => {
        await assertUsernameFree(input.username, id);
        if (input.houseId !== undefined) await assertHouseExists(input.houseId);
        const data: Record<string, unknown> = { username: input.username };
        if (password !== undefined) data.password = password;
        if (input.isAdmin !== undefined) data.isAdmin = input.isAdmin;
        if (input.houseId !== undefined) data.house = input.houseId;
        const updated = await users().update({ where: { id }, data });
        if (!updated) throw notFound(USER_MESSAGES.notFound);
        return toUser(await findUser(id));
      }).catch(refuseDuplicateName('username', USER_MESSAGES.duplicateUsername));
    },

    async remove(id: number, actingAdminId: number): Promise<void> {
      if (id === actingAdminId) throw new ApiError(403, USER_MESSAGES.cannotDeleteSelf);
      const deleted = await users().delete({ where: { id } });
      if (!deleted) throw notFound(USER_MESSAGES.notFound);
    },

    /** Creates one user per row, each on its own: a failing row is reported and never stops the others. */
    async importCsv(text: string): Promise<ImportResults> {
      if (text.length > CSV_IMPORT_LIMITS.maxChars) throw new ApiError(413, CSV_MESSAGES.tooLarge);
      const [header, ...rows] = csvRecords(text.replace(/^\uFEFF/, ''));
      if (!header) throw badRequest(CSV_MESSAGES.empty);
      if (rows.length > CSV_IMPORT_LIMITS.maxRows) throw new ApiError(413, CSV_MESSAGES.tooManyRows);

      const columns = header.cells.map((cell) => cell.trim().toLowerCase());
      const [username, password, houseId, isAdmin] = ['username', 'password', 'houseid', 'isadmin'].map((name) => columns.indexOf(name));
      if (username < 0 || password < 0) throw badRequest(CSV_MESSAGES.missingColumns);

      const results: ImportResults = { success: 0, failed: 0, errors: [] };
      for (const { line, cells } of rows) {
        const cell = (index: number) => (index < 0 ? undefined : cells[index]);
        try {
          const input = parseInput(
            userCreateSchema,
            { username: cell(username), password: cell(password), houseId: cell(houseId), isAdmin: csvBoolean(cell(isAdmin)) },
            USER_MESSAGES.invalidUser,
          );
          await create(input);
          results.success++;
        } catch (error) {
          if (!(error instanceof ApiError)) strapi.log.error(`CSV import, line ${line}: ${error instanceof Error ? error.message : String(error)}`);
          results.failed++;
          results.errors.push({ line, error: error instanceof ApiError ? error.message : 'The user could not be created' });
        }
      }
      return results;
    },

    /** Every user without a password; the house by name, as organisers read it. */
    async exportCsv(): Promise<string> {
      const rows = (await users().findMany({
        select: ['id', 'username', 'isAdmin'],
        populate: { house: { select: ['id', 'name'] } },
        orderBy: { id: 'asc' },
      })) as UserRow[];
      return toCsv(
        ['id', 'username', 'house', 'isAdmin'],
        rows.map((row) => [row.id, row.username, row.house?.name ?? '', row.isAdmin === true ? 'true' : 'false']),
      );
    },
  };
};

export type AdminUserService = ReturnType<typeof adminUserService>;

export default adminUserService;
