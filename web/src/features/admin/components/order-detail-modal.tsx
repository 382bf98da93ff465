import type { ReactNode } from 'react';
import { Badge, Button, Group, Modal, NativeSelect, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { formatPrice } from '@/lib/format';
import type { OrderEvent } from '@contract/orders';
import { updateOrderStatus, useOrderDetail, type AdminOrderDetail } from '../api/orders';
import { useToastMutation } from '../lib/use-toast-mutation';
import { formatOrderDate, ORDER_STATUS_OPTIONS, orderStatusLabel } from './order-status';
import tableClasses from './admin-table.module.css';
import { PrintHeader, PrintSheet, printClasses } from './print-sheet';
import historyClasses from './order-history.module.css';

type OrderDetailModalProps = { orderId: number; onClose: () => void };

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="div">{children}</Text>
    </div>
  );
}

function PrintedOrder({ order }: { order: AdminOrderDetail }) {
  return (
    <>
      <PrintHeader title={`Order ${order.orderNumber}`} />
      <p>
        {order.firstName} {order.lastName} · ordered {formatOrderDate(order.createdAt)} · {orderStatusLabel(order.status)} (changed {formatOrderDate(order.updatedAt)})
      </p>
      <table>
        <thead>
          <tr>
            <th>Product</th>
            <th>Variant</th>
            <th className={printClasses.number}>Quantity</th>
            <th className={printClasses.number}>Price</th>
            <th className={printClasses.number}>Sum</th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line, index) => (
            <tr key={`${line.id}-${line.variant}-${index}`}>
              <td>{line.title}</td>
              <td>{line.variant}</td>
              <td className={printClasses.number}>{line.quantity}</td>
              <td className={printClasses.number}>{formatPrice(line.price)}</td>
              <td className={printClasses.number}>{formatPrice(line.price * line.quantity)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td colSpan={4}>Total</td>
            <td className={printClasses.number}>{formatPrice(order.total)}</td>
          </tr>
        </tfoot>
      </table>
    </>
  );
}

const eventText = (event: OrderEvent) =>
  event.action === 'paid'
    ? 'Marked paid at the stand'
    : event.action === 'handed-over'
      ? 'Handed over'
      : `Status: ${orderStatusLabel(event.from)} → ${orderStatusLabel(event.to)}`;

/** Every status change and mark, oldest first, with who and when (as pretix's order log). */
function OrderHistory({ order }: { order: AdminOrderDetail }) {
  return (
    <section aria-label={`History of order ${order.orderNumber}`}>
      <Text fw={700} mb={4}>
        History
      </Text>
      {order.history.length === 0 ? (
        <Text size="sm" c="dimmed">
          No changes since the order was placed.
        </Text>
      ) : (
        <ol className={historyClasses.list} data-testid="order-history">
          {order.history.map((event, index) => (
            <li key={`${event.at}-${index}`}>
              <Text size="sm" component="span" c="dimmed">
                {formatOrderDate(event.at)}
              </Text>{' '}
              <Text size="sm" component="span">
                {eventText(event)} · {event.by}
              </Text>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** One order as the server has it now: customer, status, dates and every line, with a print view. */
export function OrderDetailModal({ orderId, onClose }: OrderDetailModalProps) {
  const detail = useOrderDetail(orderId);
  const order = detail.data;
  const queryClient = useQueryClient();
  // The same call and toasts as the order card's select; the list and this dialog read the new status.
  const setStatus = useToastMutation({
    mutationFn: updateOrderStatus,
    success: 'Order status updated successfully',
    failure: 'Failed to update order status',
    preferServerText: true,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });

  return (
    <Modal opened onClose={onClose} centered size="lg" title={order ? `Order ${order.orderNumber}` : 'Order'}>
      {detail.isPending ? (
        <Text>Loading order...</Text>
      ) : !order ? (
        <Text c="red.4">The order could not be loaded.</Text>
      ) : (
        <Stack>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <Fact label="Customer">
              {order.firstName} {order.lastName}
            </Fact>
            <NativeSelect
              label="Status"
              data={ORDER_STATUS_OPTIONS}
              value={order.status || 'pending'}
              disabled={setStatus.isPending}
              onChange={(event) => event.currentTarget.value !== order.status && setStatus.mutate({ id: order.id, status: event.currentTarget.value })}
            />
            <Fact label="Ordered">{formatOrderDate(order.createdAt)}</Fact>
            <Fact label="Last changed">{formatOrderDate(order.updatedAt)}</Fact>
          </SimpleGrid>
          <Table striped aria-label={`Lines of order ${order.orderNumber}`} className={tableClasses.table}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Product</Table.Th>
                <Table.Th>Variant</Table.Th>
                <Table.Th ta="right">Quantity</Table.Th>
                <Table.Th ta="right">Price</Table.Th>
                <Table.Th ta="right">Sum</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {order.lines.map((line, index) => (
                <Table.Tr key={`${line.id}-${line.variant}-${index}`}>
                  <Table.Td data-label="Product" data-card="title">
                    {line.title}
                  </Table.Td>
                  <Table.Td data-label="Variant">{line.variant}</Table.Td>
                  <Table.Td data-label="Quantity" ta="right">
                    {line.quantity}
                  </Table.Td>
                  <Table.Td data-label="Price" ta="right">
                    {formatPrice(line.price)}
                  </Table.Td>
                  <Table.Td data-label="Sum" ta="right">
                    {formatPrice(line.price * line.quantity)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Group justify="space-between">
            <Text fw={700}>Total: {formatPrice(order.total)}</Text>
            <Group gap="xs">
              <Badge variant="default">{order.lines.reduce((sum, line) => sum + line.quantity, 0)} units</Badge>
              <Button onClick={() => window.print()}>Print</Button>
            </Group>
          </Group>
          <OrderHistory order={order} />
          <PrintSheet>
            <PrintedOrder order={order} />
          </PrintSheet>
        </Stack>
      )}
    </Modal>
  );
}
