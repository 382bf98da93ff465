/*
 * What the pickup desk accepts (docs/decisions/035): the order page's address as its QR code
 * carries it (https://…/shop/bestellung/<number>?t=<token>), or the order number typed by hand.
 */

const ORDER_PAGE_PATH = /^\/shop\/bestellung\/([^/]+)\/?$/;
const ORDER_NUMBER = /^[A-Z0-9-]{1,32}$/;

/** The order number in a scanned or typed text, upper case; null when it holds none. */
export function orderNumberFrom(text: string): string | null {
  const trimmed = text.trim();
  let candidate = trimmed;
  if (/^https?:\/\//i.test(trimmed)) {
    let path: string;
    try {
      path = new URL(trimmed).pathname;
    } catch {
      return null;
    }
    const match = ORDER_PAGE_PATH.exec(path);
    if (!match) return null;
    try {
      candidate = decodeURIComponent(match[1]);
    } catch {
      return null;
    }
  }
  const number = candidate.toUpperCase();
  return ORDER_NUMBER.test(number) ? number : null;
}
