import type { Core } from '@strapi/strapi';

type JoinTable = {
  name: string;
  joinColumn: { name: string };
  inverseJoinColumn: { name: string };
  morphColumn: { typeColumn: { name: string }; idColumn: { name: string } };
};

/**
 * Where the Query Engine keeps a content type's rows, for the few queries written with Knex
 * itself (counted, conditional or joined in one statement): its table, the column of an
 * attribute, and the join table of a relation.
 */
export function tableOf(strapi: Core.Strapi, uid: string) {
  const meta = strapi.db.metadata.get(uid);
  return {
    name: meta.tableName,
    column: (attribute: string) => (meta.attributes[attribute] as { columnName?: string }).columnName ?? attribute,
    joinTable: (attribute: string) => (meta.attributes[attribute] as unknown as { joinTable: JoinTable }).joinTable,
  };
}
