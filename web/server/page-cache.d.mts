export const PAGE_FRESH_MS: number;
export const PAGES_FOLLOW_WITHIN_MS: number;

export type PageVersion = { status: number; etag: string; identity: string | Buffer; body(coding: 'br' | 'gzip' | 'identity'): Buffer };

export function pageVersion(status: number, body: Buffer, identity?: string | Buffer): PageVersion;

export function createPageCache(
  render: (key: string) => Promise<{ status: number; body: Buffer } | null>,
  options?: { freshMs?: number; servedWhileRefreshedMs?: number; capacity?: number; notFoundCapacity?: number },
): { page(key: string): Promise<PageVersion | null>; clear(): void };
