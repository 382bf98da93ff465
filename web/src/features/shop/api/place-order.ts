import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderPayload } from '@contract/shop';
import { api } from '@/lib/api-client';

/** The server answered and refused the order; `reason` is its error text (or a stand-in without one). */
export class OrderRefusedError extends Error {
  readonly reason: string;

  constructor(reason: string) {
    super(reason);
    this.name = 'OrderRefusedError';
    this.reason = reason;
  }
}

export const UNKNOWN_REFUSAL = 'Unbekannter Fehler';

/** The token opens the order's page (docs/decisions/035); null only with an answer missing details. */
export type PlacedOrder = { orderNumber: string | null; total: number | null; token: string | null };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * SPEC §7: POST /api/shop/orders. Resolves when the order was placed; rejects with an
 * OrderRefusedError when the server answered `success: false` (any status), and with another
 * error when no readable answer came (network failure, a proxy's error page).
 */
export const placeOrder = async (payload: OrderPayload): Promise<PlacedOrder> => {
  // Refusals (400, 403, 409) carry the text the shopper needs, so they are answers, not failures.
  // The schema (and zod with it) arrives beside the answer, as in get-items.ts.
  const [response, { orderResponseSchema }] = await Promise.all([
    api.post<unknown>('/shop/orders', payload, { validateStatus: () => true }),
    import('@contract/shop'),
  ]);
  const body = response.data;
  if (!isRecord(body)) throw new Error(`Unerwartete Antwort des Servers (${response.status})`);
  if (body.success === true) {
    // Placed is placed: a reply with missing details must not invite a second order.
    // Without a token (an older cms) the number and total are still shown, on the cart's own confirmation.
    const order = orderResponseSchema.partial({ token: true }).safeParse(body);
    return order.success
      ? { orderNumber: order.data.orderNumber, total: order.data.total, token: order.data.token ?? null }
      : { orderNumber: null, total: null, token: null };
  }
  throw new OrderRefusedError(typeof body.error === 'string' && body.error.trim() !== '' ? body.error : UNKNOWN_REFUSAL);
};

export const usePlaceOrder = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    // Stock changed: the next look at the shop fetches it again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['shop-items'] }),
  });
};
