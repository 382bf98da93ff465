import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ShopItem } from '@contract/shop';
import { api } from '@/lib/api-client';

/** SPEC §7: the active items; an answer without `success: true` counts as a failed call. */
export const getItems = async (): Promise<ShopItem[]> => {
  // The schema (and zod with it) arrives beside the answer, so the route can ask before its code is here.
  const [response, { shopItemsResponseSchema }] = await Promise.all([
    api.get<unknown>('/shop/items'),
    import('@contract/shop'),
  ]);
  const parsed = shopItemsResponseSchema.safeParse(response.data);
  if (!parsed.success) throw new Error('Die Waren kamen in unerwarteter Form.');
  return parsed.data.items;
};

export const itemsQueryOptions = () =>
  queryOptions({ queryKey: ['shop-items', 'list'], queryFn: getItems });

export const useItems = () => useQuery(itemsQueryOptions());

/**
 * The list as it is now, fetched again each time the caller mounts (the cart checks its lines
 * against it); `current` is undefined until that fetch is done, so a list from earlier never
 * decides what leaves the cart.
 */
export const useCurrentItems = () => {
  const query = useQuery({ ...itemsQueryOptions(), refetchOnMount: 'always' });
  const current = query.isFetchedAfterMount && !query.isFetching && query.isSuccess ? query.data : undefined;
  return { ...query, current };
};
