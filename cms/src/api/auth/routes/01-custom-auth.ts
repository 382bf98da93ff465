import type { Core } from '@strapi/strapi';

const routes: Core.RouterConfig = {
  type: 'content-api',
  routes: [
    { method: 'POST', path: '/admin/login', handler: 'api::auth.auth.login', config: { auth: false, policies: [] } },
    { method: 'POST', path: '/admin/logout', handler: 'api::auth.auth.logout', config: { auth: false, policies: [] } },
  ],
};

export default routes;
