/** The CSP hash source of each inline script the page runs. */
export function inlineScriptHashes(html: string): string[];

/** The Content-Security-Policy of a page; frameAncestors is who may frame it. */
export function pagePolicy(html: string, frameAncestors?: string): string;

export function pageSecurityHeaders(version: unknown, pathname: string): Record<string, string>;
