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
