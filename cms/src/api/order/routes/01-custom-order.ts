import type { Core } from '@strapi/strapi';

const admin = { auth: false as const, middlewares: ['global::require-admin'] };

const routes: Core.RouterConfig = {
  type: 'content-api',
  routes: [
    { method: 'POST', path: '/shop/orders', handler: 'api::order.order.place', config: { auth: false, policies: [] } },
    { method: 'GET', path: '/shop/orders/:orderNumber', handler: 'api::order.order.shopOrder', config: { auth: false, policies: [] } },
    { method: 'GET', path: '/admin/shop/pickup/:orderNumber', handler: 'api::order.order.pickup', config: admin },
    { method: 'POST', path: '/admin/shop/orders/:id/hand-over', handler: 'api::order.order.handOver', config: admin },
    { method: 'POST', path: '/admin/shop/orders/:id/paid', handler: 'api::order.order.markPaid', config: admin },
    { method: 'GET', path: '/admin/shop/orders', handler: 'api::order.order.listAdmin', config: admin },
    { method: 'GET', path: '/admin/shop/orders/:id', handler: 'api::order.order.detail', config: admin },
    { method: 'GET', path: '/admin/shop/packing-list', handler: 'api::order.order.packingList', config: admin },
    { method: 'GET', path: '/admin/shop/sales', handler: 'api::order.order.sales', config: admin },
    { method: 'PUT', path: '/admin/shop/orders/:id', handler: 'api::order.order.changeStatus', config: admin },
    { method: 'DELETE', path: '/admin/shop/orders/:id', handler: 'api::order.order.remove', config: admin },
    { method: 'GET', path: '/admin/export/packing-list', handler: 'api::order.order.packingListCsv', config: admin },
    { method: 'GET', path: '/admin/export/orders', handler: 'api::order.order.exportCsv', config: admin },
  ],
};

export default routes;
