import { describe, expect, it, vi } from 'vitest';
import { api, ApiError } from '@/lib/api-client';
import { OrderRefusedError, placeOrder } from './place-order';

const payload = { firstName: 'Ada', lastName: 'Lovelace', items: '[]' };

describe('placeOrder', () => {
  it('posts the order as JSON and gives the order number, total and the token of its page', async () => {
    const token = 'k'.repeat(43);
    const post = vi.spyOn(api, 'post').mockResolvedValue({ status: 200, data: { success: true, orderNumber: 'GOS-1', total: 4300, token } });

    await expect(placeOrder(payload)).resolves.toEqual({ orderNumber: 'GOS-1', total: 4300, token });
    expect(post).toHaveBeenCalledWith('/shop/orders', payload, expect.objectContaining({ validateStatus: expect.any(Function) }));
  });

  it('counts a placed order as placed even when details are missing', async () => {
    vi.spyOn(api, 'post').mockResolvedValue({ status: 200, data: { success: true } });
    await expect(placeOrder(payload)).resolves.toEqual({ orderNumber: null, total: null, token: null });
  });

  it('shows the number and total of an answer without a token (an older cms)', async () => {
    vi.spyOn(api, 'post').mockResolvedValue({ status: 200, data: { success: true, orderNumber: 'GOS-1', total: 4300 } });
    await expect(placeOrder(payload)).resolves.toEqual({ orderNumber: 'GOS-1', total: 4300, token: null });
  });

  it.each([
    [409, { success: false, error: 'Leider nicht mehr genug auf Lager: Trinkhorn (0,5 l)' }, 'Leider nicht mehr genug auf Lager: Trinkhorn (0,5 l)'],
    [403, { success: false, error: 'Der Shop ist derzeit geschlossen.' }, 'Der Shop ist derzeit geschlossen.'],
    [400, { success: false }, 'Unbekannter Fehler'],
    [200, { success: false, error: '  ' }, 'Unbekannter Fehler'],
  ])('turns a refusal (%i) into an OrderRefusedError with the server text', async (status, data, reason) => {
    vi.spyOn(api, 'post').mockResolvedValue({ status, data });
    const error = await placeOrder(payload).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OrderRefusedError);
    expect((error as OrderRefusedError).reason).toBe(reason);
  });

  it('passes a network failure or an unreadable answer on as another error', async () => {
    vi.spyOn(api, 'post').mockRejectedValueOnce(new ApiError(null, 'Keine Verbindung zum Server (Network Error)'));
    await expect(placeOrder(payload)).rejects.toBeInstanceOf(ApiError);

    vi.spyOn(api, 'post').mockResolvedValueOnce({ status: 502, data: '<html>Bad Gateway</html>' });
    const error = await placeOrder(payload).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(OrderRefusedError);
  });
});
