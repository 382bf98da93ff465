/*
 * The cart travels with a request for the cart's page, so that the site's server can draw its
 * lines (issue 43): on the festival ground's connection the page is taken over seconds after its
 * first paint, and until then it could only say "Warenkorb wird geladen...". Browser storage stays
 * the cart's home (SPEC §3); the cookie is a copy, written with every change, sent to /shop/cart
 * only, and never read by the cms.
 */
import { parseCart, type CartLine } from './cart-store';

export const CART_COOKIE = 'gos_cart';
export const CART_PATH = '/shop/cart';

/**
 * The longest value kept. Browsers keep at least 4,096 bytes per cookie, name and attributes
 * included; a larger cart (dozens of lines with long titles) has no copy, and its page says it
 * is loading, as before.
 */
export const CART_COOKIE_MOST_CHARS = 3500;

const YEAR_S = 365 * 24 * 60 * 60;

/** The `document.cookie` assignment that keeps the cart's stored text, or removes the copy (null, or too long). */
export function cartCookie(stored: string | null, secure: boolean): string {
  const value = stored === null ? '' : encodeURIComponent(stored);
  const kept = stored !== null && value.length <= CART_COOKIE_MOST_CHARS;
  return `${CART_COOKIE}=${kept ? value : ''}; Path=${CART_PATH}; Max-Age=${kept ? YEAR_S : 0}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** Writes the copy beside browser storage; a browser that refuses cookies keeps the cart all the same. */
export function writeCartCookie(stored: string | null) {
  try {
    document.cookie = cartCookie(stored, window.location.protocol === 'https:');
  } catch {
    // The page's cart is in storage or memory; the server then draws no lines.
  }
}

/**
 * The cart a request's Cookie header carries, checked as stored carts are (parseCart); null when
 * it carries none, or one that is too long or not a cart's text. Whatever the client sends costs
 * a bounded look at most CART_COOKIE_MOST_CHARS long.
 */
export function cartFromCookies(header: string | undefined): CartLine[] | null {
  if (!header) return null;
  const prefix = `${CART_COOKIE}=`;
  let at = header.startsWith(prefix) ? 0 : header.indexOf(`; ${prefix}`);
  if (at === -1) return null;
  at += at === 0 ? prefix.length : prefix.length + 2;
  const end = header.indexOf(';', at);
  const value = header.slice(at, end === -1 ? undefined : end).trim();
  if (!value || value.length > CART_COOKIE_MOST_CHARS) return null;
  try {
    const stored = decodeURIComponent(value);
    // Not a list of lines at all: no cart, rather than an empty one.
    if (!Array.isArray(JSON.parse(stored))) return null;
    return parseCart(stored);
  } catch {
    return null;
  }
}
