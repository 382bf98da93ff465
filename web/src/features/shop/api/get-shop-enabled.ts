import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** SPEC §7: the shop counts as enabled only when success is true and the value is the text "true". */
export const getShopEnabled = async (): Promise<boolean> => {
  // The schema (and zod with it) arrives beside the answer instead of with the entry.
  const [response, { settingResponseSchema }] = await Promise.all([
    api.get<unknown>('/settings/shop_enabled'),
    import('@contract/settings'),
  ]);
  const setting = settingResponseSchema.safeParse(response.data);
  return setting.success && setting.data.value === 'true';
};

// SPEC §9: the public site keeps the setting for 5 minutes.
export const PUBLIC_SHOP_SETTING_STALE_TIME = 5 * 60 * 1000;

export const shopEnabledQueryOptions = () =>
  queryOptions({
    queryKey: ['settings', 'shop_enabled'],
    queryFn: getShopEnabled,
    staleTime: PUBLIC_SHOP_SETTING_STALE_TIME,
  });

/** False while loading and when the call fails: a link to a closed shop is worse than none. */
export const useShopEnabled = (): boolean => {
  const { data } = useQuery(shopEnabledQueryOptions());
  return data === true;
};

export type ShopStatus = 'loading' | 'open' | 'closed';

/** For the shop's own pages, which wait for the answer instead of showing "closed" meanwhile. */
export const useShopStatus = (): ShopStatus => {
  const { data, isPending } = useQuery(shopEnabledQueryOptions());
  if (isPending) return 'loading';
  return data === true ? 'open' : 'closed';
};
