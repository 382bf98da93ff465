import type { Core } from '@strapi/strapi';

const routes: Core.RouterConfig = {
  type: 'content-api',
  routes: [
    {
      method: 'GET',
      path: '/site-content',
      handler: 'api::site-content.site-content.read',
      config: { auth: false, policies: [] },
    },
  ],
};

export default routes;
