// The server's side of the public pages (built with `vite build --ssr` into dist-server and
// used by server/site-server.mjs): the page's markup with the cms's answers already in it, so a
// phone shows the festival before any script has run, and the state the browser hydrates from.
import { createHash } from 'node:crypto';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router-dom';
import { answerSentCode, SENT_CODE_QUERY_KEY } from '@/features/access/api/sent-code';
import type { CartLine } from '@/features/shop/cart/cart-store';
import { SERVER_CART_QUERY_KEY } from '@/features/shop/cart/server-cart';
import { api, ApiError } from '@/lib/api-client';
import { createQueryClient } from '@/lib/query-client';
import { setServerOrigin, siteOrigin } from '@/lib/site-origin';
import { PageHeadContext, type PageHead } from '@/lib/use-page-title';
import { AppRoot } from './app-root';
import { modulesImportedAtTakeover, modulesImportedLater } from './page-modules';
import { appRoutes } from './router';
import { serverOnlyPages } from './server-only-pages';
import { serverStateScript } from './server-state';
import { parseAhead, serverMarkdownParser, setMarkdownParse, type ParseMarkdown } from './server-markdown';

/**
 * The markup of #root, the page's title and meta tags, the script element with the state, the
 * answer's status, and the source modules the page imports at and after its takeover.
 */
export type RenderedPage = {
  status: number;
  html: string;
  head: PageHead | null;
  stateScript: string;
  importedAtTakeover: string[];
  importedLater: string[];
  /** A page that is never taken over (the worker's offline page): sent without state or scripts. */
  withoutScripts: boolean;
};

type RendererOptions = {
  /** Where the server reaches the cms (its own address, not the public one). */
  cmsUrl: string;
  /** The site's public origin (PUBLIC_URL), for telling links to other sites apart. */
  publicOrigin: string;
  /** How long a page waits for the cms before it is left to the browser. */
  dataTimeoutMs?: number;
  /** Parses cms markdown apart from the event loop, with a time bound (server/markdown-pool.mjs). */
  parseMarkdown?: ParseMarkdown;
};

let dataTimeoutMs = 3000;

// A page's markup depends only on its path and the answers it shows: a burst of visitors
// (the line-up announced, the shop opened) is rendered once per content version, not per visit.
// No route reads the query string, so it is no part of the key: `?utm_source=…` or a random
// parameter per request would otherwise render every visit afresh and push the real pages out.
const RENDERED_KEPT = 64;
type KeptPage = Omit<RenderedPage, 'stateScript'> & { plainTexts: string[] };
const renderedPages = new Map<string, KeptPage>();

const renderKey = (pathname: string, queryClient: QueryClient) =>
  createHash('sha256')
    .update(pathname)
    .update(JSON.stringify(queryClient.getQueryCache().getAll().map((each) => [each.queryHash, each.state.data])))
    .digest('base64url');

let renders = 0;

/** How many pages were rendered rather than taken from the cache since the module loaded (for tests). */
export const renderCount = () => renders;

const remember = (key: string, page: KeptPage) => {
  if (renderedPages.size >= RENDERED_KEPT) renderedPages.delete(renderedPages.keys().next().value as string);
  renderedPages.set(key, page);
};

/** Points the renderer's calls at the cms and its links at the site's public origin. */
export function configureRenderer(options: RendererOptions) {
  api.defaults.baseURL = new URL('/api', options.cmsUrl).href;
  setServerOrigin(new URL(options.publicOrigin).origin);
  dataTimeoutMs = options.dataTimeoutMs ?? dataTimeoutMs;
  if (options.parseMarkdown) setMarkdownParse(options.parseMarkdown);
}

const isDashboard = (pathname: string) => pathname === '/admin' || pathname.startsWith('/admin/');

// Matched without loaders: no query runs, so no client is needed beyond the routes' own.
const routesMatched = appRoutes(createQueryClient(), serverOnlyPages);

/**
 * Addresses already judged. matchRoutes flattens, ranks and compiles every route on each call: a
 * CPU profile of /programm under load found a third of the server's work there and in the garbage
 * it left, for an answer that never changes. Made-up addresses push out only the oldest.
 */
const judged = new Map<string, boolean>();
const JUDGED_KEPT = 1024;

/**
 * Whether no page of the site has this path (the not-found screen's route): every such address
 * shows the same page, which the site's server keeps once for all of them (page-cache.mjs).
 */
export function isUnknownAddress(pathname: string): boolean {
  const known = judged.get(pathname);
  if (known !== undefined) return known;
  const unknown = !isDashboard(pathname) && matchRoutes(routesMatched, pathname)?.at(-1)?.route.path === '*';
  if (judged.size >= JUDGED_KEPT) judged.delete(judged.keys().next().value!);
  judged.set(pathname, unknown);
  return unknown;
}

/** The address the one not-found page is rendered for. */
export const UNKNOWN_ADDRESS = '/_seite-nicht-gefunden';

/** A query the cms answered with 404: the page shows its not-found state, and is a 404 itself. */
const answeredNotFound = (state: { status: string; error: unknown }) =>
  state.status === 'error' && state.error instanceof ApiError && state.error.status === 404;

