import bcrypt from 'bcryptjs';
import type { Core } from '@strapi/strapi';
import { placeholderEmail } from '../../../bootstrap/accounts';
import { refuseDuplicateName } from '../../../bootstrap/unique-names';
import {
  CSV_IMPORT_LIMITS,
  CSV_MESSAGES,
  USER_MESSAGES,
  userCreateSchema,
  userUpdateSchema,
  type ImportOutcome,
  type ImportResults,
  type User,
  type UserCreate,
  type UserUpdate,
  type UsersQuery,
  type UserSortField,
} from '../../../contract/users';
import { pageWindow, searchWords, type PageInfo, type SortOrder } from '../../../contract/list-query';
import { ApiError, badRequest, conflict, notFound } from '../../../http/api-error';
import { toCsv } from '../../../http/csv';
import { KnownUsers, HouseLookup, readColumns, RowProblems } from './users-csv-lookups';
import { csvBoolean, holdsUnreadableText, readCsvRecords, unguardCell, type CsvRecord } from './users-csv';

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

  async function update(id: number, input: UserUpdate, actingAdminId: number): Promise<User> {
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

    update,

    async remove(id: number, actingAdminId: number): Promise<void> {
      if (id === actingAdminId) throw new ApiError(403, USER_MESSAGES.cannotDeleteSelf);
      const deleted = await users().delete({ where: { id } });
      if (!deleted) throw notFound(USER_MESSAGES.notFound);
    },

    /**
     * Creates or updates one user per row, each on its own: a failing row is reported and never
     * stops the others (docs/decisions/013-users-csv-round-trip.md).
     */
    async importCsv(text: string, actingAdminId: number): Promise<ImportResults> {
      if (text.length > CSV_IMPORT_LIMITS.maxChars) throw new ApiError(413, CSV_MESSAGES.tooLarge);
      const [header, ...records] = readCsvRecords(text);
      if (!header) throw badRequest(CSV_MESSAGES.empty);
      if (records.length > CSV_IMPORT_LIMITS.maxRows) throw new ApiError(413, CSV_MESSAGES.tooManyRows);
      const columns = readColumns(header.cells);
      if (columns.username < 0) throw badRequest(CSV_MESSAGES.missingColumns);
      if (records.length === 0) throw badRequest(CSV_MESSAGES.noDataRows);

      const [houseRows, userRows] = await Promise.all([
        strapi.db.query(HOUSE_UID).findMany({ select: ['id', 'name'] }) as Promise<{ id: number; name: string }[]>,
        users().findMany({ select: ['id', 'username', 'isAdmin'], populate: { house: { select: ['id'] } } }) as Promise<UserRow[]>,
      ]);
      const known = new KnownUsers(userRows.map(toUser));
      const houses = new HouseLookup(houseRows);
      const firstLines = new Map<string, number>();

      /**
       * A row's outcome. Every problem of the row is gathered before any is reported, so the
       * organiser fixes the row once (issue 44); a quote never closed or an id of another user
       * makes the rest of the row meaningless and is reported alone.
       */
      const importRecord = async ({ line, cells, unclosed }: CsvRecord, username: string): Promise<{ outcome: ImportOutcome; reason: string }> => {
        const cell = (index: number) => (index < 0 ? undefined : cells[index]);
        if (unclosed) throw badRequest(CSV_MESSAGES.unclosedQuote);
        const key = username.toLowerCase();
        const idOwner = known.byIdCell(cell(columns.id));
        if (idOwner && idOwner.username.toLowerCase() !== key) throw badRequest(CSV_MESSAGES.idOfOtherUser(idOwner.username));

        const problems = new RowProblems();
        if (holdsUnreadableText(cells)) problems.add(CSV_MESSAGES.unreadableText);
        const firstLine = firstLines.get(key);
        if (firstLine !== undefined) problems.add(CSV_MESSAGES.repeatedUsername(firstLine));
        else if (key !== '') firstLines.set(key, line);
        const houseId = problems.check(() => houses.resolve(cell(columns.house), cell(columns.houseId), columns.house >= 0 || columns.houseId >= 0));
        const isAdmin = csvBoolean(cell(columns.isAdmin));
        const password = cell(columns.password) ?? '';
        const existing = known.byName(key);

        if (!existing) {
          const blank = password.trim() === '';
          if (blank) problems.add(CSV_MESSAGES.newUserNeedsPassword);
          const input = problems.parse(userCreateSchema, { username, password, houseId: houseId ?? null, isAdmin }, blank ? ['password'] : []);
          problems.throwIfAny();
          known.add(await create(input!));
          return { outcome: 'created', reason: 'Created' };
        }
        // A password beside a known name is most likely a new person whose name is taken: never a silent takeover.
        if (password !== '') problems.add(CSV_MESSAGES.existingUserWithPassword, 409);
        const input = problems.parse(userUpdateSchema, { username: existing.username, houseId, isAdmin });
        problems.throwIfAny();
        const changes = [
          input!.houseId !== undefined && input!.houseId !== existing.houseId ? 'house' : null,
          input!.isAdmin !== undefined && input!.isAdmin !== existing.isAdmin ? 'admin' : null,
        ].filter((change) => change !== null);
        if (changes.length === 0) return { outcome: 'unchanged', reason: 'Unchanged' };
        known.add(await update(existing.id, input!, actingAdminId));
        return { outcome: 'updated', reason: `Updated ${changes.join(' and ')}` };
      };

      const results: ImportResults = { success: 0, failed: 0, errors: [], rows: [] };
      for (const record of records) {
        const username = unguardCell(record.cells[columns.username] ?? '').trim();
        try {
          const { outcome, reason } = await importRecord(record, username);
          results.success++;
          results.rows.push({ line: record.line, username, outcome, reason });
        } catch (error) {
          if (!(error instanceof ApiError)) strapi.log.error(`CSV import, line ${record.line}: ${error instanceof Error ? error.message : String(error)}`);
          const reason = error instanceof ApiError ? error.message : CSV_MESSAGES.notSaved;
          results.failed++;
          results.errors.push({ line: record.line, error: reason });
          results.rows.push({ line: record.line, username, outcome: 'failed', reason });
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
