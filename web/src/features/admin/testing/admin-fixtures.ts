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

type Params = { params?: Record<string, unknown> };
const pageInfo = (config: Params, total: number) => ({ page: Number(config.params?.page ?? 1), pageSize: Number(config.params?.pageSize ?? 25), total });

/** GET /admin/users as the server answers a page of it. */
export const usersPage = (list: unknown[]) => (config: Params) => ({ success: true, users: list, ...pageInfo(config, list.length) });

type CodeRow = { houseId: number | null; isUsed: boolean };

/** GET /admin/access-codes as the server answers a page: filtered by house, with the house's counters. */
export const accessCodesPage =
  <T extends CodeRow>(list: T[]) =>
  (config: Params) => {
    const houseId = config.params?.houseId;
    const ofHouse = houseId === undefined ? list : list.filter((code) => code.houseId === houseId);
    return { success: true, accessCodes: ofHouse, ...pageInfo(config, ofHouse.length), counts: { total: ofHouse.length, used: ofHouse.filter((code) => code.isUsed).length } };
  };

type OrderRow = { createdAt: string; status: string; total: number };

/** GET /admin/shop/orders as the server answers a page: newest first, with the summary over every order. */
export const ordersPage =
  <T extends OrderRow>(list: T[]) =>
  (config: Params) => {
    const dayAgo = Date.now() - 24 * 60 * 60 * 1000;
    return {
      success: true,
      orders: [...list].sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
      ...pageInfo(config, list.length),
      summary: {
        count: list.length,
        revenue: list.filter((order) => order.status !== 'cancelled').reduce((sum, order) => sum + order.total, 0),
        recent: list.filter((order) => new Date(order.createdAt).getTime() >= dayAgo).length,
      },
    };
  };
