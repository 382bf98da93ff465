import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router-dom';
import { itemQueryOptions } from '@/features/shop/api/get-item';
import { itemsQueryOptions } from '@/features/shop/api/get-items';
import { parseItemId } from '@/features/shop/utils/item-id';

/**
 * The shop's pages, each loaded on the way, so the landing page never downloads shop code.
 * They belong inside the public layout (header with navigation and footer). Their loaders ask
 * for the items while the page's code downloads, instead of after it has rendered; they do not
 * wait for the answer, the page shows its own loading state.
 */
export const shopRoutes = (queryClient: QueryClient): RouteObject[] => [
  {
    path: '/shop',
    loader: () => {
      void queryClient.prefetchQuery(itemsQueryOptions());
      return null;
    },
    lazy: () => import('./shop-list').then((module) => ({ Component: module.ShopListRoute })),
  },
  {
    path: '/shop/item/:id',
    loader: ({ params }) => {
      const id = parseItemId(params.id);
      if (id !== null) void queryClient.prefetchQuery(itemQueryOptions(id));
      return null;
    },
    lazy: () => import('./item-detail').then((module) => ({ Component: module.ItemDetailRoute })),
  },
  { path: '/shop/cart', lazy: () => import('./cart').then((module) => ({ Component: module.CartRoute })) },
  { path: '/shop/bestellung/:orderNumber', lazy: () => import('./order').then((module) => ({ Component: module.OrderRoute })) },
];
