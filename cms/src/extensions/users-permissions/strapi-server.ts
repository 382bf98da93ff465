import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { refusedFields } from '../../contract/stored-rules';
import { DataRuleError } from '../../http/data-rule-error';
import { requestBody } from '../../http/validate';

type Action = (ctx: Context) => Promise<unknown>;

type UsersPermissionsPlugin = Core.Plugin & {
  contentTypes: { user: { schema: { attributes: Record<string, unknown> } } };
  routes: Record<string, unknown>;
  controllers: { contentmanageruser: { create: Action } };
};

/**
 * The content manager's create of a user turns any error into a bare ApplicationError with the
 * same message, which loses the field a refusal of the data's rules names
 * (bootstrap/data-rules.ts). Such a refusal is given back its fields, so the panel shows it under
 * the field; every other error passes as it was.
 */
const withFieldRefusals =
  (create: Action): Action =>
  async (ctx) => {
    try {
      return await create(ctx);
    } catch (error) {
      const body = requestBody(ctx);
      const refusals = typeof body === 'object' && body !== null ? refusedFields('plugin::users-permissions.user', body as Record<string, unknown>) : [];
      const refusal = refusals.length > 0 ? new DataRuleError(refusals) : undefined;
      if (refusal && error instanceof Error && error.name === 'ApplicationError' && error.message === refusal.message) throw refusal;
      throw error;
    }
  };

// Festival users are users-permissions users with a house and an organiser flag.
export default (plugin: UsersPermissionsPlugin) => {
  Object.assign(plugin.contentTypes.user.schema.attributes, {
    house: { type: 'relation', relation: 'manyToOne', target: 'api::house.house', inversedBy: 'users' },
    isAdmin: { type: 'boolean', default: false, required: true },
  });
  // Its public routes (/api/auth/local, /api/users, /api/connect/…) would be a second way to sign
  // in, without the organiser check and rate limit of POST /api/admin/login; nothing here uses them.
  plugin.routes['content-api'] = { type: 'content-api', routes: [] };
  plugin.controllers.contentmanageruser.create = withFieldRefusals(plugin.controllers.contentmanageruser.create);
  return plugin;
};
