import { useState } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { PageLoader } from '@/components/page-loader';
import { SiteHeader } from '@/components/site-header';
import { LandingRoute } from './routes/landing';
import { NotFoundRoute } from './routes/not-found';
import { adminRoutes } from './routes/admin/admin-routes';
import { PublicLayout } from './routes/public-layout';
import { shopRoutes } from './routes/shop/shop-routes';

// While a public page's code is on its way: the bar and loading state that index.html drew
// before the scripts ran, so the page does not flicker between the two.
const publicPageLoader = (
  <>
    <SiteHeader />
    <PageLoader />
  </>
);

export const routes: RouteObject[] = [
  {
    element: <PublicLayout />,
    hydrateFallbackElement: publicPageLoader,
    children: [
      { path: '/', element: <LandingRoute /> },
      // Pages a visitor rarely opens first load their code on the way, keeping the landing page's small.
      { path: '/impressum', lazy: () => import('./routes/legal').then((module) => ({ Component: module.ImprintRoute })) },
      { path: '/datenschutz', lazy: () => import('./routes/legal').then((module) => ({ Component: module.PrivacyRoute })) },
      ...shopRoutes,
    ],
  },
  {
    path: '/enthuelle-dein-wappen',
    hydrateFallbackElement: publicPageLoader,
    lazy: () => import('./routes/access').then((module) => ({ Component: module.AccessRoute })),
  },

  // The organisers' dashboard: lazy routes, so public pages never download its code.
  ...adminRoutes,

  { path: '*', element: <NotFoundRoute /> },
];

export function AppRouter() {
  const [router] = useState(() => createBrowserRouter(routes));
  return <RouterProvider router={router} />;
}
