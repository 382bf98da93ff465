import type { Core } from '@strapi/strapi';

const adminRoute = (method: Core.HTTPMethod, path: string, action: string): Core.RouteInput => ({
  method,
  path,
  handler: `api::house.house.${action}`,
  config: { auth: false, middlewares: ['global::require-admin'] },
});

const routes: Core.RouterConfig = {
  type: 'content-api',
  routes: [
    adminRoute('GET', '/admin/houses', 'adminList'),
    adminRoute('GET', '/admin/houses/code-counts', 'codeCounts'),
    adminRoute('GET', '/admin/house-emblems', 'emblems'),
    adminRoute('POST', '/admin/houses', 'adminCreate'),
    adminRoute('PUT', '/admin/houses/:id', 'adminUpdate'),
    adminRoute('DELETE', '/admin/houses/:id', 'adminDelete'),
  ],
};

export default routes;
