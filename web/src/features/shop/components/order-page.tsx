import { Badge, Button, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { ShopOrder } from '@contract/shop';
import { QrCode } from '@/components/qr-code';
import { useFestival } from '@/features/festival/api/get-site-content';
import { formatDate, formatPrice } from '@/lib/format';
import { siteOrigin } from '@/lib/site-origin';
import { OrderNotFoundError, useOrder } from '../api/get-order';
import { keepLastSeen, orderPagePath, useKeptOrders } from '../orders/my-orders';
import { orderStatusLabel } from '../utils/labels';
import { OrderSuccess } from './order-success';
import { ShopMessage } from './shop-message';
import { useEffect, useSyncExternalStore } from 'react';
import classes from './order-page.module.css';

export const ORDER_PAGE_MESSAGES = {
  loading: 'Bestellung wird geladen...',
  notFound: 'Bestellung nicht gefunden',
  notFoundText: 'Diese Bestellung gibt es nicht, oder der Link ist unvollständig. Öffne sie mit dem Link, den du nach der Bestellung bekommen hast.',
  failed: 'Die Bestellung konnte gerade nicht geladen werden. Bitte versuche es später erneut.',
  offline: (when: string) => `Ohne Verbindung: so sah deine Bestellung am ${when} aus.`,
  next: 'So geht es weiter',
  pickup: 'Abholen und bezahlen kannst du deine Bestellung am Merch-Stand; eine Zahlung im Netz gibt es nicht. Zeig dort diese Seite oder ihren QR-Code vor.',
  qrLabel: (orderNumber: string) => `QR-Code der Bestellung ${orderNumber} für den Merch-Stand`,
  paid: (when: string) => `Bezahlt am ${when}`,
  handedOver: (when: string) => `Abgeholt am ${when}`,
  cancelled: 'Diese Bestellung ist storniert: abholen und bezahlen musst du sie nicht.',
} as const;

const STATUS_COLORS: Record<string, string> = { delivered: 'green', cancelled: 'crimson' };

function OrderLines({ order }: { order: ShopOrder }) {
  return (
    <Table className={classes.lines} verticalSpacing="xs" aria-label="Bestellte Artikel">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Artikel</Table.Th>
          <Table.Th className={classes.number}>Anzahl</Table.Th>
          {/* On a phone the unit price goes under the title, so the title keeps room for its words. */}
          <Table.Th className={classes.number} visibleFrom="xs">
            Preis
          </Table.Th>
          <Table.Th className={classes.number}>Summe</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {order.lines.map((line) => (
          <Table.Tr key={`${line.title}:${line.variant}`}>
            <Table.Td>
              {line.title}
              <span className={classes.variant}>{`Variante: ${line.variant}`}</span>
              <Text span hiddenFrom="xs" className={classes.variant}>{`je ${formatPrice(line.price)}`}</Text>
            </Table.Td>
            <Table.Td className={classes.number}>{line.quantity}</Table.Td>
            <Table.Td className={classes.number} visibleFrom="xs">
              {formatPrice(line.price)}
            </Table.Td>
            <Table.Td className={classes.number}>{formatPrice(line.price * line.quantity)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
      <Table.Tfoot>
        <Table.Tr>
          <Table.Th colSpan={2}>Gesamtsumme:</Table.Th>
          <Table.Td visibleFrom="xs" />
          <Table.Td className={classes.number} data-testid="order-total">
            {formatPrice(order.total)}
          </Table.Td>
        </Table.Tr>
      </Table.Tfoot>
    </Table>
  );
}

function OrderDetails({ order, token, note }: { order: ShopOrder; token: string; note?: string }) {
  const pickupText = useFestival().data?.orderPickupText;
  const address = `${siteOrigin()}${orderPagePath(order.orderNumber, token)}`;
  const cancelled = order.status === 'cancelled';
  return (
    <div className={classes.details}>
      {note && (
        <Text className={classes.note} role="status">
          {note}
        </Text>
      )}
      {/* A div: Mantine's Badge is one, and a div in a p is no valid HTML. */}
      <div className={classes.status}>
        Status:{' '}
        <Badge size="lg" color={STATUS_COLORS[order.status] ?? 'gold'} variant="light" data-testid="order-status">
          {orderStatusLabel(order.status)}
        </Badge>
      </div>
      {(order.paidAt || order.handedOverAt) && (
        <ul className={classes.marks}>
          {order.paidAt && <li>{ORDER_PAGE_MESSAGES.paid(formatDate(order.paidAt))}</li>}
          {order.handedOverAt && <li>{ORDER_PAGE_MESSAGES.handedOver(formatDate(order.handedOverAt))}</li>}
        </ul>
      )}
      <OrderLines order={order} />
      {/* Where and when to pick up holds while the order is open; a second scan of a handed-over one tells the stand so. */}
      {cancelled ? (
        <Text className={classes.next}>{ORDER_PAGE_MESSAGES.cancelled}</Text>
      ) : (
        !order.handedOverAt && (
          <section className={classes.next} aria-labelledby="order-next-title">
            <Title order={2} id="order-next-title" className={classes.nextTitle}>
              {ORDER_PAGE_MESSAGES.next}
            </Title>
            <Text>{ORDER_PAGE_MESSAGES.pickup}</Text>
            {pickupText && <Text className={classes.pickupText}>{pickupText}</Text>}
          </section>
        )
      )}
      {!cancelled && <QrCode value={address} size={220} margin={2} label={ORDER_PAGE_MESSAGES.qrLabel(order.orderNumber)} />}
    </div>
  );
}

function NotFound() {
  return (
    <ShopMessage
      kind="note"
      title={ORDER_PAGE_MESSAGES.notFound}
      titleOrder={1}
      actions={
        <Button component={Link} to="/shop" size="md">
          Zum Shop
        </Button>
      }
    >
      {ORDER_PAGE_MESSAGES.notFoundText}
    </ShopMessage>
  );
}

/**
 * /shop/bestellung/{number}?t={token} (docs/decisions/035): the order the shopper keeps, opened
 * with the token of its address or, without one, with the token this device kept. Rendered on
 * the server without either (the page's address holds no order); the browser then reads it.
 */
const noSubscription = () => () => {};

export function OrderPage({ orderNumber, urlToken, justPlaced }: { orderNumber: string; urlToken: string | null; justPlaced: boolean }) {
  // False on the server and while the browser takes its page over, so both render the same.
  const inBrowser = useSyncExternalStore(noSubscription, () => true, () => false);
  const kept = useKeptOrders().find((each) => each.orderNumber === orderNumber);
  const token = inBrowser ? (urlToken ?? kept?.token ?? null) : null;
  const order = useOrder(orderNumber, token);

  useEffect(() => {
    if (order.data) keepLastSeen(order.data);
  }, [order.data]);

  if (!inBrowser || (token !== null && order.isPending)) {
    return <ShopMessage kind="status">{ORDER_PAGE_MESSAGES.loading}</ShopMessage>;
  }
  if (token === null || order.error instanceof OrderNotFoundError) return <NotFound />;

  const shown = order.data ?? (kept?.token === token ? kept.lastSeen : null);
  if (!shown) return <ShopMessage kind="alert" title={ORDER_PAGE_MESSAGES.failed} titleOrder={1} />;
  const note = order.data ? undefined : ORDER_PAGE_MESSAGES.offline(formatDate(kept?.placedAt ?? shown.createdAt));

  return (
    <OrderSuccess order={shown} justPlaced={justPlaced}>
      <OrderDetails order={shown} token={token} note={note} />
    </OrderSuccess>
  );
}
