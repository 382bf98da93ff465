import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ShopItem } from '@contract/shop';
import { api } from '@/lib/api-client';

/** SPEC §7; a 404, a failed call or an answer without `success: true` and an item all mean "not found". */
export const getItem = async (id: number): Promise<ShopItem> => {
  const [response, { shopItemResponseSchema }] = await Promise.all([
    api.get<unknown>(`/shop/items/${id}`),
    import('@contract/shop'),
  ]);
  const parsed = shopItemResponseSchema.safeParse(response.data);
  if (!parsed.success) throw new Error('Artikel nicht gefunden');
  return parsed.data.item;
};

export const itemQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['shop-items', 'detail', id], queryFn: () => getItem(id) });

/** Only called when there is an id (SPEC §7); null for an address without one. */
export const useItem = (id: number | null) =>
  useQuery({ ...itemQueryOptions(id ?? 0), enabled: id !== null });
