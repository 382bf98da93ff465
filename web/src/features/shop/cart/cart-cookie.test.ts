import { describe, expect, it } from 'vitest';
import { CART_COOKIE_MOST_CHARS, cartCookie, cartFromCookies } from './cart-cookie';
import { serializeCart, type CartLine } from './cart-store';

const lines: CartLine[] = [
  { id: 3, title: 'Kapuzenpulli „Haus Aschefrei“', price: 4500, variant: 'L', quantity: 2 },
  { id: 7, title: 'Met-Becher', price: 1200, variant: 'Ton', quantity: 1 },
];

/** The `name=value` a browser sends back for a `document.cookie` assignment. */
const sentBack = (assignment: string) => assignment.split(';')[0]!;

describe('the cart’s cookie copy', () => {
  it('carries the stored cart to the cart’s page only, for a year, and back as the same lines', () => {
    const assignment = cartCookie(serializeCart(lines), false);
    expect(assignment).toMatch(/^gos_cart=[^;]+; Path=\/shop\/cart; Max-Age=31536000; SameSite=Lax$/);
    expect(cartFromCookies(`theme=dark; ${sentBack(assignment)}; other=1`)).toEqual(lines);
    expect(cartFromCookies(sentBack(assignment))).toEqual(lines);
    expect(cartCookie(serializeCart(lines), true)).toMatch(/; Secure$/);
  });

  it('removes the copy for an emptied cart, and for one too long to keep', () => {
    expect(cartCookie(null, false)).toBe('gos_cart=; Path=/shop/cart; Max-Age=0; SameSite=Lax');
    const long = serializeCart(Array.from({ length: 50 }, (_, id) => ({ id: id + 1, title: 'Ä'.repeat(40), price: 100, variant: 'M', quantity: 1 })));
    expect(encodeURIComponent(long).length).toBeGreaterThan(CART_COOKIE_MOST_CHARS);
    expect(cartCookie(long, false)).toBe('gos_cart=; Path=/shop/cart; Max-Age=0; SameSite=Lax');
  });

  it('reads an empty stored cart as one: the page may say so', () => {
    expect(cartFromCookies(`gos_cart=${encodeURIComponent('[]')}`)).toEqual([]);
  });

  it.each([
    ['no Cookie header', undefined],
    ['other cookies only', 'theme=dark; gos_cartx=1; xgos_cart=%5B%5D'],
    ['an empty value', 'gos_cart='],
    ['a broken escape', 'gos_cart=%5B%E0%A4%A'],
    ['a lone surrogate', 'gos_cart=%5B%22%ED%A0%80%22%5D'],
    ['not JSON', 'gos_cart=%5Boops'],
    ['JSON that is no list', `gos_cart=${encodeURIComponent('{"id":1}')}`],
    ['NUL', 'gos_cart=%00'],
    ['a value over the length kept', `gos_cart=${encodeURIComponent(`[${'1,'.repeat(CART_COOKIE_MOST_CHARS)}1]`)}`],
  ])('carries no cart with %s', (_, header) => {
    expect(cartFromCookies(header)).toBeNull();
  });

  it('drops what is no cart line, as the stored cart does, and caps the units', () => {
    const stored = JSON.stringify([{ id: 1, title: 'Becher', price: 100, variant: 'Ton', quantity: 500 }, { id: -1, title: 'x' }, 'y', null]);
    expect(cartFromCookies(`gos_cart=${encodeURIComponent(stored)}`)).toEqual([{ id: 1, title: 'Becher', price: 100, variant: 'Ton', quantity: 99 }]);
  });
});
