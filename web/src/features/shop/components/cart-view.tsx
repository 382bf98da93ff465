import { Alert, Button, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { SHOP_MESSAGES, type UnitLimits } from '@contract/shop';
import { useCurrentItems } from '../api/get-items';
import { useShopStatus } from '../api/get-shop-enabled';
import type { PlacedOrder } from '../api/place-order';
import { canIncrease, cartItemCount, unitsOfItem, DEFAULT_UNIT_LIMITS, reachesUnitLimits, type CartLine as Line, type LineKey } from '../cart/cart-store';
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
} as const;

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
                  onRemove={cart.remove}
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
  const { clear } = useCart();
  const [placed, setPlaced] = useState<PlacedOrder | null>(null);

  if (placed) return <OrderSuccess order={placed} />;

  const onPlaced = (order: PlacedOrder) => {
    setPlaced(order);
    clear();
  };

  return (
    <>
      <div className={classes.header}>
        <BackToShop className={classes.back} />
        <Title order={1} className={classes.title}>
          Warenkorb
        </Title>
      </div>
      {status === 'loading' ? (
        <ShopMessage kind="status">{CART_MESSAGES.loading}</ShopMessage>
      ) : status === 'closed' ? (
        <ShopMessage kind="note">{SHOP_MESSAGES.shopClosed}</ShopMessage>
      ) : (
        <CartContent onPlaced={onPlaced} />
      )}
    </>
  );
}
