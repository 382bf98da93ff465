import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminProductsResponseSchema, type AdminProduct } from '@contract/products';
import { adminList, adminRequest } from '../lib/admin-request';

export type { AdminProduct };

export const getProducts = () =>
  adminList('/admin/shop/items', (data) => {
    const parsed = adminProductsResponseSchema.safeParse(data);
    return parsed.success ? parsed.data.items : null;
  });

export const productsQueryOptions = () => queryOptions({ queryKey: ['admin', 'products'], queryFn: getProducts });
export const useProducts = () => useQuery(productsQueryOptions());

export const createProduct = (form: FormData) => adminRequest({ method: 'POST', url: '/admin/shop/items', data: form });
export const updateProduct = ({ id, form }: { id: number; form: FormData }) =>
  adminRequest({ method: 'PUT', url: `/admin/shop/items/${id}`, data: form });
export const deleteProduct = (id: number) => adminRequest({ method: 'DELETE', url: `/admin/shop/items/${id}` });
