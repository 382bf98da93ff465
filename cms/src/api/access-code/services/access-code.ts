import { randomInt } from 'node:crypto';
import { factories, type Core } from '@strapi/strapi';
import {
  ACCESS_CODE_ALPHABET,
  ACCESS_CODE_LENGTH,
  ACCESS_CODE_MESSAGES,
  formatAccessCode,
  normalizeAccessCode,
  verifyCodeRequestSchema,
  type AccessCode,
  type AccessCodeSortField,
  type AccessCodesQuery,
  type VerifiedHouse,
} from '../../../contract/access-codes';
import { pageWindow, searchWords, type PageInfo, type SortOrder } from '../../../contract/list-query';
import { HOUSE_MESSAGES } from '../../../contract/houses';
import { badRequest, notFound } from '../../../http/api-error';
import { toCsv } from '../../../http/csv';
import { germanDateTime } from '../../../http/german-format';
import { rateLimiter } from '../../../http/rate-limit';
import { onPostgres } from '../../../utils/database';
import { codeWithHouse, type CodeWithHouse } from './code-with-house';
import { verifyOnPostgres } from './verify-code-postgres';

const UID = 'api::access-code.access-code';
const HOUSE_UID = 'api::house.house';

// A collision among 31^10 codes is already unlikely; ten rounds in a row means something is broken.
const MAX_GENERATION_ROUNDS = 10;

type CodeRow = {
  id: number;
  code: string;
  isUsed: boolean | null;
  usedAt: string | Date | number | null;
  house?: { id: number; name: string } | null;
};


const randomCode = () =>
  Array.from({ length: ACCESS_CODE_LENGTH }, () => ACCESS_CODE_ALPHABET[randomInt(ACCESS_CODE_ALPHABET.length)]).join('');

const toIso = (value: CodeRow['usedAt']) => (value === null || value === undefined ? null : new Date(value).toISOString());

const toAccessCode = (row: CodeRow): AccessCode => ({
  id: row.id,
  code: formatAccessCode(row.code),
  houseId: row.house?.id ?? null,
  houseName: row.house?.name ?? null,
  isUsed: row.isUsed === true,
  usedAt: toIso(row.usedAt),
});

const CODE_ORDER: Record<AccessCodeSortField, (order: SortOrder) => object> = {
  id: (order) => ({ id: order }),
  code: (order) => ({ code: order }),
  house: (order) => ({ house: { name: order } }),
  status: (order) => ({ isUsed: order }),
  usedAt: (order) => ({ usedAt: order }),
};

/** A search word matches a code however it is typed (case, hyphen), or a house's name. */
const codeSearch = (word: string) => {
  const code = normalizeAccessCode(word);
  return { $or: [...(code ? [{ code: { $containsi: code } }] : []), { house: { name: { $containsi: word } } }] };
};

