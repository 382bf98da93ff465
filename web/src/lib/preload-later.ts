/** The element in which the site's server lists the chunks a page imports after its takeover (laterChunksScript in server/site-server.mjs). */
const LATER_CHUNKS_ID = 'later-chunks';
/** As the server's loader does for the app's own chunks (PRELOADS_PER_TASK in server/site-server.mjs). */
const PRELOADS_PER_TASK = 2;

let preloaded: Promise<void> | undefined;

/**
 * Preloads the chunks that the server listed for this page (see src/app/page-modules.ts), a few
 * per task, and resolves when all their links are in place: Vite's preload helper, which the
 * import goes through next, then finds them and adds none. Chromium sets up each preload's
 * request on the main thread, and the helper adds a lazy import's links all in one task.
 */
export function preloadLaterChunks(): Promise<void> {
  // The server's render imports the same modules, with nothing to preload.
  if (typeof document === 'undefined') return Promise.resolve();
  preloaded ??= new Promise<void>((done) => {
    const listed = document.getElementById(LATER_CHUNKS_ID)?.textContent;
    const waiting = listed ? (JSON.parse(listed) as string[]) : [];
    const preloadSome = () => {
      const links = waiting.splice(0, PRELOADS_PER_TASK).map((href) => Object.assign(document.createElement('link'), { rel: 'modulepreload', href }));
      document.head.append(...links);
      if (waiting.length > 0) setTimeout(preloadSome);
      else done();
    };
    preloadSome();
  });
  return preloaded;
}
