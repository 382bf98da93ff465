import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminProductsResponseSchema, productSalesResponseSchema, type AdminProduct, type ProductSales } from '@contract/products';
import { adminList, adminRequest } from '../lib/admin-request';

export type { AdminProduct, ProductSales };

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

/** Units sold and stock left per product; a failed read shows no figures (SPEC §8: lists fail empty). */
export const getProductSales = () =>
  adminList('/admin/shop/sales', (data) => {
    const parsed = productSalesResponseSchema.safeParse(data);
    return parsed.success ? parsed.data.products : null;
  });
// Under 'products' so a product's change refreshes its figures too.
export const productSalesQueryOptions = () => queryOptions({ queryKey: ['admin', 'products', 'sales'], queryFn: getProductSales });
export const useProductSales = () => useQuery(productSalesQueryOptions());
