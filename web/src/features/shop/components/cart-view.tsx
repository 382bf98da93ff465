import { Alert, Button, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { UnitLimits } from '@contract/shop';
import { SHOP_MESSAGES } from '@contract/shop-rules';
import { useCurrentItems } from '../api/get-items';
import { useShopStatus } from '../api/get-shop-enabled';
import type { PlacedOrder } from '../api/place-order';
import { canIncrease, cartItemCount, unitsOfItem, DEFAULT_UNIT_LIMITS, reachesUnitLimits, type CartLine as Line, type LineKey } from '../cart/cart-store';
import { readLastOrder } from '../cart/last-order';
import { useCart, useCartReconciliation } from '../cart/use-cart';
import { lineName } from '../utils/labels';
import { BackToShop } from './back-link';
import { CartLine } from './cart-line';
import { CheckoutPanel } from './checkout-panel';
import { OrderSuccess } from './order-success';
import { ShopMessage } from './shop-message';
import classes from './cart-view.module.css';

export const CART_MESSAGES = {
  loading: 'Warenkorb wird geladen...',
  empty: 'Euer Warenkorb ist leer',
  removed: 'Diese Artikel gibt es nicht mehr im Shop; sie wurden aus dem Warenkorb entfernt:',
  unitLimits: ({ maxUnitsPerLine, maxUnitsPerOrder }: UnitLimits) =>
    `Höchstens ${maxUnitsPerLine} Stück je Artikel und ${maxUnitsPerOrder} Stück je Bestellung.`,
  overUnitLimits: 'Bitte verringere die Anzahl, sonst kann die Bestellung nicht angenommen werden.',
  removedLine: (name: string) => `${name} wurde aus dem Warenkorb entfernt.`,
  undo: 'Rückgängig',
  kept: 'Dein Warenkorb bleibt gespeichert. Bestellen kannst du, sobald der Shop wieder geöffnet ist.',
} as const;

// How long a removed line can be put back.
const UNDO_MS = 8000;

/** The last removed line, with a way to put it back for a few seconds. */
function useUndoableRemove(remove: (key: LineKey) => void, restore: (line: Line, index: number) => void, lines: readonly Line[]) {
  const [removed, setRemoved] = useState<{ line: Line; index: number } | null>(null);
  useEffect(() => {
    if (!removed) return;
    const timer = setTimeout(() => setRemoved(null), UNDO_MS);
    return () => clearTimeout(timer);
  }, [removed]);
  return {
    removed: removed?.line ?? null,
    remove: (key: LineKey) => {
      const index = lines.findIndex((line) => line.id === key.id && line.variant === key.variant);
      if (index >= 0) setRemoved({ line: lines[index], index });
      remove(key);
    },
    undo: () => {
      if (removed) restore(removed.line, removed.index);
      setRemoved(null);
    },
  };
}

/** A cart kept while the shop is closed: shown, not orderable, kept for when it opens again. */
function KeptCart({ lines }: { lines: readonly Line[] }) {
  return (
    <div className={classes.kept}>
      <Text>{CART_MESSAGES.kept}</Text>
      <ul className={classes.keptLines} aria-label="Gespeicherte Artikel">
        {lines.map((line) => (
          <li key={`${line.id}:${line.variant}`}>{`${line.quantity} × ${lineName(line)}`}</li>
        ))}
      </ul>
    </div>
  );
}

const exceedsUnitLimits = (lines: readonly Line[], limits: UnitLimits) =>
  lines.some((line) => line.quantity > limits.maxUnitsPerLine) || cartItemCount(lines) > limits.maxUnitsPerOrder;

/**
 * Says the caps once the shopper reaches one (DECISIONS §9), and asks for less when the cart
 * holds more. The live region is always there, so the notice a "+" brings up is announced.
 */
function UnitLimitsNotice({ lines, limits }: { lines: readonly Line[]; limits: UnitLimits }) {
  const over = exceedsUnitLimits(lines, limits);
  return (
    <div role="status">
      {reachesUnitLimits(lines, limits) && (
        <Alert className={classes.notice} role="note" color={over ? 'crimson' : 'gold'} variant="light">
          {over ? `${CART_MESSAGES.unitLimits(limits)} ${CART_MESSAGES.overUnitLimits}` : CART_MESSAGES.unitLimits(limits)}
        </Alert>
      )}
    </div>
  );
}

function CartContent({ onPlaced }: { onPlaced: (order: PlacedOrder) => void }) {
  const cart = useCart();
  const removal = useUndoableRemove(cart.remove, cart.restore, cart.lines);
  const { current, unitLimits, data } = useCurrentItems();
  const removed = useCartReconciliation(current);
  const limits = unitLimits ?? DEFAULT_UNIT_LIMITS;
  const increase = (key: LineKey) => cart.increase(key, limits.maxUnitsPerLine);
  const [noticeOpen, setNoticeOpen] = useState(true);
  // The stock of the shop's last answer; the server still decides when the order comes in.
  const stockOf = (id: number) => (current ?? data?.items)?.find((item) => item.id === id)?.availableQuantity;
  // A line whose item the cart holds more of than is left (a refused order fetched the stock again).
  const overStock = (id: number) => {
    const stock = stockOf(id);
    return stock !== undefined && unitsOfItem(cart.lines, id) > stock ? stock : undefined;
  };

  return (
    <>
      {removed.length > 0 && noticeOpen && (
        <Alert
          className={classes.notice}
          role="status"
          color="gold"
          variant="light"
          title="Warenkorb angepasst"
          withCloseButton
          closeButtonLabel="Hinweis schließen"
          onClose={() => setNoticeOpen(false)}
        >
          {`${CART_MESSAGES.removed} ${removed.map(lineName).join(', ')}.`}
        </Alert>
      )}
      <div role="status">
        {removal.removed && (
          <Alert className={classes.notice} color="gold" variant="light">
            <span className={classes.undoRow}>
              {CART_MESSAGES.removedLine(lineName(removal.removed))}
              <Button size="compact-sm" variant="outline" color="gold.3" onClick={removal.undo}>
                {CART_MESSAGES.undo}
              </Button>
            </span>
          </Alert>
        )}
      </div>
      {cart.lines.length === 0 ? (
        <ShopMessage
          kind="note"
          title={CART_MESSAGES.empty}
          actions={
            <Button component={Link} to="/shop" size="md">
              Zum Shop
            </Button>
          }
        />
      ) : (
        <>
          <UnitLimitsNotice lines={cart.lines} limits={limits} />
          <div className={classes.layout}>
            <ul className={classes.lines} aria-label="Artikel im Warenkorb">
              {cart.lines.map((line) => (
                <CartLine
                  key={`${line.id}:${line.variant}`}
                  line={line}
                  canIncrease={canIncrease(cart.lines, line, limits, stockOf(line.id))}
                  onIncrease={increase}
                  onDecrease={cart.decrease}
                  onRemove={removal.remove}
                  left={overStock(line.id)}
                />
              ))}
            </ul>
            <CheckoutPanel lines={cart.lines} total={cart.total} onPlaced={onPlaced} />
          </div>
        </>
      )}
    </>
  );
}

/** /shop/cart (SPEC §2): the lines, the checkout beside them, and the confirmation after it. */
export function CartView() {
  const status = useShopStatus();
  const { clear, lines } = useCart();
  const [placed, setPlaced] = useState<PlacedOrder | null>(null);
  // A reload of the confirmation shows it again (the server draws the cart, so only after the takeover).
  useEffect(() => {
    const kept = readLastOrder();
    if (kept) setPlaced(kept);
  }, []);

  if (placed) return <OrderSuccess order={placed} />;

  const onPlaced = (order: PlacedOrder) => {
    setPlaced(order);
    clear();
  };

  return (
    <>
      <div className={classes.header}>
        {status === 'closed' ? (
          // The shop is closed: the way back leads where there is something to see.
          <Button component={Link} to="/" variant="subtle" color="gold.3" className={classes.back}>
            Zur Hauptseite
          </Button>
        ) : (
          <BackToShop className={classes.back} />
        )}
        <Title order={1} className={classes.title}>
          Warenkorb
        </Title>
      </div>
      {status === 'loading' ? (
        <ShopMessage kind="status">{CART_MESSAGES.loading}</ShopMessage>
      ) : status === 'closed' ? (
        <>
          <ShopMessage kind="note">{SHOP_MESSAGES.shopClosed}</ShopMessage>
          {lines.length > 0 && <KeptCart lines={lines} />}
        </>
      ) : (
        <CartContent onPlaced={onPlaced} />
      )}
    </>
  );
}
