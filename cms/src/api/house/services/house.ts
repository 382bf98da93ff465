import { factories, type Core } from '@strapi/strapi';
import { refuseDuplicateName } from '../../../bootstrap/unique-names';
import { HOUSE_MESSAGES, type House, type HouseInput } from '../../../contract/houses';
import { conflict, notFound } from '../../../http/api-error';

const UID = 'api::house.house';
const CODE_UID = 'api::access-code.access-code';

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

  return {
    async listHouses(): Promise<House[]> {
      const rows = await houses().findMany({ ...HOUSE_FIELDS, orderBy: { id: 'asc' } });
      return (rows as HouseRow[]).map(toHouse);
    },

    async addHouse({ name, chatUrl }: HouseInput): Promise<House> {
      return strapi.db.transaction(async () => {
        await assertNameFree(name);
        const created = await strapi.documents(UID).create({ data: { name, chatUrl } });
        return toHouse(await findHouse(created.id as number));
      }).catch(refuseDuplicateName('houseName', HOUSE_MESSAGES.duplicateName));
    },

    async editHouse(id: number, { name, chatUrl }: HouseInput): Promise<House> {
      return strapi.db.transaction(async () => {
        const house = await findHouse(id);
        await assertNameFree(name, id);
        // Without generated content types the Document Service knows no attributes of a house.
        await strapi.documents(UID).update({ documentId: house.documentId, data: { name, chatUrl } as never });
        return toHouse(await findHouse(id));
      }).catch(refuseDuplicateName('houseName', HOUSE_MESSAGES.duplicateName));
    },

    /** Removes the house, its access codes and its place on users and performers, all or nothing. */
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
