import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ShopOrder } from '@contract/shop';
import { api } from '@/lib/api-client';

/** The cms answered that no order has this number and token (404, the same for both). */
export class OrderNotFoundError extends Error {
  constructor() {
    super('Bestellung nicht gefunden.');
    this.name = 'OrderNotFoundError';
  }
}

/** GET /shop/orders/{number}?t={token}: the order page's order (docs/decisions/035). */
export const getOrder = async (orderNumber: string, token: string): Promise<ShopOrder> => {
  const [response, { shopOrderResponseSchema }] = await Promise.all([
    api.get<unknown>(`/shop/orders/${encodeURIComponent(orderNumber)}`, { params: { t: token }, validateStatus: () => true }),
    import('@contract/shop'),
  ]);
  if (response.status === 404) throw new OrderNotFoundError();
  const parsed = shopOrderResponseSchema.safeParse(response.data);
  if (!parsed.success) throw new Error(`Die Bestellung konnte nicht geladen werden (${response.status}).`);
  return parsed.data.order;
};

// The token is part of the key: a wrong one never shows a right one's answer.
export const orderQueryOptions = (orderNumber: string, token: string) =>
  queryOptions({
    queryKey: ['shop-orders', orderNumber, token],
    queryFn: () => getOrder(orderNumber, token),
    retry: (failures, error) => !(error instanceof OrderNotFoundError) && failures < 2,
  });

/** Asked only in the browser and only with a token: the page is rendered on the server without one. */
export const useOrder = (orderNumber: string, token: string | null) =>
  useQuery({ ...orderQueryOptions(orderNumber, token ?? ''), enabled: token !== null });
