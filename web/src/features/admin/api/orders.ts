import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminOrdersResponseSchema, type AdminOrder, type OrderStatus } from '@contract/orders';
import { adminList, adminRequest } from '../lib/admin-request';
import { downloadCsv } from '../lib/download-csv';

export type { AdminOrder, OrderStatus };

export const getOrders = () =>
  adminList('/admin/shop/orders', (data) => {
    const parsed = adminOrdersResponseSchema.safeParse(data);
    return parsed.success ? parsed.data.orders : null;
  });

export const ordersQueryOptions = () => queryOptions({ queryKey: ['admin', 'orders'], queryFn: getOrders });
export const useOrders = () => useQuery(ordersQueryOptions());

export const updateOrderStatus = ({ id, status }: { id: number; status: string }) =>
  adminRequest({ method: 'PUT', url: `/admin/shop/orders/${id}`, data: { status } });
export const exportOrders = () => downloadCsv('/admin/export/orders', 'orders.csv');

export const deleteOrder = (id: number) => adminRequest({ method: 'DELETE', url: `/admin/shop/orders/${id}` });
