import type { Core } from '@strapi/strapi';

const admin = { auth: false as const, middlewares: ['global::require-admin'] };

const routes: Core.RouterConfig = {
  type: 'content-api',
  routes: [
    {
      method: 'GET',
      path: '/settings/:key',
      handler: 'api::setting.setting.read',
      config: { auth: false, policies: [] },
    },
    { method: 'POST', path: '/admin/settings', handler: 'api::setting.setting.write', config: admin },
    { method: 'GET', path: '/admin/settings/order-limits', handler: 'api::setting.setting.readOrderLimits', config: admin },
    { method: 'PUT', path: '/admin/settings/order-limits', handler: 'api::setting.setting.writeOrderLimits', config: admin },
  ],
};

export default routes;
