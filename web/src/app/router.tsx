import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, matchRoutes, Outlet, ScrollRestoration, type HydrationState, type RouteObject } from 'react-router-dom';
import { PageLoader } from '@/components/page-loader';
import { SiteHeader } from '@/components/site-header';
import { siteContentQueryOptions } from '@/features/festival/api/get-site-content';
import { shopEnabledQueryOptions } from '@/features/shop/api/get-shop-enabled';
import { programmeQueryOptions } from '@/features/programme/api/get-programme';
import { importsLater } from './page-modules';
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

/**
 * The answers every public page shows (index.html preloads them): asked for as soon as the route
 * is known, while its code downloads, instead of when its components first render.
 */
const askForPublicContent = (queryClient: QueryClient) => () => {
  void queryClient.prefetchQuery(siteContentQueryOptions());
  void queryClient.prefetchQuery(shopEnabledQueryOptions());
  return null;
};

const pageRoutes = (queryClient: QueryClient, serverOnlyPages: RouteObject[]): RouteObject[] => [
  {
    element: <PublicLayout />,
    hydrateFallbackElement: publicPageLoader,
    loader: askForPublicContent(queryClient),
    children: [
      { path: '/', element: <LandingRoute />, handle: importsLater('src/app/routes/landing-sections.tsx') },
      // Pages a visitor rarely opens first load their code on the way, keeping the landing page's small.
      { path: '/impressum', lazy: () => import('./routes/legal').then((module) => ({ Component: module.ImprintRoute })) },
      { path: '/datenschutz', lazy: () => import('./routes/legal').then((module) => ({ Component: module.PrivacyRoute })) },
      ...shopRoutes(queryClient),
      ...['/programm', '/programm/:slug'].map((path) => ({
        path,
        loader: () => {
          void queryClient.prefetchQuery(programmeQueryOptions());
          return null;
        },
        lazy: () =>
          import('./routes/programme').then((module) => ({ Component: path === '/programm' ? module.ProgrammeRoute : module.ProgrammeEntryRoute })),
      })),
      // Pages only the server draws (server-only-pages.tsx): the worker's offline page.
      ...serverOnlyPages,
      // Inside the public layout: a mistyped address keeps the site's header and a way home.
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
  {
    path: '/enthuelle-dein-wappen',
    hydrateFallbackElement: publicPageLoader,
    loader: askForPublicContent(queryClient),
    lazy: () => import('./routes/access').then((module) => ({ Component: module.AccessRoute })),
  },

  // The organisers' dashboard: lazy routes, so public pages never download its code.
  ...adminRoutes,
];

/**
 * Above every page: a new page opens at its top (or at its #hash target), and a page the
 * browser's Back button returns to opens where the visitor left it. Without it the browser kept
 * the old scroll position, and a footer link on a phone opened the next page at its bottom.
 */
function SiteRoot() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}

/**
 * The site's routes; loaders start their data calls in the app's query client. The server adds
 * the pages only it draws (server-only-pages.tsx) to the public layout's.
 */
export const appRoutes = (queryClient: QueryClient, serverOnlyPages: RouteObject[] = []): RouteObject[] => [
  {
    element: <SiteRoot />,
    children: pageRoutes(queryClient, serverOnlyPages),
  },
];

type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * Resolves once the router has loaded what the first address needs (a lazy route's code, its
 * loaders). RouterProvider reads the router's state when it renders but subscribes only when it
 * commits; a first render done as a transition yields to the browser in between, and a chunk
 * from the cache can arrive in that gap. The update was then lost and the dashboard stayed on
 * its loading screen (about one load in six in Chromium).
 */
function initialised(router: AppRouter) {
  return new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

/**
 * The browser's router, once it has what the first page needs. A page rendered on the server
 * brings the router's state (hydrationData); the lazy routes it shows are loaded first, since
 * hydrating a route whose code is not here yet would draw its loading state over the server's
 * markup. Other pages (the dashboard) keep index.html's loading screen until then.
 */
export async function createAppRouter(queryClient: QueryClient, hydrationData?: HydrationState) {
  const routes = appRoutes(queryClient);
  if (hydrationData) {
    const lazyMatches = matchRoutes(routes, window.location)?.filter((match) => match.route.lazy) ?? [];
    await Promise.all(
      lazyMatches.map(async ({ route }) => {
        const loaded = await (route.lazy as () => Promise<Partial<RouteObject>>)();
        Object.assign(route, { ...loaded, lazy: undefined });
      }),
    );
  }
  const router = createBrowserRouter(routes, { hydrationData });
  await initialised(router);
  return router;
}
