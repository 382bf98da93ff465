/**
 * A route's handle may name source modules (as Vite's manifest keys them) that its page needs:
 *
 * - `importedAtTakeover`: the route's own lazy module, which the takeover imports. The site's
 *   server adds its chunks to the ones the page asks for after its first paint
 *   (server/site-server.mjs), so they come with React and the router rather than a round trip
 *   after them: 1 s on the festival ground's connection (docs/decisions/046).
 * - `importedLater`: what the page imports once it has been taken over (the landing's sections).
 *   The server lists their chunks in the page, and the page preloads them a few per task before
 *   it imports them (src/lib/preload-later.ts). Left to Vite's preload helper, the import's
 *   sixteen links went in one task: 18–27 ms on `/` in a slow hour, four times that on
 *   Lighthouse's phone.
 */
type PageHandle = { importedAtTakeover?: string[]; importedLater?: string[] };

export const importsAtTakeover = (...modules: string[]): PageHandle => ({ importedAtTakeover: modules });
export const importsLater = (...modules: string[]): PageHandle => ({ importedLater: modules });

const modulesOf = (matches: { route: { handle?: unknown } }[], kind: keyof PageHandle) => [
  ...new Set(matches.flatMap(({ route }) => (route.handle as PageHandle | undefined)?.[kind] ?? [])),
];

/** The modules that the matched routes of a page import at its takeover. */
export const modulesImportedAtTakeover = (matches: { route: { handle?: unknown } }[]) => modulesOf(matches, 'importedAtTakeover');

/** The modules that the matched routes of a page import after its takeover. */
export const modulesImportedLater = (matches: { route: { handle?: unknown } }[]) => modulesOf(matches, 'importedLater');