const accessCodeService = ({ strapi }: { strapi: Core.Strapi }) => {
  const codes = () => strapi.db.query(UID);

  async function findWithHouse(code: string): Promise<CodeWithHouse | null> {
    const row = (await codeWithHouse(strapi, code)) as CodeWithHouse | undefined;
    return row ? { ...row, isUsed: Boolean(row.isUsed) } : null;
  }

  /**
   * The house a code unlocks, or null for every kind of wrong code alike. The first success
   * marks the code used; later ones leave usedAt as it was.
   */
  async function checkCode(input: unknown): Promise<VerifiedHouse | null> {
    const parsed = verifyCodeRequestSchema.safeParse(input);
    if (!parsed.success) {
      if (parsed.error.issues.some((issue) => issue.message === ACCESS_CODE_MESSAGES.empty)) {
        throw badRequest(ACCESS_CODE_MESSAGES.empty);
      }
      return null;
    }
    const row = await findWithHouse(parsed.data.code);
    if (!row) return null;

    // One conditional UPDATE: two first uses at the same moment still set usedAt only once. A
    // code used before (most checks: holders come back to the page) writes nothing.
    if (!row.isUsed) await codes().updateMany({ where: { id: row.id, isUsed: false }, data: { isUsed: true, usedAt: new Date() } });
    return { name: row.name, chatUrl: row.chatUrl, emblem: row.emblem ?? null, colour: row.colour ?? null };
  }

  const listRows = async (houseId: number | null) =>
    (await codes().findMany({
      where: houseId === null ? {} : { house: { id: houseId } },
      select: ['id', 'code', 'isUsed', 'usedAt'],
      populate: { house: { select: ['id', 'name'] } },
      orderBy: { id: 'asc' },
    })) as CodeRow[];

  /** `count` codes that are neither in the database nor in this batch. */
  const freshCodes = async (count: number): Promise<string[]> => {
    const found = new Set<string>();
    for (let round = 0; found.size < count; round++) {
      if (round === MAX_GENERATION_ROUNDS) throw new Error('Could not generate unique access codes');
      const candidates = new Set<string>();
      while (candidates.size < count - found.size) {
        const code = randomCode();
        if (!found.has(code)) candidates.add(code);
      }
      const taken = (await codes().findMany({ where: { code: { $in: [...candidates] } }, select: ['code'] })) as { code: string }[];
      const takenCodes = new Set(taken.map((row) => row.code));
      for (const code of candidates) if (!takenCodes.has(code)) found.add(code);
    }
    return [...found];
  };

  return {
    /** Creates `count` new codes for the house, all or none; returns them as shown (ABCDE-FGHJK). */
    async generateCodes(houseId: number, count: number): Promise<string[]> {
      return strapi.db.transaction(async () => {
        const house = await strapi.db.query(HOUSE_UID).findOne({ where: { id: houseId }, select: ['id', 'documentId'] });
        if (!house) throw notFound(HOUSE_MESSAGES.notFound);
        const generated = await freshCodes(count);
        for (const code of generated) {
          await strapi.documents(UID).create({ data: { code, house: house.documentId, isUsed: false } as never });
        }
        return generated.map(formatAccessCode);
      });
    },

    async listCodes(houseId: number | null): Promise<AccessCode[]> {
      return (await listRows(houseId)).map(toAccessCode);
    },

    /** One page of codes by house, status and search, with the house's counters. */
    async listPage(query: AccessCodesQuery): Promise<{ accessCodes: AccessCode[]; counts: { total: number; used: number } } & PageInfo> {
      const ofHouse = query.houseId ? { house: { id: query.houseId } } : {};
      const status = query.status === undefined ? {} : { isUsed: query.status === 'used' };
      const where = { $and: [ofHouse, status, ...searchWords(query.search).map(codeSearch)] };
      const [rows, total, all, used] = await Promise.all([
        codes().findMany({
          where,
          select: ['id', 'code', 'isUsed', 'usedAt'],
          populate: { house: { select: ['id', 'name'] } },
          orderBy: [CODE_ORDER[query.sort ?? 'id'](query.order ?? 'asc'), { id: query.order ?? 'asc' }],
          ...pageWindow(query),
        }),
        codes().count({ where }),
        codes().count({ where: ofHouse }),
        codes().count({ where: { $and: [ofHouse, { isUsed: true }] } }),
      ]);
      return {
        accessCodes: (rows as CodeRow[]).map(toAccessCode),
        page: query.page,
        pageSize: query.pageSize,
        total,
        counts: { total: all, used },
      };
    },

    async removeCode(id: number): Promise<void> {
      const deleted = await codes().delete({ where: { id } });
      if (!deleted) throw notFound(ACCESS_CODE_MESSAGES.notFound);
    },

    async exportCsv(): Promise<string> {
      const rows = await listRows(null);
      return toCsv(
        ['code', 'house', 'status', 'used at'],
        rows.map((row) => [
          formatAccessCode(row.code),
          row.house?.name ?? '',
          row.isUsed === true ? 'Used' : 'Available',
          row.usedAt ? germanDateTime(row.usedAt) : '',
        ]),
      );
    },

    /**
     * A code check under the client's limit on failed checks (rateLimiter().attempt): the house,
     * or null for a wrong code. On PostgreSQL a well-formed code is checked in one call
     * (verify-code-postgres.ts); anything else takes the same path on either database.
     */
    async verifyUnderLimit(input: unknown, clientIp: string): Promise<VerifiedHouse | null> {
      const parsed = verifyCodeRequestSchema.safeParse(input);
      if (parsed.success && onPostgres(strapi)) return verifyOnPostgres(strapi, parsed.data.code, clientIp, ACCESS_CODE_MESSAGES.tooManyAttempts);
      return rateLimiter(strapi, 'verify-code', clientIp).attempt(ACCESS_CODE_MESSAGES.tooManyAttempts, () => checkCode(input));
    },

  };
};

export type AccessCodeService = ReturnType<typeof accessCodeService>;

export default factories.createCoreService(UID, accessCodeService);
