import type { Core } from '@strapi/strapi';

const adminRoute = (method: Core.HTTPMethod, path: string, action: string): Core.RouteInput => ({
  method,
  path,
  handler: `api::admin-user.admin-user.${action}`,
  config: { auth: false, middlewares: ['global::require-admin'] },
});

const routes: Core.RouterConfig = {
  type: 'content-api',
  routes: [
    adminRoute('GET', '/admin/users', 'list'),
    adminRoute('POST', '/admin/users', 'create'),
    adminRoute('PUT', '/admin/users/:id', 'update'),
    adminRoute('DELETE', '/admin/users/:id', 'remove'),
    adminRoute('POST', '/admin/import/users', 'importCsv'),
    adminRoute('GET', '/admin/export/users', 'exportCsv'),
  ],
};

export default routes;
