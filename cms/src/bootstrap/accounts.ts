import type { Core } from '@strapi/strapi';
import { SUPER_ADMIN_CODE } from './editor-role';

const USER_UID = 'plugin::users-permissions.user';
/** The panel's language for the accounts made here (Strapi's locale code). */
const PANEL_LANGUAGE = 'de';

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

type PanelUser = { id: number; roles: { code: string }[] };
type PanelAccount = { email: string; password: string };

const accountFromEnv = (emailName: string, passwordName: string): PanelAccount | undefined => {
  const email = process.env[emailName]?.trim().toLowerCase();
  const password = process.env[passwordName];
  return email && password ? { email, password } : undefined;
};

const isSuperAdmin = (user: PanelUser) => user.roles.some((role) => role.code === SUPER_ADMIN_CODE);

const findPanelUser = (strapi: Core.Strapi, email: string): Promise<PanelUser | null> =>
  strapi.db.query('admin::user').findOne({ where: { email: { $eqi: email } }, populate: ['roles'] });

async function createPanelUser(strapi: Core.Strapi, { email, password }: PanelAccount, roleId: number, lastname: string) {
  await strapi.service('admin::user').create({
    email,
    password,
    firstname: 'Festival',
    lastname,
    roles: [roleId],
    isActive: true,
    registrationToken: null,
    preferedLanguage: PANEL_LANGUAGE,
  });
  strapi.log.info(`Created the panel account "${email}".`);
}

/**
 * The panel's accounts: the editor from CMS_ADMIN_EMAIL/CMS_ADMIN_PASSWORD in the "Redaktion"
 * role, and a Super Admin from CMS_SUPERADMIN_EMAIL/CMS_SUPERADMIN_PASSWORD if set. The editor
 * is created on a first start only (one deleted later stays deleted); the Super Admin whenever
 * it is missing. An editor that earlier versions made Super Admin is moved to "Redaktion" once
 * another Super Admin can administer the panel.
 */
export async function ensurePanelAccounts(strapi: Core.Strapi, { editorRoleId, superAdminRoleId }: { editorRoleId: number; superAdminRoleId: number }) {
  const editor = accountFromEnv('CMS_ADMIN_EMAIL', 'CMS_ADMIN_PASSWORD');
  const superAdmin = accountFromEnv('CMS_SUPERADMIN_EMAIL', 'CMS_SUPERADMIN_PASSWORD');
  if (!editor && !superAdmin) {
    strapi.log.warn('CMS_ADMIN_EMAIL/CMS_ADMIN_PASSWORD not set: create the panel account at /cms.');
    return;
  }
  const firstStart = !(await strapi.service('admin::user').exists());
  if (superAdmin && !(await findPanelUser(strapi, superAdmin.email))) {
    await createPanelUser(strapi, superAdmin, superAdminRoleId, 'Technik');
  }
  if (editor && firstStart && !(await findPanelUser(strapi, editor.email))) {
    await createPanelUser(strapi, editor, editorRoleId, 'Redaktion');
  }
  if (editor) await moveEditorOutOfSuperAdmin(strapi, editor.email, editorRoleId);
  if (editor) await speakGermanByDefault(strapi, editor.email);
}

/** The editors' panel speaks German; an editor who picked another language on the profile page keeps it. */
async function speakGermanByDefault(strapi: Core.Strapi, email: string) {
  await strapi.db
    .query('admin::user')
    .updateMany({ where: { email: { $eqi: email }, preferedLanguage: { $null: true } }, data: { preferedLanguage: PANEL_LANGUAGE } });
}

async function moveEditorOutOfSuperAdmin(strapi: Core.Strapi, email: string, editorRoleId: number) {
  const user = await findPanelUser(strapi, email);
  if (!user || !isSuperAdmin(user)) return;
  const superAdmins: PanelUser[] = await strapi.db.query('admin::user').findMany({
    where: { roles: { code: SUPER_ADMIN_CODE }, isActive: true, blocked: false, id: { $ne: user.id } },
    populate: ['roles'],
  });
  if (superAdmins.length === 0) {
    strapi.log.warn(
      `The panel account "${email}" (CMS_ADMIN_EMAIL) is a Super Admin and stays one until another exists: set CMS_SUPERADMIN_EMAIL and CMS_SUPERADMIN_PASSWORD.`,
    );
    return;
  }
  await strapi.service('admin::user').updateById(user.id, { roles: [editorRoleId] });
  // Admin tokens the account made as Super Admin are cut down to what "Redaktion" may do.
  await strapi.service('admin::api-token-admin').syncPermissionsForUser(user.id);
  strapi.log.info(`Moved the panel account "${email}" from Super Admin to the role "Redaktion".`);
}
