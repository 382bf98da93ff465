import { DEFAULT_ORDER_LIMITS } from '@contract/order-limits';
import type { ShopItem, UnitLimits } from '@contract/shop';
import { CART_LIMITS } from '@contract/shop-rules';

export { CART_STORAGE_KEY } from './cart-events';

/** One cart line (SPEC §3); `price` is in cents and only for display: orders are priced by the server. */
export type CartLine = {
  id: number;
  title: string;
  price: number;
  variant: string;
  quantity: number;
};

/** A line is identified by its item and variant (SPEC §4). */
export type LineKey = Pick<CartLine, 'id' | 'variant'>;

export const EMPTY_CART: readonly CartLine[] = Object.freeze([]);

// The server refuses more than this per line, so the cart never builds such a line.
const MAX_QUANTITY = CART_LIMITS.maxQuantity;

/** The caps on units until the shop's answer says which hold (DECISIONS §9); the server has the last word. */
export const DEFAULT_UNIT_LIMITS: UnitLimits = {
  maxUnitsPerLine: DEFAULT_ORDER_LIMITS.maxUnitsPerLine,
  maxUnitsPerOrder: DEFAULT_ORDER_LIMITS.maxUnitsPerOrder,
};

const isWholeNumber = (value: unknown, least: number): value is number => Number.isSafeInteger(value) && (value as number) >= least;

/**
 * A stored entry as a cart line, or null when it is not one. Checked by hand rather than with a
 * zod schema: the shop's page would otherwise load and set up zod (90 kB) on every visit for
 * these five fields.
 */
const storedLine = (entry: unknown): CartLine | null => {
  if (typeof entry !== 'object' || entry === null) return null;
  const { id, title, price, variant, quantity } = entry as Record<string, unknown>;
  if (!isWholeNumber(id, 1) || typeof title !== 'string' || !isWholeNumber(price, 0)) return null;
  if (typeof variant !== 'string' || variant === '' || !isWholeNumber(quantity, 1)) return null;
  return { id, title, price, variant, quantity: Math.min(quantity, MAX_QUANTITY) };
};

const sameLine = (line: LineKey, key: LineKey) => line.id === key.id && line.variant === key.variant;

/** The units a line may reach: the cap per line, and never more than the server reads. */
const lineCap = (maxUnitsPerLine: number) => Math.min(maxUnitsPerLine, MAX_QUANTITY);

/**
 * Adds a line, or the quantity to the line of the same item and variant, up to the cap per line
 * (a line that already holds more keeps what it has).
 */
export const addToCart = (lines: readonly CartLine[], added: CartLine, maxUnitsPerLine: number = MAX_QUANTITY): CartLine[] => {
  const cap = lineCap(maxUnitsPerLine);
  const existing = lines.find((line) => sameLine(line, added));
  if (!existing) return [...lines, { ...added, quantity: Math.min(added.quantity, cap) }];
  return lines.map((line) =>
    line === existing
      ? { ...line, title: added.title, price: added.price, quantity: Math.max(line.quantity, Math.min(line.quantity + added.quantity, cap)) }
      : line,
  );
};

/** Minus and plus; plus stops at the cap per line, and a quantity of 0 or less removes the line. */
export const changeQuantity = (lines: readonly CartLine[], key: LineKey, delta: number, maxUnitsPerLine: number = MAX_QUANTITY): CartLine[] =>
  lines.flatMap((line) => {
    if (!sameLine(line, key)) return [line];
    const quantity = delta > 0 ? Math.max(line.quantity, Math.min(line.quantity + delta, lineCap(maxUnitsPerLine))) : line.quantity + delta;
    return quantity > 0 ? [{ ...line, quantity }] : [];
  });

export const removeLine = (lines: readonly CartLine[], key: LineKey): CartLine[] =>
  lines.filter((line) => !sameLine(line, key));

export const cartItemCount = (lines: readonly CartLine[]) => lines.reduce((sum, line) => sum + line.quantity, 0);

