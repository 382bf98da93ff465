export const PAGE_CACHING: string;

/** The site's icon, where /favicon.ico leads. */
export const FAVICON: string;

/** How many modulepreload links a rendered page's loader adds per task. */
export const PRELOADS_PER_TASK: number;

/** The caching (and, for /sw.js, scope) headers of a file of the build. */
export function fileHeaders(pathname: string): Record<string, string>;

export type SiteServer = { url: string; close(): Promise<void> };

export function startSiteServer(options: {
  cmsUrl: string;
  publicUrl?: string;
  port?: number;
  host?: string;
  root?: string;
  /** Behind nginx: the client's address is the one nginx wrote into X-Forwarded-For (PAGES_BEHIND_PROXY=true). */
  trustProxy?: boolean;
}): Promise<SiteServer>;

/** The largest access form the server takes, in bytes. */
export const FORM_BYTES: number;

/** Access forms answered at once, and how many may wait beyond them before a 503. */
export const FORMS_AT_ONCE: number;
export const FORMS_WAITING: number;

type PageHead = { title: string; meta: [{ attribute: 'name' | 'property'; key: string }, string | null][] };

type Manifest = Record<string, { file: string; imports?: string[] }>;

export function pageTemplate(template: string, manifest?: Manifest): { html: string; entry: string | undefined; chunks: string[]; manifest: Manifest };

export function pageHtml(
  template: string,
  page: { html: string; head: PageHead | null; stateScript: string; importedAtTakeover?: string[]; importedLater?: string[]; withoutScripts?: boolean },
  manifest?: Manifest,
): string;
