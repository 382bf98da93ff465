import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderLimitsResponseSchema, settingResponseSchema, type OrderLimits, type OrderLimitsWrite } from '@contract/settings';
import { api } from '@/lib/api-client';
import { adminRequest } from '../lib/admin-request';

/** Enabled only when the answer is a success with the text "true" (SPEC §7). */
export const getShopEnabled = async (): Promise<boolean> => {
  try {
    const response = await api.get<unknown>('/settings/shop_enabled');
    const parsed = settingResponseSchema.safeParse(response.data);
    return parsed.success && parsed.data.value === 'true';
  } catch {
    return false;
  }
};

export const shopEnabledQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'settings', 'shop_enabled'], queryFn: getShopEnabled, staleTime: 30_000 });
export const useShopEnabled = () => useQuery(shopEnabledQueryOptions());

export const setShopEnabled = (enabled: boolean) =>
  adminRequest({ method: 'POST', url: '/admin/settings', data: { key: 'shop_enabled', value: enabled ? 'true' : 'false' } });

export const getOrderLimits = async (): Promise<OrderLimits> =>
  orderLimitsResponseSchema.parse(await adminRequest({ method: 'GET', url: '/admin/settings/order-limits' })).limits;

export const orderLimitsQueryOptions = () => queryOptions({ queryKey: ['admin', 'settings', 'order-limits'], queryFn: getOrderLimits });
export const useOrderLimits = () => useQuery(orderLimitsQueryOptions());

export const setOrderLimits = async (limits: OrderLimitsWrite): Promise<OrderLimits> =>
  orderLimitsResponseSchema.parse(await adminRequest({ method: 'PUT', url: '/admin/settings/order-limits', data: limits })).limits;
