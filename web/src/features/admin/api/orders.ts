import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  adminOrderDetailResponseSchema,
  adminOrdersPageResponseSchema,
  packingListResponseSchema,
  type AdminOrder,
  type AdminOrderDetail,
  type OrderSortField,
  type OrderStatus,
  type OrderSummary,
  type PackingLine,
} from '@contract/orders';
import { adminPage, adminRequest } from '../lib/admin-request';
import type { CsvDialect } from '@contract/csv-export';
import { downloadExport } from '../lib/download-csv';
import { listSearchParams, type ListParams } from '../lib/list-state';

export type { AdminOrder, AdminOrderDetail, OrderSortField, OrderStatus, PackingLine };

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
export const exportOrders = (dialect?: CsvDialect) => downloadExport('/admin/export/orders', 'orders.csv', dialect);

export const deleteOrder = (id: number) => adminRequest({ method: 'DELETE', url: `/admin/shop/orders/${id}` });

/** One order with its lines; a failed read is an error the detail view shows. */
export const getOrderDetail = async (id: number) =>
  adminOrderDetailResponseSchema.parse(await adminRequest({ method: 'GET', url: `/admin/shop/orders/${id}` })).order;
export const orderDetailQueryOptions = (id: number) => queryOptions({ queryKey: ['admin', 'orders', 'detail', id], queryFn: () => getOrderDetail(id) });
export const useOrderDetail = (id: number) => useQuery(orderDetailQueryOptions(id));

export const getPackingList = async () => {
  const { orders, lines } = packingListResponseSchema.parse(await adminRequest({ method: 'GET', url: '/admin/shop/packing-list' }));
  return { orders, lines };
};
export const packingListQueryOptions = () => queryOptions({ queryKey: ['admin', 'orders', 'packing-list'], queryFn: getPackingList });
export const usePackingList = () => useQuery(packingListQueryOptions());
export const exportPackingList = (dialect?: CsvDialect) => downloadExport('/admin/export/packing-list', 'packing-list.csv', dialect);

/** The pickup desk's look-up by the order's number (as typed or scanned); a 404 says there is none. */
export const getPickupOrder = async (orderNumber: string) =>
  adminOrderDetailResponseSchema.parse(await adminRequest({ method: 'GET', url: `/admin/shop/pickup/${encodeURIComponent(orderNumber)}` })).order;

/** Hands the order over (status delivered, who and when); a 409 says why not (already, cancelled). */
export const handOverOrder = async (id: number) =>
  adminOrderDetailResponseSchema.parse(await adminRequest({ method: 'POST', url: `/admin/shop/orders/${id}/hand-over` })).order;

/** The paid-at-the-stand mark; a 409 says it is there already or the order is cancelled. */
export const markOrderPaid = async (id: number) =>
  adminOrderDetailResponseSchema.parse(await adminRequest({ method: 'POST', url: `/admin/shop/orders/${id}/paid` })).order;
