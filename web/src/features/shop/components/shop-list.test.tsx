import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { render, screen, within } from '@/testing/render';
import { CART_STORAGE_KEY } from '../cart/cart-store';
import { itemsAnswer, mockShopApi, shownPrice } from '../testing/shop-fixtures';
import { ShopList } from './shop-list';

describe('ShopList', () => {
  beforeEach(() => localStorage.clear());

  it('shows the heading, the intro and the way to the cart in every state', async () => {
    mockShopApi({ items: 'pending' });
    render(<ShopList />);

    expect(screen.getByRole('heading', { level: 1, name: 'Merchandising' })).toBeInTheDocument();
    expect(await screen.findByText(/Schmiede des Festivals/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Warenkorb/ })).toHaveAttribute('href', '/shop/cart');
  });

  it('says the items are loading', async () => {
    mockShopApi({ items: 'pending' });
    render(<ShopList />);

    expect(await screen.findByRole('status')).toHaveTextContent('Waren werden geladen...');
  });

  it.each([
    ['a failed call', new ApiError(500, '500: Internal Server Error')],
    ['an answer without success', { data: { success: false, error: 'kaputt' } }],
  ])('reports %s', async (_, items) => {
    mockShopApi({ items });
    render(<ShopList />);

    expect(await screen.findByRole('alert')).toHaveTextContent('Fehler beim Laden der Waren.');
    expect(screen.queryByRole('list', { name: 'Waren' })).not.toBeInTheDocument();
  });

  it('says when there are no items yet', async () => {
    mockShopApi({ items: itemsAnswer([]) });
    render(<ShopList />);

    expect(await screen.findByText('Noch keine Waren verfügbar')).toBeInTheDocument();
    expect(
      screen.getByText('Die Schmiedemeister arbeiten noch an den neuen Kollektionen. Schaut bald wieder vorbei!'),
    ).toBeInTheDocument();
  });

  it.each(['false', 'fail'] as const)('shows the closed notice instead of items (setting: %s)', async (enabled) => {
    mockShopApi({ enabled });
    render(<ShopList />);

    expect(await screen.findByText('Der Shop ist derzeit geschlossen.')).toBeInTheDocument();
    expect(screen.queryByText('Haus-Shirt')).not.toBeInTheDocument();
  });

  it('shows a card per item with image, title, description, price and variants', async () => {
    mockShopApi();
    render(<ShopList />);

    const grid = await screen.findByRole('list', { name: 'Waren' });
    const cards = within(grid).getAllByRole('article');
    expect(cards).toHaveLength(3);

    const shirt = within(grid).getByRole('article', { name: 'Haus-Shirt' });
    expect(within(shirt).getByRole('link', { name: 'Haus-Shirt' })).toHaveAttribute('href', '/shop/item/1');
    const image = within(shirt).getByRole('img', { name: 'Haus-Shirt' });
    expect(image).toHaveAttribute('src', '/uploads/shirt.jpg');
    expect(image).toHaveAttribute('srcset', expect.stringContaining('/uploads/small_shirt.jpg 480w'));
    expect(image).toHaveAttribute('sizes');
    expect(within(shirt).getByText(shownPrice(2500))).toBeInTheDocument();
    expect(within(shirt).getByText('4 Varianten')).toBeInTheDocument();
    // The description is markdown, task list included.
    expect(await within(shirt).findByText('100 % Bio-Baumwolle')).toBeInTheDocument();
    // …read as a list of features, not as form controls.
    expect(within(shirt).queryAllByRole('checkbox')).toHaveLength(0);
    expect(within(shirt).getByText('100 % Bio-Baumwolle').closest('li')).toHaveTextContent('✓ 100 % Bio-Baumwolle');
    expect(within(shirt).queryByText('Ausverkauft')).not.toBeInTheDocument();

    const horn = within(grid).getByRole('article', { name: 'Trinkhorn' });
    expect(within(horn).getByRole('img', { name: 'Kein Bild: Trinkhorn' })).toHaveTextContent('No Image');
    expect(within(horn).getByText('2 Varianten')).toBeInTheDocument();

    const patches = within(grid).getByRole('article', { name: 'Aufnäher-Set' });
    expect(within(patches).getByText('Ausverkauft')).toBeInTheDocument();
    expect(within(patches).getByText('1 Variante')).toBeInTheDocument();
  });

  it('counts the items in the cart on the cart button', async () => {
    localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify([
        { id: 1, title: 'Haus-Shirt', price: 2500, variant: 'M', quantity: 2 },
        { id: 3, title: 'Trinkhorn', price: 1800, variant: '0,3 l', quantity: 1 },
      ]),
    );
    mockShopApi();
    render(<ShopList />);

    expect(screen.getByRole('link', { name: 'Warenkorb (3 Artikel)' })).toBeInTheDocument();
  });
});
