import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockShopApi } from '@/features/shop/testing/shop-fixtures';
import { createQueryClient } from '@/lib/query-client';
import { render, screen, waitFor } from '@/testing/render';
import { shopRoutes } from './shop-routes';

const renderAt = (path: string) => {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(shopRoutes(queryClient), { initialEntries: [path] });
  return { router, ...render(<RouterProvider router={router} />, { route: false, queryClient }) };
};

describe('the shop routes', () => {
  beforeEach(() => localStorage.clear());

  it('load the list at /shop with its own title and description', async () => {
    mockShopApi();
    renderAt('/shop');

    expect(await screen.findByRole('heading', { level: 1, name: 'Merchandising' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Merchandising | Game Of Slavs'));
    expect(document.querySelector('meta[name="description"]')).toHaveAttribute('content', expect.stringContaining('Merchandising'));
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
  });

  it('read the item id as an integer: a non-numeric id is "Artikel nicht gefunden" without a call', async () => {
    const get = mockShopApi();
    renderAt('/shop/item/abc');

    expect(await screen.findByRole('heading', { level: 1, name: 'Artikel nicht gefunden' })).toBeInTheDocument();
    expect(get).not.toHaveBeenCalledWith(expect.stringMatching(/^\/shop\/items\//));
  });

  it('name the item in the page title', async () => {
    mockShopApi();
    renderAt('/shop/item/3');

    expect(await screen.findByRole('heading', { level: 1, name: 'Trinkhorn' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Trinkhorn – Merchandising | Game Of Slavs'));
  });

  it('take a shopper from the list to an item, into the cart, and back', async () => {
    mockShopApi();
    const { user, router } = renderAt('/shop');

    await user.click(await screen.findByRole('link', { name: 'Trinkhorn' }));
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Variante wählen:' }), '0,5 l');
    await user.click(screen.getByRole('button', { name: 'In den Warenkorb' }));
    await user.click(screen.getByRole('link', { name: 'Warenkorb ansehen' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Warenkorb' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/shop/cart');
    await waitFor(() => expect(document.title).toBe('Warenkorb | Game Of Slavs'));
    expect(await screen.findByText('Variante: 0,5 l')).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Zurück zum Shop' }));
    expect(await screen.findByRole('link', { name: 'Warenkorb (1 Artikel)' })).toBeInTheDocument();
  });
});
