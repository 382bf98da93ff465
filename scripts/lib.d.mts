// Types of the helpers in lib.mjs that the web app's browser tests use.
export const ROOT: string;
export const CMS: string;
export const WEB: string;
export const CMS_BEHIND_SITE_SERVER: Record<string, string>;
export function ensureInstalled(appDir: string): Promise<void>;
export function buildCms(): Promise<boolean>;
export function buildWeb(): Promise<boolean>;
export function waitFor(url: string, timeoutMs: number, intervalMs?: number): Promise<void>;
