import { Button, Card, Group, NativeSelect, Select, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { parseOrderItems, type OrderItem } from '@contract/orders';
import { formatPrice } from '@/lib/format';
import type { CsvDialect } from '@contract/csv-export';
import { ExportButtons } from './export-buttons';
import { deleteOrder, exportOrders, updateOrderStatus, useOrdersPage, type AdminOrder, type OrderSortField, type OrderStatus } from '../api/orders';
import { useListState } from '../lib/list-state';
import { toastError } from '../lib/toast';
import { useToastMutation } from '../lib/use-toast-mutation';
import { ListControls, ListPages } from './list-controls';
import { OrderDetailModal } from './order-detail-modal';
import { formatOrderDate, ORDER_STATUS_OPTIONS, StatusBadge } from './order-status';
import { PackingListModal } from './packing-list-modal';
import { StatCards } from './stat-cards';
import classes from './admin-table.module.css';

export { formatOrderDate, ORDER_STATUS_DISPLAY } from './order-status';

const STATUS_OPTIONS = ORDER_STATUS_OPTIONS;

const ORDER_SORT_OPTIONS: { value: OrderSortField; label: string }[] = [
  { value: 'createdAt', label: 'Date' },
  { value: 'orderNumber', label: 'Order number' },
  { value: 'lastName', label: 'Last name' },
  { value: 'total', label: 'Total' },
  { value: 'status', label: 'Status' },
];

const readItems = (items: string): OrderItem[] => {
  try {
    return parseOrderItems(items);
  } catch {
    return [];
  }
};

type OrderCardProps = { order: AdminOrder; onStatus: (status: string) => void; onDelete: () => void; onDetails: () => void };

function OrderCard({ order, onStatus, onDelete, onDetails }: OrderCardProps) {
  const items = readItems(order.items);
  return (
    <Card withBorder data-testid="order-card">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <div>
          <Text fw={700}>
            {order.firstName} {order.lastName}
          </Text>
          <Text size="sm" c="dimmed">
            {order.orderNumber}
          </Text>
          <Text size="sm" c="dimmed">
            {formatOrderDate(order.createdAt)}
          </Text>
        </div>
        <StatusBadge status={order.status} />
      </Group>
      <Stack gap={4} my="sm">
        {items.map((item, index) => (
          <Group key={`${item.id}-${item.variant}-${index}`} justify="space-between" wrap="nowrap">
            <Text size="sm">
              {item.title} ({item.variant}) × {item.quantity}
            </Text>
            <Text size="sm">{formatPrice(item.price * item.quantity)}</Text>
          </Group>
        ))}
      </Stack>
      <Group justify="space-between" wrap="wrap">
        <Text fw={700}>Total: {formatPrice(order.total)}</Text>
        <Group gap="xs">
          {/* A native select: one per order on the page, 25 of Mantine's Select took most of the tab's render (npm run bench:dashboard). */}
          <NativeSelect
            label="Status"
            aria-label={`Status of order ${order.orderNumber}`}
            data={STATUS_OPTIONS}
            value={order.status || 'pending'}
            onChange={(event) => event.currentTarget.value !== order.status && onStatus(event.currentTarget.value)}
            w={170}
          />
          <Button variant="default" onClick={onDetails} aria-label={`Details of order ${order.orderNumber}`}>
            Details
          </Button>
          <Button color="red" variant="light" onClick={onDelete} aria-label={`Delete order ${order.orderNumber}`}>
            Delete
          </Button>
        </Group>
      </Group>
    </Card>
  );
}

export function OrdersTab() {
  const queryClient = useQueryClient();
  const listState = useListState<OrderSortField>('createdAt', 'desc');
  const [statusFilter, setStatusNow] = useState('all');
  const [dialog, setDialog] = useState<{ kind: 'none' } | { kind: 'packing' } | { kind: 'detail'; orderId: number }>({ kind: 'none' });
  const close = () => setDialog({ kind: 'none' });
  const setStatusFilter = listState.firstPage(setStatusNow);
  const orders = useOrdersPage(listState.params, statusFilter === 'all' ? null : (statusFilter as OrderStatus));
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin'] });

  const setStatus = useToastMutation({
    mutationFn: updateOrderStatus,
    success: 'Order status updated successfully',
    failure: 'Failed to update order status',
    preferServerText: true,
    onSuccess: () => {
      void refresh();
    },
  });
  const remove = useToastMutation({
    mutationFn: deleteOrder,
    success: 'Order deleted successfully',
    failure: 'Failed to delete order',
    preferServerText: true,
    onSuccess: () => {
      void refresh();
    },
  });

  const runExport = (dialect: CsvDialect) =>
    exportOrders(dialect).catch(() => toastError('Failed to export orders', 'Export Failed'));

  const list = orders.data?.rows ?? [];
  // Over every order, counted by the server; a cancelled order brought no money in.
  const summary = orders.data?.summary ?? { count: 0, revenue: 0, recent: 0 };

  return (
    <section aria-label="Orders">
      <div className={classes.toolbar}>
        <Text fw={600} size="lg">
          Order Management
        </Text>
        <Group gap="xs">
          <Button variant="default" onClick={() => setDialog({ kind: 'packing' })}>
            Packing list
          </Button>
          <ExportButtons onExport={(dialect) => void runExport(dialect)} />
        </Group>
      </div>
      <StatCards
        stats={[
          ['Total Orders', String(summary.count)],
          ['Total Revenue', formatPrice(summary.revenue)],
          ['Recent Orders (24h)', String(summary.recent)],
        ]}
      />
      <ListControls noun="orders" state={listState} sortOptions={ORDER_SORT_OPTIONS}>
        <Select
          label="Status"
          data={[{ value: 'all', label: 'All' }, ...STATUS_OPTIONS]}
          value={statusFilter}
          onChange={(value) => setStatusFilter(value ?? 'all')}
          allowDeselect={false}
          w={170}
        />
      </ListControls>
      {orders.isPending ? (
        <Text>Loading orders...</Text>
      ) : summary.count === 0 ? (
        <Text>No orders found yet.</Text>
      ) : list.length === 0 ? (
        <Text>No orders match.</Text>
      ) : (
        <Stack>
          {list.map((order) => (
            <OrderCard
              key={order.id}
              order={order}
              onStatus={(status) => setStatus.mutate({ id: order.id, status })}
              onDelete={() => remove.mutate(order.id)}
              onDetails={() => setDialog({ kind: 'detail', orderId: order.id })}
            />
          ))}
        </Stack>
      )}
      <ListPages noun="orders" state={listState} total={orders.data?.total ?? 0} stale={orders.isPlaceholderData} />
      {dialog.kind === 'packing' && <PackingListModal onClose={close} />}
      {dialog.kind === 'detail' && <OrderDetailModal orderId={dialog.orderId} onClose={close} />}
    </section>
  );
}
