import { Alert, Button, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { SHOP_MESSAGES } from '@contract/shop';
import { useCurrentItems } from '../api/get-items';
import { useShopStatus } from '../api/get-shop-enabled';
import type { PlacedOrder } from '../api/place-order';
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
} as const;

function CartContent({ onPlaced }: { onPlaced: (order: PlacedOrder) => void }) {
  const cart = useCart();
  const { current } = useCurrentItems();
  const removed = useCartReconciliation(current);
  const [noticeOpen, setNoticeOpen] = useState(true);

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
        <div className={classes.layout}>
          <ul className={classes.lines} aria-label="Artikel im Warenkorb">
            {cart.lines.map((line) => (
              <CartLine
                key={`${line.id}:${line.variant}`}
                line={line}
                onIncrease={cart.increase}
                onDecrease={cart.decrease}
                onRemove={cart.remove}
              />
            ))}
          </ul>
          <CheckoutPanel lines={cart.lines} total={cart.total} onPlaced={onPlaced} />
        </div>
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
