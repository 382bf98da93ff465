export type SiteServer = { url: string; close(): Promise<void> };

export function startSiteServer(options: {
  cmsUrl: string;
  publicUrl?: string;
  port?: number;
  host?: string;
  root?: string;
}): Promise<SiteServer>;

export function pageHtml(template: string, page: { html: string; stateScript: string }): string;
