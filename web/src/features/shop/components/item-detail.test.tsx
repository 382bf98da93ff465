import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError } from '@/lib/api-client';
import { fireEvent, render, screen, within } from '@/testing/render';
import { CART_STORAGE_KEY } from '../cart/cart-store';
import { horn, mockShopApi, patches, shirt, shownPrice } from '../testing/shop-fixtures';
import { ItemDetail } from './item-detail';

const storedCart = () => JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? '[]') as unknown;
const optionLabels = (select: HTMLElement) => within(select).getAllByRole('option').map((option) => option.textContent);

describe('ItemDetail', () => {
  beforeEach(() => localStorage.clear());

  it('says the item is loading', async () => {
    mockShopApi({ item: () => 'pending' });
    render(<ItemDetail id={1} />);

    expect(await screen.findByRole('status')).toHaveTextContent('Artikel wird geladen...');
  });

  it('shows "Artikel nicht gefunden" for an address without an id, without asking the server', async () => {
    const get = mockShopApi();
    render(<ItemDetail id={null} />);

    expect(screen.getByRole('heading', { level: 1, name: 'Artikel nicht gefunden' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zurück zum Shop' })).toHaveAttribute('href', '/shop');
    expect(get).not.toHaveBeenCalledWith(expect.stringMatching(/^\/shop\/items\//));
  });

  it.each([
    ['a 404', new ApiError(404, '404: {"success":false,"error":"Artikel nicht gefunden"}')],
    ['a network failure', new ApiError(null, 'Keine Verbindung zum Server (Network Error)')],
    ['an answer without success', { data: { success: false } }],
    ['an answer without item', { data: { success: true, item: null } }],
  ])('shows "Artikel nicht gefunden" for %s', async (_, answer) => {
    mockShopApi({ item: () => answer });
    render(<ItemDetail id={7} />);

    expect(await screen.findByRole('heading', { level: 1, name: 'Artikel nicht gefunden' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zurück zum Shop' })).toHaveAttribute('href', '/shop');
  });

  it('shows the closed notice while the shop is closed', async () => {
    mockShopApi({ enabled: 'false' });
    render(<ItemDetail id={1} />);

    expect(await screen.findByText('Der Shop ist derzeit geschlossen.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'In den Warenkorb' })).not.toBeInTheDocument();
  });

  it('shows the item: back button, image, title, price, description and the cart link', async () => {
    mockShopApi();
    render(<ItemDetail id={1} />);

    expect(await screen.findByRole('heading', { level: 1, name: 'Haus-Shirt' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zurück zum Shop' })).toHaveAttribute('href', '/shop');
    expect(screen.getByRole('img', { name: 'Haus-Shirt' })).toHaveAttribute('srcset', expect.stringContaining('960w'));
    expect(screen.getByText(shownPrice(2500))).toBeInTheDocument();
    expect(await screen.findByText('100 % Bio-Baumwolle')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Warenkorb ansehen' })).toHaveAttribute('href', '/shop/cart');
  });

  it('shows the grey "No Image" box when the image fails to load', async () => {
    mockShopApi();
    render(<ItemDetail id={1} />);

    fireEvent.error(await screen.findByRole('img', { name: 'Haus-Shirt' }));
    expect(screen.getByRole('img', { name: 'Kein Bild: Haus-Shirt' })).toHaveTextContent('No Image');
  });

  it('needs a variant before adding to the cart', async () => {
    mockShopApi();
    const { user } = render(<ItemDetail id={1} />);

    const variant = await screen.findByRole('combobox', { name: 'Variante wählen:' });
    expect(variant).toHaveValue('');
    expect(optionLabels(variant)).toEqual(['Wähle eine Variante', 'S', 'M', 'L', 'XL']);
    const add = screen.getByRole('button', { name: 'In den Warenkorb' });
    expect(add).toBeDisabled();

    await user.selectOptions(variant, 'M');
    expect(add).toBeEnabled();
  });

  it.each([
    [shirt, ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']],
    [horn, ['1', '2', '3', '4']],
  ])('offers 1 to min(10, stock) for %s', async (item, choices) => {
    mockShopApi();
    render(<ItemDetail id={item.id} />);

    expect(optionLabels(await screen.findByRole('combobox', { name: 'Anzahl:' }))).toEqual(choices);
  });

  it('offers no more than the cap per line the shop sends', async () => {
    mockShopApi({ unitLimits: { maxUnitsPerLine: 4, maxUnitsPerOrder: 12 } });
    render(<ItemDetail id={shirt.id} />);

    expect(optionLabels(await screen.findByRole('combobox', { name: 'Anzahl:' }))).toEqual(['1', '2', '3', '4']);
  });

  it('offers only what the cap per line leaves beside the line in the cart', async () => {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([{ id: 1, title: 'Haus-Shirt', price: 2500, variant: 'M', quantity: 8 }]));
    mockShopApi();
    const { user } = render(<ItemDetail id={1} />);

    await user.selectOptions(await screen.findByRole('combobox', { name: 'Variante wählen:' }), 'M');
    const quantity = screen.getByRole('combobox', { name: 'Anzahl:' });
    expect([...(quantity as HTMLSelectElement).options].map((option) => option.value)).toEqual(['1', '2']);
    await user.selectOptions(quantity, '2');
    await user.click(screen.getByRole('button', { name: 'In den Warenkorb' }));

    expect(screen.getByRole('status')).toHaveTextContent('Haus-Shirt (M) wurde zum Warenkorb hinzugefügt! 2 Stück hinzugefügt, jetzt 10 im Warenkorb.');
    expect(storedCart()).toEqual([{ id: 1, title: 'Haus-Shirt', price: 2500, variant: 'M', quantity: 10 }]);
  });

  it('adds the chosen variant and quantity, merges a repeat, and says so in the page', async () => {
    mockShopApi();
    const windowAlert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const { user } = render(<ItemDetail id={1} />);

    await user.selectOptions(await screen.findByRole('combobox', { name: 'Variante wählen:' }), 'M');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Anzahl:' }), '3');
    await user.click(screen.getByRole('button', { name: 'In den Warenkorb' }));

    expect(screen.getByRole('status')).toHaveTextContent('Haus-Shirt (M) wurde zum Warenkorb hinzugefügt!');
    expect(storedCart()).toEqual([{ id: 1, title: 'Haus-Shirt', price: 2500, variant: 'M', quantity: 3 }]);

    await user.click(screen.getByRole('button', { name: 'In den Warenkorb' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Variante wählen:' }), 'L');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Anzahl:' }), '1');
    await user.click(screen.getByRole('button', { name: 'In den Warenkorb' }));

    expect(screen.getByRole('status')).toHaveTextContent('Haus-Shirt (L) wurde zum Warenkorb hinzugefügt!');
    expect(storedCart()).toEqual([
      { id: 1, title: 'Haus-Shirt', price: 2500, variant: 'M', quantity: 6 },
      { id: 1, title: 'Haus-Shirt', price: 2500, variant: 'L', quantity: 1 },
    ]);
    expect(windowAlert).not.toHaveBeenCalled();
  });

  it('cannot add a sold-out item', async () => {
    mockShopApi();
    render(<ItemDetail id={patches.id} />);

    // One "Ausverkauft" state: the badge, and nothing greyed to choose or press (issue 44).
    await screen.findByText('Ausverkauft');
    expect(screen.getAllByText('Ausverkauft')).toHaveLength(1);
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Ausverkauft|In den Warenkorb/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Warenkorb ansehen' })).toHaveAttribute('href', '/shop/cart');
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
  });

  it('asks the server only for the item of the address', async () => {
    const get = mockShopApi();
    render(<ItemDetail id={3} />);

    await screen.findByRole('heading', { level: 1, name: 'Trinkhorn' });
    expect(get).toHaveBeenCalledWith('/shop/items/3');
    expect(api.get).not.toHaveBeenCalledWith('/shop/items');
  });
});
