import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ShopItem, UnitLimits } from '@contract/shop';
import { api } from '@/lib/api-client';

/** One item, and the caps on units an order may hold. */
export type ItemAnswer = { item: ShopItem; unitLimits: UnitLimits };

/** SPEC §7; a 404, a failed call or an answer without `success: true` and an item all mean "not found". */
export const getItem = async (id: number): Promise<ItemAnswer> => {
  const [response, { shopItemResponseSchema }] = await Promise.all([
    api.get<unknown>(`/shop/items/${id}`),
    import('@contract/shop'),
  ]);
  const parsed = shopItemResponseSchema.safeParse(response.data);
  if (!parsed.success) throw new Error('Artikel nicht gefunden');
  return { item: parsed.data.item, unitLimits: parsed.data.unitLimits };
};

// An item the cms does not have stays not found: the page that says so is not asked for again
// when it mounts (the server's page brings that answer along; a 404 call shows in the console).
export const itemQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['shop-items', 'detail', id], queryFn: () => getItem(id), retryOnMount: false });

const selectItem = (answer: ItemAnswer) => answer.item;
const selectUnitLimits = (answer: ItemAnswer) => answer.unitLimits;

/** Only called when there is an id (SPEC §7); null for an address without one. */
export const useItem = (id: number | null) =>
  useQuery({ ...itemQueryOptions(id ?? 0), enabled: id !== null, select: selectItem });

/** The caps that came with the item's answer (the same query: no call of its own). */
export const useItemUnitLimits = (id: number | null) =>
  useQuery({ ...itemQueryOptions(id ?? 0), enabled: id !== null, select: selectUnitLimits }).data;
