import { Badge, Button, Table, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatPrice } from '@/lib/format';
import { createProduct, deleteProduct, updateProduct, useProducts, useProductSales, type AdminProduct } from '../api/products';
import { readAdminUser } from '../lib/admin-session';
import { useToastMutation } from '../lib/use-toast-mutation';
import { AdminTable } from './admin-table';
import classes from './admin-table.module.css';
import { ConfirmModal } from './confirm-modal';
import { ProductFormModal } from './product-form-modal';
import { ProductSalesChart } from './product-sales-chart';
import { RowActions } from './row-actions';

type Dialog = { kind: 'none' } | { kind: 'form'; product: AdminProduct | null; key: number } | { kind: 'delete'; product: AdminProduct };

function ProductImage({ src, title }: { src: string | null; title: string }) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) return <div className={classes.noImage}>No Image</div>;
  return <img className={classes.thumb} src={src} alt={title} onError={() => setFailed(true)} />;
}

export function ProductsTab() {
  const queryClient = useQueryClient();
  const products = useProducts();
  const sales = useProductSales();
  const soldOf = (id: number) => sales.data?.find((entry) => entry.id === id)?.unitsSold;
  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });
  const close = () => setDialog({ kind: 'none' });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin', 'products'] });

  const create = useToastMutation({
    mutationFn: createProduct,
    success: 'Product created successfully',
    failure: 'Failed to create product',
    preferServerText: true,
    onSuccess: () => {
      close();
      void refresh();
    },
  });
  const update = useToastMutation({
    mutationFn: updateProduct,
    success: 'Product updated successfully',
    failure: 'Failed to update product',
    preferServerText: true,
    onSuccess: () => {
      close();
      void refresh();
    },
  });
  const remove = useToastMutation({
    mutationFn: deleteProduct,
    success: 'Product deleted successfully',
    failure: 'Failed to delete product',
    preferServerText: true,
    onSuccess: () => {
      void refresh();
    },
  });

  if (!readAdminUser()) return <Text>Please log in as admin</Text>;

  const list = products.data ?? [];

  return (
    <section aria-label="Products">
      <div className={classes.toolbar}>
        <Text fw={600} size="lg">
          Product Management
        </Text>
        <Button onClick={() => setDialog({ kind: 'form', product: null, key: Date.now() })}>Add Product</Button>
      </div>
      {sales.data && sales.data.length > 0 && <ProductSalesChart sales={sales.data} />}
      <AdminTable
        label="Products list"
        columns={['Image', 'Title', 'Price', 'Variants', 'Quantity', 'Sold', 'Status', 'Actions']}
        minWidth={820}
        verticalSpacing="xs"
        loading={products.isPending}
        loadingText="Loading products..."
        empty={list.length === 0}
        emptyText="No products found. Create your first product!"
      >
        {list.map((product) => (
          <Table.Tr key={product.id}>
            <Table.Td data-label="Image">
              <ProductImage src={product.image} title={product.title} />
            </Table.Td>
            <Table.Td data-label="Title" data-card="title">{product.title}</Table.Td>
            <Table.Td data-label="Price">{formatPrice(product.price)}</Table.Td>
            <Table.Td data-label="Variants">{product.variants.join(', ')}</Table.Td>
            <Table.Td data-label="Quantity">{product.availableQuantity}</Table.Td>
            <Table.Td data-label="Sold">{soldOf(product.id) ?? '–'}</Table.Td>
            <Table.Td data-label="Status">
              <Badge color={product.isActive ? 'green' : 'gray'}>{product.isActive ? 'Active' : 'Inactive'}</Badge>
            </Table.Td>
            <Table.Td data-label="Actions">
              <RowActions
                name={product.title}
                onEdit={() => setDialog({ kind: 'form', product, key: Date.now() })}
                onDelete={() => setDialog({ kind: 'delete', product })}
              />
            </Table.Td>
          </Table.Tr>
        ))}
      </AdminTable>

      {dialog.kind === 'form' && (
        <ProductFormModal
          key={dialog.key}
          opened
          product={dialog.product}
          pending={create.isPending || update.isPending}
          onClose={close}
          onSubmit={(form) => (dialog.product ? update.mutate({ id: dialog.product.id, form }) : create.mutate(form))}
        />
      )}
      <ConfirmModal
        opened={dialog.kind === 'delete'}
        title="Delete Product"
        message={dialog.kind === 'delete' ? `Are you sure you want to delete the product "${dialog.product.title}"?` : ''}
        onClose={close}
        onConfirm={() => dialog.kind === 'delete' && remove.mutate(dialog.product.id)}
      />
    </section>
  );
}
