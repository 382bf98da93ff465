import { vi } from 'vitest';
import { api, ApiError, type ApiResponse, type RequestConfig } from '@/lib/api-client';

export const ADMIN = { id: 1, username: 'orga', isAdmin: true } as const;

export const signInStored = () => localStorage.setItem('adminUser', JSON.stringify(ADMIN));

type Handler = (config: RequestConfig) => unknown;

/** Answers admin calls (api.request) by "METHOD /url"; an ApiError thrown by a handler rejects like the real client. */
export function mockAdminApi(handlers: Record<string, Handler | unknown>) {
  return vi.spyOn(api, 'request').mockImplementation(async <T,>(config: RequestConfig): Promise<ApiResponse<T>> => {
    const key = `${(config.method ?? 'GET').toUpperCase()} ${config.url}`;
    if (!(key in handlers)) throw new ApiError(404, `404: no mock for ${key}`);
    const handler = handlers[key];
    const data = typeof handler === 'function' ? await (handler as Handler)(config) : handler;
    return { data: data as T, status: 200, statusText: 'OK' };
  });
}

export const houses = [
  { id: 1, name: 'Haus Wolf', chatUrl: 'https://chat.example/wolf', colour: null, emblem: null },
  { id: 2, name: 'Haus Bär', chatUrl: 'https://chat.example/baer', colour: null, emblem: null },
];

export const users = [
  { id: 1, username: 'orga', houseId: null, isAdmin: true },
  { id: 2, username: 'mila', houseId: 1, isAdmin: false },
  { id: 3, username: 'ghost', houseId: 99, isAdmin: false },
];
