import type { Core } from '@strapi/strapi';

const adminRoute = (method: Core.HTTPMethod, path: string, action: string): Core.RouteInput => ({
  method,
  path,
  handler: `api::access-code.access-code.${action}`,
  config: { auth: false, middlewares: ['global::require-admin'] },
});

const routes: Core.RouterConfig = {
  type: 'content-api',
  routes: [
    { method: 'POST', path: '/auth/verify-code', handler: 'api::access-code.access-code.verify', config: { auth: false, policies: [] } },
    adminRoute('POST', '/admin/generate-codes', 'generate'),
    adminRoute('GET', '/admin/access-codes', 'adminList'),
    adminRoute('DELETE', '/admin/access-codes/:id', 'adminDelete'),
    adminRoute('GET', '/admin/export/access-codes', 'exportCsv'),
  ],
};

export default routes;
