import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { render, screen, waitFor, within } from '@/testing/render';
import { CART_STORAGE_KEY, type CartLine } from '../cart/cart-store';
import { horn, itemsAnswer, mockShopApi, shirt, shownPrice } from '../testing/shop-fixtures';
import { CartView } from './cart-view';

const shirtM: CartLine = { id: 1, title: 'Haus-Shirt', price: 2500, variant: 'M', quantity: 2 };
const hornLarge: CartLine = { id: 3, title: 'Trinkhorn', price: 1800, variant: '0,5 l', quantity: 1 };

const store = (lines: unknown) => localStorage.setItem(CART_STORAGE_KEY, typeof lines === 'string' ? lines : JSON.stringify(lines));
const storedCart = () => JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? 'null') as unknown;

describe('CartView', () => {
  beforeEach(() => localStorage.clear());

  it('shows the title and the way back in every state', async () => {
    mockShopApi();
    render(<CartView />);

    expect(screen.getByRole('heading', { level: 1, name: 'Warenkorb' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zurück zum Shop' })).toHaveAttribute('href', '/shop');
    expect(await screen.findByText('Euer Warenkorb ist leer')).toBeInTheDocument();
  });

  it('offers the shop when the cart is empty', async () => {
    mockShopApi();
    render(<CartView />);

    expect(await screen.findByRole('link', { name: 'Zum Shop' })).toHaveAttribute('href', '/shop');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('shows the closed notice instead of the cart, and keeps the cart', async () => {
    store([shirtM]);
    mockShopApi({ enabled: 'false' });
    render(<CartView />);

    expect(await screen.findByText('Der Shop ist derzeit geschlossen.')).toBeInTheDocument();
    expect(screen.queryByText('Haus-Shirt')).not.toBeInTheDocument();
    expect(storedCart()).toEqual([shirtM]);
  });

  it('shows each line with variant, unit price, quantity buttons, line total and remove', async () => {
    store([shirtM, hornLarge]);
    mockShopApi();
    render(<CartView />);

    const list = await screen.findByRole('list', { name: 'Artikel im Warenkorb' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first).getByText('Haus-Shirt')).toBeInTheDocument();
    expect(within(first).getByText('Variante: M')).toBeInTheDocument();
    expect(within(first).getByText(`Einzelpreis: ${shownPrice(2500)}`)).toBeInTheDocument();
    expect(within(first).getByText(shownPrice(5000))).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Anzahl von Haus-Shirt (M) verringern' })).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Anzahl von Haus-Shirt (M) erhöhen' })).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Haus-Shirt (M) entfernen' })).toBeInTheDocument();
    expect(within(second).getByText('Variante: 0,5 l')).toBeInTheDocument();

    const panel = screen.getByRole('form', { name: 'Bestellung abschließen' });
    expect(within(panel).getByText(shownPrice(6800))).toBeInTheDocument();
  });

  it('changes quantities, removes lines at zero and with the remove button, saving each change', async () => {
    store([shirtM, hornLarge]);
    mockShopApi();
    const { user } = render(<CartView />);

    await user.click(await screen.findByRole('button', { name: 'Anzahl von Haus-Shirt (M) erhöhen' }));
    expect(storedCart()).toEqual([{ ...shirtM, quantity: 3 }, hornLarge]);
    expect(screen.getByText(shownPrice(7500))).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Anzahl von Trinkhorn (0,5 l) verringern' }));
    expect(storedCart()).toEqual([{ ...shirtM, quantity: 3 }]);
    expect(screen.queryByText('Trinkhorn')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Haus-Shirt (M) entfernen' }));
    expect(storedCart()).toEqual([]);
    expect(screen.getByText('Euer Warenkorb ist leer')).toBeInTheDocument();
  });

  it('stops "+" at 10 units of a line and then says the caps', async () => {
    store([{ ...shirtM, quantity: 9 }, hornLarge]);
    mockShopApi();
    const { user } = render(<CartView />);

    const plus = await screen.findByRole('button', { name: 'Anzahl von Haus-Shirt (M) erhöhen' });
    expect(screen.queryByText(/Höchstens/)).not.toBeInTheDocument();
    await user.click(plus);
    expect(storedCart()).toEqual([{ ...shirtM, quantity: 10 }, hornLarge]);
    expect(plus).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Anzahl von Trinkhorn (0,5 l) erhöhen' })).toBeEnabled();
    expect(await screen.findByText('Höchstens 10 Stück je Artikel und 30 Stück je Bestellung.')).toBeInTheDocument();
    expect(screen.getByText('Höchstens 10 Stück je Artikel und 30 Stück je Bestellung.').closest('[role="status"]')).not.toBeNull();

    await user.click(screen.getByRole('button', { name: 'Anzahl von Haus-Shirt (M) verringern' }));
    expect(plus).toBeEnabled();
    expect(screen.queryByText(/Höchstens/)).not.toBeInTheDocument();
  });

  it('stops every "+" at 30 units in the cart', async () => {
    store([{ ...shirtM, quantity: 10 }, { ...shirtM, variant: 'L', quantity: 10 }, { ...hornLarge, quantity: 9 }]);
    mockShopApi();
    const { user } = render(<CartView />);

    const hornPlus = await screen.findByRole('button', { name: 'Anzahl von Trinkhorn (0,5 l) erhöhen' });
    await user.click(hornPlus);
    expect(hornPlus).toBeDisabled();
    for (const plus of screen.getAllByRole('button', { name: /erhöhen$/ })) expect(plus).toBeDisabled();
    expect(screen.getByText('Höchstens 10 Stück je Artikel und 30 Stück je Bestellung.')).toBeInTheDocument();
  });

  it('follows the caps the shop sends, and asks for less when the cart holds more', async () => {
    store([{ ...shirtM, quantity: 3 }, hornLarge]);
    mockShopApi({ unitLimits: { maxUnitsPerLine: 2, maxUnitsPerOrder: 4 } });
    const { user } = render(<CartView />);

    expect(
      await screen.findByText('Höchstens 2 Stück je Artikel und 4 Stück je Bestellung. Bitte verringere die Anzahl, sonst kann die Bestellung nicht angenommen werden.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Anzahl von Trinkhorn (0,5 l) erhöhen' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Anzahl von Haus-Shirt (M) verringern' }));
    expect(screen.getByText('Höchstens 2 Stück je Artikel und 4 Stück je Bestellung.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Anzahl von Trinkhorn (0,5 l) erhöhen' })).toBeEnabled();
  });

  it('never breaks on a corrupt stored cart', async () => {
    store('{"id": 1, kaputt');
    mockShopApi();
    render(<CartView />);

    expect(await screen.findByText('Euer Warenkorb ist leer')).toBeInTheDocument();
  });

  it('drops broken lines and keeps the good ones', async () => {
    store([shirtM, { id: 'x', title: 5 }, { ...hornLarge, quantity: -1 }]);
    mockShopApi();
    render(<CartView />);

    const list = await screen.findByRole('list', { name: 'Artikel im Warenkorb' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
  });

  it('removes lines of products the shop no longer has, with a notice', async () => {
    const gone: CartLine = { id: 99, title: 'Met-Becher', price: 1200, variant: 'Standard', quantity: 1 };
    store([gone, shirtM]);
    mockShopApi({ items: itemsAnswer([shirt, horn]) });
    render(<CartView />);

    const notice = await screen.findByText(/aus dem Warenkorb entfernt: Met-Becher \(Standard\)\./);
    expect(notice.closest('[role="status"]')).not.toBeNull();
    expect(screen.queryByText('Met-Becher')).not.toBeInTheDocument();
    expect(storedCart()).toEqual([shirtM]);
  });

  it('keeps the cart when the list of items cannot be read', async () => {
    store([shirtM]);
    mockShopApi({ items: { data: { success: false } } });
    render(<CartView />);

    expect(await screen.findByText('Variante: M')).toBeInTheDocument();
    await waitFor(() => expect(api.get).toHaveBeenCalledWith('/shop/items'));
    expect(storedCart()).toEqual([shirtM]);
  });

  it('shows the success view after the order and empties the cart and its storage', async () => {
    store([shirtM, hornLarge]);
    mockShopApi();
    vi.spyOn(api, 'post').mockResolvedValue({ status: 200, data: { success: true, orderNumber: 'GOS-2025-0007', total: 6800 } });
    const { user } = render(<CartView />);

    await user.type(await screen.findByRole('textbox', { name: 'Vorname *' }), 'Ada');
    await user.type(screen.getByRole('textbox', { name: 'Nachname *' }), 'Lovelace');
    await user.click(screen.getByRole('button', { name: 'Bestellung absenden' }));

    const heading = await screen.findByRole('heading', { level: 1, name: 'Bestellung erfolgreich!' });
    expect(heading).toHaveFocus();
    expect(
      screen.getByText('Eure Bestellung wurde erfolgreich aufgegeben. Die Kriegsherren werden sich um die schnelle Lieferung kümmern!'),
    ).toBeInTheDocument();
    expect(screen.getByText('GOS-2025-0007')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Weitereinkaufen' })).toHaveAttribute('href', '/shop');
    expect(screen.getByRole('link', { name: 'Zur Hauptseite' })).toHaveAttribute('href', '/');
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
  });

  it('shows the confirmation again after a reload, and forgets it once it is left', async () => {
    store([shirtM]);
    mockShopApi();
    vi.spyOn(api, 'post').mockResolvedValue({ status: 200, data: { success: true, orderNumber: 'GOS-2025-0008', total: 5000 } });
    const { user, unmount } = render(<CartView />);
    await user.type(await screen.findByRole('textbox', { name: 'Vorname *' }), 'Ada');
    await user.type(screen.getByRole('textbox', { name: 'Nachname *' }), 'Lovelace');
    await user.click(screen.getByRole('button', { name: 'Bestellung absenden' }));
    await screen.findByRole('heading', { level: 1, name: 'Bestellung erfolgreich!' });
    // A reload keeps the tab's session storage and runs no unmount: the page starts afresh.
    const kept = sessionStorage.getItem('game-of-slavs_last-order');
    unmount();
    sessionStorage.setItem('game-of-slavs_last-order', kept ?? '');

    const reloaded = render(<CartView />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Bestellung erfolgreich!' })).toBeInTheDocument();
    expect(screen.getByText('GOS-2025-0008')).toBeInTheDocument();

    reloaded.unmount();
    expect(sessionStorage.getItem('game-of-slavs_last-order')).toBeNull();
  });
});
