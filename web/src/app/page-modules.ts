/**
 * A route's handle names the source modules (as Vite's manifest keys them) that the browser
 * imports while it takes the route's page over: its lazy code, and on the landing page its
 * sections. The site's server preloads their chunks with the app's own, a few per task
 * (server/site-server.mjs); left to Vite's preload helper, a lazy import's links all go in
 * one task, which held a slow phone for tens of milliseconds.
 */
type PageHandle = { modules: string[] };

export const takenOverWith = (...modules: string[]): PageHandle => ({ modules });

/** The modules that the matched routes of a page name. */
export const modulesOfPage = (matches: { route: { handle?: unknown } }[]) => [
  ...new Set(matches.flatMap(({ route }) => (route.handle as PageHandle | undefined)?.modules ?? [])),
];
