import { describe, expect, it } from 'vitest';
import { horn, shirt } from '../testing/shop-fixtures';
import {
  addToCart,
  canIncrease,
  cartItemCount,
  cartTotal,
  changeQuantity,
  increaseStop,
  orderItemsText,
  parseCart,
  reachesUnitLimits,
  reconcileCart,
  removeLine,
  undeliverableLines,
  type CartLine,
} from './cart-store';

const shirtM: CartLine = { id: 1, title: 'Haus-Shirt', price: 2500, variant: 'M', quantity: 1 };
const shirtL: CartLine = { ...shirtM, variant: 'L' };
const hornSmall: CartLine = { id: 3, title: 'Trinkhorn', price: 1800, variant: '0,3 l', quantity: 2 };

describe('the cart rules', () => {
  it('adds a new line, and to the line of the same item and variant', () => {
    let cart = addToCart([], shirtM);
    cart = addToCart(cart, shirtL);
    cart = addToCart(cart, { ...shirtM, quantity: 3 });

    expect(cart).toEqual([
      { ...shirtM, quantity: 4 },
      { ...shirtL, quantity: 1 },
    ]);
  });

  it('keeps the same variant of another item apart', () => {
    const cart = addToCart([shirtM], { ...shirtM, id: 2, title: 'Kapuzenmantel' });
    expect(cart).toHaveLength(2);
  });

  it('never builds a line above what the server accepts (99)', () => {
    const cart = addToCart([{ ...shirtM, quantity: 95 }], { ...shirtM, quantity: 10 });
    expect(cart[0].quantity).toBe(99);
    expect(changeQuantity(cart, shirtM, 1)[0].quantity).toBe(99);
  });

  it('fills a line up to the cap per line it is given, and takes nothing from a line above it', () => {
    expect(addToCart([{ ...shirtM, quantity: 8 }], { ...shirtM, quantity: 5 }, 10)[0].quantity).toBe(10);
    expect(addToCart([], { ...shirtM, quantity: 12 }, 10)[0].quantity).toBe(10);
    expect(addToCart([{ ...shirtM, quantity: 15 }], shirtM, 10)[0].quantity).toBe(15);
    expect(changeQuantity([{ ...shirtM, quantity: 10 }], shirtM, 1, 10)[0].quantity).toBe(10);
    expect(changeQuantity([{ ...shirtM, quantity: 15 }], shirtM, 1, 10)[0].quantity).toBe(15);
    expect(changeQuantity([{ ...shirtM, quantity: 15 }], shirtM, -1, 10)[0].quantity).toBe(14);
  });

  it('allows plus below both caps only, and says when a cap is reached', () => {
    const limits = { maxUnitsPerLine: 10, maxUnitsPerOrder: 30 };
    const nine = { ...shirtM, quantity: 9 };
    expect(canIncrease([nine], nine, limits)).toBe(true);
    expect(reachesUnitLimits([nine], limits)).toBe(false);
    const ten = { ...shirtM, quantity: 10 };
    expect(canIncrease([ten], ten, limits)).toBe(false);
    expect(reachesUnitLimits([ten], limits)).toBe(true);
    const full = [{ ...shirtM, quantity: 9 }, { ...shirtL, quantity: 9 }, { ...hornSmall, quantity: 12 }];
    expect(canIncrease(full, full[0], limits)).toBe(false);
    expect(reachesUnitLimits(full, limits)).toBe(true);
  });

  it('names the limit that greys plus: the stock, the cap per line, the cap per order', () => {
    const limits = { maxUnitsPerLine: 10, maxUnitsPerOrder: 30 };
    const ten = { ...shirtM, quantity: 10 };
    expect(increaseStop([ten], ten, limits)).toBe('line');
    expect(increaseStop([ten], ten, limits, 10)).toBe('stock');
    const full = [{ ...shirtM, quantity: 9 }, { ...shirtL, quantity: 9 }, { ...hornSmall, quantity: 12 }];
    expect(increaseStop(full, full[0], limits)).toBe('order');
    const two = { ...shirtM, quantity: 2 };
    expect(increaseStop([two], two, limits, 5)).toBeNull();
  });

  it('finds the lines the stock cannot cover: an item sold out, or held more often than left over all its variants', () => {
    const lines = [{ ...shirtM, quantity: 2 }, { ...shirtL, quantity: 2 }, hornSmall];
    const stock = new Map([[shirtM.id, 3], [hornSmall.id, 0]]);
    expect(undeliverableLines(lines, (id) => stock.get(id))).toEqual(lines);
    stock.set(shirtM.id, 4);
    expect(undeliverableLines(lines, (id) => stock.get(id))).toEqual([hornSmall]);
    // Unknown stock (no answer yet) holds nothing back.
    expect(undeliverableLines(lines, () => undefined)).toEqual([]);
  });

  it('changes quantities with minus and plus; minus to zero removes the line', () => {
    let cart: CartLine[] = [shirtM, hornSmall];
    cart = changeQuantity(cart, hornSmall, 1);
    expect(cart[1].quantity).toBe(3);
    cart = changeQuantity(cart, shirtM, -1);
    expect(cart).toEqual([{ ...hornSmall, quantity: 3 }]);
  });

  it('removes a line by item and variant only', () => {
    expect(removeLine([shirtM, shirtL, hornSmall], shirtL)).toEqual([shirtM, hornSmall]);
  });

  it('counts items and sums the prices', () => {
    expect(cartItemCount([shirtM, hornSmall])).toBe(3);
    expect(cartTotal([shirtM, hornSmall])).toBe(2500 + 2 * 1800);
    expect(cartTotal([])).toBe(0);
  });

  it('sends the lines as JSON text with id, title, price, variant and quantity', () => {
    expect(JSON.parse(orderItemsText([shirtM]))).toEqual([
      { id: 1, title: 'Haus-Shirt', price: 2500, variant: 'M', quantity: 1 },
    ]);
  });
});

