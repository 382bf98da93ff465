import type { RouteObject } from 'react-router-dom';

/**
 * The shop's pages, each loaded on the way, so the landing page never downloads shop code.
 * They belong inside the public layout (header with navigation and footer).
 */
export const shopRoutes: RouteObject[] = [
  { path: '/shop', lazy: () => import('./shop-list').then((module) => ({ Component: module.ShopListRoute })) },
  { path: '/shop/item/:id', lazy: () => import('./item-detail').then((module) => ({ Component: module.ItemDetailRoute })) },
  { path: '/shop/cart', lazy: () => import('./cart').then((module) => ({ Component: module.CartRoute })) },
];
