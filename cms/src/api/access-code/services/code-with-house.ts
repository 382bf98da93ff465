import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import { tableOf } from '../../../utils/database';

const CODE_UID = 'api::access-code.access-code';
const HOUSE_UID = 'api::house.house';
const FILE_UID = 'plugin::upload.file';

export type CodeWithHouse = { id: number; isUsed: boolean | number | null; name: string; chatUrl: string; colour: string | null; emblem: string | null };

/**
 * The code's row with its house and the house's emblem, in one statement (the Query Engine's
 * populate took three round trips for it). code is the value, or an expression standing for it
 * in the PostgreSQL function (verify-code-postgres.ts).
 */
export function codeWithHouse(strapi: Core.Strapi, code: string | Knex.Raw) {
  const codes = tableOf(strapi, CODE_UID);
  const house = tableOf(strapi, HOUSE_UID);
  const file = tableOf(strapi, FILE_UID);
  const link = codes.joinTable('house');
  const attached = file.joinTable('related');
  return strapi.db
    .connection(`${codes.name} as code`)
    .join(`${link.name} as link`, `link.${link.joinColumn.name}`, 'code.id')
    .join(`${house.name} as house`, 'house.id', `link.${link.inverseJoinColumn.name}`)
    .leftJoin(`${attached.name} as attached`, (on) =>
      on
        .on(`attached.${attached.morphColumn.idColumn.name}`, 'house.id')
        .andOnVal(`attached.${attached.morphColumn.typeColumn.name}`, HOUSE_UID)
        .andOnVal('attached.field', 'emblem'),
    )
    .leftJoin(`${file.name} as file`, 'file.id', `attached.${attached.joinColumn.name}`)
    .where(`code.${codes.column('code')}`, code)
    .orderBy([{ column: 'link.id' }, { column: 'attached.order' }])
    .first({
      id: 'code.id',
      isUsed: `code.${codes.column('isUsed')}`,
      name: `house.${house.column('name')}`,
      chatUrl: `house.${house.column('chatUrl')}`,
      colour: `house.${house.column('colour')}`,
      emblem: `file.${file.column('url')}`,
    });
}
