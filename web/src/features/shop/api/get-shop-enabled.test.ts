import { describe, expect, it, vi } from 'vitest';
import { api, ApiError } from '@/lib/api-client';
import { createQueryClient } from '@/lib/query-client';
import { getShopEnabled, shopEnabledQueryOptions } from './get-shop-enabled';

describe('getShopEnabled', () => {
  it.each([
    [{ success: true, value: 'true' }, true],
    [{ success: true, value: 'false' }, false],
    [{ success: true, value: 'TRUE' }, false],
    [{ success: false, value: 'true' }, false],
    [{ success: true, value: true }, false],
    ['true', false],
  ])('reads %j as %s', async (body, enabled) => {
    const get = vi.spyOn(api, 'get').mockResolvedValue({ data: body });
    await expect(getShopEnabled()).resolves.toBe(enabled);
    expect(get).toHaveBeenCalledWith('/settings/shop_enabled');
  });

  it('passes a failed call on, for the query to report', async () => {
    vi.spyOn(api, 'get').mockRejectedValue(new ApiError(503, '503: Service Unavailable'));
    await expect(getShopEnabled()).rejects.toBeInstanceOf(ApiError);
  });

  it('is cached for 5 minutes', async () => {
    const get = vi.spyOn(api, 'get').mockResolvedValue({ data: { success: true, value: 'true' } });
    const queryClient = createQueryClient();
    expect(shopEnabledQueryOptions().staleTime).toBe(5 * 60 * 1000);

    await queryClient.fetchQuery(shopEnabledQueryOptions());
    await queryClient.fetchQuery(shopEnabledQueryOptions());
    expect(get).toHaveBeenCalledTimes(1);
  });
});
