import type { RouteObject } from 'react-router-dom';
import { PageLoader } from '@/components/page-loader';

/** The organisers' pages, loaded only when opened: public pages never download dashboard code. */
export const adminRoutes: RouteObject[] = [
  {
    path: '/admin/login',
    hydrateFallbackElement: <PageLoader />,
    lazy: () => import('./login').then((module) => ({ Component: module.AdminLoginRoute })),
  },
  {
    path: '/admin/dashboard',
    hydrateFallbackElement: <PageLoader />,
    lazy: () => import('./dashboard').then((module) => ({ Component: module.AdminDashboardRoute })),
  },
];
