import { factories, type Core } from '@strapi/strapi';
import { refuseDuplicateName } from '../../../bootstrap/unique-names';
import { HOUSE_MESSAGES, type House, type HouseCodeCounts, type HouseEmblem, type HouseInput } from '../../../contract/houses';
import { badRequest, conflict, notFound } from '../../../http/api-error';
import { tableOf } from '../../../utils/database';

const UID = 'api::house.house';
const CODE_UID = 'api::access-code.access-code';
const FILE_UID = 'plugin::upload.file';
const BADGE_UID = 'performer.house-badge';

// The picker shows thumbnails; a festival's media library holds a few dozen images, not thousands.
const MAX_EMBLEM_CHOICES = 500;

type FileRow = { id: number; name: string; alternativeText: string | null; url: string; formats?: Record<string, { url?: unknown } | undefined> | null };

const toEmblem = (file: FileRow): HouseEmblem => {
  const thumbnail = file.formats?.thumbnail?.url;
  return { id: file.id, name: file.alternativeText?.trim() || file.name, url: file.url, thumbnailUrl: typeof thumbnail === 'string' ? thumbnail : file.url };
};

/** The fields of a house input that change the stored house: colour and emblem only when sent. */
const houseData = ({ name, chatUrl, colour, emblem }: HouseInput) => ({
  name,
  chatUrl,
  ...(colour === undefined ? {} : { colour }),
  ...(emblem === undefined ? {} : { emblem }),
});

type HouseRow = {
  id: number;
  documentId: string;
  name: string;
  chatUrl: string;
  colour?: string | null;
  emblem?: { url: string } | null;
};

const toHouse = (row: HouseRow): House => ({
  id: row.id,
  name: row.name,
  chatUrl: row.chatUrl,
  colour: row.colour ?? null,
  emblem: row.emblem?.url ?? null,
});

const HOUSE_FIELDS = { select: ['id', 'documentId', 'name', 'chatUrl', 'colour'], populate: { emblem: { select: ['url'] } } };

const houseService = ({ strapi }: { strapi: Core.Strapi }) => {
  const houses = () => strapi.db.query(UID);

  const findHouse = async (id: number): Promise<HouseRow> => {
    const row = await houses().findOne({ where: { id }, ...HOUSE_FIELDS });
    if (!row) throw notFound(HOUSE_MESSAGES.notFound);
    return row as HouseRow;
  };

  const assertNameFree = async (name: string, exceptId?: number) => {
    const where = exceptId === undefined ? { name: { $eqi: name } } : { name: { $eqi: name }, id: { $ne: exceptId } };
    if (await houses().findOne({ where, select: ['id'] })) throw conflict(HOUSE_MESSAGES.duplicateName);
  };

  /** An emblem must be an image of the media library, as the picker offers them. */
  const assertEmblemChoice = async (emblem: number | null | undefined) => {
    if (emblem === null || emblem === undefined) return;
    const file = await strapi.db.query(FILE_UID).findOne({ where: { id: emblem, mime: { $startsWith: 'image/' } }, select: ['id'] });
    if (!file) throw badRequest(HOUSE_MESSAGES.invalidEmblem);
  };

  return {
    /** The images a house may show as its emblem, those named as emblems ("Wappen …") first. */
    async listEmblems(): Promise<HouseEmblem[]> {
      const files = (await strapi.db.query(FILE_UID).findMany({
        where: { mime: { $startsWith: 'image/' } },
        select: ['id', 'name', 'alternativeText', 'url', 'formats'],
        orderBy: { id: 'asc' },
        limit: MAX_EMBLEM_CHOICES,
      })) as FileRow[];
      const emblems = files.map(toEmblem);
      const isNamedEmblem = (emblem: HouseEmblem) => /wappen|emblem/i.test(emblem.name);
      return [...emblems.filter(isNamedEmblem), ...emblems.filter((emblem) => !isNamedEmblem(emblem))];
    },

    /**
     * Codes issued, redeemed and open per house, counted by the database in one grouped query
     * over the codes' link to their house, so it costs the same with 60 codes or 10,000.
     */
    async codeCounts(): Promise<HouseCodeCounts[]> {
      const codes = tableOf(strapi, CODE_UID);
      const link = codes.joinTable('house');
      const isUsed = codes.column('isUsed');
      const knex = strapi.db.connection;
      const [houseRows, counted] = await Promise.all([
        houses().findMany({ select: ['id'], orderBy: { id: 'asc' } }) as Promise<{ id: number }[]>,
        knex(`${codes.name} as code`)
          .join(`${link.name} as link`, `link.${link.joinColumn.name}`, 'code.id')
          .groupBy(`link.${link.inverseJoinColumn.name}`)
          .select({ houseId: `link.${link.inverseJoinColumn.name}` })
          .count({ issued: '*' })
          .select(knex.raw('sum(case when ?? then 1 else 0 end) as redeemed', [`code.${isUsed}`])) as Promise<
          { houseId: number | string; issued: number | string; redeemed: number | string | null }[]
        >,
      ]);
      const byHouse = new Map(counted.map((row) => [Number(row.houseId), { issued: Number(row.issued), redeemed: Number(row.redeemed ?? 0) }]));
      return houseRows.map(({ id }) => {
        const { issued, redeemed } = byHouse.get(id) ?? { issued: 0, redeemed: 0 };
        return { houseId: id, issued, redeemed, open: issued - redeemed };
      });
    },

    async listHouses(): Promise<House[]> {
      const rows = await houses().findMany({ ...HOUSE_FIELDS, orderBy: { id: 'asc' } });
      return (rows as HouseRow[]).map(toHouse);
    },

    async addHouse(input: HouseInput): Promise<House> {
      return strapi.db.transaction(async () => {
        await assertNameFree(input.name);
        await assertEmblemChoice(input.emblem);
        const created = await strapi.documents(UID).create({ data: houseData(input) as never });
        return toHouse(await findHouse(created.id as number));
      }).catch(refuseDuplicateName('houseName', HOUSE_MESSAGES.duplicateName));
    },

    async editHouse(id: number, input: HouseInput): Promise<House> {
      return strapi.db.transaction(async () => {
        const house = await findHouse(id);
        await assertNameFree(input.name, id);
        await assertEmblemChoice(input.emblem);
        // Without generated content types the Document Service knows no attributes of a house.
        await strapi.documents(UID).update({ documentId: house.documentId, data: houseData(input) as never });
        // Performers name their houses (decision 029): a renamed house keeps its badges.
        if (house.name !== input.name) {
          await strapi.db.query(BADGE_UID).updateMany({ where: { name: { $eqi: house.name } }, data: { name: input.name } });
        }
        return toHouse(await findHouse(id));
      }).catch(refuseDuplicateName('houseName', HOUSE_MESSAGES.duplicateName));
    },

    /** Removes the house, its access codes and its place on users, all or nothing; a performer's badge of it stays, uncoloured. */
    async deleteHouseWithCodes(id: number): Promise<void> {
      await strapi.db.transaction(async () => {
        const house = await findHouse(id);
        const codes = (await strapi.db.query(CODE_UID).findMany({ where: { house: { id } }, select: ['id'] })) as { id: number }[];
        if (codes.length > 0) await strapi.db.query(CODE_UID).deleteMany({ where: { id: { $in: codes.map((code) => code.id) } } });
        await strapi.documents(UID).delete({ documentId: house.documentId });
      });
    },
  };
};

export type HouseService = ReturnType<typeof houseService>;

export default factories.createCoreService(UID, houseService);
