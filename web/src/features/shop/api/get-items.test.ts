import { describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { shirt } from '../testing/shop-fixtures';
import { getItem } from './get-item';
import { getItems } from './get-items';

describe('the shop reads', () => {
  it('reads the items', async () => {
    const get = vi.spyOn(api, 'get').mockResolvedValue({ data: { success: true, items: [shirt] } });
    await expect(getItems()).resolves.toEqual([shirt]);
    expect(get).toHaveBeenCalledWith('/shop/items');
  });

  it.each([{ success: false, error: 'kaputt' }, { success: true }, 'Fehler'])('fails on an answer without success and items: %j', async (data) => {
    vi.spyOn(api, 'get').mockResolvedValue({ data });
    await expect(getItems()).rejects.toThrow();
  });

  it('reads one item by id, and fails without one', async () => {
    const get = vi.spyOn(api, 'get').mockResolvedValueOnce({ data: { success: true, item: shirt } });
    await expect(getItem(1)).resolves.toEqual(shirt);
    expect(get).toHaveBeenCalledWith('/shop/items/1');

    get.mockResolvedValueOnce({ data: { success: true, item: null } });
    await expect(getItem(1)).rejects.toThrow('Artikel nicht gefunden');
  });
});
