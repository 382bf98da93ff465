import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ShopItem, UnitLimits } from '@contract/shop';
import { api } from '@/lib/api-client';

/** The shop's answer: its active items, and the caps on units an order may hold. */
export type ShopCatalogue = { items: ShopItem[]; unitLimits: UnitLimits };

/** SPEC §7: the active items; an answer without `success: true` counts as a failed call. */
export const getItems = async (): Promise<ShopCatalogue> => {
  // The schema (and zod with it) arrives beside the answer, so the route can ask before its code is here.
  const [response, { shopItemsResponseSchema }] = await Promise.all([
    api.get<unknown>('/shop/items'),
    import('@contract/shop'),
  ]);
  const parsed = shopItemsResponseSchema.safeParse(response.data);
  if (!parsed.success) throw new Error('Die Waren kamen in unerwarteter Form.');
  return { items: parsed.data.items, unitLimits: parsed.data.unitLimits };
};

export const itemsQueryOptions = () =>
  queryOptions({ queryKey: ['shop-items', 'list'], queryFn: getItems });

const selectItems = (catalogue: ShopCatalogue) => catalogue.items;

export const useItems = () => useQuery({ ...itemsQueryOptions(), select: selectItems });

/**
 * The list as it is now, fetched again each time the caller mounts (the cart checks its lines
 * against it); `current` is undefined until that fetch is done, so a list from earlier never
 * decides what leaves the cart. `unitLimits` is the latest known, undefined before any answer.
 */
export const useCurrentItems = () => {
  const query = useQuery({ ...itemsQueryOptions(), refetchOnMount: 'always' });
  const current = query.isFetchedAfterMount && !query.isFetching && query.isSuccess ? query.data.items : undefined;
  return { ...query, current, unitLimits: query.data?.unitLimits };
};