describe('reading stored carts', () => {
  it('reads a stored list of lines', () => {
    expect(parseCart(JSON.stringify([shirtM, hornSmall]))).toEqual([shirtM, hornSmall]);
  });

  it.each([
    ['nothing stored', null],
    ['corrupt JSON', '[{"id":1,'],
    ['an object instead of a list', '{"id":1}'],
    ['a string', '"Warenkorb"'],
    ['null', 'null'],
  ])('gives an empty cart for %s', (_, raw) => {
    expect(parseCart(raw)).toEqual([]);
  });

  it('drops lines of the wrong shape and keeps the good ones', () => {
    const stored = [
      shirtM,
      { ...shirtL, id: '1' },
      { ...shirtL, quantity: 0 },
      { ...shirtL, quantity: 1.5 },
      { ...shirtL, variant: '' },
      { ...shirtL, price: -5 },
      { ...shirtL, price: 12.5 },
      { ...shirtL, id: 0 },
      { ...shirtL, id: 2 ** 53 },
      { ...shirtL, title: 7 },
      { ...shirtL, variant: ['L'] },
      [shirtL.id, shirtL.title, shirtL.price, shirtL.variant, shirtL.quantity],
      { title: 'ohne id', price: 100, variant: 'S', quantity: 1 },
      null,
      42,
      hornSmall,
    ];
    expect(parseCart(JSON.stringify(stored))).toEqual([shirtM, hornSmall]);
  });

  it('joins duplicate lines and caps oversized quantities', () => {
    const stored = [shirtM, { ...shirtM, quantity: 2 }, { ...hornSmall, quantity: 500 }];
    expect(parseCart(JSON.stringify(stored))).toEqual([{ ...shirtM, quantity: 3 }, { ...hornSmall, quantity: 99 }]);
  });
});

describe('holding the cart against the shop', () => {
  it('removes lines of items and variants the shop no longer offers', () => {
    const gone: CartLine = { id: 99, title: 'Met-Becher', price: 1200, variant: 'Standard', quantity: 1 };
    const oldVariant: CartLine = { ...shirtM, variant: 'XXL' };
    const result = reconcileCart([shirtM, gone, oldVariant, hornSmall], [shirt, horn]);

    expect(result.lines).toEqual([shirtM, hornSmall]);
    expect(result.removed).toEqual([gone, oldVariant]);
    expect(result.changed).toBe(true);
  });

  it('takes the current title and price of the items', () => {
    const result = reconcileCart([{ ...shirtM, title: 'Altes Shirt', price: 100 }], [shirt]);
    expect(result.lines).toEqual([shirtM]);
    expect(result.removed).toEqual([]);
    expect(result.changed).toBe(true);
  });

  it('says when nothing changed', () => {
    expect(reconcileCart([shirtM, hornSmall], [shirt, horn]).changed).toBe(false);
  });
});
