import type { Core } from '@strapi/strapi';
import { PUBLIC_READ_TYPES } from './public-permissions';

type Permission = { id?: number; action: string; subject?: string | null; properties?: Record<string, unknown> };
type Action = { actionId: string; section: string; subjects?: string[]; options?: Record<string, unknown> };
type Role = { id: number; code: string; name: string; description?: string };

/** What the panel's editors may change: the content the public pages render, nothing organisers keep. */
export const SITE_CONTENT_TYPES: readonly string[] = PUBLIC_READ_TYPES.map((name) => `api::${name}.${name}`);

export const EDITOR_ROLE = {
  code: 'gos-editor',
  name: 'Redaktion',
  description: 'Pflegt die Inhalte der Website und die Mediathek; sieht keine Daten der Organisatoren.',
};

const MEDIA_LIBRARY_ACTIONS = [
  'plugin::upload.read',
  'plugin::upload.assets.create',
  'plugin::upload.assets.update',
  'plugin::upload.assets.download',
  'plugin::upload.assets.copy-link',
];

export const SUPER_ADMIN_CODE = 'strapi-super-admin';

const contentTypeActions = (strapi: Core.Strapi): Action[] =>
  strapi
    .service('admin::permission')
    .actionProvider.values()
    .filter((action: Action) => action.section === 'contentTypes');

/** Read, create, update, delete and publish on each of the site's content types, every field. */
function editorPermissions(strapi: Core.Strapi): Permission[] {
  const onSiteTypes = contentTypeActions(strapi).map((action) => ({
    ...action,
    subjects: (action.subjects ?? []).filter((subject) => SITE_CONTENT_TYPES.includes(subject)),
  }));
  return [
    ...strapi.service('admin::content-type').getPermissionsWithNestedFields(onSiteTypes),
    ...MEDIA_LIBRARY_ACTIONS.map((action) => ({ action })),
  ];
}

async function findOrCreateEditorRole(strapi: Core.Strapi): Promise<Role> {
  const roles = strapi.service('admin::role');
  const existing: Role | null = await roles.findOne({ code: EDITOR_ROLE.code });
  if (!existing) return roles.create(EDITOR_ROLE);
  if (existing.name !== EDITOR_ROLE.name || existing.description !== EDITOR_ROLE.description) {
    return roles.update({ id: existing.id }, { name: EDITOR_ROLE.name, description: EDITOR_ROLE.description });
  }
  return existing;
}

/**
 * The "Redaktion" role, kept exactly as written here on every start: permissions added by hand
 * in the panel are removed, and a content type added to or removed from the site list applies
 * to existing installs.
 */
export async function ensureEditorRole(strapi: Core.Strapi): Promise<Role> {
  const role = await findOrCreateEditorRole(strapi);
  await strapi.service('admin::role').assignPermissions(role.id, editorPermissions(strapi));
  return role;
}

/**
 * Every other role except Super Admin (Strapi's Editor and Author, and any a Super Admin made)
 * loses its permissions on content types outside the site's: orders, access codes, houses,
 * settings, products and the dashboard's user accounts stay readable by a Super Admin only.
 */
export async function confineOtherRoles(strapi: Core.Strapi) {
  const organisersTypes = new Set(contentTypeActions(strapi).flatMap((action) => action.subjects ?? []));
  for (const subject of SITE_CONTENT_TYPES) organisersTypes.delete(subject);

  const roles = strapi.service('admin::role');
  const others: Role[] = await roles.find({ code: { $notIn: [SUPER_ADMIN_CODE, EDITOR_ROLE.code] } });
  for (const role of others) {
    const permissions: Permission[] = await strapi.service('admin::permission').findMany({ where: { role: { id: role.id } } });
    const kept = permissions.filter((permission) => !organisersTypes.has(permission.subject ?? ''));
    if (kept.length === permissions.length) continue;
    // Through the role service, so that the admin tokens of the role's users lose them too.
    await roles.assignPermissions(role.id, kept);
    strapi.log.info(`Panel role "${role.name}": removed ${permissions.length - kept.length} permissions on organisers' data.`);
  }
}
