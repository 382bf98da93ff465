import { api, type RequestConfig } from '@/lib/api-client';
import { adminHeaders, reportIfExpired } from './admin-session';

/** An admin call: x-user-id on every request, and a 401 ends the session. */
export async function adminRequest<T = unknown>(config: RequestConfig): Promise<T> {
  try {
    const response = await api.request<T>({ ...config, headers: { ...config.headers, ...adminHeaders() } });
    return response.data;
  } catch (error) {
    reportIfExpired(error);
    throw error;
  }
}

/** A list read whose failure silently yields an empty list (SPEC §8). */
export async function adminList<T>(url: string, pick: (data: unknown) => T[] | null, params?: Record<string, unknown>): Promise<T[]> {
  try {
    return pick(await adminRequest({ method: 'GET', url, params })) ?? [];
  } catch {
    return [];
  }
}

/** One page of a list; a failed read is the empty page (SPEC §8: list failures yield empty lists). */
export async function adminPage<Page>(url: string, params: Record<string, unknown>, pick: (data: unknown) => Page | null, empty: Page): Promise<Page> {
  try {
    return pick(await adminRequest({ method: 'GET', url, params })) ?? empty;
  } catch {
    return empty;
  }
}
