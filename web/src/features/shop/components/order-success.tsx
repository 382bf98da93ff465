import { Button, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { formatPrice } from '@/lib/format';
import type { PlacedOrder } from '../api/place-order';
import { forgetLastOrder, keepLastOrder } from '../cart/last-order';
import classes from './order-success.module.css';

function Seal() {
  return (
    <svg className={classes.seal} viewBox="0 0 56 56" aria-hidden="true" focusable="false">
      <circle cx="28" cy="28" r="25" fill="none" stroke="currentColor" strokeWidth="2" />
      <circle cx="28" cy="28" r="19" fill="none" stroke="currentColor" strokeWidth="1" strokeDasharray="2 3" />
      <path d="M18 29l7 7 13-15" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** The confirmation after a placed order (SPEC §2); the order number and total come from the server. */
export function OrderSuccess({ order }: { order: PlacedOrder }) {
  const heading = useRef<HTMLHeadingElement>(null);

  // The form the shopper was in is gone: move them to the news.
  useEffect(() => {
    heading.current?.focus();
  }, []);

  // Shown again after a reload, until the shopper leaves the confirmation.
  useEffect(() => {
    keepLastOrder(order);
    return forgetLastOrder;
  }, [order]);

  return (
    <section className={classes.root} aria-labelledby="order-success-title">
      <Seal />
      <Title order={1} id="order-success-title" ref={heading} tabIndex={-1} className={classes.title}>
        Bestellung erfolgreich!
      </Title>
      <Text className={classes.text}>
        Eure Bestellung wurde erfolgreich aufgegeben. Die Kriegsherren werden sich um die schnelle Lieferung kümmern!
      </Text>
      {(order.orderNumber !== null || order.total !== null) && (
        <dl className={classes.facts}>
          {order.orderNumber !== null && (
            <>
              <dt>Bestellnummer</dt>
              <dd>{order.orderNumber}</dd>
            </>
          )}
          {order.total !== null && (
            <>
              <dt>Summe</dt>
              <dd>{formatPrice(order.total)}</dd>
            </>
          )}
        </dl>
      )}
      <div className={classes.actions}>
        <Button component={Link} to="/shop" size="md">
          Weitereinkaufen
        </Button>
        <Button component={Link} to="/" size="md" variant="outline" color="gold.3">
          Zur Hauptseite
        </Button>
      </div>
    </section>
  );
}
