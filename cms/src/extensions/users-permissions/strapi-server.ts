import type { Core } from '@strapi/strapi';

type UsersPermissionsPlugin = Core.Plugin & {
  contentTypes: { user: { schema: { attributes: Record<string, unknown> } } };
};

// Festival users are users-permissions users with a house and an organiser flag.
export default (plugin: UsersPermissionsPlugin) => {
  Object.assign(plugin.contentTypes.user.schema.attributes, {
    house: { type: 'relation', relation: 'manyToOne', target: 'api::house.house', inversedBy: 'users' },
    isAdmin: { type: 'boolean', default: false, required: true },
  });
  return plugin;
};
