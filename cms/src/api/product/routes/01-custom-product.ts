import type { Core } from '@strapi/strapi';

const admin = { auth: false as const, middlewares: ['global::require-admin'] };

const routes: Core.RouterConfig = {
  type: 'content-api',
  routes: [
    { method: 'GET', path: '/shop/items', handler: 'api::product.product.listPublic', config: { auth: false, policies: [] } },
    { method: 'GET', path: '/shop/items/:id', handler: 'api::product.product.findPublic', config: { auth: false, policies: [] } },
    { method: 'GET', path: '/admin/shop/items', handler: 'api::product.product.listAdmin', config: admin },
    { method: 'POST', path: '/admin/shop/items', handler: 'api::product.product.create', config: admin },
    { method: 'PUT', path: '/admin/shop/items/:id', handler: 'api::product.product.update', config: admin },
    { method: 'DELETE', path: '/admin/shop/items/:id', handler: 'api::product.product.remove', config: admin },
  ],
};

export default routes;
