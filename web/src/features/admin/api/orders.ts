import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminOrdersPageResponseSchema, type AdminOrder, type OrderSortField, type OrderStatus, type OrderSummary } from '@contract/orders';
import { adminPage, adminRequest } from '../lib/admin-request';
import { downloadCsv } from '../lib/download-csv';
import { listSearchParams, type ListParams } from '../lib/list-state';

export type { AdminOrder, OrderSortField, OrderStatus };

const EMPTY_PAGE = { rows: [] as AdminOrder[], total: 0, summary: { count: 0, revenue: 0, recent: 0 } satisfies OrderSummary };

export const getOrdersPage = (params: ListParams<OrderSortField>, status: OrderStatus | null) =>
  adminPage(
    '/admin/shop/orders',
    { ...listSearchParams(params), ...(status === null ? {} : { status }) },
    (data) => {
      const parsed = adminOrdersPageResponseSchema.safeParse(data);
      return parsed.success ? { rows: parsed.data.orders, total: parsed.data.total, summary: parsed.data.summary } : null;
    },
    EMPTY_PAGE,
  );

export const ordersQueryOptions = (params: ListParams<OrderSortField>, status: OrderStatus | null) =>
  queryOptions({ queryKey: ['admin', 'orders', params, status], queryFn: () => getOrdersPage(params, status), placeholderData: keepPreviousData });
export const useOrdersPage = (params: ListParams<OrderSortField>, status: OrderStatus | null) => useQuery(ordersQueryOptions(params, status));

export const updateOrderStatus = ({ id, status }: { id: number; status: string }) =>
  adminRequest({ method: 'PUT', url: `/admin/shop/orders/${id}`, data: { status } });
export const exportOrders = () => downloadCsv('/admin/export/orders', 'orders.csv');

export const deleteOrder = (id: number) => adminRequest({ method: 'DELETE', url: `/admin/shop/orders/${id}` });
