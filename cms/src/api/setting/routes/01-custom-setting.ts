import type { Core } from '@strapi/strapi';

const routes: Core.RouterConfig = {
  type: 'content-api',
  routes: [
    {
      method: 'GET',
      path: '/settings/:key',
      handler: 'api::setting.setting.read',
      config: { auth: false, policies: [] },
    },
    {
      method: 'POST',
      path: '/admin/settings',
      handler: 'api::setting.setting.write',
      config: { auth: false, middlewares: ['global::require-admin'] },
    },
  ],
};

export default routes;
