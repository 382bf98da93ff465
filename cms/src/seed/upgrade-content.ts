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

/** Brings the content of a database seeded by an earlier version to today's model; a no-op afterwards. */
export async function upgradeContent(strapi: Core.Strapi) {
  await fillMissingSiteTexts(strapi);
  await positionsFromOne(strapi);
}
