import type { Core } from '@strapi/strapi';

const USER_UID = 'plugin::users-permissions.user';

// users-permissions requires an e-mail; organisers' accounts are known by username only.
export const placeholderEmail = (username: string) =>
  `${username.toLowerCase().replace(/[^a-z0-9._-]/g, '-')}@users.game-of-slavs.invalid`;

/** The first organiser of the dashboard, from ORGANISER_USERNAME and ORGANISER_PASSWORD. */
export async function ensureFirstOrganiser(strapi: Core.Strapi) {
  const username = process.env.ORGANISER_USERNAME?.trim();
  const password = process.env.ORGANISER_PASSWORD;
  if (!username || !password) {
    strapi.log.warn('ORGANISER_USERNAME/ORGANISER_PASSWORD not set: no organiser account created.');
    return;
  }
  const organisers = await strapi.db.query(USER_UID).count({ where: { isAdmin: true } });
  if (organisers > 0) return;

  const role = await strapi.db
    .query('plugin::users-permissions.role')
    .findOne({ where: { type: 'authenticated' } });
  await strapi.documents(USER_UID).create({
    data: {
      username,
      email: placeholderEmail(username),
      password,
      provider: 'local',
      confirmed: true,
      blocked: false,
      isAdmin: true,
      role: role?.id,
    },
  });
  strapi.log.info(`Created the first organiser account "${username}".`);
}

/** The first editor of the Strapi panel (/cms), from CMS_ADMIN_EMAIL and CMS_ADMIN_PASSWORD. */
export async function ensureFirstEditor(strapi: Core.Strapi) {
  const email = process.env.CMS_ADMIN_EMAIL?.trim();
  const password = process.env.CMS_ADMIN_PASSWORD;
  if (!email || !password) {
    strapi.log.warn('CMS_ADMIN_EMAIL/CMS_ADMIN_PASSWORD not set: create the panel account at /cms.');
    return;
  }
  const admins = strapi.service('admin::user');
  if (await admins.exists()) return;
  await admins.createFirstAdmin({ email, password, firstname: 'Festival', lastname: 'Redaktion' });
  strapi.log.info(`Created the first panel account "${email}".`);
}
