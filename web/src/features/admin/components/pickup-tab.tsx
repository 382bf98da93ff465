import { Alert, Badge, Button, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { lastEventOf, type OrderEvent } from '@contract/orders';
import { formatPrice } from '@/lib/format';
import { ApiError } from '@/lib/api-client';
import { getPickupOrder, handOverOrder, markOrderPaid, type AdminOrderDetail } from '../api/orders';
import { orderNumberFrom } from '../lib/pickup-input';
import { startScan, type Scan } from '../lib/qr-scanner';
import { formatOrderDate, StatusBadge } from './order-status';
import classes from './pickup-tab.module.css';

export const PICKUP_MESSAGES = {
  notANumber: 'This is neither an order number nor an order page’s address.',
  notFound: 'No order has this number.',
  lookupFailed: 'The order could not be loaded. Please try again.',
  cameraFailed: 'The camera could not be started. Type the order number instead.',
  cameraRefused: 'Camera access was refused. Allow the camera for this site in the browser’s settings, or type the order number.',
  noCamera: 'This device has no camera. Type the order number instead.',
  handedOver: 'Handed over.',
  paid: 'Marked paid.',
  cancelled: 'This order is cancelled and cannot be handed over.',
  alreadyHandedOver: (event: OrderEvent | undefined) =>
    event ? `Already handed over by ${event.by} on ${formatOrderDate(event.at)}.` : 'Already handed over.',
} as const;

/** When the order was handed over: its hand-over, else its last change to delivered (as the cms says). */
const handOverOf = (order: AdminOrderDetail) =>
  lastEventOf(order.history, 'handed-over') ?? [...order.history].reverse().find((event) => event.action === 'status' && event.to === 'delivered');

/** Why the camera did not start, in the words getUserMedia's refusals mean. */
const cameraProblem = (error: unknown) =>
  error instanceof DOMException && (error.name === 'NotAllowedError' || error.name === 'SecurityError')
    ? PICKUP_MESSAGES.cameraRefused
    : error instanceof DOMException && (error.name === 'NotFoundError' || error.name === 'OverconstrainedError')
      ? PICKUP_MESSAGES.noCamera
      : PICKUP_MESSAGES.cameraFailed;

const errorText = (error: unknown, fallback: string) => (error instanceof ApiError && error.message ? error.message : fallback);

type Notice = { tone: 'success' | 'danger'; text: string } | null;

/** The order at the desk: large type, its lines, its marks and the two actions. */
function PickupOrder({ order, notice, onHandOver, onPaid, busy }: { order: AdminOrderDetail; notice: Notice; onHandOver: () => void; onPaid: () => void; busy: boolean }) {
  const paid = lastEventOf(order.history, 'paid');
  const cancelled = order.status === 'cancelled';
  const delivered = order.status === 'delivered';
  const warning = cancelled ? PICKUP_MESSAGES.cancelled : delivered && notice?.tone !== 'success' ? PICKUP_MESSAGES.alreadyHandedOver(handOverOf(order)) : null;
  return (
    <section className={classes.order} aria-labelledby="pickup-order-title">
      <Title order={2} id="pickup-order-title" className={classes.number}>
        {order.orderNumber}
      </Title>
      <Text className={classes.customer}>
        {order.firstName} {order.lastName}
      </Text>
      <Group gap="xs">
        <StatusBadge status={order.status} />
        {paid && <Badge color="green" variant="light">{`Paid · ${paid.by} · ${formatOrderDate(paid.at)}`}</Badge>}
      </Group>
      <div role="alert" className={classes.alerts}>
        {warning && (
          <Alert color="red.9" variant="filled" className={classes.warning} data-testid="pickup-warning">
            {warning}
          </Alert>
        )}
        {notice && !(warning && notice.tone === 'danger' && notice.text === warning) && (
          <Alert color={notice.tone === 'success' ? 'green' : 'red.9'} variant={notice.tone === 'success' ? 'light' : 'filled'} className={classes.warning}>
            {notice.text}
          </Alert>
        )}
      </div>
      <Table className={classes.lines} aria-label={`Lines of order ${order.orderNumber}`}>
        <Table.Tbody>
          {order.lines.map((line, index) => (
            <Table.Tr key={`${line.id}-${line.variant}-${index}`}>
              <Table.Td className={classes.quantity}>{line.quantity} ×</Table.Td>
              <Table.Td>
                {line.title} <span className={classes.variant}>({line.variant})</span>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text className={classes.total}>Total: {formatPrice(order.total)}</Text>
      <div className={classes.actions}>
        <Button size="xl" color="green.8" onClick={onHandOver} disabled={busy || cancelled || delivered} fullWidth>
          Hand over
        </Button>
        <Button size="lg" variant="outline" onClick={onPaid} disabled={busy || cancelled || paid !== undefined} fullWidth>
          Mark paid at the stand
        </Button>
      </div>
    </section>
  );
}

/**
 * Ausgabe: the merch stand's pickup desk on a phone or a shared tablet. The organiser scans the
 * shopper's QR code or types the number; the order opens large; one tap hands it over.
 */
export function PickupTab() {
  const queryClient = useQueryClient();
  const [typed, setTyped] = useState('');
  const [inputError, setInputError] = useState<string | null>(null);
  const [order, setOrder] = useState<AdminOrderDetail | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [scanning, setScanning] = useState(false);
  const video = useRef<HTMLVideoElement>(null);
  const scan = useRef<Scan | null>(null);
  // False once the organiser stops (or leaves) while the browser is still starting the camera.
  const cameraWanted = useRef(false);

  const stopScan = () => {
    cameraWanted.current = false;
    scan.current?.stop();
    scan.current = null;
    setScanning(false);
  };
  useEffect(
    () => () => {
      cameraWanted.current = false;
      scan.current?.stop();
    },
    [],
  );

  const lookup = useMutation({
    mutationFn: getPickupOrder,
    onSuccess: (found) => {
      setOrder(found);
      setNotice(null);
      setInputError(null);
    },
    onError: (error) => {
      setOrder(null);
      setInputError(error instanceof ApiError && error.status === 404 ? PICKUP_MESSAGES.notFound : PICKUP_MESSAGES.lookupFailed);
    },
  });

  const open = (text: string) => {
    const number = orderNumberFrom(text);
    if (number === null) return setInputError(PICKUP_MESSAGES.notANumber);
    lookup.mutate(number);
  };

  const act = (action: (id: number) => Promise<AdminOrderDetail>, done: string) => ({
    mutationFn: action,
    onSuccess: (changed: AdminOrderDetail) => {
      setOrder(changed);
      setNotice({ tone: 'success' as const, text: done });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'orders'] });
    },
    onError: (error: unknown) => {
      setNotice({ tone: 'danger' as const, text: errorText(error, 'The order could not be changed. Please try again.') });
      // What another organiser did meanwhile: the order as it is now.
      if (order) lookup.mutate(order.orderNumber, { onSuccess: (now) => setOrder(now) });
    },
  });
  const handOver = useMutation(act(handOverOrder, PICKUP_MESSAGES.handedOver));
  const markPaid = useMutation(act(markOrderPaid, PICKUP_MESSAGES.paid));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    open(typed);
  };

  const startCamera = async () => {
    if (!video.current) return;
    setInputError(null);
    setScanning(true);
    cameraWanted.current = true;
    try {
      const started = await startScan(video.current, (text) => {
        stopScan();
        open(text);
      });
      if (cameraWanted.current) scan.current = started;
      else started.stop();
    } catch (error) {
      if (!cameraWanted.current) return;
      stopScan();
      setInputError(cameraProblem(error));
    }
  };

  return (
    <Stack className={classes.root}>
      <Title order={2} size="h3">
        Pickup (Ausgabe)
      </Title>
      <form onSubmit={submit} className={classes.form}>
        <TextInput
          label="Order number"
          description="Or scan the QR code on the shopper’s order page."
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value)}
          error={inputError}
          size="lg"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={2000}
        />
        <div className={classes.buttons}>
          <Button type="submit" size="lg" loading={lookup.isPending}>
            Open order
          </Button>
          {scanning ? (
            <Button size="lg" variant="outline" onClick={stopScan}>
              Stop camera
            </Button>
          ) : (
            <Button size="lg" variant="outline" onClick={() => void startCamera()}>
              Scan QR code
            </Button>
          )}
        </div>
      </form>
      <video ref={video} className={classes.video} hidden={!scanning} muted playsInline aria-label="Camera picture for scanning" />
      {order && (
        <PickupOrder
          order={order}
          notice={notice}
          busy={handOver.isPending || markPaid.isPending}
          onHandOver={() => handOver.mutate(order.id)}
          onPaid={() => markPaid.mutate(order.id)}
        />
      )}
    </Stack>
  );
}
