import { describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { defaultUnitLimits, itemsAnswer, shirt } from '../testing/shop-fixtures';
import { getItem } from './get-item';
import { getItems } from './get-items';

describe('the shop reads', () => {
  it('reads the items and the caps on units', async () => {
    const get = vi.spyOn(api, 'get').mockResolvedValue(itemsAnswer([shirt], { maxUnitsPerLine: 5, maxUnitsPerOrder: 12 }));
    await expect(getItems()).resolves.toEqual({ items: [shirt], unitLimits: { maxUnitsPerLine: 5, maxUnitsPerOrder: 12 } });
    expect(get).toHaveBeenCalledWith('/shop/items');
  });

  it.each([{ success: false, error: 'kaputt' }, { success: true }, { success: true, items: [] }, 'Fehler'])(
    'fails on an answer without success, items and caps: %j',
    async (data) => {
      vi.spyOn(api, 'get').mockResolvedValue({ data });
      await expect(getItems()).rejects.toThrow();
    },
  );

  it('reads one item by id with the caps, and fails without one', async () => {
    const get = vi.spyOn(api, 'get').mockResolvedValueOnce({ data: { success: true, item: shirt, unitLimits: defaultUnitLimits } });
    await expect(getItem(1)).resolves.toEqual({ item: shirt, unitLimits: defaultUnitLimits });
    expect(get).toHaveBeenCalledWith('/shop/items/1');

    get.mockResolvedValueOnce({ data: { success: true, item: null, unitLimits: defaultUnitLimits } });
    await expect(getItem(1)).rejects.toThrow('Artikel nicht gefunden');
  });
});
