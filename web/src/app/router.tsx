import { useState } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { LandingRoute } from './routes/landing';
import { NotFoundRoute } from './routes/not-found';

export const routes: RouteObject[] = [
  { path: '/', element: <LandingRoute /> },

  // Public routes (shop, legal pages, access code) go here, each a module in ./routes.
  // The organisers' dashboard goes here as a lazy route, so public pages never download it:
  //   { path: '/admin/dashboard', lazy: () => import('./routes/admin/dashboard') },

  { path: '*', element: <NotFoundRoute /> },
];

export function AppRouter() {
  const [router] = useState(() => createBrowserRouter(routes));
  return <RouterProvider router={router} />;
}
