import { Alert, Button, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { UnitLimits } from '@contract/shop';
import { SHOP_MESSAGES } from '@contract/shop-rules';
import { useCurrentItems } from '../api/get-items';
import { useShopStatus } from '../api/get-shop-enabled';
import type { PlacedOrder } from '../api/place-order';
import { cartItemCount, cartTotal, increaseStop, undeliverableLines, unitsOfItem, DEFAULT_UNIT_LIMITS, reachesUnitLimits, type CartLine as Line, type LineKey } from '../cart/cart-store';
import { useCart, useCartReconciliation } from '../cart/use-cart';
import { useCartRead } from '../cart/use-cart-count';
import { lineName, unitLimitsText } from '../utils/labels';
import { BackToShop } from './back-link';
import { CartLine } from './cart-line';
import { CheckoutPanel } from './checkout-panel';
import { KeptCart } from './kept-cart';
import { keepOrder, orderPagePath } from '../orders/my-orders';
import { MyOrders } from './my-orders';
import { OrderSuccess } from './order-success';
import { ShopMessage } from './shop-message';
import classes from './cart-view.module.css';

export const CART_MESSAGES = {
  loading: 'Warenkorb wird geladen...',
  empty: 'Euer Warenkorb ist leer',
  removed: 'Diese Artikel gibt es nicht mehr im Shop; sie wurden aus dem Warenkorb entfernt:',
  unitLimits: unitLimitsText,
  overUnitLimits: 'Bitte verringere die Anzahl, sonst kann die Bestellung nicht angenommen werden.',
  removedLine: (name: string) => `${name} wurde aus dem Warenkorb entfernt.`,
  undo: 'Rückgängig',
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
  const undeliverable = undeliverableLines(cart.lines, stockOf);

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
                  increaseStop={increaseStop(cart.lines, line, limits, stockOf(line.id))}
                  limits={limits}
                  onIncrease={increase}
                  onDecrease={cart.decrease}
                  onRemove={removal.remove}
                  left={overStock(line.id)}
                />
              ))}
            </ul>
            <CheckoutPanel
              lines={cart.lines}
              total={cartTotal(cart.lines.filter((line) => !undeliverable.includes(line)))}
              undeliverable={undeliverable.length > 0}
              onPlaced={onPlaced}
            />
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
  // The server renders no cart (it cannot know it): until the stored one is read, neither "empty" nor lines.
  const read = useCartRead();
  const [placed, setPlaced] = useState<PlacedOrder | null>(null);
  const navigate = useNavigate();

  if (placed) return <OrderSuccess order={placed} />;

  // The order's own page keeps the confirmation: it survives a reload and is listed on this device.
  const onPlaced = (order: PlacedOrder) => {
    clear();
    const { orderNumber, token } = order;
    if (orderNumber === null || token === null) return setPlaced(order);
    keepOrder({ orderNumber, token, total: order.total });
    void navigate(orderPagePath(orderNumber, token), { state: { placed: true } });
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
      {status === 'loading' || !read ? (
        <ShopMessage kind="status">{CART_MESSAGES.loading}</ShopMessage>
      ) : status === 'closed' ? (
        <>
          <ShopMessage kind="note">{SHOP_MESSAGES.shopClosed}</ShopMessage>
          {lines.length > 0 && <KeptCart lines={lines} />}
        </>
      ) : (
        <CartContent onPlaced={onPlaced} />
      )}
      <MyOrders />
    </>
  );
}
