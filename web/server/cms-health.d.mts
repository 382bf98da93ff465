// Types of cms-health.mjs for the TypeScript tests that use it.
export const CMS_PROBE_PATH: string;

export type CmsState = { ok: boolean; at: number; reason?: string };

export function createCmsHealth(cmsUrl: string, options?: { freshMs?: number; timeoutMs?: number }): { state(): Promise<CmsState> };

export function healthAnswer(health: { state(): Promise<CmsState> }): Promise<{ status: number; body: { status: string; cms: string } }>;
