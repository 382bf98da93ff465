import { vi } from 'vitest';
import type { ShopItem, UnitLimits } from '@contract/shop';
import { api, ApiError } from '@/lib/api-client';
import { siteContentFixture } from '@/features/festival/testing/site-content-fixture';
import { formatPrice } from '@/lib/format';

export const shirt: ShopItem = {
  id: 1,
  title: 'Haus-Shirt',
  description: 'Schweres Baumwollshirt.\n\n- [x] 100 % Bio-Baumwolle\n- [ ] Wappen deines Hauses',
  price: 2500,
  image: '/uploads/shirt.jpg',
  imageSizes: { thumbnail: '/uploads/thumbnail_shirt.jpg', small: '/uploads/small_shirt.jpg', medium: '/uploads/medium_shirt.jpg' },
  variants: ['S', 'M', 'L', 'XL'],
  availableQuantity: 40,
};

export const horn: ShopItem = {
  id: 3,
  title: 'Trinkhorn',
  description: 'Echtes Rinderhorn.',
  price: 1800,
  image: null,
  imageSizes: {},
  variants: ['0,3 l', '0,5 l'],
  availableQuantity: 4,
};

export const patches: ShopItem = {
  id: 4,
  title: 'Aufnäher-Set',
  description: 'Drei gestickte Aufnäher.',
  price: 900,
  image: '/uploads/patches.jpg',
  imageSizes: {},
  variants: ['Set'],
  availableQuantity: 0,
};

/** The caps the cms sends by default (DECISIONS §9). */
export const defaultUnitLimits: UnitLimits = { maxUnitsPerLine: 10, maxUnitsPerOrder: 30 };

/** GET /shop/items's answer with these items and caps. */
export const itemsAnswer = (items: ShopItem[], unitLimits: UnitLimits = defaultUnitLimits) => ({ data: { success: true, items, unitLimits } });

type Answer = { data: unknown } | ApiError | 'pending';

type ShopApi = {
  /** The shop_enabled setting's value; 'fail' for a failed call. */
  enabled?: 'true' | 'false' | 'fail' | 'pending';
  items?: Answer;
  /** Answers for GET /shop/items/{id}; by default found in `items` or a 404. */
  item?: (id: number) => Answer;
  /** The caps the default answers carry. */
  unitLimits?: UnitLimits;
};

const notFound = () => new ApiError(404, '404: {"success":false,"error":"Artikel nicht gefunden"}');
const itemsOf = (answer: Answer | undefined): ShopItem[] =>
  answer && !(answer instanceof ApiError) && answer !== 'pending' ? ((answer.data as { items?: ShopItem[] }).items ?? []) : [];

/** Mocks the HTTP layer (api.get) for the shop's reads. */
export function mockShopApi({ enabled = 'true', unitLimits = defaultUnitLimits, items = itemsAnswer([shirt, horn, patches], unitLimits), item }: ShopApi = {}) {
  const answer = (value: Answer) => {
    if (value === 'pending') return new Promise<never>(() => {});
    return value instanceof ApiError ? Promise.reject(value) : Promise.resolve(value);
  };
  const itemAnswer =
    item ??
    ((id: number): Answer => {
      const found = itemsOf(items).find((candidate) => candidate.id === id);
      return found ? { data: { success: true, item: found, unitLimits } } : notFound();
    });

  return vi.spyOn(api, 'get').mockImplementation((url: string) => {
    if (url === '/settings/shop_enabled') {
      if (enabled === 'pending') return answer('pending');
      if (enabled === 'fail') return answer(new ApiError(null, 'Keine Verbindung zum Server (Network Error)'));
      return answer({ data: { success: true, value: enabled } });
    }
    if (url === '/shop/items') return answer(items);
    if (url === '/site-content') return answer({ data: siteContentFixture() });
    const detail = /^\/shop\/items\/(\d+)$/.exec(url);
    if (detail) return answer(itemAnswer(Number(detail[1])));
    return answer(new ApiError(404, `404: unexpected ${url}`));
  });
}

/** A price as Testing Library reads it (its default normaliser turns the non-breaking space into a space). */
export const shownPrice = (cents: number) => formatPrice(cents).replace(/\s/g, ' ');