/** The units of one item in the cart, over all its variants: the stock counts them together. */
export const unitsOfItem = (lines: readonly CartLine[], id: number) =>
  cartItemCount(lines.filter((line) => line.id === id));

/**
 * Whether plus may add a unit to the line: below the cap per line, the cart below the cap per
 * order, and the item's lines below the stock the shop's last answer gave (`stock`, when known).
 * The server still decides when the order comes in.
 */
export const canIncrease = (lines: readonly CartLine[], line: CartLine, limits: UnitLimits, stock?: number) =>
  increaseStop(lines, line, limits, stock) === null;

/** Which limit keeps plus from adding a unit to the line (the reason the greyed "+" gives), or null. */
export const increaseStop = (lines: readonly CartLine[], line: CartLine, limits: UnitLimits, stock?: number): 'line' | 'order' | 'stock' | null => {
  if (stock !== undefined && unitsOfItem(lines, line.id) >= stock) return 'stock';
  if (line.quantity >= lineCap(limits.maxUnitsPerLine)) return 'line';
  if (cartItemCount(lines) >= limits.maxUnitsPerOrder) return 'order';
  return null;
};

/**
 * The lines the shop cannot deliver as they are, by the stock of the shop's last answer
 * (`stockOf`, undefined when unknown): every line of an item sold out, or of which the cart holds
 * more than is left. They count in no total, and the order waits until the shopper changes them.
 */
export const undeliverableLines = (lines: readonly CartLine[], stockOf: (id: number) => number | undefined): CartLine[] =>
  lines.filter((line) => {
    const stock = stockOf(line.id);
    return stock !== undefined && unitsOfItem(lines, line.id) > stock;
  });

/** Whether the cart has reached a cap: a line at the cap per line, or the cart at the cap per order. */
export const reachesUnitLimits = (lines: readonly CartLine[], limits: UnitLimits) =>
  lines.some((line) => line.quantity >= limits.maxUnitsPerLine) || cartItemCount(lines) >= limits.maxUnitsPerOrder;

/** Cents; what the shopper sees. The order's real total comes back from the server. */
export const cartTotal = (lines: readonly CartLine[]) => lines.reduce((sum, line) => sum + line.price * line.quantity, 0);

/**
 * Reads what storage holds. Anything else than a list of well-formed lines (corrupt JSON, a
 * hand-edited entry, an older shape) never breaks the shop: broken lines are left out, and
 * lines of the same item and variant are joined.
 */
export const parseCart = (raw: string | null): CartLine[] => {
  if (raw === null) return [];
  let stored: unknown;
  try {
    stored = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(stored)) return [];
  return stored.reduce<CartLine[]>((lines, entry) => {
    const line = storedLine(entry);
    return line ? addToCart(lines, line) : lines;
  }, []);
};

export const serializeCart = (lines: readonly CartLine[]): string =>
  JSON.stringify(lines.map(({ id, title, price, variant, quantity }) => ({ id, title, price, variant, quantity })));

/** The order's `items` (SPEC §3): JSON text of the cart lines. */
export const orderItemsText = serializeCart;

export type ReconciledCart = {
  lines: CartLine[];
  /** Lines of items (or variants) the shop no longer offers. */
  removed: CartLine[];
  changed: boolean;
};

/**
 * Holds the cart against the shop's current items: lines of items that are gone (deleted,
 * inactive, or the variant no longer offered) are removed, and the others take the current
 * title and price, so the cart shows what the order will cost.
 */
export const reconcileCart = (lines: readonly CartLine[], items: readonly ShopItem[]): ReconciledCart => {
  const byId = new Map(items.map((item) => [item.id, item]));
  const kept: CartLine[] = [];
  const removed: CartLine[] = [];
  let changed = false;
  for (const line of lines) {
    const item = byId.get(line.id);
    if (!item || !item.variants.includes(line.variant)) {
      removed.push(line);
      changed = true;
      continue;
    }
    if (item.title !== line.title || item.price !== line.price) {
      kept.push({ ...line, title: item.title, price: item.price });
      changed = true;
    } else kept.push(line);
  }
  return { lines: kept, removed, changed };
};
