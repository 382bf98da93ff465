import type { Core, UID } from '@strapi/strapi';
import { SITE_TEXT_DEFAULTS } from '../contract/site-content';

const FESTIVAL = 'api::festival.festival';

/** The collections the site shows in the order of their `position`. */
export const POSITIONED_TYPES = [
  'api::agenda-image.agenda-image',
  'api::performer.performer',
  'api::faq-item.faq-item',
  'api::accommodation-photo.accommodation-photo',
] as const satisfies readonly UID.CollectionType[];

/**
 * Texts that became content after a database was seeded (section labels, the shop's and the
 * access page's introductions) get the words the site showed until then. Only missing ones: a
 * text an editor changed stays as it is.
 */
async function fillMissingSiteTexts(strapi: Core.Strapi) {
  const festival: Record<string, unknown> | null = await strapi.db.query(FESTIVAL).findOne({});
  if (!festival) return;
  const missing = Object.fromEntries(
    Object.entries(SITE_TEXT_DEFAULTS).filter(([key]) => typeof festival[key] !== 'string' || festival[key] === ''),
  );
  if (Object.keys(missing).length === 0) return;
  await strapi.db.query(FESTIVAL).update({ where: { id: festival.id }, data: missing });
  strapi.log.info(`Festival: filled ${Object.keys(missing).length} new texts with their defaults.`);
}

/**
 * Positions count from 1 since editors count that way. Older databases were seeded from 0: the
 * whole list moves up by the same amount, so the public order stays exactly as it was (ties
 * included), and a list already starting at 1 or above is left alone.
 */
async function positionsFromOne(strapi: Core.Strapi) {
  for (const uid of POSITIONED_TYPES) {
    const table = strapi.getModel(uid).collectionName!;
    const lowest = await strapi.db.connection(table).min({ lowest: 'position' }).first();
    const shift = 1 - Number(lowest?.lowest ?? 1);
    if (!(shift > 0)) continue;
    await strapi.db.connection(table).update({ position: strapi.db.connection.raw('coalesce(position, 0) + ?', [shift]) });
    strapi.log.info(`${uid}: positions now count from 1 (moved by ${shift}).`);
  }
}

// Performers linked the organisers' house rows until decision 029; they now name their houses.
// Strapi's schema sync drops the old link table before any bootstrap code runs, so the names are
// copied aside just before it (a table Strapi never tracked, which it leaves alone) and become
// the performers' house badges after it.
const OLD_HOUSE_LINKS = 'performers_houses_lnk';
const KEPT_HOUSE_NAMES = 'gos_performer_house_names_kept';

/** Called in register(): the hook runs before the schema sync of this start. */
export function keepPerformerHousesBeforeSync(strapi: Core.Strapi) {
  strapi.hook('strapi::content-types.beforeSync').register(async () => {
    const knex = strapi.db.connection;
    if (!(await knex.schema.hasTable(OLD_HOUSE_LINKS)) || (await knex.schema.hasTable(KEPT_HOUSE_NAMES))) return;
    await knex.transaction(async (trx) => {
      const links: { performerId: number; name: string }[] = await trx(`${OLD_HOUSE_LINKS} as link`)
        .join('houses as house', 'house.id', 'link.house_id')
        .select('link.performer_id as performerId', 'house.name as name')
        .orderBy([{ column: 'link.performer_id' }, { column: 'link.house_ord' }, { column: 'link.id' }]);
      await trx.schema.createTable(KEPT_HOUSE_NAMES, (table) => {
        table.integer('performer_id').notNullable();
        table.integer('position').notNullable();
        table.string('name', 100).notNullable();
      });
      const rows = links.map((link, index) => ({ performer_id: link.performerId, position: index, name: link.name }));
      if (rows.length > 0) await trx.batchInsert(KEPT_HOUSE_NAMES, rows, 100);
    });
  });
}

/** The kept names become each performer's house badges, in their old order; then the copy goes. */
async function performerHousesAsNames(strapi: Core.Strapi) {
  const knex = strapi.db.connection;
  if (!(await knex.schema.hasTable(KEPT_HOUSE_NAMES))) return;
  const kept: { performer_id: number; name: string }[] = await knex(KEPT_HOUSE_NAMES).select('performer_id', 'name').orderBy('position');
  const byPerformer = new Map<number, string[]>();
  for (const { performer_id: id, name } of kept) byPerformer.set(id, [...(byPerformer.get(id) ?? []), name]);
  await strapi.db.transaction(async () => {
    for (const [id, names] of byPerformer) {
      const performer = (await strapi.db.query('api::performer.performer').findOne({ where: { id }, select: ['documentId'], populate: { houses: true } })) as {
        documentId: string;
        houses?: unknown[];
      } | null;
      if (!performer || (performer.houses?.length ?? 0) > 0) continue;
      await strapi.documents('api::performer.performer').update({ documentId: performer.documentId, data: { houses: names.map((name) => ({ name })) } as never });
    }
  });
  // After the transaction: SQLite has one connection, which the transaction holds until then.
  // The old links go too, where the sync left them: a later start must not bring back a house
  // an editor has since removed from a performer.
  await knex.schema.dropTableIfExists(OLD_HOUSE_LINKS);
  await knex.schema.dropTable(KEPT_HOUSE_NAMES);
  strapi.log.info(`Performers: ${byPerformer.size} now name their houses instead of linking the house rows.`);
}

/** Brings the content of a database seeded by an earlier version to today's model; a no-op afterwards. */
export async function upgradeContent(strapi: Core.Strapi) {
  await fillMissingSiteTexts(strapi);
  await positionsFromOne(strapi);
  await performerHousesAsNames(strapi);
}
