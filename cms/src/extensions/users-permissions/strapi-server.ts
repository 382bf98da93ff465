import type { Core } from '@strapi/strapi';

type UsersPermissionsPlugin = Core.Plugin & {
  contentTypes: { user: { schema: { attributes: Record<string, unknown> } } };
  routes: Record<string, unknown>;
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
  return plugin;
};
