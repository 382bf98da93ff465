import { Badge, Button, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { formatDate, formatPrice } from '@/lib/format';
import { forgetOrders, orderPagePath, useKeptOrders, type KeptOrder } from '../orders/my-orders';
import { orderStatusLabel } from '../utils/labels';
import { useOrder } from '../api/get-order';
import classes from './my-orders.module.css';

function KeptOrderRow({ kept }: { kept: KeptOrder }) {
  // The current status when online; the last one seen otherwise (the offline issue).
  const current = useOrder(kept.orderNumber, kept.token).data ?? kept.lastSeen;
  const total = current?.total ?? kept.total;
  return (
    <li className={classes.order}>
      <Link className={classes.link} to={orderPagePath(kept.orderNumber, kept.token)}>
        <span className={classes.number}>{kept.orderNumber}</span>
        <span className={classes.meta}>
          {formatDate(kept.placedAt)}
          {total !== null && ` · ${formatPrice(total)}`}
        </span>
      </Link>
      {current && (
        <Badge color={current.status === 'delivered' ? 'green' : current.status === 'cancelled' ? 'crimson' : 'gold'} variant="light">
          {orderStatusLabel(current.status)}
        </Badge>
      )}
      <Button size="compact-sm" variant="subtle" color="gold.3" onClick={() => forgetOrders(kept.orderNumber)} aria-label={`Bestellung ${kept.orderNumber} vergessen`}>
        Vergessen
      </Button>
    </li>
  );
}

/** Meine Bestellungen: the orders placed on this device, each a link to its page (docs/decisions/035). */
export function MyOrders() {
  const orders = useKeptOrders();
  if (orders.length === 0) return null;
  return (
    <section className={classes.root} aria-labelledby="my-orders-title">
      <Title order={2} id="my-orders-title" className={classes.title}>
        Meine Bestellungen
      </Title>
      <ul className={classes.list}>
        {orders.map((kept) => (
          <KeptOrderRow key={kept.orderNumber} kept={kept} />
        ))}
      </ul>
      {orders.length > 1 && (
        <Button variant="outline" color="gold.3" onClick={() => forgetOrders()}>
          Alle vergessen
        </Button>
      )}
    </section>
  );
}
