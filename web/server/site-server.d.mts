export const PAGE_CACHING: string;

/** How many modulepreload links a rendered page's loader adds per task. */
export const PRELOADS_PER_TASK: number;

export type SiteServer = { url: string; close(): Promise<void> };

export function startSiteServer(options: {
  cmsUrl: string;
  publicUrl?: string;
  port?: number;
  host?: string;
  root?: string;
}): Promise<SiteServer>;

type PageHead = { title: string; meta: [{ attribute: 'name' | 'property'; key: string }, string | null][] };

export function pageTemplate(template: string): { html: string; scripts: string };

export function pageHtml(template: string, page: { html: string; head: PageHead | null; stateScript: string }): string;
