import type { Core } from '@strapi/strapi';
import { ensurePanelAccounts } from './accounts';
import { SUPER_ADMIN_CODE, confineOtherRoles, ensureEditorRole } from './editor-role';

/**
 * Who may do what in the Strapi panel, set on every start. One transaction holding the Super
 * Admin role's row serialises instances starting at once on one database (SQLite has a single
 * writer anyway), so none of them creates a role or an account twice.
 */
export async function ensurePanelAccess(strapi: Core.Strapi) {
  await strapi.db.transaction(async ({ trx }) => {
    const superAdminRole = await strapi.db
      .queryBuilder('admin::role')
      .select(['id'])
      .where({ code: SUPER_ADMIN_CODE })
      .first()
      .transacting(trx)
      .forUpdate()
      .execute<{ id: number } | undefined>();
    if (!superAdminRole) throw new Error("Strapi's Super Admin role is missing");
    const editorRole = await ensureEditorRole(strapi);
    await confineOtherRoles(strapi);
    await ensurePanelAccounts(strapi, { editorRoleId: editorRole.id, superAdminRoleId: superAdminRole.id });
  });
}
