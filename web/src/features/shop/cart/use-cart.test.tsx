import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { horn } from '../testing/shop-fixtures';
import { cartFromCookies } from './cart-cookie';
import { CART_STORAGE_KEY, type CartLine } from './cart-store';
import { useCart, useCartReconciliation } from './use-cart';

const shirtM: CartLine = { id: 1, title: 'Haus-Shirt', price: 2500, variant: 'M', quantity: 1 };
const hornSmall: CartLine = { id: 3, title: 'Trinkhorn', price: 1800, variant: '0,3 l', quantity: 2 };

const stored = () => JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? 'null') as unknown;

describe('useCart', () => {
  beforeEach(() => localStorage.clear());

  it('keeps the cart under "game-of-slavs_cart"', () => {
    expect(CART_STORAGE_KEY).toBe('game-of-slavs_cart');
  });

  it('saves every change to storage at once', () => {
    const { result } = renderHook(() => useCart());

    act(() => result.current.add(shirtM));
    expect(stored()).toEqual([shirtM]);
    act(() => result.current.add({ ...shirtM, quantity: 2 }));
    expect(stored()).toEqual([{ ...shirtM, quantity: 3 }]);
    act(() => result.current.add(hornSmall));
    act(() => result.current.increase(hornSmall));
    expect(stored()).toEqual([{ ...shirtM, quantity: 3 }, { ...hornSmall, quantity: 3 }]);
    act(() => result.current.decrease(shirtM));
    expect(stored()).toEqual([{ ...shirtM, quantity: 2 }, { ...hornSmall, quantity: 3 }]);
    act(() => result.current.remove(hornSmall));
    expect(stored()).toEqual([{ ...shirtM, quantity: 2 }]);

    expect(result.current.itemCount).toBe(2);
    expect(result.current.total).toBe(5000);
  });

  it('keeps a copy in a cookie for the cart’s page, and removes it with the cart', () => {
    const { result } = renderHook(() => useCart());
    act(() => result.current.add(shirtM));
    // jsdom sends cookies of the page's path only: the copy is for /shop/cart.
    expect(document.cookie).not.toContain('gos_cart');
    window.history.replaceState(null, '', '/shop/cart');
    expect(cartFromCookies(document.cookie)).toEqual([shirtM]);
    act(() => result.current.clear());
    expect(cartFromCookies(document.cookie)).toBeNull();
    window.history.replaceState(null, '', '/');
  });

  it('gives a cart stored before the copy existed its copy', () => {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([hornSmall]));
    window.history.replaceState(null, '', '/shop/cart');
    renderHook(() => useCart());
    expect(cartFromCookies(document.cookie)).toEqual([hornSmall]);
    window.history.replaceState(null, '', '/');
  });

  it('removes the line when minus takes it to zero', () => {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([shirtM]));
    const { result } = renderHook(() => useCart());

    act(() => result.current.decrease(shirtM));
    expect(result.current.lines).toEqual([]);
    expect(stored()).toEqual([]);
  });

  it('reads the stored cart, and clears it with its storage entry', () => {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([shirtM, hornSmall]));
    const { result } = renderHook(() => useCart());
    expect(result.current.lines).toEqual([shirtM, hornSmall]);

    act(() => result.current.clear());
    expect(result.current.lines).toEqual([]);
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
  });

  it('shares one cart between its users', () => {
    const first = renderHook(() => useCart());
    const second = renderHook(() => useCart());

    act(() => first.result.current.add(shirtM));
    expect(second.result.current.lines).toEqual([shirtM]);
  });

  it('follows changes another tab makes', () => {
    const { result } = renderHook(() => useCart());

    act(() => {
      localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([hornSmall]));
      window.dispatchEvent(new StorageEvent('storage', { key: CART_STORAGE_KEY }));
    });
    expect(result.current.lines).toEqual([hornSmall]);
  });

  it('survives corrupt storage', () => {
    localStorage.setItem(CART_STORAGE_KEY, '{kaputt');
    const { result } = renderHook(() => useCart());
    expect(result.current.lines).toEqual([]);

    act(() => result.current.add(shirtM));
    expect(stored()).toEqual([shirtM]);
  });

  it('keeps working in memory when storage refuses to save', () => {
    const { result } = renderHook(() => useCart());
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = () => {
      throw new DOMException('voll', 'QuotaExceededError');
    };
    try {
      act(() => result.current.add(shirtM));
      expect(result.current.lines).toEqual([shirtM]);
    } finally {
      Storage.prototype.setItem = setItem;
      act(() => result.current.clear());
    }
  });
});

describe('useCartReconciliation', () => {
  beforeEach(() => localStorage.clear());

  it('removes lines of items the shop no longer has and names them', () => {
    const gone: CartLine = { id: 99, title: 'Met-Becher', price: 1200, variant: 'Standard', quantity: 1 };
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([gone, hornSmall]));
    const { result } = renderHook(() => ({ removed: useCartReconciliation([horn]), cart: useCart() }));

    expect(result.current.removed).toEqual([gone]);
    expect(result.current.cart.lines).toEqual([hornSmall]);
    expect(stored()).toEqual([hornSmall]);
  });

  it('leaves the cart alone without a current list', () => {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([shirtM]));
    const { result } = renderHook(() => ({ removed: useCartReconciliation(undefined), cart: useCart() }));

    expect(result.current.removed).toEqual([]);
    expect(result.current.cart.lines).toEqual([shirtM]);
  });
});
