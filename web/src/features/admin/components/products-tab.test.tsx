import { notifications } from '@mantine/notifications';
import { fireEvent } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@/testing/render';
import { mockAdminApi, signInStored } from '../testing/admin-fixtures';
import { formatEuroInput, parseEuroInput, parseVariants } from './product-form-modal';
import { ProductsTab } from './products-tab';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn(), clean: vi.fn() } }));

const product = {
  id: 5,
  title: 'Trinkhorn',
  description: 'Ein Horn',
  price: 1999,
  image: '/uploads/broken.png',
  imageSizes: {},
  variants: ['S', 'M'],
  availableQuantity: 7,
  isActive: false,
};

describe('ProductsTab', () => {
  beforeEach(() => {
    localStorage.clear();
    signInStored();
    vi.mocked(notifications.show).mockClear();
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.restoreAllMocks());

  it('reads a price in German format (or pasted with a dot) as cents, and splits variants', () => {
    expect(parseEuroInput('12,50')).toBe(1250);
    expect(parseEuroInput('12,5')).toBe(1250);
    expect(parseEuroInput(' 12,50 € ')).toBe(1250);
    expect(parseEuroInput('12.5')).toBe(1250);
    expect(parseEuroInput('12.34')).toBe(1234);
    expect(parseEuroInput('12')).toBe(1200);
    expect(parseEuroInput('0,05')).toBe(5);
    expect(parseEuroInput('1.234,56')).toBe(123456);
    expect(parseEuroInput('1.234')).toBe(123400);
    for (const wrong of ['', 'abc', '-1', '12,345', '1,2,3', '12.', ',5', '1e3']) expect(parseEuroInput(wrong)).toBeNull();
    expect(formatEuroInput(1250)).toBe('12,50');
    expect(formatEuroInput(5)).toBe('0,05');
    expect(parseVariants(' S, ,M ,, L ')).toEqual(['S', 'M', 'L']);
  });

  it('shows the empty state', async () => {
    mockAdminApi({ 'GET /admin/shop/items': { success: true, items: [] } });
    render(<ProductsTab />);
    expect(await screen.findByText('No products found. Create your first product!')).toBeInTheDocument();
  });

  it('asks to log in without a stored admin', () => {
    localStorage.clear();
    mockAdminApi({});
    render(<ProductsTab />);
    expect(screen.getByText('Please log in as admin')).toBeInTheDocument();
  });

  it('lists a product with German price, status and a "No Image" placeholder for a broken image', async () => {
    mockAdminApi({ 'GET /admin/shop/items': { success: true, items: [product] } });
    render(<ProductsTab />);
    expect(await screen.findByText('Trinkhorn')).toBeInTheDocument();
    expect(screen.getByText(/19,99\s€/)).toBeInTheDocument();
    expect(screen.getByText('Inactive')).toBeInTheDocument();
    fireEvent.error(screen.getByRole('img', { name: 'Trinkhorn' }));
    expect(screen.getByText('No Image')).toBeInTheDocument();
  });

  it('requires an image on create and sends multipart data in cents', async () => {
    const request = mockAdminApi({ 'GET /admin/shop/items': { success: true, items: [] }, 'POST /admin/shop/items': { success: true } });
    const { user } = render(<ProductsTab />);
    await user.click(await screen.findByRole('button', { name: 'Add Product' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Product' });
    await user.click(within(dialog).getByRole('button', { name: 'Create Product' }));
    expect(within(dialog).getByText('Title is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Image is required')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Title'), 'Becher');
    await user.type(within(dialog).getByLabelText('Description'), 'Ton');
    await user.type(within(dialog).getByLabelText('Price (€)'), '12.34');
    await user.clear(within(dialog).getByLabelText('Variants (comma-separated)'));
    await user.type(within(dialog).getByLabelText('Variants (comma-separated)'), ' klein, ,groß ');
    const file = new File(['png'], 'becher.png', { type: 'image/png' });
    const fileInput = dialog.querySelector<HTMLInputElement>('input[type="file"]');
    if (!fileInput) throw new Error('no file input');
    await user.upload(fileInput, file);
    expect(within(dialog).getByRole('img', { name: 'Preview' })).toHaveAttribute('src', 'blob:preview');
    await user.click(within(dialog).getByRole('button', { name: 'Create Product' }));
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(expect.objectContaining({ message: 'Product created successfully' })),
    );
    const call = request.mock.calls.find(([config]) => config.method === 'POST');
    const form = call?.[0].data as FormData;
    expect(form.get('price')).toBe('1234');
    expect(form.get('variants')).toBe('["klein","groß"]');
    expect(form.get('availableQuantity')).toBe('10');
    expect(form.get('image')).toBeInstanceOf(File);
  }, 15_000);

  it('shows the server error text when an update fails', async () => {
    const { ApiError } = await import('@/lib/api-client');
    mockAdminApi({
      'GET /admin/shop/items': { success: true, items: [product] },
      'PUT /admin/shop/items/5': () => {
        throw new ApiError(400, '400: {"success":false,"error":"Title is required"}');
      },
    });
    const { user } = render(<ProductsTab />);
    await user.click(await screen.findByRole('button', { name: 'Edit Trinkhorn' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Product' });
    await user.click(within(dialog).getByRole('button', { name: 'Update Product' }));
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(expect.objectContaining({ title: 'Error', message: 'Title is required' })),
    );
  });

  it('shows and takes the price in German format, with a comma', async () => {
    const request = mockAdminApi({ 'GET /admin/shop/items': { success: true, items: [product] }, 'PUT /admin/shop/items/5': { success: true } });
    const { user } = render(<ProductsTab />);
    await user.click(await screen.findByRole('button', { name: 'Edit Trinkhorn' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Product' });
    const price = within(dialog).getByLabelText('Price (€)');
    expect(price).toHaveValue('19,99');
    await user.clear(price);
    await user.type(price, '12,5');
    await user.tab();
    expect(price).toHaveValue('12,50');
    await user.clear(price);
    await user.type(price, 'zwölf');
    await user.click(within(dialog).getByRole('button', { name: 'Update Product' }));
    expect(within(dialog).getByText('Please enter a price like 12,50')).toBeInTheDocument();
    await user.clear(price);
    await user.type(price, '12,5');
    await user.click(within(dialog).getByRole('button', { name: 'Update Product' }));
    await waitFor(() => expect(notifications.show).toHaveBeenCalledWith(expect.objectContaining({ message: 'Product updated successfully' })));
    const form = request.mock.calls.find(([config]) => config.method === 'PUT')?.[0].data as FormData;
    expect(form.get('price')).toBe('1250');
  }, 15_000);

  it('shows units sold per product beside the stock, and a chart of both', async () => {
    mockAdminApi({
      'GET /admin/shop/items': { success: true, items: [product] },
      'GET /admin/shop/sales': { success: true, products: [{ id: 5, title: 'Trinkhorn', unitsSold: 13, stockLeft: product.availableQuantity, isActive: true }] },
    });
    render(<ProductsTab />);
    const table = await screen.findByRole('region', { name: 'Products list' });
    expect(await within(table).findByText('13', { selector: 'td' })).toHaveAttribute('data-label', 'Sold');
    expect(screen.getByText('Units sold and stock left').closest('figure')).toBeInTheDocument();
  }, 15_000);
});
