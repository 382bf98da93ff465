/**
 * A route's handle may name source modules (as Vite's manifest keys them) that the page imports
 * once it has been taken over: the landing's sections. The site's server lists their chunks in
 * the page (server/site-server.mjs), and the page preloads them a few per task before it imports
 * them (src/lib/preload-later.ts). Left to Vite's preload helper, the import's sixteen links went
 * in one task: 18–27 ms on `/` in a slow hour, four times that on Lighthouse's phone.
 */
type PageHandle = { importedLater: string[] };

export const importsLater = (...modules: string[]): PageHandle => ({ importedLater: modules });

/** The modules that the matched routes of a page import after its takeover. */
export const modulesImportedLater = (matches: { route: { handle?: unknown } }[]) => [
  ...new Set(matches.flatMap(({ route }) => (route.handle as PageHandle | undefined)?.importedLater ?? [])),
];

/**
 * The lazy module of each public page's route (router.tsx, shop-routes.tsx), by the route's path.
 * The takeover imports it, so the site's server adds its chunks to those the page asks for after
 * its first paint: they come with React and the router instead of a round trip after them, 1.2 s
 * on the festival ground's connection (docs/decisions/046). Only the server reads this list
 * (render-page.tsx), so the browser's scripts do not carry it; page-modules.test.ts checks it
 * against the route table.
 */
const ROUTE_MODULES: Record<string, string> = {
  '/enthuelle-dein-wappen': 'src/app/routes/access.tsx',
  '/impressum': 'src/app/routes/legal.tsx',
  '/datenschutz': 'src/app/routes/legal.tsx',
  '/programm': 'src/app/routes/programme.tsx',
  '/programm/:slug': 'src/app/routes/programme.tsx',
  '/shop': 'src/app/routes/shop/shop-list.tsx',
  '/shop/item/:id': 'src/app/routes/shop/item-detail.tsx',
  '/shop/cart': 'src/app/routes/shop/cart.tsx',
  '/shop/bestellung/:orderNumber': 'src/app/routes/shop/order.tsx',
};

/** The modules that the matched routes of a page import at its takeover. */
export const modulesImportedAtTakeover = (matches: { route: { path?: string } }[]) => [
  ...new Set(matches.flatMap(({ route }) => (route.path && ROUTE_MODULES[route.path]) || [])),
];