/** Resolves true once no query is fetching, or false when the timeout comes first. */
const queriesSettled = (queryClient: QueryClient, timeoutMs: number) =>
  new Promise<boolean>((resolve) => {
    const done = (settled: boolean) => {
      clearTimeout(timer);
      unsubscribe();
      resolve(settled);
    };
    const timer = setTimeout(() => done(false), timeoutMs);
    const unsubscribe = queryClient.getQueryCache().subscribe(() => {
      if (queryClient.isFetching() === 0) done(true);
    });
    if (queryClient.isFetching() === 0) done(true);
  });

/** The head with og:url set to the page's public address, without a query string (the canonical one). */
const withPageUrl = (head: PageHead | null, pathname: string): PageHead | null => {
  if (!head) return null;
  const pageUrl = `${siteOrigin()}${pathname}`;
  return { ...head, meta: head.meta.map(([key, content]) => [key, key.key === 'og:url' ? pageUrl : content]) };
};

export { ACCESS_PATH } from '@/features/access/api/sent-code';
export { CART_PATH, cartFromCookies } from '@/features/shop/cart/cart-cookie';

/** A code sent with the access form as plain HTML, and the address of the client that sent it. */
export type SentCode = { code: string; clientAddress: string };

/**
 * Renders a public page for a full URL. Null means "send the page that the browser renders
 * alone": the dashboard (it shows an organiser's data), a route whose loader failed, and a page
 * whose cms answers failed or did not come in time. The browser then asks for them itself and
 * shows its own loading and error states, exactly as without the server.
 *
 * With `sent`, the access page shows the cms's answer to the code (features/access/api/sent-code.ts),
 * goes out with that answer's status, and is kept nowhere: it is the visitor's own. With `cart`,
 * the cart's page draws the lines its request carried (features/shop/cart/cart-cookie.ts), kept
 * nowhere either.
 */
export async function renderPage(url: string, sent?: SentCode, cart?: readonly CartLine[]): Promise<RenderedPage | null> {
  const { origin, pathname } = new URL(url);
  if (isDashboard(pathname)) return null;

  // The route loaders start the page's queries, as they do in the browser. The page is rendered
  // for its address without the query string, which it keys the cache on.
  const queryClient = createQueryClient();
  const { query, dataRoutes } = createStaticHandler(appRoutes(queryClient, serverOnlyPages));
  const [context, sentAnswer] = await Promise.all([
    query(new Request(`${origin}${pathname}`)),
    sent ? answerSentCode(sent.code, sent.clientAddress) : null,
  ]);
  if (context instanceof Response || context.errors) return null;
  if (!(await queriesSettled(queryClient, dataTimeoutMs))) return null;
  if (sentAnswer) queryClient.setQueryData(SENT_CODE_QUERY_KEY, sentAnswer);
  if (cart) queryClient.setQueryData(SERVER_CART_QUERY_KEY, cart);
  const answers = queryClient.getQueryCache().getAll();
  if (answers.some((each) => each.state.status !== 'success' && !answeredNotFound(each.state))) return null;

  const key = renderKey(pathname, queryClient);
  let page = renderedPages.get(key);
  if (!page) {
    renders += 1;
    const router = createStaticRouter(dataRoutes, context);
    let head: PageHead | null = null;
    const shownPlain = new Set(await parseAhead(answers.map((each) => each.state.data)));
    const markup = async () => {
      const { prelude } = await prerender(
        <PageHeadContext.Provider value={(pageHead) => (head = pageHead)}>
          <AppRoot
            queryClient={queryClient}
            router={<StaticRouterProvider router={router} context={context} hydrate={false} />}
            markdownParser={serverMarkdownParser(shownPlain)}
          />
        </PageHeadContext.Provider>,
        // The page goes out whole, so no part is sent apart to be moved in place by a script
        // (React does that with parts over 12.8 kB when streaming).
        { progressiveChunkSize: Number.POSITIVE_INFINITY },
      );
      return new Response(prelude).text();
    };
    const html = await markup();
    // An unknown address, a cms answer of 404, or a page that found nothing for its address (a programme entry that is not there).
    const notFound =
      context.matches.at(-1)?.route.path === '*' || answers.some((each) => answeredNotFound(each.state)) || (head as PageHead | null)?.notFound === true;
    page = {
      status: notFound ? 404 : (sentAnswer?.status ?? 200),
      html,
      head: withPageUrl(head, pathname),
      importedAtTakeover: modulesImportedAtTakeover(context.matches),
      importedLater: modulesImportedLater(context.matches),
      // By the route matched, so that /offline/ is sent as /offline is.
      withoutScripts: context.matches.some(({ route }) => serverOnlyPages.some((page) => page.path === route.path)),
      plainTexts: [...shownPlain],
    };
    // Only real pages: addresses anyone can make up (an unknown item's) never push them out. A
    // page with a text given up is rendered again (the text is tried again after a while).
    if (!notFound && shownPlain.size === 0 && !sent && !cart) remember(key, page);
  }
  const { plainTexts, ...rendered } = page;
  if (rendered.withoutScripts) return { ...rendered, stateScript: '' };
  return {
    ...rendered,
    stateScript: serverStateScript({
      // An item the cms does not have goes with its answer, so the browser does not ask again.
      queries: dehydrate(queryClient, { shouldDehydrateQuery: (query) => query.state.status === 'success' || answeredNotFound(query.state) }),
      router: { loaderData: context.loaderData, actionData: context.actionData },
      ...(plainTexts.length > 0 && { plainTexts }),
    }),
  };
}
